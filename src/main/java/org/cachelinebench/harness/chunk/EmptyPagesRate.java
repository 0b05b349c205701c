package org.cachelinebench.harness.chunk;

import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.model.percpu.PcpuAllocatorMemory;

/**
 * The measured rate of the allocator's writes of {@code chunk->nr_empty_pop_pages}, from its own counters
 * ({@link PcpuAllocatorMemory#steps}, {@link PcpuAllocatorMemory#emptyPopPagesWrites}): the '#' line a pcpu_chunk
 * benchmark prints per fork, beside the occupancy that should give it (2 of 2N steps at live=N).
 */
public record EmptyPagesRate(long steps, long writes) {
    public static EmptyPagesRate of(PcpuAllocatorMemory memory) {
        return new EmptyPagesRate(memory.steps(), memory.emptyPopPagesWrites());
    }

    public EmptyPagesRate plus(EmptyPagesRate o) { return new EmptyPagesRate(steps + o.steps, writes + o.writes); }

    public EmptyPagesRate minus(EmptyPagesRate o) { return new EmptyPagesRate(steps - o.steps, writes - o.writes); }

    /** Writes per step, NaN before any step. */
    public double perStep() { return steps == 0 ? Double.NaN : (double) writes / steps; }

    /** "nr_empty_pop_pages written on 250 of 2000 allocator steps: 0.1250 per step (live=8: 1/8)". */
    public String describe(int live) {
        return String.format("nr_empty_pop_pages written on %d of %d allocator steps: %.4f per step (live=%d: %s)",
                writes, steps, perStep(), live, live == 1 ? "every step" : "1/" + live);
    }

    /** One '#' line per side of an interleaved run (off-heap blocks or Java objects): each side's rate over the fork. */
    public static String perSide(String title, ChunkInterleaving run, int live) {
        return InterleavedReport.perSide(title + ", the allocator's measured rate per side", run.names(),
                s -> run.places().emptyPagesRate(s).describe(live));
    }
}
