package org.cachelinebench.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.chunk.ChunkBlocksState;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuLock;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/*
 * ChunkFalseSharing's comparison with every layout inside one measurement, in a schedule that favours none.
 *
 * Lesson: layouts measured in separate forks compare machine states as much as layouts (a busy neighbour
 * coming and going between forks widens their A/A spread), so here one reader and one allocator alternate between
 * four sides (v6.4-rc4, v2-reorder, v6.5-merged the reference, v6.5-merged-again the A/A control) in timed
 * slices, each side's pcpu_chunk byte for byte at the same line-aligned places, with the same code as
 * ChunkFalseSharing's (PcpuChunkWorkload). The reader leads, the allocator follows it from chunk to chunk.
 * Rule: read each role's ratios as medians over cycles, next to the A/A control.
 *
 *   java -jar target/benchmarks.jar ChunkInterleaved -tg 1,1
 *
 * The fork prints where every side's chunk lies and what base_addr's line holds, and per role one "#" line per
 * side after each iteration. The hand-over: docs/interleaved-design.md; the model: docs/pcpu-chunk.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ChunkInterleaved {
    /**
     * The sides in schedule order: v6.4-rc4, base_addr in the line free_bytes and chunk_md share; v2-reorder, bound_map
     * moved in front of base_addr (the unmerged v2); v6.5-merged, base_addr ____cacheline_aligned_in_smp, the
     * reference; v6.5-merged-again, the reference's layout as a side of its own, the A/A control. v6.4-rc4 is also
     * compared with v2-reorder.
     */
    public static final ChunkSides SIDES = new ChunkSides(
            List.of(ChunkSides.V6_4_RC4, ChunkSides.V2_REORDER, ChunkSides.V6_5_MERGED, ChunkSides.V6_5_MERGED_AGAIN),
            List.of(ChunkVersion.V6_4_RC4, ChunkVersion.V2_REORDER, ChunkVersion.V6_5_MERGED, ChunkVersion.V6_5_MERGED),
            2, List.of(new ChunkSides.Pair(0, 1)));

    /** The four sides' chunks in four blocks, shared by one reader and one allocator; -p config, -p live. */
    @State(Scope.Group)
    public static class Sides extends ChunkBlocksState {
        public Sides() {
            super("ChunkInterleaved", SIDES);
        }
    }

    /** The reader's schedule and clock; its counters, per role and side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
        private static final String R = ChunkSides.READER;
        private static final String A = ChunkSides.ALLOCATOR;

        public SideCounters() {
            super(SIDES.names(), SIDES.reference(), ChunkSides.READER, ChunkSides.ALLOCATOR);
        }

        public long v64Rc4ReaderNanos() { return nanos(R, ChunkSides.V6_4_RC4); }
        public long v64Rc4ReaderCalls() { return calls(R, ChunkSides.V6_4_RC4); }
        public long v2ReorderReaderNanos() { return nanos(R, ChunkSides.V2_REORDER); }
        public long v2ReorderReaderCalls() { return calls(R, ChunkSides.V2_REORDER); }
        public long v65MergedReaderNanos() { return nanos(R, ChunkSides.V6_5_MERGED); }
        public long v65MergedReaderCalls() { return calls(R, ChunkSides.V6_5_MERGED); }
        public long v65MergedAgainReaderNanos() { return nanos(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v65MergedAgainReaderCalls() { return calls(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v64Rc4AllocatorNanos() { return nanos(A, ChunkSides.V6_4_RC4); }
        public long v64Rc4AllocatorCalls() { return calls(A, ChunkSides.V6_4_RC4); }
        public long v2ReorderAllocatorNanos() { return nanos(A, ChunkSides.V2_REORDER); }
        public long v2ReorderAllocatorCalls() { return calls(A, ChunkSides.V2_REORDER); }
        public long v65MergedAllocatorNanos() { return nanos(A, ChunkSides.V6_5_MERGED); }
        public long v65MergedAllocatorCalls() { return calls(A, ChunkSides.V6_5_MERGED); }
        public long v65MergedAgainAllocatorNanos() { return nanos(A, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v65MergedAgainAllocatorCalls() { return calls(A, ChunkSides.V6_5_MERGED_AGAIN); }
        // Medians over the iteration's cycles against v6.5-merged, and v6.4-rc4 against v2-reorder.
        public double v64Rc4ReaderRatioMedian() { return ratio(R, ChunkSides.V6_4_RC4); }
        public double v2ReorderReaderRatioMedian() { return ratio(R, ChunkSides.V2_REORDER); }
        public double v65MergedAgainReaderRatioMedian() { return ratio(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public double v64Rc4ReaderVsV2ReorderReaderRatioMedian() {
            return ratio(R, ChunkSides.V6_4_RC4, ChunkSides.V2_REORDER);
        }
        public double v64Rc4AllocatorRatioMedian() { return ratio(A, ChunkSides.V6_4_RC4); }
        public double v2ReorderAllocatorRatioMedian() { return ratio(A, ChunkSides.V2_REORDER); }
        public double v65MergedAgainAllocatorRatioMedian() { return ratio(A, ChunkSides.V6_5_MERGED_AGAIN); }
        public double v64Rc4AllocatorVsV2ReorderAllocatorRatioMedian() {
            return ratio(A, ChunkSides.V6_4_RC4, ChunkSides.V2_REORDER);
        }
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

    /** Alloc-or-free steps on the chunk of the slice the reader has open, following it (a lookup per slice). */
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

    /** Rejects a bad {@code -p} value before any fork starts (called by the suite's Main and by setUp). */
    public static void checkParam(String name, String value) {
        PercpuParams.check(name, value);
    }
}
