package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.chunk.ChunkLayoutSides;
import org.cachelinebench.harness.chunk.ChunkOffHeapSides;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
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
 * ChunkInterleaved's schedule on the 2026 orders: what moving nr_empty_pop_pages into base_addr's line costs the
 * readers, at the occupancy -p live=N sets (nr_empty_pop_pages written on 2 of 2N allocator steps).
 *
 * Lesson: a member written only on an empty-block transition still takes base_addr's line from every reader when
 * it is written; how much that costs depends on how often, so the same four sides run at each occupancy:
 * mm-2026-size (the mm tree's 128-byte order), mm-2026-hole (the same order, nr_empty_pop_pages in the hole after
 * chunk_md), v6.5-merged the reference, v6.5-merged-again the A/A control. Same harness, code and places as
 * ChunkInterleaved (ChunkOffHeapSides); only the side list differs (ChunkLayoutSides.MM_2026).
 * Rule: read each role's ratios as medians over cycles, next to the A/A control and the '#' rate line.
 *
 *   java -jar target/benchmarks.jar Chunk2026Interleaved -tg 1,1 -p live=8
 *
 * The model, the layouts and the access table: docs/pcpu-chunk.md, docs/pcpu-chunk-access.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class Chunk2026Interleaved {

    /** The four 2026 sides' chunks in four blocks, shared by one reader and one allocator; -p config, -p live. */
    @State(Scope.Group)
    public static class Sides extends ChunkOffHeapSides {
        public Sides() {
            super("Chunk2026Interleaved", ChunkLayoutSides.MM_2026);
        }
    }

    /** The reader's schedule and clock; its counters, per role and side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
        private static final String R = ChunkSides.READER;
        private static final String A = ChunkSides.ALLOCATOR;

        public SideCounters() {
            super(ChunkLayoutSides.MM_2026.names(), ChunkLayoutSides.MM_2026.reference(), ChunkSides.READER,
                    ChunkSides.ALLOCATOR, ChunkLayoutSides.MM_2026.counterNames());
        }

        public long mm2026SizeReaderNanos() { return nanos(R, ChunkSides.MM_2026_SIZE); }
        public long mm2026SizeReaderCalls() { return calls(R, ChunkSides.MM_2026_SIZE); }
        public long mm2026HoleReaderNanos() { return nanos(R, ChunkSides.MM_2026_HOLE); }
        public long mm2026HoleReaderCalls() { return calls(R, ChunkSides.MM_2026_HOLE); }
        public long v65MergedReaderNanos() { return nanos(R, ChunkSides.V6_5_MERGED); }
        public long v65MergedReaderCalls() { return calls(R, ChunkSides.V6_5_MERGED); }
        public long v65MergedAgainReaderNanos() { return nanos(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v65MergedAgainReaderCalls() { return calls(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public long mm2026SizeAllocatorNanos() { return nanos(A, ChunkSides.MM_2026_SIZE); }
        public long mm2026SizeAllocatorCalls() { return calls(A, ChunkSides.MM_2026_SIZE); }
        public long mm2026HoleAllocatorNanos() { return nanos(A, ChunkSides.MM_2026_HOLE); }
        public long mm2026HoleAllocatorCalls() { return calls(A, ChunkSides.MM_2026_HOLE); }
        public long v65MergedAllocatorNanos() { return nanos(A, ChunkSides.V6_5_MERGED); }
        public long v65MergedAllocatorCalls() { return calls(A, ChunkSides.V6_5_MERGED); }
        public long v65MergedAgainAllocatorNanos() { return nanos(A, ChunkSides.V6_5_MERGED_AGAIN); }
        public long v65MergedAgainAllocatorCalls() { return calls(A, ChunkSides.V6_5_MERGED_AGAIN); }
        // Medians over the iteration's cycles against v6.5-merged.
        public double mm2026SizeReaderRatioSum() { return ratio(R, ChunkSides.MM_2026_SIZE); }
        public double mm2026HoleReaderRatioSum() { return ratio(R, ChunkSides.MM_2026_HOLE); }
        public double v65MergedAgainReaderRatioSum() { return ratio(R, ChunkSides.V6_5_MERGED_AGAIN); }
        public double mm2026SizeAllocatorRatioSum() { return ratio(A, ChunkSides.MM_2026_SIZE); }
        public double mm2026HoleAllocatorRatioSum() { return ratio(A, ChunkSides.MM_2026_HOLE); }
        public double v65MergedAgainAllocatorRatioSum() { return ratio(A, ChunkSides.V6_5_MERGED_AGAIN); }
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
