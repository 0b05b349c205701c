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
 * ChunkInterleaved's schedule on the save-memory orders: what moving nr_empty_pop_pages into base_addr's line costs the
 * readers, at the occupancy -p live=N sets (nr_empty_pop_pages written on 2 of 2N allocator steps).
 *
 * Lesson: a member written only on an empty-block transition still takes base_addr's line from every reader when
 * it is written; how much that costs depends on how often, so the same four sides run at each occupancy:
 * save-memory (the mm tree's 128-byte order), save-memory-hole (the same order, nr_empty_pop_pages in the hole after
 * chunk_md), v6.5-merged the reference, v6.5-merged-again the A/A control. Same harness, code and places as
 * ChunkInterleaved (ChunkBlocksState); only the side list differs (ChunkEmptyPagesInterleaved.SIDES).
 * Rule: read each role's ratios as medians over cycles, next to the A/A control and the '#' rate line.
 *
 *   java -jar target/benchmarks.jar ChunkEmptyPagesInterleaved -tg 1,1 -p live=8
 *
 * The model, the layouts and the access table: docs/pcpu-chunk.md, docs/pcpu-chunk-access.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ChunkEmptyPagesInterleaved {
    /**
     * The sides in schedule order: the mm tree's "save memory" order, nr_empty_pop_pages in base_addr's line
     * (save-memory); the same order with it in the hole after chunk_md (save-memory-hole); v6.5-merged, the reference;
     * v6.5-merged-again, the A/A control. No pair besides the reference.
     */
    public static final ChunkSides SIDES = new ChunkSides(
            List.of(ChunkSides.SAVE_MEMORY, ChunkSides.SAVE_MEMORY_HOLE, ChunkSides.V6_5_MERGED,
                    ChunkSides.V6_5_MERGED_AGAIN),
            List.of(ChunkVersion.SAVE_MEMORY, ChunkVersion.SAVE_MEMORY_HOLE, ChunkVersion.V6_5_MERGED,
                    ChunkVersion.V6_5_MERGED),
            2, List.of());

    /** The four save-memory sides' chunks in four blocks, shared by one reader and one allocator; -p config, -p live. */
    @State(Scope.Group)
    public static class Sides extends ChunkBlocksState {
        public Sides() {
            super("ChunkEmptyPagesInterleaved", SIDES);
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

        public long saveMemoryReaderNanos() { return nanos(R, ChunkSides.SAVE_MEMORY); }
        public long saveMemoryReaderCalls() { return calls(R, ChunkSides.SAVE_MEMORY); }
        public long saveMemoryHoleReaderNanos() { return nanos(R, ChunkSides.SAVE_MEMORY_HOLE); }
        public long saveMemoryHoleReaderCalls() { return calls(R, ChunkSides.SAVE_MEMORY_HOLE); }
        public long v65MergedReaderNanos() { return nanos(R, ChunkSides.V6_5_MERGED); }
        public long v65MergedReaderCalls() { return calls(R, ChunkSides.V6_5_MERGED); }
        public long v65MergedAgainReaderNanos() { return nanos(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v65MergedAgainReaderCalls() { return calls(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public long saveMemoryAllocatorNanos() { return nanos(A, ChunkSides.SAVE_MEMORY); }
        public long saveMemoryAllocatorCalls() { return calls(A, ChunkSides.SAVE_MEMORY); }
        public long saveMemoryHoleAllocatorNanos() { return nanos(A, ChunkSides.SAVE_MEMORY_HOLE); }
        public long saveMemoryHoleAllocatorCalls() { return calls(A, ChunkSides.SAVE_MEMORY_HOLE); }
        public long v65MergedAllocatorNanos() { return nanos(A, ChunkSides.V6_5_MERGED); }
        public long v65MergedAllocatorCalls() { return calls(A, ChunkSides.V6_5_MERGED); }
        public long v65MergedAgainAllocatorNanos() { return nanos(A, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v65MergedAgainAllocatorCalls() { return calls(A, ChunkSides.V6_5_MERGED_AGAIN); }
        // Medians over the iteration's cycles against v6.5-merged.
        public double saveMemoryReaderRatioMedian() { return ratio(R, ChunkSides.SAVE_MEMORY); }
        public double saveMemoryHoleReaderRatioMedian() { return ratio(R, ChunkSides.SAVE_MEMORY_HOLE); }
        public double v65MergedAgainReaderRatioMedian() { return ratio(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public double saveMemoryAllocatorRatioMedian() { return ratio(A, ChunkSides.SAVE_MEMORY); }
        public double saveMemoryHoleAllocatorRatioMedian() { return ratio(A, ChunkSides.SAVE_MEMORY_HOLE); }
        public double v65MergedAgainAllocatorRatioMedian() { return ratio(A, ChunkSides.V6_5_MERGED_AGAIN); }
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
