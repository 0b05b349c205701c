package org.cachelinebench.benchmarks.scaling;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ThreadIndex;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PcpuExecl;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.harness.pin.Place;
import org.cachelinebench.harness.pin.PlacedThread;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuLock;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/*
 * pcpu_chunk at the scale the 2023 report measured it: N CPUs, A of them running execl's pcpu_alloc() +
 * free_percpu() (PcpuExecl: base_addr through pcpu_chunk_addr(), pcpu_lock, the read-modify-write of free_bytes and
 * chunk_md in pcpu_alloc_area()/pcpu_free_area()), the other R = N - A only reading pcpu_chunk_addr() (the reader
 * loop of ChunkFalseSharing). The lesson: how the false sharing of v6.4-rc4 grows with the CPUs that share the
 * line, and with the readers in particular.
 *
 *   -t N                  the CPUs (default: all this JVM may use, as ChunkSymmetric)
 *   -p allocators=all|A   the first A threads allocate (default all: then this is ChunkSymmetric's execl, the same
 *                         step); the others read
 *   -p layout, config     as in ChunkFalseSharing
 *   -p place=off|smt|l3|socket|all   thread placement by topology (PlacedThread), printed per fork
 *
 * The counters are the result: "allocator" (execls per us, over the allocators) and "reader" (pcpu_chunk_addr()
 * per us, over the readers). The primary score mixes both kinds of call: do not read it.
 *
 * Run:
 *   java -jar target/benchmarks.jar ChunkExecl                                   # every CPU an allocator
 *   java -jar target/benchmarks.jar ChunkExecl -t 2 -p allocators=1 -p place=l3  # 1 allocator, 1 reader
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(Threads.MAX)
@State(Scope.Benchmark)
public class ChunkExecl {
    public static final String ALLOCATORS = "allocators";
    public static final String ALL = "all";

    @Param({"v6.4-rc4", "v6.5-merged"})
    public String layout;

    @Param({"default"})
    public String config;

    @Param({ALL})
    public String allocators;

    OffHeapPcpuChunk chunk;
    PcpuLock lock;
    /** {@code pcpu_unit_offsets[]} for each possible CPU: what an allocator's memset walks. */
    long[] unitOffsets;
    /** A reader call's pcpu_chunk_addr() arguments, as in ChunkFalseSharing. */
    long[] unitPageOffsets;
    /** Threads below this index allocate. */
    int allocatorThreads;

    /** Rejects a bad {@code -p} value before any fork starts. */
    public static void checkParam(String name, String value) {
        switch (name) {
            case ALLOCATORS:
                allocators(value, Integer.MAX_VALUE);
                break;
            case Place.PARAM:
                Place.check(value);
                break;
            default:
                PercpuParams.check(name, value);
        }
    }

    /** The allocator count {@code value} asks for among {@code threads} threads. */
    static int allocators(String value, int threads) {
        String v = value == null ? "" : value.trim();
        if (v.equals(ALL)) {
            return threads;
        }
        int a;
        try {
            a = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("allocators takes 'all' or a count of threads, not '" + v + "'");
        }
        if (a < 1 || a > threads) {
            throw new IllegalArgumentException("allocators=" + a + " outside 1.." + threads + " (the threads, -t)");
        }
        return a;
    }

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        chunk = PercpuParams.chunk(layout, config);
        lock = new PcpuLock();
        int cpus = PcpuUnits.possibleCpus();
        unitOffsets = PcpuUnits.offsets(cpus);
        unitPageOffsets = PcpuUnits.readerSequence(cpus, PcpuChunkWorkload.OPS);
        allocatorThreads = allocators(allocators, params.getThreads());
        System.out.println("# execl: " + allocatorThreads + " allocator(s) (pcpu_alloc + free_percpu), "
                + (params.getThreads() - allocatorThreads) + " reader(s) (pcpu_chunk_addr); " + chunk.describe());
    }


    /**
     * The result: execls by the allocators and pcpu_chunk_addr() calls by the readers, as rates (OPERATIONS: JMH
     * divides by the iteration's time, so a comparison of two forks is a ratio of costs, as for ChunkFalseSharing).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Ops {
        public long allocator;
        public long reader;

        @Setup(Level.Iteration)
        public void clear() {
            allocator = 0;
            reader = 0;
        }
    }

    @Benchmark
    public long execl(ThreadIndex role, Ops ops, PendingArea area, PlacedThread cpu, Control control) {
        if (role.index() < allocatorThreads) {
            long r = PcpuExecl.allocFree(chunk, lock, unitOffsets, area, control);
            if (r != 0) {
                ops.allocator++;
            }
            return r;
        }
        ops.reader += PcpuChunkWorkload.OPS;
        return PcpuChunkWorkload.sumChunkAddrs(chunk, unitPageOffsets);
    }
}
