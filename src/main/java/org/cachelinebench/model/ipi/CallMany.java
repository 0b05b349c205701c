package org.cachelinebench.model.ipi;

import org.openjdk.jmh.infra.Control;

/**
 * {@code smp_call_function_many_cond()} of current kernel/smp.c from S senders to the same T targets, on the
 * per-cpu csds of {@link PercpuCsdUnits}, and each target's flush of its {@code call_single_queue}.
 *
 * <p>A sender's call, as the kernel does it for {@code mask} = every target:
 * <pre>
 * for_each_cpu(cpu, cfd->cpumask)            {@link SmpCurrent#queueOnTarget}: csd_lock (waits for the previous
 *     ... llist_add ...                     call to that target), CSD_TYPE_SYNC, func, info, llist_add
 * if (nr_cpus == 1)                         the targets whose queue was empty: one gets
 *     send_call_function_single_ipi(last)   set_nr_if_polling() or an interrupt, several
 * else if (nr_cpus > 1)                     an interrupt each ({@link IdleTask})
 *     send_call_function_ipi_mask(cfd->cpumask_ipi)
 * if (wait) for_each_cpu(cpu, cfd->cpumask)
 *     csd_lock_wait(per_cpu_ptr(cfd->csd, cpu))
 * </pre>
 * The condition of {@code smp_call_function_many_cond()} is NULL (as {@code smp_call_function_many()} passes it):
 * every target gets the call. Two protocols for the targets:
 * <ul>
 *   <li>kernel: an idle target polls its own idle task's flags and takes interrupts ({@link IdleTask}); woken by
 *       {@code TIF_NEED_RESCHED} it runs {@code flush_smp_call_function_queue()} ({@code llist_empty}, then
 *       {@code __flush_smp_call_function_queue}), by an interrupt {@code __flush_smp_call_function_queue} alone. It
 *       reads its queue head only there, never while waiting.</li>
 *   <li>doorbell: every IPI is an interrupt, whatever {@code nr_cpus}: the sender rings each target's doorbell
 *       ({@link Smp#sendIpi}), the target waits on it ({@link Smp#awaitIpi}).</li>
 * </ul>
 * Every memory access of the protocol is in {@link SmpCurrent}, {@link Llist} and {@link IdleTask}; this class only
 * sequences them. Not traced: the sender's {@code cfd} (its cpumasks and {@code cfd->csd} pointer, here
 * {@link ManySenderBook}) and the target's {@code trigger_backtrace} store in the flush, lines only their own CPU
 * touches.
 *
 * <p>{@code info} carries the sender and its call number ({@code seq * S + sender}; with one sender the call
 * number, as {@link IpiMailbox} numbers its calls) and {@code func} is chosen from it, so a target's checksum of {@code func(info)} proves that it ran each queued csd once, with
 * the payload its sender wrote.
 */
public final class CallMany extends ManyHandshakeLogs {
    /** Senders {@code info} can tell apart. */
    public static final int MAX_SENDERS = 1024;

    private final boolean wait;
    private final boolean doorbell;
    /** {@code [sender][target]}: sender's csd for target. */
    private final SmpCurrent[][] csds;
    /** Per target: its queue, for the flush (the flush takes its csds from the list, not from this object). */
    private final SmpCurrent[] queues;
    /** Per target, with the kernel protocol: its idle task; null with the doorbell. */
    private final IdleTask[] idle;

    private CallMany(PercpuCsdUnits units, IpiMode mode, boolean doorbell, long work) {
        super(units, work);
        if (units.senders() > MAX_SENDERS) {
            throw new IllegalArgumentException(units.senders() + " senders: at most " + MAX_SENDERS);
        }
        this.wait = mode.waits();
        this.doorbell = doorbell;
        int s = units.senders();
        int t = units.targets();
        csds = new SmpCurrent[s][t];
        queues = new SmpCurrent[t];
        idle = doorbell ? null : new IdleTask[t];
        for (int target = 0; target < t; target++) {
            if (!doorbell) {
                idle[target] = new IdleTask(units.memory(), units.flags(target), units.doorbell(target));
            }
            int ring = doorbell ? units.doorbell(target) : Smp.NO_DOORBELL;
            for (int sender = 0; sender < s; sender++) {
                csds[sender][target] = new SmpCurrent(units.memory(), units.queue(target), units.csd(sender, target), ring);
            }
            queues[target] = csds[0][target];
        }
    }

    /**
     * The protocol on {@code units}; {@code mode} sync waits for every target's {@code csd_unlock}; with
     * {@code doorbell} every IPI rings the target's doorbell word, else the kernel's idle targets ({@link IdleTask});
     * {@code func(info)} runs {@code work} more dependent steps ({@link FuncWork}).
     */
    public static CallMany on(PercpuCsdUnits units, IpiMode mode, boolean doorbell, long work) {
        return new CallMany(units, mode, doorbell, work);
    }

    @Override
    public boolean send(int sender, Control stop, SpinWait spin) {
        if (stop.stopMeasurement) {
            return false;
        }
        ManySenderBook book = books[sender];
        SmpCurrent[] mine = csds[sender];
        long info = book.nextSeq * books.length + sender;
        int func = CsdFunctions.pick(info);
        long term = CsdFunctions.call(func, info);
        boolean stopped = false;
        int targets = mine.length;
        for (int t = 0; t < targets; t++) {
            book.waiting = ManySenderBook.LOCK;
            book.waitingFor = t;
            int queued = mine[t].queueOnTarget(func, info, wait, stop, spin);
            if (queued == SmpCurrent.STOPPED) {
                stopped = true;
                break;
            }
            book.queued(t, term);
            if (queued == SmpCurrent.QUEUED_IPI) {
                book.markIpi(t);
            }
        }
        // The IPIs of what was queued go out even when stopped: a queued csd is never left without its IPI.
        int nrCpus = 0;
        int last = -1;
        for (int t = 0; t < targets; t++) {
            if (doorbell && book.takeIpi(t)) {
                book.ipisSent++;
                mine[t].sendIpi();
            } else if (!doorbell && book.ipi(t)) {
                nrCpus++;
                last = t;
            }
        }
        if (!doorbell && nrCpus > 0) {
            sendIpis(book, nrCpus, last);
        }
        if (stopped) {
            book.waiting = ManySenderBook.NONE;
            return false;
        }
        if (wait) {
            for (int t = 0; t < targets; t++) {
                book.waiting = ManySenderBook.UNLOCK;
                book.waitingFor = t;
                if (!mine[t].awaitUnlocked(stop, spin)) {
                    book.waiting = ManySenderBook.NONE;
                    return false;
                }
            }
        }
        book.waiting = ManySenderBook.NONE;
        book.nextSeq++;
        return true;
    }

    /**
     * The kernel's IPIs after the loop: one target {@code send_call_function_single_ipi(last_cpu)}, several
     * {@code send_call_function_ipi_mask(cfd->cpumask_ipi)}, an interrupt each (in the mask's order, as the
     * arch's loop over it).
     */
    private void sendIpis(ManySenderBook book, int nrCpus, int last) {
        book.ipisSent += nrCpus;
        if (nrCpus == 1) {
            book.takeIpi(last);
            IdleTask.sendSingle(units.memory(), units.flags(last), units.doorbell(last));
            return;
        }
        for (int t = 0; t < units.targets(); t++) {
            if (book.takeIpi(t)) {
                IdleTask.sendInterrupt(units.memory(), units.doorbell(t));
            }
        }
    }

    @Override
    public int receive(int target, Control stop, SpinWait spin) {
        SmpCurrent q = queues[target];
        if (doorbell) {
            if (!q.awaitIpi(stop, spin)) {
                return 0;
            }
            return q.flushSmpCallFunctionQueue(logs[target]);
        }
        IdleTask task = idle[target];
        switch (task.await(stop, spin)) {
            case INTERRUPT:
                // generic_smp_call_function_interrupt(): the flush, back to the idle loop still polling.
                return q.flushSmpCallFunctionQueue(logs[target]);
            case NEED_RESCHED:
                // do_idle() after its loop: clear polling, flush_smp_call_function_queue(), schedule_idle().
                task.clearPolling();
                int handled = q.queueEmpty() ? 0 : q.flushSmpCallFunctionQueue(logs[target]);
                task.clearNeedResched();
                return handled;
            default:
                return 0;
        }
    }

    @Override
    void resetProtocol() {
        if (idle != null) {
            for (IdleTask task : idle) {
                task.reset();
            }
        }
    }

    @Override
    public boolean drained(int target) {
        SmpCurrent q = queues[target];
        return q.queueEmpty() && (doorbell ? !q.doorbellRung() : !idle[target].interruptPending()
                && !idle[target].needResched());
    }

    @Override
    public String check(boolean complete) {
        for (int t = 0; t < logs.length; t++) {
            long queued = 0;
            long expected = 0;
            for (ManySenderBook b : books) {
                queued += b.queued(t);
                expected += b.expected(t);
            }
            ReceiverLog log = logs[t];
            if (log.handled > queued) {
                return "target " + t + " handled " + log.handled + " csds but only " + queued + " were queued";
            }
            if (complete) {
                if (log.handled != queued) {
                    return "target " + t + " handled " + log.handled + " of the " + queued + " csds queued to it";
                }
                if (log.checksum != expected) {
                    return "target " + t + ": checksum of func(info) over " + log.handled + " csds is " + log.checksum
                            + ", expected " + expected;
                }
                if (!queues[t].queueEmpty()) {
                    return "target " + t + "'s call_single_queue is not empty";
                }
                for (int s = 0; s < books.length; s++) {
                    SmpCurrent csd = csds[s][t];
                    if ((csd.flags() & csd.lockBit()) != 0) {
                        return "sender " + s + "'s csd for target " + t + " is still locked: flags 0x"
                                + Integer.toHexString(csd.flags());
                    }
                }
            } else if (log.handled < queued - books.length) {
                return "target " + t + " handled " + log.handled + " of " + queued + " csds: more than one per sender lost";
            }
        }
        for (int s = 0; s < books.length; s++) {
            long calls = books[s].nextSeq;
            for (int t = 0; t < logs.length; t++) {
                long q = books[s].queued(t);
                if (q != calls && (complete || q != calls + 1)) {
                    return "sender " + s + " completed " + calls + " calls but queued " + q + " csds to target " + t;
                }
            }
        }
        return null;
    }

    /** IPIs sender {@code sender} sent: targets whose queue its {@code llist_add} found empty. */
    public long ipisSent(int sender) {
        return books[sender].ipisSent;
    }

    /** The sum of {@code func(info)} target {@code target} computed. */
    public long checksum(int target) {
        return logs[target].checksum;
    }

    @Override
    public String describeSender(int sender) {
        ManySenderBook b = books[sender];
        String what;
        switch (b.waiting) {
            case ManySenderBook.LOCK:
                what = "waiting in csd_lock for its previous call to target " + b.waitingFor + " to be unlocked";
                break;
            case ManySenderBook.UNLOCK:
                what = "waiting in csd_lock_wait for target " + b.waitingFor + " to run and unlock its csd";
                break;
            default:
                what = "between calls";
        }
        return "sender " + sender + " at call " + b.nextSeq + ": " + what;
    }

    @Override
    public String describeTarget(int target) {
        SmpCurrent q = queues[target];
        return "target " + target + " has handled " + logs[target].handled + " csds; its queue is "
                + (q.queueEmpty() ? "empty" : "not empty") + (doorbell ? ", doorbell " + (q.doorbellRung() ? "rung" : "silent")
                : ", interrupt " + (idle[target].interruptPending() ? "pending" : "none") + ", TIF_NEED_RESCHED "
                + (idle[target].needResched() ? "set" : "clear"));
    }

    @Override
    public String where() {
        return "smp_call_function_many_cond, " + (wait ? "sync" : "async") + ", "
                + (doorbell ? "doorbell IPI" : "idle targets polling their thread_info flags") + ": " + units.describe();
    }
}
