package org.cachelinebench.coherence.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PcpuExecl;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.percpu.PcpuLock;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.openjdk.jmh.infra.Control;

/**
 * Traces the {@code pcpu_chunk} workloads through {@link PcpuChunkWorkload}'s own steps, on a recording chunk (a
 * layout's offsets, {@link TracedPcpuChunk}) and {@code pcpu_lock} as the kernel's queued spinlock
 * ({@link QueuedSpinlock}: FIFO, as the benchmarks' test-and-test-and-set lock is not):
 * <ul>
 *   <li>{@link #readersAndAllocator}: ChunkFalseSharing's shape, CPU 0 running {@code allocateOrFree}, the
 *       others {@code sumChunkAddrs}; per operation of each role.</li>
 *   <li>{@link #symmetric}: ChunkSymmetric's, every CPU running {@code PcpuExecl.allocFree} with one {@code base_addr}
 *       load per CPU; per operation.</li>
 *   <li>{@link #execl}: ChunkExecl's, its first CPUs running {@code PcpuExecl.allocFree}, the others
 *       {@code sumChunkAddrs}; per execl and per reader load.</li>
 * </ul>
 * How many reads a reader makes per allocator operation is the schedule's: the readers never wait, so under the
 * burst schedule every CPU makes a quantum of accesses per turn, and a reader does about as many reads as the
 * allocator makes accesses per allocation (a lock, nine members, an unlock). Only the lock's words are memory that
 * threads wait on: a CPU spinning for the lock passes its turn, so a holder is never starved.
 */
public final class ChunkTrace {
    private ChunkTrace() {}

    public static final String READER = "reader";
    public static final String ALLOCATOR = "allocator";
    public static final String CPU = "cpu";

    /** A chunk of some layout in a trace's memory. */
    @FunctionalInterface
    public interface ChunkFactory {
        /**
         * The chunk in {@code memory} (and any memory of its own it takes beside it in the same trace), every
         * access of its members, set-up included, going to {@code view}'s memory over the one it is in.
         */
        TracedPcpuChunk in(TracedMemory memory, MemoryView view);

        /** The chunk with its accesses going straight to the trace's memories. */
        default TracedPcpuChunk in(TracedMemory memory) {
            return in(memory, MemoryView.DIRECT);
        }
    }

    /**
     * What a chunk's accesses to a trace memory go to: the memory itself, or one that sees through to it and does
     * more with each access (tells a pair of caches, {@link BaseAddrInvalidations}).
     */
    @FunctionalInterface
    public interface MemoryView {
        MemoryView DIRECT = memory -> memory;

        Memory of(TracedMemory memory);
    }

    /** Lines the chunk's memory gets: the kernel structs and the Java classes, padding included, fit in eight. */
    static final int CHUNK_LINES = 8;
    /** Reads per reader batch: {@code sumChunkAddrs} over this many unit offsets. */
    static final int READ_BATCH = 64;
    /** {@code allocateOrFree} calls of the allocator: the first warms up, the rest are counted. */
    static final int ALLOCATOR_CALLS = 2;
    /** {@code PcpuExecl.allocFree} calls per CPU before counting, and counted. */
    static final int SYMMETRIC_WARMUP = 2;
    /**
     * Calls after the warm-up, over all CPUs, each CPU making at least {@link #MIN_CALLS_PER_CPU}; they are counted
     * from the moment the last CPU has warmed up until the first is done, so every CPU competes throughout.
     */
    static final int SYMMETRIC_CALLS = 512;
    static final int MIN_CALLS_PER_CPU = 8;
    static final long STEPS_PER_OP = 100_000;

    /** One allocator (CPU 0) and {@code readers} readers (CPUs 1..readers), per operation of each role. */
    public static Traced readersAndAllocator(ChunkFactory chunkFactory, int readers, Model model) {
        return readersAndAllocator(chunkFactory, readers, 1, model);
    }

    /**
     * The same with the allocator at occupancy {@code live} (PendingArea#occupy): each call's
     * {@link PcpuChunkWorkload#OPS} steps are whole periods of 2 x live steps for every live value that divides
     * them, so the counted call holds the benchmark's rate of nr_empty_pop_pages writes exactly.
     */
    public static Traced readersAndAllocator(ChunkFactory chunkFactory, int readers, int live, Model model) {
        if (readers < 1) {
            throw new IllegalArgumentException("need at least one reader, not " + readers);
        }
        int cpus = readers + 1;
        Trace trace = model.trace(cpus);
        TracedPcpuChunk chunk = chunkFactory.in(trace.memory(CHUNK_LINES, false));
        PcpuLock lock = new QueuedSpinlock(trace);
        Control control = new Control();
        long[] readerOps = new long[1];
        long[] allocatorOps = new long[1];
        boolean[] phase = new boolean[2];   // [0] counting, [1] done
        long[] sequence = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), READ_BATCH);
        List<Runnable> bodies = new ArrayList<>();
        bodies.add(() -> {
            PendingArea area = new PendingArea();
            area.occupy(live);
            for (int call = 0; call < ALLOCATOR_CALLS; call++) {
                if (call == 1) {
                    trace.caches().resetCounts();
                    phase[0] = true;
                }
                PcpuChunkWorkload.allocateOrFree(chunk, lock, area, control);
                if (phase[0]) {
                    allocatorOps[0] += PcpuChunkWorkload.OPS;
                }
            }
            phase[1] = true;
        });
        for (int r = 0; r < readers; r++) {
            bodies.add(() -> {
                while (!phase[1]) {
                    boolean counting = phase[0];
                    PcpuChunkWorkload.sumChunkAddrs(chunk, sequence);
                    if (counting && !phase[1]) {
                        readerOps[0] += sequence.length;
                    }
                }
            });
        }
        trace.run(bodies, STEPS_PER_OP * PcpuChunkWorkload.OPS * ALLOCATOR_CALLS * cpus);
        Caches c = trace.caches();
        Traffic readerTraffic = Traffic.NONE;
        for (int cpu = 1; cpu < cpus; cpu++) {
            readerTraffic = readerTraffic.plus(c.ofCpu(cpu));
        }
        Map<String, Traffic> byRole = new LinkedHashMap<>();
        byRole.put(ALLOCATOR, c.ofCpu(0).per(allocatorOps[0]));
        byRole.put(READER, readerOps[0] == 0 ? Traffic.NONE : readerTraffic.per(readerOps[0]));
        return new Traced(allocatorOps[0], c.total().per(allocatorOps[0]), lines(c, chunk, allocatorOps[0]), byRole);
    }

    /** {@code cpus} CPUs each allocating, reading {@code base_addr} once per CPU, and freeing; per operation. */
    public static Traced symmetric(ChunkFactory chunkFactory, int cpus, Model model) {
        return execl(chunkFactory, cpus, cpus, model);
    }

    /**
     * ChunkExecl's shape: CPUs 0..allocators-1 each running {@code PcpuExecl.allocFree} (one {@code base_addr} load
     * per CPU), the others {@code sumChunkAddrs}. Counted from the moment the last allocator has warmed up until the
     * first is done, so every CPU competes throughout; per execl ({@link #CPU}: all traffic; {@link #ALLOCATOR}: the
     * allocators' CPUs') and per reader load ({@link #READER}: the readers' CPUs').
     */
    public static Traced execl(ChunkFactory chunkFactory, int cpus, int allocators, Model model) {
        if (allocators < 1 || allocators > cpus) {
            throw new IllegalArgumentException(allocators + " allocators among " + cpus + " CPUs");
        }
        Trace trace = model.trace(cpus);
        TracedPcpuChunk chunk = chunkFactory.in(trace.memory(CHUNK_LINES, false));
        PcpuLock lock = new QueuedSpinlock(trace);
        Control control = new Control();
        long[] unitOffsets = PcpuUnits.offsets(cpus);
        long[] sequence = PcpuUnits.readerSequence(cpus, READ_BATCH);
        int perCpu = Math.max(MIN_CALLS_PER_CPU, SYMMETRIC_CALLS / cpus);   // an execl's cost grows with the CPUs
        int[] warm = new int[1];
        boolean[] window = new boolean[2];   // [0] counting, [1] ended
        long[] ops = new long[2];            // [0] execls, [1] reader loads, begun in the window
        List<Counts> atEnd = new ArrayList<>();   // the counts when the first allocator is done
        List<Runnable> bodies = new ArrayList<>();
        for (int t = 0; t < allocators; t++) {
            bodies.add(() -> {
                PendingArea area = new PendingArea();
                for (int i = 0; i < SYMMETRIC_WARMUP + perCpu; i++) {
                    if (i == SYMMETRIC_WARMUP && ++warm[0] == allocators) {
                        trace.caches().resetCounts();   // the last allocator out of its warm-up starts the count
                        window[0] = true;
                    }
                    if (window[0] && !window[1]) {
                        ops[0]++;                       // calls begun while every CPU is in its counted calls
                    }
                    PcpuExecl.allocFree(chunk, lock, unitOffsets, area, control);
                }
                if (!window[1]) {                       // the first allocator done ends the count: all ran until now
                    window[1] = true;
                    atEnd.add(Counts.of(trace.caches()));
                }
            });
        }
        for (int r = allocators; r < cpus; r++) {
            bodies.add(() -> {
                while (!window[1]) {
                    boolean counting = window[0];
                    PcpuChunkWorkload.sumChunkAddrs(chunk, sequence);
                    if (counting && !window[1]) {
                        ops[1] += sequence.length;
                    }
                }
            });
        }
        trace.run(bodies, STEPS_PER_OP * (SYMMETRIC_WARMUP + perCpu) * allocators * (cpus + 30L) * (1 + cpus - allocators));
        if (!window[0] || ops[0] == 0) {
            throw new IllegalStateException("no call of " + cpus + " CPUs was counted: one finished before the last warmed up");
        }
        Counts end = atEnd.get(0);
        Traffic perOp = end.total().per(ops[0]);
        Map<String, Traffic> lines = new LinkedHashMap<>();
        long base = chunk.baseAddrLine();
        end.byLine().forEach((line, x) -> lines.put(line == base ? "base_addr's line" : "line " + line, x.per(ops[0])));
        Traffic allocatorTraffic = Traffic.NONE;
        Traffic readerTraffic = Traffic.NONE;
        for (int cpu = 0; cpu < cpus; cpu++) {
            if (cpu < allocators) {
                allocatorTraffic = allocatorTraffic.plus(end.byCpu()[cpu]);
            } else {
                readerTraffic = readerTraffic.plus(end.byCpu()[cpu]);
            }
        }
        Map<String, Traffic> byRole = new LinkedHashMap<>();
        byRole.put(CPU, perOp);
        byRole.put(ALLOCATOR, allocatorTraffic.per(ops[0]));
        if (allocators < cpus) {
            byRole.put(READER, ops[1] == 0 ? Traffic.NONE : readerTraffic.per(ops[1]));
        }
        return new Traced(ops[0], perOp, lines, byRole);
    }

    /** The caches' counts at one moment of a run. */
    private record Counts(Traffic total, Map<Long, Traffic> byLine, Traffic[] byCpu) {
        static Counts of(Caches c) {
            Traffic[] cpus = new Traffic[c.cpus()];
            for (int cpu = 0; cpu < cpus.length; cpu++) {
                cpus[cpu] = c.ofCpu(cpu);
            }
            return new Counts(c.total(), c.byLine(), cpus);
        }
    }

    private static Map<String, Traffic> lines(Caches c, TracedPcpuChunk chunk, long ops) {
        Map<String, Traffic> m = new LinkedHashMap<>();
        long base = chunk.baseAddrLine();
        c.byLine().forEach((line, t) -> m.put(line == base ? "base_addr's line" : "line " + line, t.per(ops)));
        return m;
    }
}
