package org.cachelinebench.coherence.kernel;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.percpu.PcpuLock;

/**
 * How often the allocator's steps take base_addr's line from a reader, per step, traced from the allocator's own
 * code: {@link PcpuChunkWorkload#allocateOrFreeOnce} at the occupancy {@code live} ({@link PendingArea#occupy}) on a
 * recording chunk of the layout, its whole path (the int members and {@code members()}: list, nr_empty_pop_pages,
 * the bitmap pointers, populated, obj_exts) told to a pair of caches ({@link CachePairMemory}: CPU 0 the allocator,
 * CPU 1 a reader of {@code base_addr}); the allocator's metadata is not traced, as in {@link ChunkTrace}. How many
 * of the step's stores find the reader's copy depends on how often the reader loads, so the count is given between
 * the reader's two extremes:
 *
 * @param low  invalidations per step when the reader loads base_addr once between two steps (at most one a step)
 * @param high the same when it loads after every access of the allocator (every store to the line after a load
 *             of it finds a copy)
 */
public record BaseAddrInvalidations(double low, double high) {
    /**
     * Steps at least before counting (the chunk's hints settle) and counted; each rounded up to whole periods of
     * 2 x live steps (live allocs, live frees), so the count holds the occupancy's rate of block turns exactly.
     */
    static final int WARMUP_STEPS = 64;
    static final int COUNTED_STEPS = 1024;

    /** True when no step ever writes base_addr's line: the reader's loads all hit after the first. */
    public boolean none() {
        return high == 0;
    }

    /** The layout {@code factory} builds, under {@code model}'s protocol and prefetcher, its allocator at {@code live}. */
    public static BaseAddrInvalidations of(ChunkTrace.ChunkFactory factory, Model model, int live) {
        return new BaseAddrInvalidations(count(factory, model, live, false), count(factory, model, live, true));
    }

    /** {@code steps} rounded up to whole periods of the occupancy. */
    static int wholePeriods(int steps, int live) {
        int period = 2 * live;
        return (steps + period - 1) / period * period;
    }

    private static double count(ChunkTrace.ChunkFactory factory, Model model, int live, boolean afterEveryAccess) {
        // Outside a run the trace's memories change values only: the pair of caches below counts every access.
        Trace trace = model.trace(2);
        TracedMemory lines = trace.memory(ChunkTrace.CHUNK_LINES, false);
        Caches caches = new Caches(model.protocol(), model.prefetch(), 2);
        List<CachePairMemory> told = new ArrayList<>();
        TracedPcpuChunk chunk = factory.in(lines, m -> {
            CachePairMemory t = new CachePairMemory(m, caches);
            told.add(t);
            return t;
        });
        long base = chunk.baseAddrLine();
        if (afterEveryAccess) {
            told.forEach(t -> t.readerLoadsAfterEach(base));
        }
        PcpuLock lock = new PcpuLock(trace.memory(PcpuLock.LINES, true));
        PendingArea area = new PendingArea();
        area.occupy(live);
        int warmup = wholePeriods(WARMUP_STEPS, live);
        int counted = wholePeriods(COUNTED_STEPS, live);
        for (int step = 0; step < warmup + counted; step++) {
            if (step == warmup) {
                caches.resetCounts();
            }
            caches.access(1, Kind.READ, base);
            if (!PcpuChunkWorkload.allocateOrFreeOnce(chunk, lock, area, null)) {
                throw new IllegalStateException("the allocator's step did not take an uncontended lock");
            }
        }
        return caches.ofLine(base).invalidations() / counted;
    }
}
