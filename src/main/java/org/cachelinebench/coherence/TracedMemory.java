package org.cachelinebench.coherence;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.model.layout.Memory;

/**
 * The recording {@link Memory}: the values live in a heap buffer, and every access is reported to its
 * {@link Trace} as a read, a write or a locked read-modify-write of its line, which may pass the turn to another
 * traced thread. Only the token holder runs, so plain buffer accesses are safe, and an atomic is atomic because no
 * other thread can run inside it. The strength of each access (plain, acquire, release, ...) is the caller's, as
 * in the kernel; coherence sees only what the access does to the line.
 */
public final class TracedMemory extends Memory.Traced {
    private final Trace trace;
    private final ByteBuffer buffer;
    private final int lineSize;
    private final long base;
    private final boolean waitedOn;

    TracedMemory(Trace trace, int lines, int lineSize, long base, boolean waitedOn) {
        this.waitedOn = waitedOn;
        this.trace = trace;
        this.buffer = ByteBuffer.allocate(lines * lineSize).order(ByteOrder.nativeOrder());
        this.lineSize = lineSize;
        this.base = base;
    }

    /** The trace this memory reports to: where a model gets more memories of their own, beside this one. */
    public Trace trace() {
        return trace;
    }

    /** The line number the caches know byte {@code index} by. */
    public long lineOf(int index) {
        return (base + index) / lineSize;
    }

    @Override public int lineSize() { return lineSize; }
    @Override public int capacity() { return buffer.capacity(); }

    private long read(int i, long v) {
        trace.accessed(base + i, Kind.READ, v, waitedOn);
        return v;
    }

    private void wrote(int i) {
        trace.accessed(base + i, Kind.WRITE, 0, waitedOn);
    }

    private void rmw(int i) {
        trace.accessed(base + i, Kind.RMW, 0, waitedOn);
    }

    // ---- 8-byte fields --------------------------------------------------------------------------

    @Override public long getLong(int i) { return read(i, buffer.getLong(i)); }
    @Override public void setLong(int i, long v) { buffer.putLong(i, v); wrote(i); }
    @Override public long getLongOpaque(int i) { return read(i, buffer.getLong(i)); }
    @Override public long getLongAcquire(int i) { return read(i, buffer.getLong(i)); }
    @Override public void setLongRelease(int i, long v) { buffer.putLong(i, v); wrote(i); }
    @Override public long getLongVolatile(int i) { return read(i, buffer.getLong(i)); }
    @Override public void setLongVolatile(int i, long v) { buffer.putLong(i, v); wrote(i); }

    @Override
    public boolean compareAndSetLong(int i, long expect, long update) {
        return compareAndExchangeLong(i, expect, update) == expect;
    }

    @Override
    public long compareAndExchangeLong(int i, long expect, long update) {
        long old = buffer.getLong(i);
        if (old == expect) {
            buffer.putLong(i, update);
        }
        rmw(i);   // lock cmpxchg takes the line exclusive whether or not it swaps
        return old;
    }

    @Override
    public long getAndSetLong(int i, long v) {
        long old = buffer.getLong(i);
        buffer.putLong(i, v);
        rmw(i);
        return old;
    }

    // ---- 4-byte fields --------------------------------------------------------------------------

    @Override public int getInt(int i) { return (int) read(i, buffer.getInt(i)); }
    @Override public void setInt(int i, int v) { buffer.putInt(i, v); wrote(i); }
    @Override public int getIntOpaque(int i) { return (int) read(i, buffer.getInt(i)); }
    @Override public void setIntOpaque(int i, int v) { buffer.putInt(i, v); wrote(i); }
    @Override public int getIntAcquire(int i) { return (int) read(i, buffer.getInt(i)); }
    @Override public void setIntRelease(int i, int v) { buffer.putInt(i, v); wrote(i); }
    @Override public int getIntVolatile(int i) { return (int) read(i, buffer.getInt(i)); }

    @Override
    public boolean compareAndSetInt(int i, int expect, int update) {
        int old = buffer.getInt(i);
        if (old == expect) {
            buffer.putInt(i, update);
        }
        rmw(i);
        return old == expect;
    }

    /** {@code lock cmpxchg} of an int: the old value, swapped for {@code update} when it was {@code expect}. */
    public int compareAndExchangeInt(int i, int expect, int update) {
        int old = buffer.getInt(i);
        if (old == expect) {
            buffer.putInt(i, update);
        }
        rmw(i);
        return old;
    }

    /** One locked read-modify-write of part of an int ({@code lock bts}, a 16-bit {@code xchg}): the old value. */
    public int getAndUpdateInt(int i, java.util.function.IntUnaryOperator f) {
        int old = buffer.getInt(i);
        buffer.putInt(i, f.applyAsInt(old));
        rmw(i);
        return old;
    }

    /** {@code prefetchw}: the line taken for ownership, as a store would take it, its data unchanged. */
    public void prefetchForWrite(int i) {
        wrote(i);
    }

    /** One plain store to part of an int (a byte or 16-bit store): the other bytes keep their values. */
    public void storeIntPart(int i, java.util.function.IntUnaryOperator f) {
        buffer.putInt(i, f.applyAsInt(buffer.getInt(i)));
        wrote(i);
    }
}
