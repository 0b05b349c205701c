package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.chunk.ChunkInterleaving;
import org.cachelinebench.harness.chunk.ChunkObjectHandle;
import org.cachelinebench.harness.chunk.ChunkObjectPlaces;
import org.cachelinebench.harness.chunk.ChunkObjectSides;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.EmptyPagesRate;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.GroupPools;
import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.ChunkObjects;
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
        ChunkObjectPlaces places;
        ChunkInterleaving run;
        /** What the i-th pcpu_chunk_addr() of a reader batch adds to base_addr, as in ChunkObjectFalseSharing. */
        long[] unitPageOffsets;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            int occupancy = PercpuParams.live(live);
            objects = POOLS.take(params, () -> new ChunkObjectSides(CacheLine.SIZE));
            objects.choose();
            places = new ChunkObjectPlaces(objects, occupancy);
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
                    + ChunkObjects.describeOffsets(ChunkObjects.Variant.UNPADDED.type()), run.names(), places::whereIs));
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
            super(ChunkObjectSides.NAMES, ChunkObjectSides.REFERENCE_SIDE, ChunkSides.READER, ChunkSides.ALLOCATOR,
                    ChunkObjectSides.counterNames());
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
        public double unpaddedReaderRatioSum() { return ratio(R, ChunkObjectSides.UNPADDED); }
        public double contendedReaderRatioSum() { return ratio(R, ChunkObjectSides.CONTENDED); }
        public double paddedAgainReaderRatioSum() { return ratio(R, ChunkObjectSides.PADDED_AGAIN); }
        public double unpaddedReaderVsContendedReaderRatioSum() {
            return ratio(R, ChunkObjectSides.UNPADDED, ChunkObjectSides.CONTENDED);
        }
        public double unpaddedAllocatorRatioSum() { return ratio(A, ChunkObjectSides.UNPADDED); }
        public double contendedAllocatorRatioSum() { return ratio(A, ChunkObjectSides.CONTENDED); }
        public double paddedAgainAllocatorRatioSum() { return ratio(A, ChunkObjectSides.PADDED_AGAIN); }
        public double unpaddedAllocatorVsContendedAllocatorRatioSum() {
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
            while (clock.next(sides.run, stop, spin.spin())) {
                int side = clock.side();
                int block = clock.block();
                ChunkObjectHandle chunk = sides.places.chunk(side, block);
                if (!chunk.allocateOrFreeInSlice(sides.places.lock(block), sides.places.area(side, block), stop, clock,
                        sides.run, spin.spin())) {
                    break;                                  // stopped while waiting for the lock
                }
            }
        } catch (RuntimeException | Error e) {
            throw clock.failed(sides.run, e);           // a single-shot iteration ends for the reader too
        }
        return clock.endRound();
    }
}
