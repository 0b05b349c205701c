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
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/*
 * pcpu_chunk false sharing, symmetric: every CPU allocates, as in UnixBench execl.
 *
 * In the execl case every CPU runs the same path: execve() -> mm_init() -> percpu_counter_init()
 * -> pcpu_alloc(), and later free_percpu() when the process goes. Each thread here does what one
 * such pcpu_alloc() + free_percpu() pair does to struct pcpu_chunk:
 *
 *   spin_lock(pcpu_lock);   pcpu_alloc_area(): read-modify-write free_bytes, chunk_md hints
 *   spin_unlock(pcpu_lock);
 *   for_each_possible_cpu(cpu)              the memset of the new area in every unit:
 *       pcpu_chunk_addr(chunk, cpu, 0)      one load of base_addr per possible CPU
 *   __addr_to_pcpu_ptr(chunk->base_addr + off)
 *   spin_lock(pcpu_lock);   free_percpu(): off = addr - chunk->base_addr; pcpu_free_area()
 *   spin_unlock(pcpu_lock);
 *
 * so every thread is both a writer (under the lock) and a reader (outside it). The possible CPUs are
 * the CPUs this JVM may use. The struct is the kernel's, byte for byte, at the start of a line; the
 * lock word has a line of its own. Not modelled: pcpu_alloc_mutex, which the kernel takes around
 * sleeping allocations (the osq_lock in the execl profile), the bitmaps and the memset itself; they
 * are the same for every layout.
 *
 *   -p layout=v6.4-rc4 | v2-reorder | v6.5-merged     (see ChunkFalseSharing)
 *   -p config=default | +stats | -memcg | +stats-memcg
 *
 * One operation is one pcpu_alloc() + free_percpu() pair. Expect v6.4-rc4 to be slower than the
 * other two as soon as two threads run on different cores: the base_addr loads of one thread miss on
 * the line the other's allocation just wrote. With one thread there is nothing to share.
 *
 * Run (threads: all CPUs by default):
 *   java -jar target/benchmarks.jar ChunkSymmetric
 *   java -jar target/benchmarks.jar ChunkSymmetric -t 2
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(Threads.MAX)
@State(Scope.Benchmark)
public class ChunkSymmetric {
    @Param({"v6.4-rc4", "v2-reorder", "v6.5-merged"})
    public String layout;

    @Param({"default"})
    public String config;

    OffHeapPcpuChunk chunk;
    PcpuLock lock;
    /** {@code pcpu_unit_offsets[]} for each possible CPU. */
    long[] unitOffsets;

    /** Rejects a bad {@code -p} value before any fork starts (called by the suite's Main and by setUp). */
    public static void checkParam(String name, String value) {
        PercpuParams.check(name, value);
    }

    @Setup(Level.Trial)
    public void setUp() {
        chunk = new OffHeapPcpuChunk(PercpuParams.layout(layout), PercpuParams.config(config));
        lock = new PcpuLock();
        unitOffsets = PcpuUnits.offsets(PcpuUnits.possibleCpus());
        System.out.println("# " + chunk.describe());
    }

    /**
     * One pcpu_alloc() + free_percpu(). {@code area} holds an area whose free_percpu() an iteration's end cut
     * short; it is freed first.
     */
    @Benchmark
    public long pcpuAllocFree(PendingArea area, Control control) {
        return PcpuChunkWorkload.allocReadFree(chunk, lock, area, unitOffsets, control);
    }
}
