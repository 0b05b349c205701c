package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.PcpuChunkWorkload;
import org.cachelinebench.harness.PendingArea;
import org.cachelinebench.harness.PercpuParams;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/*
 * pcpu_chunk false sharing, byte-exact (Linux v6.4-rc4 vs the v2 patch vs what v6.5 merged).
 *
 * The percpu allocator keeps one struct pcpu_chunk per chunk. Under pcpu_lock, pcpu_alloc_area() and
 * pcpu_free_area() rewrite free_bytes and the chunk_md hints; without the lock, every CPU that needs
 * an address in the chunk computes pcpu_chunk_addr() = chunk->base_addr + unit offset + page offset.
 * In v6.4-rc4 base_addr is the last 8 bytes of the line holding free_bytes and chunk_md, so every
 * allocation or free invalidates the line every reader needs: false sharing, found by Intel in
 * UnixBench execl (+24% with the fix on a 112-core machine). Yu Ma's v2 moved bound_map in front of
 * base_addr; v6.5 merged that plus ____cacheline_aligned_in_smp on base_addr.
 *
 * This benchmark runs the asymmetric shape: a group of readers, that only compute pcpu_chunk_addr(),
 * and allocators, that alternately allocate and free a 4-byte area under a spin lock whose word has
 * a line of its own. The struct is the kernel's, byte for byte (offsets from the layout core), in
 * off-heap memory starting on a line as slab allocation places it. Only the member order differs
 * between the variants:
 *
 *   -p layout=v6.4-rc4     base_addr shares its line with free_bytes and chunk_md
 *   -p layout=v2-reorder   bound_map moved up: base_addr starts the next line
 *   -p layout=v6.5-merged  as v2, and base_addr ____cacheline_aligned_in_smp
 *   -p config=default      PERCPU_STATS=n MEMCG_KMEM=y; also +stats, -memcg, +stats-memcg.
 *                          With +stats the 16 bytes of counters in front move base_addr next to the
 *                          read-only chunk_md.nr_bits only: even v6.4-rc4 does not false-share there.
 *
 * Readers and allocators are reported separately (JMH's secondary results "reader" and
 * "allocator"; the primary result is their sum, rarely what you want). Expect the readers of
 * v6.4-rc4 to lose (a read after a write misses to the writer's cache), and the allocators to lose
 * as well: they read-modify-write, as the kernel does, and each read must take the line back from the
 * readers (a writer that only stores would barely notice, which is why the model does not do that).
 * Each operation counts once: a reader operation is one pcpu_chunk_addr(), an allocator operation
 * one allocation or one free.
 *
 * The readers batch 1024 pcpu_chunk_addr() per call (@OperationsPerInvocation) so that JMH's per-call
 * cost does not dilute the effect, and load base_addr with READ_ONCE strength (a volatile load from
 * the struct's raw address, see RawAddressLoad) so that the JIT cannot hoist the load out of the
 * loop: every operation is a real load of the shared line, at about the rate of a C loop.
 *
 * Run (JMH orders a group's methods by name, so -tg gives allocators first, then readers):
 *   java -jar target/benchmarks.jar ChunkFalseSharing                    # 1 allocator : 1 reader
 *   java -jar target/benchmarks.jar ChunkFalseSharing -tg 1,3            # 1 allocator : 3 readers
 *   java -jar target/benchmarks.jar ChunkFalseSharing -p config=+stats
 * Keep the thread count at or below the core count: with more threads than cores the lock holder can
 * be descheduled and the numbers say more about the scheduler than about lines.
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
        chunk = new OffHeapPcpuChunk(PercpuParams.layout(layout), PercpuParams.config(config));
        lock = new PcpuLock();
        unitPageOffsets = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), PcpuChunkWorkload.OPS);
        System.out.println("# " + chunk.describe());
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
    public void allocator(PendingArea area, Control control) {
        PcpuChunkWorkload.allocateOrFree(chunk, lock, area, control);
    }
}
