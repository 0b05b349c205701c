package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.chunk.PcpuExecl;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.harness.chunk.PercpuParams;
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
 * Lesson: when every thread is both a writer (pcpu_alloc_area() and the free, under pcpu_lock) and a reader
 * (one base_addr load per possible CPU, outside it), v6.4-rc4's base_addr loads miss on the line another
 * thread's allocation just wrote, as soon as two threads run on different cores. One operation is one
 * pcpu_alloc() + free_percpu() pair; the possible CPUs are the CPUs this JVM may use.
 * Rule: compare layouts at the same thread count; with one thread there is nothing to share.
 *
 *   java -jar target/benchmarks.jar ChunkSymmetric -t 2
 *
 * What one operation does and what is not modelled: docs/pcpu-chunk.md.
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
        chunk = PercpuParams.chunk(layout, config);
        lock = new PcpuLock();
        unitOffsets = PcpuUnits.offsets(PcpuUnits.possibleCpus());
        System.out.println("# " + chunk.describe());
    }

    /** One pcpu_alloc() + free_percpu() ({@link PcpuExecl}, the same step ChunkExecl's allocators run). */
    @Benchmark
    public long pcpuAllocFree(PendingArea area, Control control) {
        return PcpuExecl.allocFree(chunk, lock, unitOffsets, area, control);
    }
}
