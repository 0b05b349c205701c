package org.cachelinebench.coherence.scenario;

import org.cachelinebench.benchmarks.scaling.ChunkExecl;
import org.cachelinebench.benchmarks.scaling.IpiMany;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.kernel.ChunkTrace;
import org.cachelinebench.coherence.kernel.TracedPcpuChunk;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.ipi.CallMany;
import org.cachelinebench.model.ipi.FlagFanout;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;

/**
 * The sides of the scaling profile's comparisons as {@link Scenario}s: the point of the shape that runs the
 * variant's benchmark, at its own CPU count ({@code -t}) and roles as its {@code @Param}s give them, traced from the
 * code the benchmark runs. IpiMany: {@link CsdManyShape}'s trace of {@link CallMany} (or of {@link FlagFanout}
 * for its floor) with the variant's senders, targets, alignment, mode and protocol. ChunkExecl: every CPU an
 * allocator is {@link Shapes#PCPU_SYMMETRIC}'s point, one allocator beside readers
 * {@link Shapes#PCPU_EXECL_READERS}'s, any other split the same trace ({@link ChunkTrace#execl}). Placement
 * chooses the CPUs, not the accesses: the model has no topology, so every placement of a point shares its trace.
 */
final class ScalingScenarios {
    private ScalingScenarios() {}

    /** True when the variant runs a scaling benchmark. */
    static boolean runs(Variant v) {
        return runs(v, IpiMany.class) || runs(v, ChunkExecl.class);
    }

    /** The side {@code v} as the claim's {@code metric} counts it. */
    static Scenario side(Variant v, String metric) {
        if (runs(v, IpiMany.class)) {
            return csdMany(v);
        }
        return execl(v, metric);
    }

    private static Scenario csdMany(Variant v) {
        int senders = number(v, IpiMany.class, IpiMany.SENDERS);
        int targets = number(v, IpiMany.class, IpiMany.TARGETS);
        cpus(v, senders + targets);
        String protocol = param(v, IpiMany.class, IpiMany.PROTOCOL);
        IpiMode mode = IpiMode.parse(param(v, IpiMany.class, IpiMode.PARAM));
        long work = FuncWork.parse(param(v, IpiMany.class, FuncWork.PARAM));
        boolean floor = protocol.equals(IpiMany.FLOOR);
        int align = floor ? 64 : number(v, IpiMany.class, IpiMany.ALIGN);   // the floor's flags: IpiMany's units
        int start = floor ? 0 : number(v, IpiMany.class, IpiMany.START);
        CsdManyShape.Handshake calls = floor ? FlagFanout::on
                : units -> CallMany.on(units, mode, protocol.equals(IpiMany.DOORBELL), work);
        String key = "csd-many " + protocol + " " + mode.value() + " work " + work + " align " + align + " at " + start
                + " " + senders + " to " + targets;
        return new Scenario(key, Shapes.CSD_MANY.unit(), null, m -> CsdManyShape.trace(senders, targets, align, start,
                calls, m.with(Schedule.ROUND_ROBIN)));
    }

    private static Scenario execl(Variant v, String metric) {
        int cpus = v.threads();
        String layout = param(v, ChunkExecl.class, "layout");
        var config = PercpuParams.config(param(v, ChunkExecl.class, "config"));
        String given = param(v, ChunkExecl.class, ChunkExecl.ALLOCATORS);
        int allocators = given.equals(ChunkExecl.ALL) ? cpus : number(v, ChunkExecl.class, ChunkExecl.ALLOCATORS);
        cpus(v, Math.max(cpus, allocators));
        String role = switch (metric) {
            case "allocator" -> ChunkTrace.ALLOCATOR;
            case "reader" -> ChunkTrace.READER;
            default -> throw new IllegalArgumentException("no role for the ChunkExecl metric " + metric);
        };
        if (role.equals(ChunkTrace.READER) && allocators == cpus) {
            throw new IllegalArgumentException(v.id() + " has no readers: every one of its " + cpus
                    + " CPUs allocates");
        }
        if (allocators == cpus) {
            return Shapes.pcpuPoint(Shapes.PCPU_SYMMETRIC, layout, config, cpus);
        }
        if (allocators == 1 && role.equals(ChunkTrace.READER)) {
            return Shapes.pcpuPoint(Shapes.PCPU_EXECL_READERS, layout, config, cpus);
        }
        var struct = PcpuChunkLayouts.pcpuChunk(PercpuParams.layout(layout), config);
        return new Scenario("execl " + layout + " " + config + " " + allocators + " of " + cpus + " " + role,
                role.equals(ChunkTrace.READER) ? SuiteScenarios.PER_READ : SuiteScenarios.PER_ALLOC_FREE, role,
                m -> ChunkTrace.execl(TracedPcpuChunk.factory(struct), cpus, allocators,
                        m.with(Schedule.ROUND_ROBIN)));
    }

    /** The variant's threads must be the CPUs its parameters give roles to. */
    private static void cpus(Variant v, int cpus) {
        if (v.threads() != cpus) {
            throw new IllegalArgumentException(v.id() + " runs " + v.threads() + " threads for " + cpus
                    + " CPUs with roles");
        }
    }

    private static boolean runs(Variant v, Class<?> benchmark) {
        return v.benchmark().startsWith(benchmark.getName() + ".");
    }

    private static String param(Variant v, Class<?> benchmark, String name) {
        return SuiteScenarios.param(v, benchmark, name);
    }

    private static int number(Variant v, Class<?> benchmark, String name) {
        String value = param(v, benchmark, name);
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(v.id() + ": " + name + " takes a number, not '" + value + "'");
        }
    }
}
