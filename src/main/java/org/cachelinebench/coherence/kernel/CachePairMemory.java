package org.cachelinebench.coherence.kernel;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.ObservedMemory;
import org.cachelinebench.coherence.TracedMemory;

/**
 * A recording memory whose every access is told to a pair of caches as CPU 0's, by the line the recording
 * memory knows it by, and, once {@link #readerLoadsAfterEach} named a line, followed by CPU 1's load of it: how
 * {@link BaseAddrInvalidations} counts the allocator's whole path, int members and {@code members()} alike, without
 * a run. The values live in the memory underneath, which outside a run only keeps them.
 */
final class CachePairMemory extends ObservedMemory {
    private final TracedMemory lines;
    private final Caches caches;
    /** -1: no reader load after the accesses. */
    private long readerLine = -1;

    CachePairMemory(TracedMemory inner, Caches caches) {
        super(inner);
        this.lines = inner;
        this.caches = caches;
    }

    /** From now on CPU 1 loads {@code line} after each access. */
    void readerLoadsAfterEach(long line) {
        readerLine = line;
    }

    /**
     * Tells the caches before the access: outside a run the memory underneath only keeps values, so the order is the
     * same. A locked read-modify-write takes the line exclusive whether or not it swaps, as the recording memory
     * counts it.
     */
    @Override
    protected int before(int i, Kind kind, boolean acquire) {
        caches.access(0, kind, lines.lineOf(i));
        if (readerLine >= 0) {
            caches.access(1, Kind.READ, readerLine);
        }
        return 0;
    }
}
