package org.cachelinebench.coherence.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.ObservedMemory;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.ipi.CsdAllocationOrder;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.ManyHandshake;
import org.cachelinebench.model.ipi.PercpuCsdUnits;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.layout.Memory;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * The csd-many curve's own path (the handshake {@link CsdManyShape#kernel} gives its points: sync
 * {@code smp_call_function_many_cond()} with no condition to N/2 targets, idle targets woken as the kernel wakes them)
 * makes, CPU by CPU and access by access, the accesses of kernel/smp.c written out here by hand from the source
 * (current mainline, the version with {@code csd_lock_is_stuck()}; {@code CONFIG_CSD_LOCK_WAIT_DEBUG} off, no
 * tracing), and its line transfers per call are the ones those accesses give, counted here apart from the model's
 * caches. Not the doorbell protocol: the kernel's.
 *
 * <p>What the hand-written sequence takes from the model, and says so: where each variable lives
 * ({@link PercpuCsdUnits}, checked in its own tests; the csd's fields are named here from smp_types.h's offsets, so a
 * model with other offsets fails), and the interrupt's stand-in, a word the sender stores and the idle target polls
 * beside its flags ({@code irq}: an interrupt moves no line, the model pays one for it, IdleTask says why).
 */
class CsdManyKernelSequenceTest {
    /** Field offsets of {@code call_single_data_t} on x86-64 (include/linux/smp_types.h, smp.h), by hand. */
    static final int LLIST_NEXT = 0;
    static final int U_FLAGS = 8;
    static final int FUNC = 16;
    static final int INFO = 24;

    static final int CALLS = 6;

    @Test
    void everyCpuMakesTheKernelsAccesses() {
        for (int[] c : new int[][] {{1, 1, 64, 0}, {1, 1, 8, 48}, {2, 1, 64, 0}, {2, 1, 32, 0}, {1, 2, 64, 0},
                {2, 2, 32, 0}}) {
            Recorded r = record(c[0], c[1], c[2], c[3], CALLS);
            for (int cpu = 0; cpu < c[0] + c[1]; cpu++) {
                Pattern kernel = cpu < c[0] ? sender(cpu, c[0], c[1], CALLS) : target(cpu - c[0], c[0]);
                String where = c[0] + " senders, " + c[1] + " targets, align " + c[2] + " from byte " + c[3] + ", CPU "
                        + cpu + (cpu < c[0] ? " (sender " + cpu + ")" : " (target " + (cpu - c[0]) + ")");
                assertFollows(kernel, r.tokens.get(cpu), where);
            }
        }
    }

    /** The same path with csd_unlock's WARN_ON load taken out: the check sees it. */
    @Test
    void aPathWithoutTheWarnOnLoadFails() {
        Recorded r = record(1, 1, 64, 0, CALLS);
        List<String> target = new ArrayList<>(r.tokens.get(1));
        for (int i = target.size() - 2; i >= 0; i--) {
            if (target.get(i).equals(token("R", "csd0_0.u_flags")) && target.get(i + 1).equals(token("W", "csd0_0.u_flags"))) {
                target.remove(i);
            }
        }
        assertTrue(target.size() < r.tokens.get(1).size(), "the run unlocked csds");
        int at = firstDeparture(target(0, 1), target);
        assertTrue(at >= 0, "the check must fail");
        assertEquals(token("W", "csd0_0.u_flags"), target.get(at), "where the load is missing: " + window(target, at));
    }

    /**
     * Transfers per call, each CPU's, in the steady state, counted from the checked accesses alone (a read or write
     * of a line another CPU last wrote moves it, MESI's rule; {@link #transfers}), and the curve's own points the
     * same. One sender, one target, line-aligned: the queue head's line moves twice (the sender's READ_ONCE before
     * its cmpxchg, the target's llist_empty before its xchg), the idle flags' line twice (set_nr_if_polling's read,
     * the target's poll after its cmpxchg), the csd's line three times (the target's llist_reverse_order read after
     * the sender's stores; the sender's csd_lock_wait read after the target's next store, and again after
     * csd_unlock): 7.
     * Straddled (8-aligned from byte 48): func and info in a second line the target reads once: 8. Two senders, one
     * target: 15 a round of two calls line-aligned, 23 size-aligned, where the two csds share a line.
     */
    @Test
    void theTransfersPerCallAreTheAccessesOwn() {
        Model roundRobin = Model.DEFAULT.with(Schedule.ROUND_ROBIN);
        assertEquals(7, record(1, 1, 64, 0, CALLS).lastRound());
        assertEquals(8, record(1, 1, 8, 48, CALLS).lastRound());
        assertEquals(7.0, Shapes.parse("csd-many").transfers(CsdManyShape.LINE_ALIGNED, 2, Model.DEFAULT), 1e-9);
        assertEquals(8.0, Shapes.parse("csd-many").transfers(CsdManyShape.STRADDLED, 2, Model.DEFAULT), 1e-9);
        assertEquals(15, record(2, 1, 64, 0, CALLS).lastRound());
        assertEquals(23, record(2, 1, 32, 0, CALLS).lastRound());
        assertEquals(15.0 / 2, CsdManyShape.trace(2, 1, 64, 0, roundRobin).perOperation().transfers(), 1e-9);
        assertEquals(23.0 / 2, CsdManyShape.trace(2, 1, 32, 0, roundRobin).perOperation().transfers(), 1e-9);
    }

    // ---- the kernel's accesses, by hand -------------------------------------------------------------------------

    /** One access as the check spells it: "R:" a load, "W:" a store, "X:" a locked read-modify-write. */
    static String token(String kind, String place) {
        return kind + ":" + place + " ";
    }

    private static String q(String kind, String place) {
        return Pattern.quote(token(kind, place));
    }

    private static String csd(int sender, int target, String field) {
        return "csd" + sender + "_" + target + "." + field;
    }

    /**
     * Sender {@code s}'s {@code calls} calls of {@code smp_call_function_many_cond(mask, func, info, SCF_WAIT, NULL)}
     * to targets 0..T-1 (kernel/smp.c):
     * <pre>
     * for_each_cpu(cpu, cfd->cpumask):
     *     csd_lock(csd)            csd_lock_wait: smp_cond_load_acquire(&amp;u_flags, !(VAL &amp; LOCK)): loads until clear
     *                              u_flags |= CSD_FLAG_LOCK: a load, a store
     *     u_flags |= CSD_TYPE_SYNC a load, a store
     *     csd->func, csd->info     two stores
     *     llist_add(&amp;csd->node.llist, &amp;per_cpu(call_single_queue, cpu))
     *                              READ_ONCE(head->first); do { next = first } while (!try_cmpxchg(&amp;head->first ...))
     * nr_cpus == 1: send_call_function_single_ipi(last_cpu): set_nr_if_polling(): READ_ONCE(ti->flags), then
     *                              try_cmpxchg while polling without NEED_RESCHED; not polling: the interrupt
     * nr_cpus &gt; 1:  send_call_function_ipi_mask(): an interrupt to each, in the mask's order
     * for_each_cpu(cpu, cfd->cpumask): csd_lock_wait(csd): loads until clear
     * </pre>
     * {@code cfd}'s cpumasks are the sender's own lines, not traced.
     */
    static Pattern sender(int s, int senders, int targets, int calls) {
        StringBuilder call = new StringBuilder();
        for (int t = 0; t < targets; t++) {
            String u = csd(s, t, "u_flags");
            call.append("(?:").append(q("R", u)).append(")+").append(q("R", u)).append(q("W", u))   // csd_lock
                    .append(q("R", u)).append(q("W", u))                                              // CSD_TYPE_SYNC
                    .append(q("W", csd(s, t, "func"))).append(q("W", csd(s, t, "info")))
                    .append(q("R", "queue" + t))                                                      // llist_add
                    .append("(?:").append(q("W", csd(s, t, "next"))).append(q("X", "queue" + t)).append(")+");
        }
        List<String> ipis = new ArrayList<>();
        ipis.add("");                                                    // every queue already had a csd
        for (int t = 0; t < targets; t++) {                              // one: set_nr_if_polling or the interrupt
            ipis.add(q("R", "ti_flags" + t) + "(?:" + q("X", "ti_flags" + t) + ")*(?:" + q("W", "irq" + t) + ")?");
        }
        for (int set = 0; set < 1 << targets; set++) {                  // several: an interrupt each
            if (Integer.bitCount(set) > 1) {
                StringBuilder mask = new StringBuilder();
                for (int t = 0; t < targets; t++) {
                    if ((set & 1 << t) != 0) {
                        mask.append(q("W", "irq" + t));
                    }
                }
                ipis.add(mask.toString());
            }
        }
        call.append("(?:").append(String.join("|", ipis)).append(")");
        for (int t = 0; t < targets; t++) {
            call.append("(?:").append(q("R", csd(s, t, "u_flags"))).append(")+");                    // csd_lock_wait
        }
        return Pattern.compile("(?:" + call + "){" + calls + "}");
    }

    /**
     * Target {@code t}, idle (kernel/sched/idle.c's do_idle(), kernel/smp.c's flushes):
     * <pre>
     * __current_set_polling()            a locked RMW of ti->flags, when not already polling
     * while (!need_resched())            loads of ti->flags; (the interrupt's stand-in: a load of irq each time)
     * woken by TIF_NEED_RESCHED:         __current_clr_polling() (locked RMW); flush_smp_call_function_queue():
     *                                    llist_empty(queue), and if not empty the flush; schedule_idle()'s
     *                                    clear_tsk_need_resched() (locked RMW)
     * woken by an interrupt:             (the stand-in cleared) __flush_smp_call_function_queue()
     * __flush_smp_call_function_queue(): llist_del_all (xchg); llist_reverse_order: each node's next loaded, stored;
     *                                    each csd (all CSD_TYPE_SYNC): llist_for_each_entry_safe's load of next,
     *                                    CSD_TYPE (u_flags), func, info, then csd_unlock: WARN_ON(!(u_flags &amp;
     *                                    CSD_FLAG_LOCK)), a load, and smp_store_release(&amp;u_flags, 0)
     * </pre>
     * The flush's {@code trigger_backtrace} store is the target's own line, not traced.
     */
    static Pattern target(int t, int senders) {
        String f = "ti_flags" + t;
        String irq = "irq" + t;
        String queue = "queue" + t;
        List<String> reverse = new ArrayList<>();
        List<String> run = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            reverse.add(q("R", csd(s, t, "next")) + q("W", csd(s, t, "next")));
            run.add(q("R", csd(s, t, "next")) + q("R", csd(s, t, "u_flags")) + q("R", csd(s, t, "func"))
                    + q("R", csd(s, t, "info")) + q("R", csd(s, t, "u_flags")) + q("W", csd(s, t, "u_flags")));
        }
        String flush = q("X", queue) + "(?:" + String.join("|", reverse) + ")+(?:" + String.join("|", run) + ")+";
        String idle = "(?:" + q("X", f) + ")?(?:" + q("R", f) + q("R", irq) + ")*";
        String needResched = q("R", f) + "(?:" + q("X", f) + ")+" + q("R", queue) + "(?:" + flush + ")?(?:"
                + q("X", f) + ")+";
        String interrupt = q("R", f) + q("R", irq) + q("W", irq) + flush;
        return Pattern.compile("(?:" + idle + "(?:" + needResched + "|" + interrupt + "))*" + idle);
    }

    /** Asserts {@code tokens} are the pattern's, naming the first access that departs from it. */
    static void assertFollows(Pattern kernel, List<String> tokens, String where) {
        int at = firstDeparture(kernel, tokens);
        assertEquals(-1, at, where + ": access " + at + " of " + tokens.size() + " departs from kernel/smp.c: "
                + window(tokens, at));
    }

    /** The first token no match of {@code kernel} can reach (the sequence so far fits no prefix of it), or -1. */
    static int firstDeparture(Pattern kernel, List<String> tokens) {
        if (kernel.matcher(String.join("", tokens)).matches()) {
            return -1;
        }
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            prefix.append(tokens.get(i));
            Matcher m = kernel.matcher(prefix);
            if (!m.matches() && !m.hitEnd()) {
                return i;
            }
        }
        return tokens.size();
    }

    private static String window(List<String> tokens, int at) {
        if (at < 0) {
            return "";
        }
        int from = Math.max(0, at - 6);
        return String.join("", tokens.subList(from, Math.min(at, tokens.size()))) + ">>> "
                + String.join("", tokens.subList(Math.min(at, tokens.size()), Math.min(at + 3, tokens.size())));
    }

    // ---- the traced run -----------------------------------------------------------------------------------------

    /** One access in the run's order: the CPU, the line the caches know it by, a store or RMW or not. */
    record Access(int cpu, long line, boolean writes) {}

    /** A run's accesses per CPU as tokens, all of them in order, and where sender 0's calls ended in that order. */
    record Recorded(List<List<String>> tokens, List<Access> order, List<Integer> sender0Calls) {
        /** Transfers in sender 0's last call (a round: every sender calls once per round, round-robin). */
        int lastRound() {
            int n = sender0Calls.size();
            return transfers(order.subList(sender0Calls.get(n - 2), sender0Calls.get(n - 1)), order, sender0Calls.get(n - 2));
        }
    }

    /**
     * MESI's transfers, counted apart from the model's caches: an access to a line another CPU wrote last (and no
     * one read since) moves the dirty line; a read leaves it clean, a store makes it the storer's. The state comes
     * from every access before {@code from}.
     */
    static int transfers(List<Access> window, List<Access> all, int from) {
        Map<Long, Integer> dirtyAt = new HashMap<>();
        for (Access a : all.subList(0, from)) {
            step(dirtyAt, a);
        }
        int moved = 0;
        for (Access a : window) {
            moved += step(dirtyAt, a);
        }
        return moved;
    }

    private static int step(Map<Long, Integer> dirtyAt, Access a) {
        Integer owner = dirtyAt.get(a.line());
        int moved = owner != null && owner != a.cpu() ? 1 : 0;
        if (a.writes()) {
            dirtyAt.put(a.line(), a.cpu());
        } else if (moved == 1) {
            dirtyAt.remove(a.line());
        }
        return moved;
    }

    /**
     * {@code senders} CPUs each making {@code calls} calls to the same {@code targets} CPUs with the curve's handshake
     * on the curve's placement, traced round-robin as the curve is; every access named by what lives at its byte.
     */
    static Recorded record(int senders, int targets, int align, int start, int calls) {
        Model model = Model.DEFAULT.with(Schedule.ROUND_ROBIN);
        Trace trace = model.trace(senders + targets);
        TracedMemory lines = trace.memory(PercpuCsdUnits.lines(senders, targets, align, start,
                CsdAllocationOrder.ADJACENT, model.lineSize()), true);
        List<List<String>> tokens = new ArrayList<>();
        for (int i = 0; i < senders + targets; i++) {
            tokens.add(new ArrayList<>());
        }
        List<Access> order = new ArrayList<>();
        PercpuCsdUnits[] units = new PercpuCsdUnits[1];
        Memory observed = new ObservedMemory(lines) {
            @Override
            protected int before(int i, Caches.Kind kind, boolean acquire) {
                if (trace.running()) {
                    String k = kind == Caches.Kind.READ ? "R" : kind == Caches.Kind.WRITE ? "W" : "X";
                    tokens.get(trace.cpu()).add(token(k, placeOf(units[0], i)));
                    order.add(new Access(trace.cpu(), lines.lineOf(i), kind != Caches.Kind.READ));
                }
                return 0;
            }
        };
        units[0] = PercpuCsdUnits.on(observed, senders, targets, align, start, CsdAllocationOrder.ADJACENT);
        ManyHandshake many = CsdManyShape.kernel(IpiMode.SYNC, 0).on(units[0]);
        Control stop = new Control();
        int[] running = {senders};
        List<Integer> sender0Calls = new ArrayList<>();
        List<Runnable> bodies = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            int sender = s;
            bodies.add(() -> {
                SpinWait spin = new SpinWait();
                for (int i = 0; i < calls; i++) {
                    assertTrue(many.send(sender, stop, spin), "sender " + sender + ", call " + i);
                    if (sender == 0) {
                        sender0Calls.add(order.size());
                    }
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
        trace.run(bodies, 10_000_000L);
        assertNull(many.check(true));
        return new Recorded(tokens, order, sender0Calls);
    }

    /** What lives at byte {@code i} of the units: a target's queue, interrupt word or idle flags, or a csd's field. */
    static String placeOf(PercpuCsdUnits u, int i) {
        for (int t = 0; t < u.targets(); t++) {
            if (i == u.queue(t)) {
                return "queue" + t;
            }
            if (i == u.doorbell(t)) {
                return "irq" + t;
            }
            if (i == u.flags(t)) {
                return "ti_flags" + t;
            }
            for (int s = 0; s < u.senders(); s++) {
                int off = i - u.csd(s, t);
                String field = off == LLIST_NEXT ? "next" : off == U_FLAGS ? "u_flags" : off == FUNC ? "func"
                        : off == INFO ? "info" : null;
                if (field != null) {
                    return csd(s, t, field);
                }
            }
        }
        throw new AssertionError("an access at byte " + i + " that no kernel variable holds");
    }
}
