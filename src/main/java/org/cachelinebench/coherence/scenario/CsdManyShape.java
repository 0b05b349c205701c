package org.cachelinebench.coherence.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.model.ipi.CallMany;
import org.cachelinebench.model.ipi.CsdAllocationOrder;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.ManyHandshake;
import org.cachelinebench.model.ipi.PercpuCsdUnits;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/**
 * IpiMany's shape at any CPU count, as the scaling sets run it: N/2 senders each calling
 * {@code smp_call_function_many_cond()} with no condition (sync, the kernel's IPIs to idle targets) on the same N/2
 * targets, their per-cpu csds placed by {@link PercpuCsdUnits} on a recording memory (adjacent, or the boot CPU's
 * apart: {@link CsdAllocationOrder}, an assumption either way), the protocol {@link CallMany}'s own code. One
 * series per alignment of the scaling sets (64: the 2017 series, 32: mainline, 8 from byte 48: v4.13's straddles)
 * and the extra of mainline's over line alignment, the number a 32-or-64 decision needs. Transfers are every CPU's,
 * per completed call (one call queues a csd on every target), counted over whole periods of the senders' progress
 * while every sender calls ({@link #trace(int, int, int, int, CsdAllocationOrder, Handshake, Model, int, int)}).
 * Traced round-robin whatever the model's schedule, as {@link Shapes#PCPU_SYMMETRIC}: the false sharing here is
 * senders writing neighbouring csds of one line at the same time, which a burst hides (a sender's turn queues on many targets before another sender runs). With the
 * doorbell handshake ({@link #doorbell}) at one sender and one target it is IpiInterleaved's csd with the doorbell
 * protocol on the current layout.
 */
final class CsdManyShape implements Shape {
    static final String LINE_ALIGNED = "align-64";
    static final String SIZE_ALIGNED = "align-32";
    static final String STRADDLED = "align-8-at-48";
    static final String EXTRA = "extra-32-vs-64";

    /** Rounds left out before a period is looked for: the cold start's first calls are never the steady state's. */
    static final int SETTLE = 2;
    /** Whole periods the curve counts. */
    static final int PERIODS = 1;
    /** The longest period looked for, in rounds. */
    static final int MAX_PERIOD = 8;
    /** Rounds a period must repeat over beyond its first occurrence, at least: one equal pair could be chance. */
    static final int MIN_REPEAT = 2;
    /**
     * Calls over all senders a trace makes at most looking for a period: a trace's cost grows with senders x targets
     * x CPUs, so the rounds allowed shrink as senders grow (at least {@link #MIN_ROUNDS}).
     */
    static final int MAX_CALLS = 1536;
    /** Rounds allowed whatever the senders: enough for {@link #SETTLE} and a few short periods. */
    static final int MIN_ROUNDS = 12;
    /** Accesses one csd may take at most, spins included, before the trace is called stuck. */
    static final long STEPS_PER_CSD = 100_000;

    /** Each traced point once per run: the extra series reuses the two it subtracts. */
    private final Map<String, Double> traced = new ConcurrentHashMap<>();
    private final CsdAllocationOrder order;

    /** The shape with the senders' csds placed by {@code order}. */
    CsdManyShape(CsdAllocationOrder order) {
        this.order = order;
    }

    /** "csd-many" for adjacent csds (the scaling sets' placement), "csd-many-boot-apart" for the other. */
    @Override public String name() {
        return order == CsdAllocationOrder.ADJACENT ? "csd-many" : "csd-many-" + order.value();
    }

    @Override
    public String title() {
        return "smp_call_function_many_cond() with no condition: N/2 senders to the same N/2 targets, sync, idle"
                + " targets woken as the kernel wakes them, per-cpu csds " + order.value() + " (assumed), round-robin";
    }

    @Override public String unit() { return "per call, every CPU's"; }
    @Override public List<String> series() { return List.of(LINE_ALIGNED, SIZE_ALIGNED, STRADDLED, EXTRA); }
    @Override public int minCpus() { return 2; }
    /** The 224 threads of the server the curve is for; a point there takes seconds. */
    @Override public int maxCpus() { return 224; }

    @Override
    public double transfers(String series, int cpus, Model model) {
        if (cpus < minCpus() || cpus % 2 != 0) {
            throw new IllegalArgumentException(name() + " runs at an even count of CPUs from 2, not " + cpus);
        }
        return switch (series) {
            case LINE_ALIGNED -> point(64, 0, cpus, model);
            case SIZE_ALIGNED -> point(32, 0, cpus, model);
            case STRADDLED -> point(8, 48, cpus, model);
            case EXTRA -> point(32, 0, cpus, model) - point(64, 0, cpus, model);
            default -> throw new IllegalArgumentException("no series " + series + " in " + name());
        };
    }

    private double point(int align, int start, int cpus, Model model) {
        Model roundRobin = model.with(Schedule.ROUND_ROBIN);
        String key = align + "/" + start + "/" + cpus + "/" + roundRobin;
        return traced.computeIfAbsent(key, k -> trace(cpus / 2, cpus / 2, align, start, order, kernel(IpiMode.SYNC, 0),
                roundRobin, SETTLE, PERIODS).perOperation().transfers());
    }

    /** {@code senders} CPUs calling the same {@code targets} CPUs (after them), per completed call: the curve's. */
    static Traced trace(int senders, int targets, int align, int start, Model model) {
        return trace(senders, targets, align, start, kernel(IpiMode.SYNC, 0), model);
    }

    /** The calls of {@link CallMany}, {@code mode} and {@code work} as given, the IPI a doorbell. */
    static Handshake doorbell(IpiMode mode, long work) {
        return units -> CallMany.on(units, mode, true, work);
    }

    /** The calls of {@link CallMany}, {@code mode} and {@code work} as given, the kernel's IPIs: the curve's. */
    static Handshake kernel(IpiMode mode, long work) {
        return units -> CallMany.on(units, mode, false, work);
    }

    /** What runs on the units: IpiMany's choice of {@link CallMany} or {@code FlagFanout} for its parameters. */
    @FunctionalInterface
    interface Handshake {
        ManyHandshake on(PercpuCsdUnits units);
    }

    /** {@code senders} CPUs calling the same {@code targets} CPUs with {@code protocol}, per completed call. */
    static Traced trace(int senders, int targets, int align, int start, Handshake protocol, Model model) {
        return trace(senders, targets, align, start, protocol, model, SETTLE, PERIODS);
    }

    /** {@link #trace(int, int, int, int, CsdAllocationOrder, Handshake, Model, int, int)} of adjacent csds. */
    static Traced trace(int senders, int targets, int align, int start, Handshake protocol, Model model, int settle,
                        int periods) {
        return trace(senders, targets, align, start, CsdAllocationOrder.ADJACENT, protocol, model, settle, periods);
    }

    /**
     * Counted over {@code periods} whole periods of the senders' progress, the first {@code settle} rounds left out. A
     * round runs from one completed call of the first sender to its next; round-robin over a deterministic protocol
     * makes the rounds repeat once the cold start has worn off, so the traffic and calls of each round are compared
     * with those of the rounds before: the count is the last {@code periods} periods of the shortest period
     * ({@link #MAX_PERIOD} rounds at most) seen repeating over {@code periods + 1} periods and at least
     * {@link #MIN_REPEAT} rounds more than one. Its calls are a whole number per sender, each period's the same, so
     * neither the warm-up nor the count's length changes it. Where no period repeats within the rounds allowed
     * ({@link #MAX_CALLS}), the count is the later half of the rounds after {@code settle}: a mean, not a period.
     * Every sender calls until the count is taken, so no round holds a tail with fewer senders.
     */
    static Traced trace(int senders, int targets, int align, int start, CsdAllocationOrder order, Handshake protocol,
                        Model model, int settle, int periods) {
        if (settle < 0 || periods < 1) {
            throw new IllegalArgumentException("settle " + settle + " and periods " + periods + ": at least 0 and 1");
        }
        Trace trace = model.trace(senders + targets);
        TracedMemory memory = trace.memory(PercpuCsdUnits.lines(senders, targets, align, start, order,
                model.lineSize()), true);
        ManyHandshake many = protocol.on(PercpuCsdUnits.on(memory, senders, targets, align, start, order));
        Control stop = new Control();
        int rounds = Math.max(settle + MIN_ROUNDS, MAX_CALLS / senders);
        Window window = new Window(trace.caches(), settle, periods, rounds);
        int[] running = {senders};
        List<Runnable> bodies = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            int sender = s;
            bodies.add(() -> {
                SpinWait spin = new SpinWait();
                for (long i = 1; !window.counted(); i++) {
                    if (!many.send(sender, stop, spin)) {
                        throw new IllegalStateException("sender " + sender + ", call " + i + " did not complete");
                    }
                    window.called(sender == 0);
                }
                if (--running[0] == 0) {
                    stop.stopMeasurement = true;   // every call completed, so handled: the targets may stop waiting
                }
            });
        }
        for (int t = 0; t < targets; t++) {
            int target = t;
            bodies.add(() -> {
                SpinWait spin = new SpinWait();
                while (!stop.stopMeasurement) {
                    many.receive(target, stop, spin);
                }
            });
        }
        trace.run(bodies, STEPS_PER_CSD * senders * targets * (rounds + 2L));
        String problem = many.check(true);
        if (problem != null) {
            throw new IllegalStateException("traced " + many.where() + ": " + problem);
        }
        return new Traced(window.calls, window.traffic.per(window.calls), Map.of(), Map.of());
    }

    /** The counting window; only the thread holding the trace's token touches it. */
    private static final class Window {
        /** One round: the calls every sender completed in it, and the traffic. */
        private record Round(long calls, Traffic traffic) { }

        private final Caches caches;
        private final int settle;
        private final int periods;
        private final int maxRounds;
        private final List<Round> rounds = new ArrayList<>();
        private long callsBefore;
        private Traffic before;
        long calls;
        Traffic traffic;

        Window(Caches caches, int settle, int periods, int maxRounds) {
            this.caches = caches;
            this.settle = settle;
            this.periods = periods;
            this.maxRounds = maxRounds;
        }

        boolean counted() {
            return traffic != null;
        }

        /** A sender completed a call; {@code first} when it is the first sender, whose calls end the rounds. */
        void called(boolean first) {
            callsBefore++;
            if (!first || counted()) {
                return;
            }
            Traffic now = caches.total();
            if (before != null) {
                rounds.add(new Round(callsBefore, now.minus(before)));
            }
            before = now;
            callsBefore = 0;
            int n = rounds.size() - settle;
            for (int p = 1; p <= MAX_PERIOD && n > 0; p++) {
                int span = Math.max((periods + 1) * p, p + MIN_REPEAT);
                if (span <= n && repeats(p, span)) {
                    count(periods * p);
                    return;
                }
            }
            if (rounds.size() >= maxRounds) {
                count(n - n / 2);
            }
        }

        /** True when each of the last {@code span} rounds equals the round {@code period} before it, within the span. */
        private boolean repeats(int period, int span) {
            int last = rounds.size();
            for (int i = last - span + period; i < last; i++) {
                if (!rounds.get(i).equals(rounds.get(i - period))) {
                    return false;
                }
            }
            return true;
        }

        /** The count: the last {@code n} rounds. */
        private void count(int n) {
            Traffic sum = Traffic.NONE;
            long c = 0;
            for (Round r : rounds.subList(rounds.size() - n, rounds.size())) {
                sum = sum.plus(r.traffic());
                c += r.calls();
            }
            calls = c;
            traffic = sum;
        }
    }
}
