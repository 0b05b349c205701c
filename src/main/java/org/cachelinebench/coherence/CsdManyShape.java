package org.cachelinebench.coherence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
 * apart: {@link CsdAllocationOrder}, an assumption either way), the protocol {@link CallMany}'s own code. One series per alignment
 * of the scaling sets (64: the 2017 series, 32: mainline, 8 from byte 48: v4.13's straddles) and the extra of
 * mainline's over line alignment, the number a 32-or-64 decision needs. Transfers are every CPU's, per completed
 * call (one call queues a csd on every target), counted over a whole number of the first sender's calls while
 * every sender calls: round-robin makes the senders' progress periodic, so the count is the steady state's whatever
 * its length, and a few calls per sender suffice. Traced round-robin whatever the model's schedule, as
 * {@link Shapes#PCPU_SYMMETRIC}: the false sharing here is senders writing neighbouring csds of one line at the
 * same time, which a burst hides (a sender's turn queues on many targets before another sender runs). With the
 * doorbell handshake ({@link #doorbell}) at one sender and one target it is IpiInterleaved's csd with the doorbell
 * protocol on the current layout.
 */
final class CsdManyShape implements Shape {
    static final String LINE_ALIGNED = "align-64";
    static final String SIZE_ALIGNED = "align-32";
    static final String STRADDLED = "align-8-at-48";
    static final String EXTRA = "extra-32-vs-64";

    /** Calls of each sender before counting starts: one puts every line in its steady state, a second confirms. */
    static final int WARMUP = 2;
    /**
     * Calls counted, over all senders (at least 2 of the first sender's): a trace's cost grows with senders x targets
     * x CPUs, so many senders share the count rather than each making it.
     */
    static final int CALLS = 64;
    /** Calls each sender makes after the count, so that every sender calls until the count ends. */
    static final int TAIL = 2;
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
                roundRobin, WARMUP, calls(cpus / 2)).perOperation().transfers());
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

    /** The calls counted for {@code senders} senders. */
    private static int calls(int senders) {
        return Math.max(2, (CALLS + senders - 1) / senders);
    }

    /** What runs on the units: IpiMany's choice of {@link CallMany} or {@code FlagFanout} for its parameters. */
    @FunctionalInterface
    interface Handshake {
        ManyHandshake on(PercpuCsdUnits units);
    }

    /** {@code senders} CPUs calling the same {@code targets} CPUs with {@code protocol}, per completed call. */
    static Traced trace(int senders, int targets, int align, int start, Handshake protocol, Model model) {
        return trace(senders, targets, align, start, protocol, model, WARMUP, calls(senders));
    }

    /** {@link #trace(int, int, int, int, Model, int, int)} of the curve's calls. */
    static Traced trace(int senders, int targets, int align, int start, Model model, int warmup, int calls) {
        return trace(senders, targets, align, start, kernel(IpiMode.SYNC, 0), model, warmup, calls);
    }

    /** {@link #trace(int, int, int, int, CsdAllocationOrder, Handshake, Model, int, int)} of adjacent csds. */
    static Traced trace(int senders, int targets, int align, int start, Handshake protocol, Model model, int warmup,
                        int calls) {
        return trace(senders, targets, align, start, CsdAllocationOrder.ADJACENT, protocol, model, warmup, calls);
    }

    /**
     * Counted between two calls of the first sender, {@code warmup} and {@code warmup + calls}, while every sender
     * still calls (each makes {@link #TAIL} more): the two ends fall at the same point of the senders' common period, so the
     * calls in flight at one end are the calls in flight at the other, and neither the start nor the tail, where
     * fewer senders contend, enters the count.
     */
    static Traced trace(int senders, int targets, int align, int start, CsdAllocationOrder order, Handshake protocol,
                        Model model, int warmup, int calls) {
        Trace trace = model.trace(senders + targets);
        TracedMemory memory = trace.memory(PercpuCsdUnits.lines(senders, targets, align, start, order,
                model.lineSize()), true);
        ManyHandshake many = protocol.on(PercpuCsdUnits.on(memory, senders, targets, align, start, order));
        Control stop = new Control();
        int total = warmup + calls + TAIL;
        Window window = new Window(trace.caches());
        List<Runnable> bodies = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            int sender = s;
            bodies.add(() -> {
                SpinWait spin = new SpinWait();
                for (int i = 1; i <= total; i++) {
                    if (!many.send(sender, stop, spin)) {
                        throw new IllegalStateException("sender " + sender + ", call " + i + " did not complete");
                    }
                    window.called(sender == 0 && i == warmup, sender == 0 && i == warmup + calls, i == total);
                }
            });
        }
        for (int t = 0; t < targets; t++) {
            int target = t;
            bodies.add(() -> {
                SpinWait spin = new SpinWait();
                while (many.handled(target) < (long) senders * total) {
                    many.receive(target, stop, spin);
                }
            });
        }
        trace.run(bodies, STEPS_PER_CSD * senders * targets * total);
        String problem = many.check(true);
        if (problem != null) {
            throw new IllegalStateException("traced " + many.where() + ": " + problem);
        }
        if (window.traffic == null) {
            throw new IllegalStateException("traced " + many.where() + ": a sender finished before the count did");
        }
        return new Traced(window.calls, window.traffic.per(window.calls), Map.of(), Map.of());
    }

    /** The counting window; only the thread holding the trace's token touches it. */
    private static final class Window {
        private final Caches caches;
        private boolean open;
        private boolean spoiled;
        long calls;
        Traffic traffic;

        Window(Caches caches) {
            this.caches = caches;
        }

        /** A sender completed a call: the window's first or last, or the sender's own last. */
        void called(boolean opens, boolean closes, boolean last) {
            if (open) {
                calls++;
            }
            if (opens) {
                caches.resetCounts();
                open = true;
            } else if (closes && open) {
                traffic = spoiled ? null : caches.total();
                open = false;
            }
            if (last && open) {
                spoiled = true;   // the count would hold a tail with fewer senders
            }
        }
    }
}
