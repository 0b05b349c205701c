package org.cachelinebench.coherence;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.model.layout.Memory;

/**
 * A memory observed: every access goes to the memory underneath, as the code under trace made it, with a
 * subclass told of it before ({@link #before}) and after ({@link #after}): what kind it is for the caches, and
 * whether it is an acquire (a load the code orders later loads after: acquire, volatile, a locked RMW). The one
 * place that says which access is which, for every observer of a traced path.
 */
public abstract class ObservedMemory extends Memory.Traced {
    protected final Memory inner;

    protected ObservedMemory(Memory inner) {
        this.inner = inner;
    }

    /** Before the access to byte {@code i}; what it returns is given to {@link #after}. */
    protected abstract int before(int i, Kind kind, boolean acquire);

    /** After the access that {@link #before} returned {@code token} for; nothing by default. */
    protected void after(int token) {}

    @Override public final int lineSize() { return inner.lineSize(); }
    @Override public final int capacity() { return inner.capacity(); }

    @Override public final long getLong(int i) { int t = before(i, Kind.READ, false); long x = inner.getLong(i); after(t); return x; }
    @Override public final void setLong(int i, long v) { int t = before(i, Kind.WRITE, false); inner.setLong(i, v); after(t); }
    @Override public final long getLongOpaque(int i) { int t = before(i, Kind.READ, false); long x = inner.getLongOpaque(i); after(t); return x; }
    @Override public final long getLongAcquire(int i) { int t = before(i, Kind.READ, true); long x = inner.getLongAcquire(i); after(t); return x; }
    @Override public final void setLongRelease(int i, long v) { int t = before(i, Kind.WRITE, false); inner.setLongRelease(i, v); after(t); }
    @Override public final long getLongVolatile(int i) { int t = before(i, Kind.READ, true); long x = inner.getLongVolatile(i); after(t); return x; }
    @Override public final void setLongVolatile(int i, long v) { int t = before(i, Kind.WRITE, false); inner.setLongVolatile(i, v); after(t); }
    @Override public final boolean compareAndSetLong(int i, long e, long u) { int t = before(i, Kind.RMW, true); boolean x = inner.compareAndSetLong(i, e, u); after(t); return x; }
    @Override public final long compareAndExchangeLong(int i, long e, long u) { int t = before(i, Kind.RMW, true); long x = inner.compareAndExchangeLong(i, e, u); after(t); return x; }
    @Override public final long getAndSetLong(int i, long v) { int t = before(i, Kind.RMW, true); long x = inner.getAndSetLong(i, v); after(t); return x; }
    @Override public final int getInt(int i) { int t = before(i, Kind.READ, false); int x = inner.getInt(i); after(t); return x; }
    @Override public final void setInt(int i, int v) { int t = before(i, Kind.WRITE, false); inner.setInt(i, v); after(t); }
    @Override public final int getIntOpaque(int i) { int t = before(i, Kind.READ, false); int x = inner.getIntOpaque(i); after(t); return x; }
    @Override public final void setIntOpaque(int i, int v) { int t = before(i, Kind.WRITE, false); inner.setIntOpaque(i, v); after(t); }
    @Override public final int getIntAcquire(int i) { int t = before(i, Kind.READ, true); int x = inner.getIntAcquire(i); after(t); return x; }
    @Override public final void setIntRelease(int i, int v) { int t = before(i, Kind.WRITE, false); inner.setIntRelease(i, v); after(t); }
    @Override public final int getIntVolatile(int i) { int t = before(i, Kind.READ, true); int x = inner.getIntVolatile(i); after(t); return x; }
    @Override public final boolean compareAndSetInt(int i, int e, int u) { int t = before(i, Kind.RMW, true); boolean x = inner.compareAndSetInt(i, e, u); after(t); return x; }
}
