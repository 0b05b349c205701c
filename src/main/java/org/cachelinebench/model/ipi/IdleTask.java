package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.Memory;
import org.openjdk.jmh.infra.Control;

/**
 * An idle target CPU as current kernels run it, and the two ways a sender wakes it: kernel/sched/idle.c's
 * {@code do_idle()} with {@code TIF_POLLING_NRFLAG}, and kernel/sched/core.c's {@code set_nr_if_polling()}.
 *
 * <p>An idle CPU polls its own idle task's {@code thread_info->flags} ({@code cpu_idle_poll()}, or
 * {@code mwait} monitoring that line), never its {@code call_single_queue}. A sender whose {@code llist_add} found
 * the queue empty wakes it in one of two ways:
 * <ul>
 *   <li>one target: {@code send_call_function_single_ipi()}: {@code set_nr_if_polling()} sets
 *       {@code TIF_NEED_RESCHED} in the flags while the target polls; the idle loop ends, and {@code do_idle()}
 *       clears {@code TIF_POLLING_NRFLAG}, calls {@code flush_smp_call_function_queue()} and then
 *       {@code schedule_idle()}, which clears {@code TIF_NEED_RESCHED}; the next {@code do_idle()} sets the
 *       polling bit again. When the target is not polling, an interrupt instead;</li>
 *   <li>several targets: {@code send_call_function_ipi_mask()}, an interrupt to each, whose handler runs
 *       {@code __flush_smp_call_function_queue()} and returns to the idle loop, still polling.</li>
 * </ul>
 * An interrupt moves no cache line (the APIC carries it): the model stands it in with a word on a line of its own,
 * the doorbell, stored with release by the sender and checked by the target's idle loop (so each interrupt costs
 * the model that line's transfer, which hardware does not pay). Everything else is the kernel's access, in order
 * and strength. x86's {@code set_bit}/{@code clear_bit} on the flags are one locked read-modify-write each: here a
 * compare-and-exchange from the value the owner last saw, one locked access when no one else changed the word
 * (no sender writes it while the polling bit is clear), a retry from the value found otherwise.
 *
 * <p>Which bit is which is the model's: the bits' positions do not change which line moves. The word is
 * {@code thread_info}'s first member, {@code flags} ({@code unsigned long}).
 */
final class IdleTask {
    /** {@code _TIF_NEED_RESCHED}. */
    static final long NEED_RESCHED = 1L << 3;
    /** {@code _TIF_POLLING_NRFLAG}. */
    static final long POLLING_NRFLAG = 1L << 21;

    /** What ended {@link #await}. */
    enum Wake { NEED_RESCHED, INTERRUPT, STOPPED }

    private final Memory m;
    /** Byte index of the idle task's {@code thread_info->flags}. */
    private final int flags;
    /** Byte index of the interrupt's stand-in word. */
    private final int interrupt;
    /** The target's own: whether {@code do_idle()} has set the polling bit since it last cleared it. */
    private boolean polling;

    IdleTask(Memory m, int flags, int interrupt) {
        this.m = m;
        this.flags = flags;
        this.interrupt = interrupt;
    }

    /**
     * {@code set_nr_if_polling(rq->idle)}: {@code READ_ONCE(ti->flags)}, then while it has the polling bit and no
     * {@code TIF_NEED_RESCHED}, {@code try_cmpxchg} to add it, retrying with the value the exchange found. True when
     * the target will flush its queue without an interrupt.
     */
    static boolean setNrIfPolling(Memory m, int flags) {
        long val = m.getLongOpaque(flags);
        while (true) {
            if ((val & POLLING_NRFLAG) == 0) {
                return false;
            }
            if ((val & NEED_RESCHED) != 0) {
                return true;
            }
            long found = m.compareAndExchangeLong(flags, val, val | NEED_RESCHED);
            if (found == val) {
                return true;
            }
            val = found;
        }
    }

    /** An interrupt to the target ({@code arch_send_call_function_*ipi*}): its stand-in word, stored with release. */
    static void sendInterrupt(Memory m, int interrupt) {
        m.setIntRelease(interrupt, 1);
    }

    /**
     * {@code send_call_function_single_ipi(cpu)}: {@link #setNrIfPolling}, and the interrupt when the target was
     * not polling.
     */
    static void sendSingle(Memory m, int flags, int interrupt) {
        if (!setNrIfPolling(m, flags)) {
            sendInterrupt(m, interrupt);
        }
    }

    /**
     * The idle loop until a wake: {@code do_idle()}'s {@code __current_set_polling()} unless already polling, then
     * {@code need_resched()} ({@code READ_ONCE} of the flags) and the interrupt check, polled. An interrupt's word is
     * cleared (opaque: the next interrupt comes only after this flush unlocks the csds it serves) before its
     * handler runs. {@link Wake#STOPPED} when {@code stop} ended the wait.
     */
    Wake await(Control stop, SpinWait spin) {
        if (!polling) {
            rmw(0, POLLING_NRFLAG);
            polling = true;
        }
        int spins = 0;
        while (true) {
            if ((m.getLongOpaque(flags) & NEED_RESCHED) != 0) {
                return Wake.NEED_RESCHED;
            }
            if (m.getIntAcquire(interrupt) != 0) {
                m.setIntOpaque(interrupt, 0);
                return Wake.INTERRUPT;
            }
            if (stop.stopMeasurement) {
                return Wake.STOPPED;
            }
            spins = spin.pause(spins);
        }
    }

    /** {@code do_idle()} after the loop: {@code __current_clr_polling()} (a full barrier, as x86's locked RMW is). */
    void clearPolling() {
        rmw(POLLING_NRFLAG | NEED_RESCHED, NEED_RESCHED);
        polling = false;
    }

    /** {@code schedule_idle()}'s {@code clear_tsk_need_resched()}. */
    void clearNeedResched() {
        rmw(NEED_RESCHED, 0);
    }

    /** True when the interrupt's word is set: an interrupt not yet taken. */
    boolean interruptPending() {
        return m.getIntAcquire(interrupt) != 0;
    }

    /** True when {@code TIF_NEED_RESCHED} is set: a wake not yet handled. */
    boolean needResched() {
        return (m.getLongAcquire(flags) & NEED_RESCHED) != 0;
    }

    /** Forgets the polling state: the units were zeroed, so the next {@link #await} sets the bit again. */
    void reset() {
        polling = false;
    }

    /** One locked read-modify-write of the flags from {@code expected} to {@code update}, retried from what it found. */
    private void rmw(long expected, long update) {
        long clear = expected & ~update;
        long set = update & ~expected;
        long val = expected;
        while (true) {
            long found = m.compareAndExchangeLong(flags, val, (val & ~clear) | set);
            if (found == val) {
                return;
            }
            val = found;
        }
    }
}
