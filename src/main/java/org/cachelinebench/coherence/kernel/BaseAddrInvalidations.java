package org.cachelinebench.coherence.kernel;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;

/**
 * How often the allocator's steps take base_addr's line from a reader, per step, traced from the allocator's own
 * code: {@link PcpuChunkWorkload#allocateOrFreeOnce} on a recording chunk of the layout, each member access told to
 * a pair of caches (CPU 0 the allocator, CPU 1 a reader of {@code base_addr}). How many of the step's stores find
 * the reader's copy depends on how often the reader loads, so the count is given between the reader's two extremes:
 *
 * @param low  invalidations per step when the reader loads base_addr once between two steps (at most one a step)
 * @param high the same when it loads after every access of the allocator (every store to the line after a load
 *             of it finds a copy)
 */
public record BaseAddrInvalidations(double low, double high) {
    /** Steps before counting (the chunk's hints settle) and counted: alloc and free alternate, so both are even. */
    static final int WARMUP_STEPS = 64;
    static final int COUNTED_STEPS = 1024;

    /** True when no step ever writes base_addr's line: the reader's loads all hit after the first. */
    public boolean none() {
        return high == 0;
    }

    /** The layout {@code factory} builds, under {@code model}'s protocol and prefetcher. */
    public static BaseAddrInvalidations of(ChunkTrace.ChunkFactory factory, Model model) {
        return new BaseAddrInvalidations(count(factory, model, false), count(factory, model, true));
    }

    private static double count(ChunkTrace.ChunkFactory factory, Model model, boolean afterEveryAccess) {
        // Outside a run the trace's memories change values only: the pair of caches below counts every access.
        Trace trace = model.trace(2);
        TracedPcpuChunk chunk = factory.in(trace.memory(ChunkTrace.CHUNK_LINES, false));
        PcpuLock lock = new PcpuLock(trace.memory(PcpuLock.LINES, true));
        Caches caches = new Caches(model.protocol(), model.prefetch(), 2);
        long base = chunk.baseAddrLine();
        Told told = new Told(chunk, caches, afterEveryAccess ? base : -1);
        PendingArea area = new PendingArea();
        for (int step = 0; step < WARMUP_STEPS + COUNTED_STEPS; step++) {
            if (step == WARMUP_STEPS) {
                caches.resetCounts();
            }
            caches.access(1, Kind.READ, base);
            if (!PcpuChunkWorkload.allocateOrFreeOnce(told, lock, area, null)) {
                throw new IllegalStateException("the allocator's step did not take an uncontended lock");
            }
        }
        return caches.ofLine(base).invalidations() / COUNTED_STEPS;
    }

    /**
     * The chunk with each access told to the caches as CPU 0's, and, when {@code readerLine} is a line, a reader's
     * load of it after each.
     */
    private record Told(TracedPcpuChunk chunk, Caches caches, long readerLine) implements PcpuChunkFields {
        @Override
        public int getInt(int member) {
            int v = chunk.getInt(member);
            told(Kind.READ, chunk.lineOfMember(member));
            return v;
        }

        @Override
        public void setInt(int member, int value) {
            chunk.setInt(member, value);
            told(Kind.WRITE, chunk.lineOfMember(member));
        }

        @Override
        public long baseAddrOnce() {
            long v = chunk.baseAddrOnce();
            told(Kind.READ, chunk.baseAddrLine());
            return v;
        }

        @Override
        public void statsAreaAlloc(int size) {
            chunk.statsAreaAlloc(size);
        }

        @Override
        public void statsAreaDealloc() {
            chunk.statsAreaDealloc();
        }

        private void told(Kind kind, long line) {
            caches.access(0, kind, line);
            if (readerLine >= 0) {
                caches.access(1, Kind.READ, readerLine);
            }
        }
    }
}
