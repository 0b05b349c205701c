package org.cachelinebench.coherence.unit;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.layout.Memory;

/**
 * A recording memory seen through: every access goes to the {@link TracedMemory} underneath, as the code under
 * trace made it, and is also told to a {@link CriticalPath.Recorder} with what the caches do not see: whether it
 * was an acquire (a load the code orders later loads after: acquire, volatile, a locked RMW) and, once the caches
 * have counted it, whether it missed with a transfer. The order number is taken before the access, while the
 * accessing CPU holds the turn, so that the recorder sees the accesses in the order the caches did.
 */
final class PathMemory extends Memory.Traced {
    private final Trace trace;
    private final TracedMemory inner;
    private final CriticalPath.Recorder recorder;
    /** The accessing CPU's transfers before the access under way, per CPU. */
    private final double[] transfersBefore;

    PathMemory(Trace trace, TracedMemory inner, CriticalPath.Recorder recorder) {
        this.trace = trace;
        this.inner = inner;
        this.recorder = recorder;
        this.transfersBefore = new double[trace.caches().cpus()];
    }

    @Override public int lineSize() { return inner.lineSize(); }
    @Override public int capacity() { return inner.capacity(); }

    /** The access's order number, or -1 outside a run (setup, clearing). */
    private int before(int i, Kind kind, boolean acquire) {
        if (!trace.running()) {
            return -1;
        }
        int cpu = trace.cpu();
        transfersBefore[cpu] = trace.caches().ofCpu(cpu).transfers();
        return recorder.begin(cpu, inner.lineOf(i), kind, acquire);
    }

    /** After the access (and any turns other CPUs took meanwhile): whether it moved a line to its CPU. */
    private void after(int at) {
        if (at >= 0) {
            int cpu = recorder.cpuOf(at);
            recorder.end(at, trace.caches().ofCpu(cpu).transfers() > transfersBefore[cpu]);
        }
    }

    @Override public long getLong(int i) { int at = before(i, Kind.READ, false); long x = inner.getLong(i); after(at); return x; }
    @Override public void setLong(int i, long v) { int at = before(i, Kind.WRITE, false); inner.setLong(i, v); after(at); }
    @Override public long getLongOpaque(int i) { int at = before(i, Kind.READ, false); long x = inner.getLongOpaque(i); after(at); return x; }
    @Override public long getLongAcquire(int i) { int at = before(i, Kind.READ, true); long x = inner.getLongAcquire(i); after(at); return x; }
    @Override public void setLongRelease(int i, long v) { int at = before(i, Kind.WRITE, false); inner.setLongRelease(i, v); after(at); }
    @Override public long getLongVolatile(int i) { int at = before(i, Kind.READ, true); long x = inner.getLongVolatile(i); after(at); return x; }
    @Override public void setLongVolatile(int i, long v) { int at = before(i, Kind.WRITE, false); inner.setLongVolatile(i, v); after(at); }
    @Override public boolean compareAndSetLong(int i, long expect, long update) { int at = before(i, Kind.RMW, true); boolean x = inner.compareAndSetLong(i, expect, update); after(at); return x; }
    @Override public long compareAndExchangeLong(int i, long expect, long update) { int at = before(i, Kind.RMW, true); long x = inner.compareAndExchangeLong(i, expect, update); after(at); return x; }
    @Override public long getAndSetLong(int i, long v) { int at = before(i, Kind.RMW, true); long x = inner.getAndSetLong(i, v); after(at); return x; }
    @Override public int getInt(int i) { int at = before(i, Kind.READ, false); int x = inner.getInt(i); after(at); return x; }
    @Override public void setInt(int i, int v) { int at = before(i, Kind.WRITE, false); inner.setInt(i, v); after(at); }
    @Override public int getIntOpaque(int i) { int at = before(i, Kind.READ, false); int x = inner.getIntOpaque(i); after(at); return x; }
    @Override public void setIntOpaque(int i, int v) { int at = before(i, Kind.WRITE, false); inner.setIntOpaque(i, v); after(at); }
    @Override public int getIntAcquire(int i) { int at = before(i, Kind.READ, true); int x = inner.getIntAcquire(i); after(at); return x; }
    @Override public void setIntRelease(int i, int v) { int at = before(i, Kind.WRITE, false); inner.setIntRelease(i, v); after(at); }
    @Override public int getIntVolatile(int i) { int at = before(i, Kind.READ, true); int x = inner.getIntVolatile(i); after(at); return x; }
    @Override public boolean compareAndSetInt(int i, int expect, int update) { int at = before(i, Kind.RMW, true); boolean x = inner.compareAndSetInt(i, expect, update); after(at); return x; }
}
