package org.cachelinebench.coherence.unit;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.ObservedMemory;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;

/**
 * A recording memory seen through: every access goes to the {@link TracedMemory} underneath, as the code under
 * trace made it, and is also told to a {@link CriticalPath.Recorder} with what the caches do not see: whether it
 * was an acquire (a load the code orders later loads after: acquire, volatile, a locked RMW) and, once the caches
 * have counted it, whether it missed with a transfer. The order number is taken before the access, while the
 * accessing CPU holds the turn, so that the recorder sees the accesses in the order the caches did.
 */
final class PathMemory extends ObservedMemory {
    private final Trace trace;
    private final TracedMemory lines;
    private final CriticalPath.Recorder recorder;
    /** The accessing CPU's transfers before the access under way, per CPU. */
    private final double[] transfersBefore;

    PathMemory(Trace trace, TracedMemory inner, CriticalPath.Recorder recorder) {
        super(inner);
        this.trace = trace;
        this.lines = inner;
        this.recorder = recorder;
        this.transfersBefore = new double[trace.caches().cpus()];
    }

    /** The access's order number, or -1 outside a run (setup, clearing). */
    @Override
    protected int before(int i, Kind kind, boolean acquire) {
        if (!trace.running()) {
            return -1;
        }
        int cpu = trace.cpu();
        transfersBefore[cpu] = trace.caches().ofCpu(cpu).transfers();
        return recorder.begin(cpu, lines.lineOf(i), kind, acquire);
    }

    /** After the access (and any turns other CPUs took meanwhile): whether it moved a line to its CPU. */
    @Override
    protected void after(int at) {
        if (at >= 0) {
            int cpu = recorder.cpuOf(at);
            recorder.end(at, trace.caches().ofCpu(cpu).transfers() > transfersBefore[cpu]);
        }
    }
}
