package org.cachelinebench.coherence.scenario;

import java.lang.reflect.Field;
import java.util.function.Function;

import org.cachelinebench.benchmarks.ChunkEmptyPagesInterleaved;
import org.cachelinebench.benchmarks.ChunkFalseSharing;
import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectFalseSharing;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.benchmarks.ChunkSymmetric;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep;
import org.cachelinebench.benchmarks.IpiBenchmark;
import org.cachelinebench.benchmarks.IpiInterleaved;
import org.cachelinebench.benchmarks.IpiOffsetSweep;
import org.cachelinebench.benchmarks.LineFloor;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.coherence.kernel.ChunkTrace;
import org.cachelinebench.coherence.kernel.HandshakeTrace;
import org.cachelinebench.coherence.kernel.ObjectChunk;
import org.cachelinebench.coherence.kernel.TracedPcpuChunk;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.openjdk.jmh.annotations.Param;

/**
 * Which code each side of a suite comparison runs, as a {@link Scenario}: read from the claim's set and variant
 * (benchmark and {@code @Param}s, a missing one taking the benchmark's default), built with the suite's own side
 * factories ({@link CsdSides}, {@link SweepSides}) and models ({@link IpiMailbox}, {@link FlagPingPong}, the
 * {@code pcpu_chunk} layouts); the scaling profile's by {@link ScalingScenarios}. A benchmark this class does not
 * know is refused by name.
 */
public final class SuiteScenarios {
    private SuiteScenarios() {}

    static final String PER_CALL = "per call";
    static final String PER_READ = "per reader load";
    static final String PER_ALLOCATION = "per allocator step";
    static final String PER_ALLOC_FREE = "per alloc+free";

    /** Readers beside the allocator in ChunkFalseSharing's group. */
    static final int CHUNK_READERS = 1;
    /** Threads of ChunkSymmetric in the suite's runs on this project's 2-CPU machines. */
    static final int SYMMETRIC_CPUS = 2;

    /** The claim's subject side. */
    public static Scenario subject(Claim c) {
        return side(c, c.subject());
    }

    /** The claim's reference side. */
    public static Scenario reference(Claim c) {
        return side(c, c.reference());
    }

    /** The one-line floor, the unit of extra line transfers: one bare flag bounced, per round trip. */
    public static Scenario floor() {
        return new Scenario("floor", PER_CALL, null, m -> HandshakeTrace.trace(FlagPingPong::in, m));
    }

    private static Scenario side(Claim c, String name) {
        if (c.interleaved()) {
            Variant v = Suite.set(c.set()).variant(c.variant());
            return interleavedSide(v, name, c.role());
        }
        Variant v = Suite.set(c.set()).variant(name);
        if (ScalingScenarios.runs(v)) {
            return ScalingScenarios.side(v, c.metric());
        }
        return forkSide(v, c.metric());
    }

    private static Scenario interleavedSide(Variant v, String side, String role) {
        if (Params.runs(v, ChunkInterleaved.class)) {
            return offHeapChunkSide(new Params(v, ChunkInterleaved.class), ChunkInterleaved.SIDES, side, role);
        }
        if (Params.runs(v, ChunkEmptyPagesInterleaved.class)) {
            return offHeapChunkSide(new Params(v, ChunkEmptyPagesInterleaved.class), ChunkEmptyPagesInterleaved.SIDES,
                    side, role);
        }
        if (Params.runs(v, ChunkObjectInterleaved.class)) {
            // Each side is the fork-paired chunk-object variant of its class (padded-again: padded's).
            return chunkObject(ChunkObjectSides.VARIANTS.get(chunkObjectSide(side)), role(role),
                    live(new Params(v, ChunkObjectInterleaved.class)));
        }
        if (Params.runs(v, IpiInterleaved.class)) {
            Params p = new Params(v, IpiInterleaved.class);
            IpiProtocol protocol = p.protocol();
            return handshake(CsdSides.of(protocol, p.layout(), p.mode(), p.work()), side, key("csd", protocol,
                    protocol.usesModeAndLayout() ? p.layout().value() + " " + p.mode().value() : "", side));
        }
        if (Params.runs(v, InterleavedOffsetSweep.class)) {
            Params p = new Params(v, InterleavedOffsetSweep.class);
            IpiProtocol protocol = p.protocol();
            return handshake(SweepSides.of(protocol, p.mode(), p.work()), side,
                    key("sweep", protocol, protocol.usesModeAndLayout() ? "v4.13 " + p.mode().value() : "", side));
        }
        if (Params.runs(v, ObjectMailboxInterleaved.class)) {
            long work = new Params(v, ObjectMailboxInterleaved.class).work();
            String key = side.equals(ObjectMailboxSides.FLOOR) ? "floor" : "object " + side;
            return new Scenario(key, PER_CALL, null, m -> HandshakeTrace.trace(ObjectMailboxScenarios.side(side, work), m));
        }
        throw new IllegalArgumentException("no coherence scenario for the interleaved benchmark " + v.benchmark());
    }

    /**
     * The handshake of an interleaved claim's side, as its benchmark builds it in a block (for
     * {@link org.cachelinebench.coherence.unit.CriticalPath});
     * null for a claim whose sides are no handshakes (the pcpu_chunk workloads, forks, scaling points).
     */
    public static Function<CsdBlock, Handshake> handshakeOf(Claim c, String side) {
        if (!c.interleaved()) {
            return null;
        }
        Variant v = Suite.set(c.set()).variant(c.variant());
        java.util.List<Side> sides;
        if (Params.runs(v, IpiInterleaved.class)) {
            Params p = new Params(v, IpiInterleaved.class);
            sides = CsdSides.of(p.protocol(), p.layout(), p.mode(), p.work());
        } else if (Params.runs(v, InterleavedOffsetSweep.class)) {
            Params p = new Params(v, InterleavedOffsetSweep.class);
            sides = SweepSides.of(p.protocol(), p.mode(), p.work());
        } else if (Params.runs(v, ObjectMailboxInterleaved.class)) {
            return ObjectMailboxScenarios.side(side, new Params(v, ObjectMailboxInterleaved.class).work());
        } else {
            return null;
        }
        for (Side s : sides) {
            if (s.name().equals(side)) {
                return s::in;
            }
        }
        throw new IllegalArgumentException("no side " + side);
    }

    /**
     * The chunk of side {@code side} of an interleaved pcpu_chunk claim, as its benchmark lays it out; null for a
     * claim whose benchmark runs no chunk.
     */
    public static ChunkTrace.ChunkFactory chunkOf(Claim c, String side) {
        return c.interleaved() ? chunkOf(Suite.set(c.set()).variant(c.variant()), side) : null;
    }

    /** The side of an interleaved pcpu_chunk claim's benchmark its ratios are against; null as {@link #chunkOf}. */
    public static String chunkReference(Claim c) {
        if (!c.interleaved()) {
            return null;
        }
        Variant v = Suite.set(c.set()).variant(c.variant());
        return Params.runs(v, ChunkInterleaved.class) ? ChunkInterleaved.SIDES.referenceName()
                : Params.runs(v, ChunkEmptyPagesInterleaved.class) ? ChunkEmptyPagesInterleaved.SIDES.referenceName()
                : Params.runs(v, ChunkObjectInterleaved.class) ? ChunkObjectSides.REFERENCE : null;
    }

    /**
     * The allocator's occupancy {@code -p live} in an interleaved pcpu_chunk claim's variant, as its sides' traces
     * run it; 0 as {@link #chunkOf}'s null.
     */
    public static int chunkLive(Claim c) {
        if (!c.interleaved()) {
            return 0;
        }
        Variant v = Suite.set(c.set()).variant(c.variant());
        return Params.runs(v, ChunkInterleaved.class) ? live(new Params(v, ChunkInterleaved.class))
                : Params.runs(v, ChunkEmptyPagesInterleaved.class)
                        ? live(new Params(v, ChunkEmptyPagesInterleaved.class))
                : Params.runs(v, ChunkObjectInterleaved.class) ? live(new Params(v, ChunkObjectInterleaved.class)) : 0;
    }

    private static ChunkTrace.ChunkFactory chunkOf(Variant v, String side) {
        if (Params.runs(v, ChunkInterleaved.class)) {
            return offHeapChunk(new Params(v, ChunkInterleaved.class), ChunkInterleaved.SIDES, side);
        }
        if (Params.runs(v, ChunkEmptyPagesInterleaved.class)) {
            return offHeapChunk(new Params(v, ChunkEmptyPagesInterleaved.class), ChunkEmptyPagesInterleaved.SIDES,
                    side);
        }
        if (Params.runs(v, ChunkObjectInterleaved.class)) {
            ChunkObjects.Variant variant = ChunkObjectSides.VARIANTS.get(chunkObjectSide(side));
            return ObjectChunk.factory(variant);
        }
        return null;
    }

    private static int chunkObjectSide(String side) {
        int s = ChunkObjectSides.NAMES.indexOf(side);
        if (s < 0) {
            throw new IllegalArgumentException("no side " + side + " in ChunkObjectInterleaved");
        }
        return s;
    }

    /** What a handshake side runs: its benchmark's family, protocol, layout and mode, and the side (work and pinning change no access). */
    private static String key(String family, IpiProtocol protocol, String layoutMode, String side) {
        return side.equals(CsdSides.FLOOR) ? "floor" : family + " " + protocol.value() + " " + layoutMode + " " + side;
    }

    private static Scenario handshake(java.util.List<Side> sides, String name, String key) {
        for (Side s : sides) {
            if (s.name().equals(name)) {
                return new Scenario(key, PER_CALL, null, m -> HandshakeTrace.trace(s::in, m));
            }
        }
        throw new IllegalArgumentException("no side " + name);
    }

    private static Scenario forkSide(Variant v, String metric) {
        if (Params.runs(v, IpiBenchmark.class)) {
            Params p = new Params(v, IpiBenchmark.class);
            CsdLayout layout = p.layout();
            IpiMode mode = p.mode();
            CsdPlacement placement = CsdPlacement.parse(p.get(CsdPlacement.PARAM));
            return new Scenario(key("fork", IpiProtocol.KERNEL, layout.value() + " " + mode.value(), placement.value()),
                    PER_CALL, null, m -> HandshakeTrace.trace(b -> IpiMailbox.in(b, layout, mode, placement), m));
        }
        if (Params.runs(v, IpiOffsetSweep.class)) {
            Params p = new Params(v, IpiOffsetSweep.class);
            IpiMode mode = p.mode();
            int offset = Integer.parseInt(p.get(Suite.SWEEP_PARAM));
            return new Scenario(key("fork", IpiProtocol.KERNEL, "v4.13 " + mode.value(), "offset-" + offset), PER_CALL, null,
                    m -> HandshakeTrace.trace(b -> IpiMailbox.in(b, CsdLayout.V4_13, mode, offset, false, 0), m));
        }
        if (Params.runs(v, LineFloor.class)) {
            return floor();
        }
        String layout = v.params().get("layout");
        if (Params.runs(v, ChunkFalseSharing.class)) {
            var struct = PcpuChunkLayouts.pcpuChunk(PercpuParams.layout(layout),
                    PercpuParams.config(new Params(v, ChunkFalseSharing.class).get("config")));
            String role = role(metric);
            return new Scenario("chunk " + layout + " " + role, role.equals(ChunkTrace.READER) ? PER_READ : PER_ALLOCATION,
                    role, m -> ChunkTrace.readersAndAllocator(TracedPcpuChunk.factory(struct), CHUNK_READERS, m));
        }
        if (Params.runs(v, ChunkObjectFalseSharing.class)) {
            return chunkObject(ChunkObjects.Variant.parse(layout), role(metric),
                    live(new Params(v, ChunkObjectFalseSharing.class)));
        }
        if (Params.runs(v, ChunkSymmetric.class)) {
            var struct = PcpuChunkLayouts.pcpuChunk(PercpuParams.layout(layout),
                    PercpuParams.config(new Params(v, ChunkSymmetric.class).get("config")));
            return new Scenario("chunk-symmetric " + layout, PER_ALLOC_FREE, ChunkTrace.CPU,
                    m -> ChunkTrace.symmetric(TracedPcpuChunk.factory(struct), SYMMETRIC_CPUS, m));
        }
        throw new IllegalArgumentException("no coherence scenario for the benchmark " + v.benchmark());
    }

    /**
     * A chunk-object variant's trace: {@code role} beside the other role on the class's layout, as JOL has it, the
     * allocator at occupancy {@code live} (the key names it past live=1), as the off-heap sides'.
     */
    private static Scenario chunkObject(ChunkObjects.Variant variant, String role, int live) {
        return new Scenario("chunk-object " + variant.label() + " " + role + (live == 1 ? "" : " live=" + live),
                role.equals(ChunkTrace.READER) ? PER_READ : PER_ALLOCATION, role,
                m -> ChunkTrace.readersAndAllocator(ObjectChunk.factory(variant), CHUNK_READERS, live, m));
    }

    /** The occupancy {@code -p live} of a variant of a benchmark that has one. */
    private static int live(Params p) {
        return PercpuParams.live(p.get(PercpuParams.LIVE));
    }

    /** The off-heap chunk of one side of an interleaved pcpu_chunk benchmark, in its config. */
    private static ChunkTrace.ChunkFactory offHeapChunk(Params p, ChunkSides sides, String side) {
        var struct = PcpuChunkLayouts.pcpuChunk(sides.layoutOf(side), PercpuParams.config(p.get("config")));
        return TracedPcpuChunk.factory(struct);
    }

    /**
     * A side of an off-heap interleaved chunk benchmark: the fork-paired chunk variant of its layout, in the same
     * reader-and-allocator trace, its allocator at the variant's occupancy (the key names it past live=1).
     */
    private static Scenario offHeapChunkSide(Params p, ChunkSides sides, String side, String role) {
        ChunkVersion layout = sides.layoutOf(side);
        var struct = PcpuChunkLayouts.pcpuChunk(layout, PercpuParams.config(p.get("config")));
        int live = live(p);
        String r = role(role);
        return new Scenario("chunk " + layout.label() + " " + r + (live == 1 ? "" : " live=" + live),
                r.equals(ChunkTrace.READER) ? PER_READ : PER_ALLOCATION, r,
                m -> ChunkTrace.readersAndAllocator(TracedPcpuChunk.factory(struct), CHUNK_READERS, live, m));
    }

    /** A variant's {@code @Param}s as its benchmark class reads them, a missing one at the class's default. */
    private record Params(Variant v, Class<?> benchmark) {
        /** True when the variant runs a method of {@code benchmark}. */
        static boolean runs(Variant v, Class<?> benchmark) {
            return v.benchmark().startsWith(benchmark.getName() + ".");
        }

        String get(String name) {
            return param(v, benchmark, name);
        }

        IpiProtocol protocol() { return IpiProtocol.parse(get(IpiProtocol.PARAM)); }
        CsdLayout layout() { return CsdLayout.parse(get(CsdLayout.PARAM)); }
        IpiMode mode() { return IpiMode.parse(get(IpiMode.PARAM)); }
        long work() { return FuncWork.parse(get(FuncWork.PARAM)); }
    }

    private static String role(String metric) {
        return switch (metric) {
            case "reader" -> ChunkTrace.READER;
            case "allocator" -> ChunkTrace.ALLOCATOR;
            default -> throw new IllegalArgumentException("no role for the pcpu metric " + metric);
        };
    }

    /** The variant's value of {@code name}, else the first value of the benchmark's {@code @Param} of that name. */
    static String param(Variant v, Class<?> benchmark, String name) {
        String given = v.params().get(name);
        if (given != null) {
            return given;
        }
        for (Class<?> k : benchmark.getDeclaredClasses()) {
            for (Class<?> c = k; c != null && c != Object.class; c = c.getSuperclass()) {
                String d = declaredDefault(c, name);
                if (d != null) {
                    return d;
                }
            }
        }
        String d = declaredDefault(benchmark, name);
        if (d == null) {
            throw new IllegalArgumentException(benchmark.getSimpleName() + " has no @Param " + name);
        }
        return d;
    }

    private static String declaredDefault(Class<?> c, String name) {
        for (Field f : c.getDeclaredFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p != null && f.getName().equals(name) && p.value().length > 0) {
                return p.value()[0];
            }
        }
        return null;
    }
}
