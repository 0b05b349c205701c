package org.cachelinebench.struct.measure;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.chunk.ChunkBlocks;
import org.cachelinebench.harness.chunk.ChunkInterleaving;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.EmptyPagesRate;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.ChunkStruct;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
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
 * The running kernel's own pcpu_chunk, measured beside the fix v6.5 merged, in one interleaved schedule.
 *
 * Lesson: whether the kernel you run keeps base_addr off the allocator's lines is a fact of its BTF, not of its
 * version number: its options add members (CONFIG_PERCPU_STATS's counters in front, the memcg vector), and a later
 * reorder may move base_addr's neighbours. Here the struct as the kernel's BTF lays it out (RunningKernelChunk, through
 * pahole) is one side, v6.5-merged with the same options the reference, and v6.5-merged again the A/A control; one
 * reader and one allocator alternate between them in timed slices on the engine and workload of ChunkInterleaved.
 * Rule: read each role's running-kernel ratio beside the A/A's; a kernel that equals v6.5-merged where the model
 * touches it reads as an A/A.
 *
 *   java -jar target/benchmarks.jar RunningKernelChunkInterleaved          (benchmarks/layout kernel prints it)
 *
 * No BTF, no pahole, a pahole too old for the BTF, or a layout the model cannot run (a member it needs missing, or of
 * another size) is one line and exit 2 before any fork. The fork prints where every side's chunk lies and what
 * base_addr's line holds. The kernel you run: docs/struct.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class RunningKernelChunkInterleaved {
    public static final String RUNNING_KERNEL = RunningKernelChunk.NAME;
    /** The sides in schedule order: the kernel's, the reference, the A/A control. */
    public static final List<String> NAMES = List.of(RUNNING_KERNEL, ChunkSides.V6_5_MERGED, ChunkSides.V6_5_MERGED_AGAIN);
    public static final int REFERENCE_SIDE = NAMES.indexOf(ChunkSides.V6_5_MERGED);

    /**
     * The sides' layouts: the running kernel's, then v6.5-merged twice, built with the options the kernel's members
     * show, so that the sides differ in order alone.
     */
    public static List<ChunkStruct> structs(ChunkStruct kernel) {
        ChunkStruct merged = ChunkStruct.of(ChunkVersion.V6_5_MERGED, kernel.config());
        return List.of(kernel, merged, merged);
    }

    /** The three sides' chunks in three blocks, shared by one reader and one allocator; -p live. */
    @State(Scope.Group)
    public static class Sides {
        /** The allocator's occupancy on every side, as in ChunkInterleaved. */
        @Param({"1"})
        public String live;

        public ChunkInterleaving run;
        public ChunkBlocks blocks;
        /** What the i-th pcpu_chunk_addr() of a reader batch adds to base_addr, as in ChunkFalseSharing. */
        public long[] unitPageOffsets;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            ChunkStruct kernel = new RunningKernelChunk().pcpuChunk();
            blocks = new ChunkBlocks(structs(kernel), CacheLine.SIZE, PercpuParams.live(live));
            run = new ChunkInterleaving(NAMES, blocks);
            unitPageOffsets = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), PcpuChunkWorkload.OPS);
            System.out.print(InterleavedReport.sides("RunningKernelChunkInterleaved, the kernel's options "
                    + kernel.config().label(), run));
        }

        /** Each side's measured rate of the allocator's nr_empty_pop_pages writes over the fork. */
        @TearDown(Level.Trial)
        public void printRate() {
            System.out.print(EmptyPagesRate.perSide("RunningKernelChunkInterleaved live=" + live, run,
                    PercpuParams.live(live)));
        }

        /** After JMH's all-thread barrier: checks every block's chunk, restores fresh chunks for group 0. */
        @TearDown(Level.Iteration)
        public void checkAndReset() {
            run.checkAndReset();
        }
    }

    /** The reader's schedule and clock; its counters, per role and side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
        private static final String R = ChunkSides.READER;
        private static final String A = ChunkSides.ALLOCATOR;
        private static final String K = RUNNING_KERNEL;
        private static final String M = ChunkSides.V6_5_MERGED;
        private static final String AGAIN = ChunkSides.V6_5_MERGED_AGAIN;

        public SideCounters() {
            super(NAMES, REFERENCE_SIDE, R, A);
        }

        public long runningKernelReaderNanos() { return nanos(R, K); }
        public long runningKernelReaderCalls() { return calls(R, K); }
        public long v65MergedReaderNanos() { return nanos(R, M); }
        public long v65MergedReaderCalls() { return calls(R, M); }
        public long v65MergedAgainReaderNanos() { return nanos(R, AGAIN); }
        public long v65MergedAgainReaderCalls() { return calls(R, AGAIN); }
        public long runningKernelAllocatorNanos() { return nanos(A, K); }
        public long runningKernelAllocatorCalls() { return calls(A, K); }
        public long v65MergedAllocatorNanos() { return nanos(A, M); }
        public long v65MergedAllocatorCalls() { return calls(A, M); }
        public long v65MergedAgainAllocatorNanos() { return nanos(A, AGAIN); }
        public long v65MergedAgainAllocatorCalls() { return calls(A, AGAIN); }
        // Medians over the iteration's cycles against v6.5-merged.
        public double runningKernelReaderRatioMedian() { return ratio(R, K); }
        public double v65MergedAgainReaderRatioMedian() { return ratio(R, AGAIN); }
        public double runningKernelAllocatorRatioMedian() { return ratio(A, K); }
        public double v65MergedAgainAllocatorRatioMedian() { return ratio(A, AGAIN); }
        public long scheduleCycles() { return cycles(); }
        public long cyclesNotLogged() { return notLogged(); }
    }

    /** One batch of pcpu_chunk_addr() loads on the slice's chunk; the reader leads the schedule. */
    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    public long reader(Sides sides, SideCounters reader, SenderSpin spin, Control control) {
        Leader clock = reader.clock;
        if (!clock.begin(sides.run, control, spin.spin())) {
            return 0;
        }
        OffHeapPcpuChunk chunk = sides.blocks.chunk(clock.side(), clock.block());
        long sum = PcpuChunkWorkload.sumChunkAddrs(chunk, sides.unitPageOffsets);      // the measured loads
        clock.end(sides.run, control, spin.spin());
        return sum;
    }

    /** Alloc-or-free steps on the chunk of the slice the reader has open, following it. */
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
                OffHeapPcpuChunk chunk = sides.blocks.chunk(side, block);
                PcpuLock lock = sides.blocks.lock(block);
                if (!PcpuChunkWorkload.allocateOrFreeInSlice(chunk, lock, sides.blocks.area(side, block), stop, clock,
                        sides.run, spin.spin())) {
                    break;                                  // stopped while waiting for the lock
                }
            }
        } catch (RuntimeException | Error e) {
            throw clock.failed(sides.run, e);           // a single-shot iteration ends for the reader too
        }
        return clock.endRound();
    }

    /** Rejects a bad {@code -p live} before any fork starts (the suite's Main calls it). */
    public static void checkParam(String name, String value) {
        PercpuParams.check(name, value);
    }

    /** Refuses, in one line before any fork, a machine whose kernel's pcpu_chunk cannot be read or run (Main calls it). */
    public static void checkMachine() {
        new RunningKernelChunk().pcpuChunk();
    }
}
