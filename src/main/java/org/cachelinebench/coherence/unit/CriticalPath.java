package org.cachelinebench.coherence.unit;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.kernel.HandshakeTrace;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.Handshake;

/**
 * Which of a handshake's line transfers wait for one another, per call: the critical path, not only the count.
 * The handshake is traced as {@link HandshakeTrace} traces it, under bursts (a CPU runs until it spins, as a core
 * runs until its wait), with every access also told to a {@link Recorder} ({@link PathMemory}). Within one CPU's
 * burst, in program order, only the loads that missed with a transfer count (a store waits in the store buffer; an
 * upgrade is paid with the transfer that gave the other CPU its copy, and the probes measure the two together):
 * <ul>
 *   <li>the first acquire load that misses is the burst's <b>hop</b>: the wait, ending when the other CPU's stores
 *       arrive. Further lines missed by acquires before any other access are part of the same wait (independent
 *       loads in one loop: {@link #parallel});</li>
 *   <li>after the wait, the first line missed is in <b>series</b> with the hop: its load is issued only once the wait
 *       has ended ({@link #serial}), or, when it is the hop line's 128-byte buddy, {@link #pair};</li>
 *   <li>every further line missed in the burst is issued with that one and overlaps it ({@link #parallel}).</li>
 * </ul>
 * The floor is two hops a round trip; each probe adds one line of one class ({@code model.ipi.LineProbe}), so that
 * {@link MeasuredUnitPrediction} prices every class at the run's own probe.
 *
 * @param hops     waits per call: each a transfer the other CPU's stores started
 * @param serial   lines per call loaded in series after a wait
 * @param pair     lines per call loaded in series after a wait from the waited line's 128-byte buddy
 * @param parallel lines per call whose misses overlap another's of the same burst
 */
public record CriticalPath(double hops, double serial, double pair, double parallel) {
    /** The path of the handshake {@code factory} builds, under {@code model} with bursts; per call. */
    public static CriticalPath of(Function<CsdBlock, Handshake> factory, Model model) {
        Recorder r = new Recorder();
        HandshakeTrace.trace(factory, model.with(Schedule.BURST), (trace, memory) -> new PathMemory(trace, memory, r),
                r::clear);
        return r.path(HandshakeTrace.CALLS);
    }

    /** Subject minus reference, class by class. */
    public CriticalPath minus(CriticalPath o) {
        return new CriticalPath(hops - o.hops, serial - o.serial, pair - o.pair, parallel - o.parallel);
    }

    /** "1 hop, 1 serial" style, for notes and tests. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%.2f hops, %.2f serial, %.2f pair, %.2f parallel per call", hops,
                serial, pair, parallel);
    }

    /** The accesses of one traced run in the caches' order, each with its CPU, line, kind and miss. */
    static final class Recorder {
        private final List<int[]> cpuKindAcquireMissed = new ArrayList<>();
        private final List<Long> lines = new ArrayList<>();
        /** Order number of the first access kept: an access begun before {@link #clear} may end after it. */
        private int base;
        private final List<Integer> cpus = new ArrayList<>();

        /** The access's order number. */
        int begin(int cpu, long line, Kind kind, boolean acquire) {
            cpuKindAcquireMissed.add(new int[] {cpu, kind.ordinal(), acquire ? 1 : 0, 0});
            lines.add(line);
            cpus.add(cpu);
            return base + lines.size() - 1;
        }

        int cpuOf(int at) {
            return cpus.get(at);
        }

        void end(int at, boolean missed) {
            if (at >= base) {
                cpuKindAcquireMissed.get(at - base)[3] = missed ? 1 : 0;
            }
        }

        /** The warm-up is over: forget it (an access under way then still finds its CPU). */
        void clear() {
            base += lines.size();
            cpuKindAcquireMissed.clear();
            lines.clear();
        }

        /** The classes of the recorded accesses, per call of {@code calls}. */
        CriticalPath path(int calls) {
            double hops = 0;
            double serial = 0;
            double pair = 0;
            double parallel = 0;
            int cpu = -1;
            boolean waiting = false;
            boolean afterWait = false;
            long hopLine = -1;
            Set<Long> missed = new LinkedHashSet<>();
            for (int k = 0; k < lines.size(); k++) {
                int[] a = cpuKindAcquireMissed.get(k);
                long line = lines.get(k);
                if (a[0] != cpu) {                      // another CPU's burst begins
                    cpu = a[0];
                    waiting = true;
                    afterWait = false;
                    hopLine = -1;
                    missed.clear();
                }
                boolean load = a[1] != Kind.WRITE.ordinal();
                boolean acquire = a[2] == 1;
                if (waiting && !(load && acquire && a[1] == Kind.READ.ordinal())) {
                    waiting = hopLine < 0;              // a burst that has not yet missed still waits
                }
                if (!load || a[3] == 0 || !missed.add(line)) {
                    continue;
                }
                if (hopLine < 0) {
                    hops++;
                    hopLine = line;
                } else if (waiting) {
                    parallel++;
                } else if (!afterWait) {
                    afterWait = true;
                    if ((line ^ 1) == hopLine) {
                        pair++;
                    } else {
                        serial++;
                    }
                } else {
                    parallel++;
                }
            }
            return new CriticalPath(hops / calls, serial / calls, pair / calls, parallel / calls);
        }
    }
}
