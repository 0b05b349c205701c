package org.cachelinebench.benchmarks;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.chunk.ChunkInterleaving;
import org.cachelinebench.harness.chunk.ChunkObjectChoice;
import org.cachelinebench.harness.chunk.ChunkObjectHandle;
import org.cachelinebench.harness.chunk.ChunkPlaces;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.EmptyPagesRate;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.GroupPools;
import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.ChunkObjects.Variant;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/*
 * ChunkObjectFalseSharing's comparison with every Java class inside one measurement, in ChunkInterleaved's schedule.
 *
 * Lesson: one reader and one allocator alternate between unpadded, padded (the reference), contended and
 * padded-again (the A/A control) slice by slice, so a neighbour between forks moves no side alone; each instance is
 * chosen and re-checked at its live address as in ChunkObjectFalseSharing (a fixed one that shares: LayoutCheck).
 * JIT: every side runs through the same call sites (the cursors), which see one final type, ChunkObjectHandle, so
 * none is bi- or megamorphic for any side; the handle picks the class once per reader batch and allocator step and
 * runs a method compiled for that class alone, whose accessors the fork inlines by CompileCommand: each side gets the
 * same code on its own type (a switch per access inside the loops made the sides' costs differ fork by fork).
 * Rule: read each role's ratios as medians over cycles, next to the A/A control.
 * The allocator runs the kernel's whole path on every side (PcpuAllocator, as ChunkInterleaved's) at the occupancy
 * -p live=N: nr_empty_pop_pages and list are written on 2 of 2N steps.
 *
 *   java -jar target/benchmarks.jar ChunkObjectInterleaved -tg 1,1
 *   java -jar target/benchmarks.jar ChunkObjectInterleaved -tg 1,1 -p live=8
 *
 * The fork prints each side's instance and what baseAddr's line holds, and per role one "#" line per side after
 * each iteration, and at the end each side's measured nr_empty_pop_pages rate. The instances: docs/pcpu-chunk.md; the hand-over: docs/interleaved-design.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {
        "-XX:-RestrictContended",
        "--add-exports=java.base/jdk.internal.vm.annotation=ALL-UNNAMED",
        "-Djol.skipHotspotSAAttach=true",
        "-Djol.skipDynamicAttach=true",
        // Every side's accessors inlined whatever the profile counted for its arm when C2 compiled (docs/pcpu-chunk.md).
        "-XX:CompileCommand=quiet",
        "-XX:CompileCommand=inline,org.cachelinebench.model.percpu.PcpuAllocator::*",
        "-XX:CompileCommand=inline,org.cachelinebench.model.percpu.UnpaddedPcpuChunk::*",
        "-XX:CompileCommand=inline,org.cachelinebench.model.percpu.PaddedPcpuChunk::*",
        "-XX:CompileCommand=inline,org.cachelinebench.model.percpu.ContendedPcpuChunk::*",
        "-XX:CompileCommand=inline,org.cachelinebench.model.percpu.MetadataPointers::*",
        "-XX:CompileCommand=inline,org.cachelinebench.model.percpu.MetadataPointer::*"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ChunkObjectInterleaved {
    /** Every group's pools, allocated before one full GC. */
    private static final GroupPools<ChunkObjectSides> POOLS = new GroupPools<>();

    /** Rejects a bad {@code -p} value before any fork starts (called by the suite's Main and by setUp). */
    public static void checkParam(String name, String value) {
        PercpuParams.check(name, value);
    }

    /** The four sides' instances, shared by one reader and one allocator; -p live. */
    @State(Scope.Group)
    public static class Sides {
        /** The allocator's occupancy on every side (PendingArea): nr_empty_pop_pages on 2 of 2N steps at live=N. */
        @Param({"1"})
        public String live;

        ChunkObjectSides objects;
        Places places;
        ChunkInterleaving run;
        /** What the i-th pcpu_chunk_addr() of a reader batch adds to base_addr, as in ChunkObjectFalseSharing. */
        long[] unitPageOffsets;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            int occupancy = PercpuParams.live(live);
            objects = POOLS.take(params, () -> new ChunkObjectSides(CacheLine.SIZE));
            objects.choose();
            places = new Places(objects, occupancy);
            run = new ChunkInterleaving(ChunkObjectSides.NAMES, places);
            unitPageOffsets = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), PcpuChunkWorkload.OPS);
            printSides();
        }

        /** Each side's measured rate of the allocator's nr_empty_pop_pages writes; a trial in the same JVM (-f 0) allocates its own pools again. */
        @TearDown(Level.Trial)
        public void release() {
            System.out.print(EmptyPagesRate.perSide("ChunkObjectInterleaved live=" + live, run, PercpuParams.live(live)));
            POOLS.release();
        }

        private void printSides() {
            System.out.print(InterleavedReport.sides("ChunkObjectInterleaved, " + CacheLine.SIZE + "-byte lines; "
                    + "UnpaddedPcpuChunk fields on this JVM: "
                    + ChunkObjects.describeOffsets(ChunkObjects.Variant.UNPADDED.type()), run));
        }

        /** Before every iteration: when a GC moved an instance, all are chosen again and set up fresh. */
        @Setup(Level.Iteration)
        public void recheck() {
            StringBuilder notes = new StringBuilder();
            if (objects.recheck(notes)) {
                places.refresh();
                System.out.print(notes);
                printSides();
            }
        }

        /** After JMH's all-thread barrier: checks every chunk, then that no instance moved off its relation. */
        @TearDown(Level.Iteration)
        public void checkAndReset() {
            run.checkAndReset();
            StringBuilder notes = new StringBuilder();
            objects.verifyUnmoved(notes);
            System.out.print(notes);
        }
    }

    /** The reader's schedule and clock; its counters, per role and side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
        private static final String R = ChunkSides.READER;
        private static final String A = ChunkSides.ALLOCATOR;

        public SideCounters() {
            super(ChunkObjectSides.NAMES, ChunkObjectSides.REFERENCE_SIDE, ChunkSides.READER, ChunkSides.ALLOCATOR);
        }

        public long unpaddedReaderNanos() { return nanos(R, ChunkObjectSides.UNPADDED); }
        public long unpaddedReaderCalls() { return calls(R, ChunkObjectSides.UNPADDED); }
        public long paddedReaderNanos() { return nanos(R, ChunkObjectSides.PADDED); }
        public long paddedReaderCalls() { return calls(R, ChunkObjectSides.PADDED); }
        public long contendedReaderNanos() { return nanos(R, ChunkObjectSides.CONTENDED); }
        public long contendedReaderCalls() { return calls(R, ChunkObjectSides.CONTENDED); }
        public long paddedAgainReaderNanos() { return nanos(R, ChunkObjectSides.PADDED_AGAIN); }
        public long paddedAgainReaderCalls() { return calls(R, ChunkObjectSides.PADDED_AGAIN); }
        public long unpaddedAllocatorNanos() { return nanos(A, ChunkObjectSides.UNPADDED); }
        public long unpaddedAllocatorCalls() { return calls(A, ChunkObjectSides.UNPADDED); }
        public long paddedAllocatorNanos() { return nanos(A, ChunkObjectSides.PADDED); }
        public long paddedAllocatorCalls() { return calls(A, ChunkObjectSides.PADDED); }
        public long contendedAllocatorNanos() { return nanos(A, ChunkObjectSides.CONTENDED); }
        public long contendedAllocatorCalls() { return calls(A, ChunkObjectSides.CONTENDED); }
        public long paddedAgainAllocatorNanos() { return nanos(A, ChunkObjectSides.PADDED_AGAIN); }
        public long paddedAgainAllocatorCalls() { return calls(A, ChunkObjectSides.PADDED_AGAIN); }
        // Medians over the iteration's cycles against padded, and unpadded against contended.
        public double unpaddedReaderRatioMedian() { return ratio(R, ChunkObjectSides.UNPADDED); }
        public double contendedReaderRatioMedian() { return ratio(R, ChunkObjectSides.CONTENDED); }
        public double paddedAgainReaderRatioMedian() { return ratio(R, ChunkObjectSides.PADDED_AGAIN); }
        public double unpaddedReaderVsContendedReaderRatioMedian() {
            return ratio(R, ChunkObjectSides.UNPADDED, ChunkObjectSides.CONTENDED);
        }
        public double unpaddedAllocatorRatioMedian() { return ratio(A, ChunkObjectSides.UNPADDED); }
        public double contendedAllocatorRatioMedian() { return ratio(A, ChunkObjectSides.CONTENDED); }
        public double paddedAgainAllocatorRatioMedian() { return ratio(A, ChunkObjectSides.PADDED_AGAIN); }
        public double unpaddedAllocatorVsContendedAllocatorRatioMedian() {
            return ratio(A, ChunkObjectSides.UNPADDED, ChunkObjectSides.CONTENDED);
        }
        public long scheduleCycles() { return cycles(); }
        public long cyclesNotLogged() { return notLogged(); }
    }

    /** One batch of pcpu_chunk_addr() loads on the slice's instance; the reader leads the schedule. */
    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    public long reader(Sides sides, SideCounters reader, SenderSpin spin, Control control) {
        Leader clock = reader.clock;
        if (!clock.begin(sides.run, control, spin.spin())) {
            return 0;
        }
        ChunkObjectHandle chunk = sides.places.chunk(clock.side(), clock.block());
        long sum = chunk.sumChunkAddrs(sides.unitPageOffsets);                          // the measured loads
        clock.end(sides.run, control, spin.spin());
        return sum;
    }

    /** Alloc-or-free steps on the instance of the slice the reader has open, following it (a lookup per slice). */
    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    public int allocator(Sides sides, FollowerState allocator, ReceiverSpin spin, Control control) {
        Follower clock = allocator.clock;
        Control stop = clock.stop(sides.run, control);
        try {
            follow:
            while (clock.next(sides.run, stop, spin.spin())) {
                int side = clock.side();
                int block = clock.block();
                ChunkObjectHandle chunk = sides.places.chunk(side, block);
                PcpuLock lock = sides.places.lock(block);
                PendingArea area = sides.places.area(side, block);
                do {                                        // the slice's steps, each on the chunk's own class
                    if (!chunk.allocateOrFreeOnce(lock, area, stop)) {
                        break follow;                       // stopped while waiting for the lock
                    }
                } while (clock.steppedInSlice(sides.run, stop, spin.spin()));   // the same slice and round
            }
        } catch (RuntimeException | Error e) {
            throw clock.failed(sides.run, e);           // a single-shot iteration ends for the reader too
        }
        return clock.endRound();
    }

    /**
     * The four sides ChunkObjectInterleaved measures in one schedule, in schedule order, and the
     * instances they run on:
     * <ol start="0">
     *   <li>{@code unpadded}: an {@code UnpaddedPcpuChunk} whose baseAddr shares a line with a field written under the
     *       lock;</li>
     *   <li>{@code padded}: a class-hierarchy-padded {@code PaddedPcpuChunk}, the reference;</li>
     *   <li>{@code contended}: a {@code ContendedPcpuChunk}, baseAddr {@code @Contended};</li>
     *   <li>{@code padded-again}: another {@code PaddedPcpuChunk} at the reference's place in its line (when the pool
     *       has one there), the A/A control.</li>
     * </ol>
     * Counter sides are sides and roles, as ChunkInterleaved's ({@link ChunkSides}); ratios are against the reference,
     * and unpadded also against contended ({@link #PAIRS}). The instances come from one pool of {@link #POOL} per class,
     * chosen by {@link ChunkObjectChoice}'s rule from their live addresses and re-checked before and after every
     * iteration, as ChunkObjectFalseSharing's.
     */
    public static final class ChunkObjectSides {
        public static final String UNPADDED = Variant.UNPADDED.label();
        public static final String PADDED = Variant.PADDED.label();
        public static final String CONTENDED = Variant.CONTENDED.label();
        public static final String PADDED_AGAIN = PADDED + "-again";

        /** The sides' names in schedule order; a side's number is its index here. */
        public static final List<String> NAMES = List.of(UNPADDED, PADDED, CONTENDED, PADDED_AGAIN);
        /** Each side's class, by side number: the A/A side is the reference's. */
        public static final List<Variant> VARIANTS = List.of(Variant.UNPADDED, Variant.PADDED, Variant.CONTENDED,
                Variant.PADDED);

        public static final String REFERENCE = PADDED;
        public static final int REFERENCE_SIDE = NAMES.indexOf(REFERENCE);
        public static final int UNPADDED_SIDE = NAMES.indexOf(UNPADDED);
        public static final int CONTENDED_SIDE = NAMES.indexOf(CONTENDED);
        public static final int AGAIN_SIDE = NAMES.indexOf(PADDED_AGAIN);

        /** Besides the reference: unpadded vs contended, the JDK's own fix. */
        public static final List<ChunkSides.Pair> PAIRS = List.of(new ChunkSides.Pair(UNPADDED_SIDE, CONTENDED_SIDE));

        /** Instances per class to choose from, as ChunkObjectFalseSharing's pool. */
        public static final int POOL = 16;

        private final int lineSize;
        private final Map<Variant, PcpuChunkFields[]> pools = new EnumMap<>(Variant.class);
        /** The chosen instance per side, null before {@link #choose}. */
        private PcpuChunkFields[] picks;
        /** Each pick's address when last seen; package-private so that a test can stand in for a GC's move. */
        long[] pickedAt;

        /** Allocates the pools, one class after the other. */
        public ChunkObjectSides(int lineSize) {
            this.lineSize = lineSize;
            for (Variant v : Variant.values()) {
                PcpuChunkFields[] pool = new PcpuChunkFields[POOL];
                for (int i = 0; i < POOL; i++) {
                    pool[i] = v.create();
                }
                pools.put(v, pool);
            }
        }

        /**
         * Chooses every side's instance from the pools' live addresses (throws
         * {@link org.cachelinebench.harness.LayoutCheck#failed} when a fixed class's instance shares a line);
         * padded-again is another padded instance, at padded's place in a line when the pool has one there.
         */
        public void choose() {
            PcpuChunkFields[] chosen = new PcpuChunkFields[NAMES.size()];
            long[] at = new long[NAMES.size()];
            int reference = -1;
            for (int s = 0; s < NAMES.size(); s++) {
                Variant v = VARIANTS.get(s);
                PcpuChunkFields[] pool = pools.get(v);
                ChunkObjectChoice.Choice c;
                if (s == AGAIN_SIDE) {
                    int ref = reference;
                    long place = at[REFERENCE_SIDE] % lineSize;
                    boolean samePlace = false;
                    for (int i = 0; i < pool.length; i++) {
                        samePlace |= i != ref && HeapAddresses.addressOf(pool[i]) % lineSize == place;
                    }
                    boolean same = samePlace;
                    c = ChunkObjectChoice.choose(NAMES.get(s), v, pool, lineSize,
                            i -> i != ref && (!same || HeapAddresses.addressOf(pool[i]) % lineSize == place));
                } else {
                    c = ChunkObjectChoice.choose(NAMES.get(s), v, pool, lineSize, i -> true);
                }
                if (s == REFERENCE_SIDE) {
                    reference = c.index();
                }
                chosen[s] = pool[c.index()];
                at[s] = c.address();
            }
            picks = chosen;
            pickedAt = at;
        }

        /** Side {@code side}'s instance (after {@link #choose}). */
        public PcpuChunkFields pick(int side) {
            if (picks == null) {
                throw new IllegalStateException("no instances chosen (call choose first)");
            }
            return picks[side];
        }

        /** Where side {@code side}'s instance lies and what its baseAddr's line holds. */
        public String describe(int side) {
            return ChunkObjectChoice.describe(pick(side), pickedAt[side], lineSize);
        }

        /**
         * Before an iteration: true when a GC moved an instance since it was last seen, so that all were chosen again
         * (as ChunkObjectFalseSharing chooses again) and the caller must set up its chunks anew; said in {@code notes}.
         */
        public boolean recheck(StringBuilder notes) {
            for (int s = 0; s < NAMES.size(); s++) {
                long now = HeapAddresses.addressOf(pick(s));
                if (now != pickedAt[s]) {
                    notes.append(String.format("# %s: moved from 0x%x to 0x%x between iterations: choosing again%n",
                            NAMES.get(s), pickedAt[s], now));
                    choose();
                    return true;
                }
            }
            return false;
        }

        /**
         * After an iteration: an instance that moved during it counts only if its relation held at both addresses
         * ({@link ChunkObjectChoice#moved}: throws otherwise, a fixed side with the
         * {@link org.cachelinebench.harness.LayoutCheck} marker); one that kept it is noted in {@code notes} and kept at
         * its new address.
         */
        public void verifyUnmoved(StringBuilder notes) {
            for (int s = 0; s < NAMES.size(); s++) {
                long now = HeapAddresses.addressOf(pick(s));
                if (now != pickedAt[s]) {
                    notes.append(ChunkObjectChoice.moved(NAMES.get(s), VARIANTS.get(s), pick(s), pickedAt[s], now,
                            lineSize));
                    pickedAt[s] = now;
                }
            }
        }

        public int lineSize() {
            return lineSize;
        }
    }

    /**
     * Where the interleaved schedule finds the Java-object sides ({@link ChunkObjectSides}): each side's chosen
     * instance behind its {@link ChunkObjectHandle} whatever block the schedule gives it (the objects do not overlap, so
     * nothing is handed over between groups and each chunk keeps its state and its one pending area), and a
     * {@link PcpuLock} in lines of its own per block, as the off-heap blocks have, so the schedule rotates every side
     * over the same locks.
     */
    public static final class Places implements ChunkPlaces {
        private final ChunkObjectSides sides;
        private final ChunkObjectHandle[] handles;
        private final PcpuLock[] locks;
        private final PendingArea[] areas;
        /** Each side's allocator steps and nr_empty_pop_pages writes on the instances it had before the current one. */
        private final EmptyPagesRate[] earlier;
        /** The current instance's counters when it became the side's. */
        private final EmptyPagesRate[] since;

        /**
         * The places of the chosen instances ({@link ChunkObjectSides#choose} first), each set up as a fresh chunk, every
         * side's allocator at occupancy {@code live} ({@link PendingArea#occupy}).
         */
        public Places(ChunkObjectSides sides, int live) {
            int n = ChunkObjectSides.NAMES.size();
            this.sides = sides;
            handles = new ChunkObjectHandle[n];
            locks = new PcpuLock[n];
            areas = new PendingArea[n];
            for (int b = 0; b < n; b++) {
                locks[b] = new PcpuLock(sides.lineSize());
            }
            earlier = new EmptyPagesRate[n];
            since = new EmptyPagesRate[n];
            for (int s = 0; s < n; s++) {
                areas[s] = new PendingArea();
                areas[s].occupy(live);
                earlier[s] = new EmptyPagesRate(0, 0);
            }
            refresh();
        }

        /**
         * Both threads stopped, after the instances were chosen (again): every side's handle on its instance, each a
         * fresh, empty chunk (all its members and metadata: {@link PcpuAllocator#initialiseEmpty},
         * {@link org.cachelinebench.model.percpu.PcpuChunkMembers#initialise}) with no area pending.
         */
        public void refresh() {
            for (int s = 0; s < handles.length; s++) {
                if (handles[s] != null) {
                    earlier[s] = earlier[s].plus(counted(s));
                }
                handles[s] = ChunkObjectHandle.of(sides.pick(s));
                PcpuChunkFields chunk = handles[s].chunk();
                PcpuAllocator.initialiseEmpty(chunk);
                chunk.members().initialise();
                areas[s].clear();
                since[s] = EmptyPagesRate.of(chunk.members().metadata());
            }
        }

        /** The current instance's steps and writes since it became side {@code side}'s. */
        private EmptyPagesRate counted(int side) {
            return EmptyPagesRate.of(handles[side].chunk().members().metadata()).minus(since[side]);
        }

        /** Side {@code side}'s allocator steps and writes of {@code nr_empty_pop_pages}, on every instance it had. */
        @Override
        public EmptyPagesRate emptyPagesRate(int side) {
            return earlier[side].plus(counted(side));
        }

        @Override
        public int size() {
            return handles.length;
        }

        /** The side's handle, in every block. */
        public ChunkObjectHandle chunk(int side, int block) {
            return handles[side];
        }

        public PcpuLock lock(int block) {
            return locks[block];
        }

        /** The side's one pending area, in every block. */
        public PendingArea area(int side, int block) {
            return areas[side];
        }

        /** Nothing to do: each side has its own object. */
        @Override
        public void handTo(int side, int block) {
        }

        /**
         * The first problem, or null: every lock free, and every side's chunk with base_addr as set up and free_bytes
         * down by exactly its pending area (its allocator's every step was an alloc or a free of that chunk).
         */
        @Override
        public String check(List<String> names) {
            for (int b = 0; b < locks.length; b++) {
                if (locks[b].isLocked()) {
                    return "block " + b + ": pcpu_lock still held";
                }
            }
            int full = PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT;
            for (int s = 0; s < handles.length; s++) {
                PcpuChunkFields c = handles[s].chunk();
                if (c.baseAddrOnce() != PcpuAllocator.CHUNK_BASE_ADDR) {
                    return names.get(s) + String.format(": baseAddr is 0x%x, not 0x%x", c.baseAddrOnce(),
                            PcpuAllocator.CHUNK_BASE_ADDR);
                }
                int expected = full - areas[s].held() * PcpuAllocator.AREA_SIZE;
                int free = c.getInt(PcpuChunkFields.FREE_BYTES);
                if (free != expected) {
                    return names.get(s) + ": freeBytes " + free + ", not " + expected + " (an allocator step on another chunk?)";
                }
            }
            return null;
        }

        @Override
        public String whereIs(int side) {
            return sides.describe(side);
        }
    }
}
