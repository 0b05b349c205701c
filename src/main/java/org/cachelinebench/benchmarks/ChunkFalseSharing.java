package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.chunk.EmptyPagesRate;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuLock;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
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
 * pcpu_chunk false sharing, byte-exact (Linux v6.4-rc4 vs the v2 patch vs what v6.5 merged).
 *
 * Lesson: in v6.4-rc4 base_addr, read by every CPU in pcpu_chunk_addr() without pcpu_lock, is the last 8 bytes
 * of the line holding free_bytes and chunk_md, which pcpu_alloc_area()/pcpu_free_area() rewrite under the lock:
 * every allocation or free invalidates the line every reader needs. The struct is the kernel's, byte for byte,
 * off-heap at a line start; only the member order differs between the layouts. Readers compute
 * pcpu_chunk_addr() in batches; allocators allocate and free under a spin lock in a line of its own,
 * read-modify-writing free_bytes and the hints as the kernel does.
 * Rule: read "chunk:reader" and "chunk:allocator", never the summed "chunk" row; keep threads at or below the
 * core count, or the lock holder is descheduled and the scheduler is measured.
 *
 *   java -jar target/benchmarks.jar ChunkFalseSharing -tg 1,3      (allocators first, then readers)
 *   java -jar target/benchmarks.jar ChunkFalseSharing -p live=8    (8 areas held: nr_empty_pop_pages on 1 step in 8)
 *   java -jar target/benchmarks.jar ChunkFalseSharing -p layout=running-kernel,v6.5-merged -p config=+stats
 *                                                                  (the running kernel's own, from its BTF: docs/struct.md)
 *
 * The model, the variants and the configs: docs/pcpu-chunk.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Group)
public class ChunkFalseSharing {
    @Param({"v6.4-rc4", "v2-reorder", "v6.5-merged"})
    public String layout;

    @Param({"default"})
    public String config;

    /** The allocator's occupancy (PendingArea): nr_empty_pop_pages written on 2 of 2N steps at live=N. */
    @Param({"1"})
    public String live;

    OffHeapPcpuChunk chunk;
    PcpuLock lock;
    /** What the i-th pcpu_chunk_addr() of a reader call adds to base_addr: the unit of CPU i % cpus, a page of it. */
    long[] unitPageOffsets;

    /** Rejects a bad {@code -p} value before any fork starts (called by the suite's Main and by setUp). */
    public static void checkParam(String name, String value) {
        PercpuParams.check(name, value);
    }

    @Setup(Level.Trial)
    public void setUp() {
        chunk = PercpuParams.chunk(layout, config);
        lock = new PcpuLock();
        unitPageOffsets = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), PcpuChunkWorkload.OPS);
        System.out.println("# " + chunk.describe());
    }

    /** The measured rate of the allocator's nr_empty_pop_pages writes over the fork, beside the placement. */
    @TearDown(Level.Trial)
    public void printRate() {
        System.out.println("# " + chunk.name() + ": "
                + EmptyPagesRate.of(chunk.members().metadata()).describe(PercpuParams.live(live)));
    }

    /** Each allocator thread's held areas, at the fork's occupancy. */
    @State(Scope.Thread)
    public static class Occupied extends PendingArea {
        @Setup(Level.Trial)
        public void occupancy(BenchmarkParams params) {
            occupy(PercpuParams.live(params.getParam(PercpuParams.LIVE)));
        }
    }

    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    @OperationsPerInvocation(PcpuChunkWorkload.OPS)
    public long reader() {
        return PcpuChunkWorkload.sumChunkAddrs(chunk, unitPageOffsets);
    }

    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    @OperationsPerInvocation(PcpuChunkWorkload.OPS)
    public void allocator(Occupied area, Control control) {
        PcpuChunkWorkload.allocateOrFree(chunk, lock, area, control);
    }
}
