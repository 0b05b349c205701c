package org.cachelinebench.coherence.kernel;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.layout.Memory;

/**
 * A recording memory seen through, each access told to a pair of caches as CPU 0's, by the line the recording
 * memory knows it by, and, once {@link #readerLoadsAfterEach} named a line, followed by CPU 1's load of it: how
 * {@link BaseAddrInvalidations} counts the allocator's whole path, int members and {@code members()} alike, without
 * a run. The values live in the memory underneath, which outside a run only keeps them.
 */
final class ToldMemory extends Memory.Traced {
    private final TracedMemory inner;
    private final Caches caches;
    /** -1: no reader load after the accesses. */
    private long readerLine = -1;

    ToldMemory(TracedMemory inner, Caches caches) {
        this.inner = inner;
        this.caches = caches;
    }

    /** From now on CPU 1 loads {@code line} after each access. */
    void readerLoadsAfterEach(long line) {
        readerLine = line;
    }

    private void told(int i, Kind kind) {
        caches.access(0, kind, inner.lineOf(i));
        if (readerLine >= 0) {
            caches.access(1, Kind.READ, readerLine);
        }
    }

    @Override public int lineSize() { return inner.lineSize(); }
    @Override public int capacity() { return inner.capacity(); }

    @Override public long getLong(int i) { long x = inner.getLong(i); told(i, Kind.READ); return x; }
    @Override public void setLong(int i, long v) { inner.setLong(i, v); told(i, Kind.WRITE); }
    @Override public long getLongOpaque(int i) { long x = inner.getLongOpaque(i); told(i, Kind.READ); return x; }
    @Override public long getLongAcquire(int i) { long x = inner.getLongAcquire(i); told(i, Kind.READ); return x; }
    @Override public void setLongRelease(int i, long v) { inner.setLongRelease(i, v); told(i, Kind.WRITE); }
    @Override public long getLongVolatile(int i) { long x = inner.getLongVolatile(i); told(i, Kind.READ); return x; }
    @Override public void setLongVolatile(int i, long v) { inner.setLongVolatile(i, v); told(i, Kind.WRITE); }
    // A locked read-modify-write takes the line exclusive whether or not it swaps, as the recording memory counts it.
    @Override public boolean compareAndSetLong(int i, long e, long u) { boolean x = inner.compareAndSetLong(i, e, u); told(i, Kind.RMW); return x; }
    @Override public long compareAndExchangeLong(int i, long e, long u) { long x = inner.compareAndExchangeLong(i, e, u); told(i, Kind.RMW); return x; }
    @Override public long getAndSetLong(int i, long v) { long x = inner.getAndSetLong(i, v); told(i, Kind.RMW); return x; }
    @Override public int getInt(int i) { int x = inner.getInt(i); told(i, Kind.READ); return x; }
    @Override public void setInt(int i, int v) { inner.setInt(i, v); told(i, Kind.WRITE); }
    @Override public int getIntOpaque(int i) { int x = inner.getIntOpaque(i); told(i, Kind.READ); return x; }
    @Override public void setIntOpaque(int i, int v) { inner.setIntOpaque(i, v); told(i, Kind.WRITE); }
    @Override public int getIntAcquire(int i) { int x = inner.getIntAcquire(i); told(i, Kind.READ); return x; }
    @Override public void setIntRelease(int i, int v) { inner.setIntRelease(i, v); told(i, Kind.WRITE); }
    @Override public int getIntVolatile(int i) { int x = inner.getIntVolatile(i); told(i, Kind.READ); return x; }
    @Override public boolean compareAndSetInt(int i, int e, int u) { boolean x = inner.compareAndSetInt(i, e, u); told(i, Kind.RMW); return x; }
}
