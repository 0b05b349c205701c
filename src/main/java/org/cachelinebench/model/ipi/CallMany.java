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
 * send the IPI to cfd->cpumask_ipi          the targets whose queue was empty ({@link Smp#sendIpi})
 * if (wait) for_each_cpu(cpu, cfd->cpumask)
 *     csd_lock_wait(per_cpu_ptr(cfd->csd, cpu))
 * </pre>
 * A target works as in the single-target model: it waits for the IPI ({@link Smp#awaitIpi}: the doorbell, or the
 * queue head when polling) and runs {@code __flush_smp_call_function_queue} ({@link SmpCurrent}). Every memory
 * access of the protocol is in {@link SmpCurrent} and {@link Llist}; this class only sequences them.
 *
 * <p>{@code info} carries the sender and its call number ({@code seq * S + sender}; with one sender the call
 * number, as {@link IpiMailbox} numbers its calls) and {@code func} is chosen from it, so a target's checksum of {@code func(info)} proves that it ran each queued csd once, with
 * the payload its sender wrote.
 */
public final class CallMany extends ManyBooks {
    /** Senders {@code info} can tell apart. */
    public static final int MAX_SENDERS = 1024;

    private final boolean wait;
    private final boolean doorbell;
    /** {@code [sender][target]}: sender's csd for target. */
    private final SmpCurrent[][] csds;
    /** Per target: its queue, for the flush (the flush takes its csds from the list, not from this object). */
    private final SmpCurrent[] queues;

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
        for (int target = 0; target < t; target++) {
            int ring = doorbell ? units.doorbell(target) : Smp.NO_DOORBELL;
            for (int sender = 0; sender < s; sender++) {
                csds[sender][target] = new SmpCurrent(units.memory(), units.queue(target), units.csd(sender, target), ring);
            }
            queues[target] = csds[0][target];
        }
    }

    /**
     * The protocol on {@code units}; {@code mode} sync waits for every target's {@code csd_unlock}; with
     * {@code doorbell} the IPI rings each target's doorbell word, else the targets poll their queue heads;
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
        for (int t = 0; t < targets; t++) {
            if (book.takeIpi(t)) {
                book.ipisSent++;
                mine[t].sendIpi();
            }
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

    @Override
    public int receive(int target, Control stop, SpinWait spin) {
        SmpCurrent q = queues[target];
        if (!q.awaitIpi(stop, spin)) {
            return 0;
        }
        return q.flushSmpCallFunctionQueue(logs[target]);
    }

    @Override
    public boolean drained(int target) {
        SmpCurrent q = queues[target];
        return q.queueEmpty() && !q.doorbellRung();
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
                + (q.queueEmpty() ? "empty" : "not empty") + (doorbell ? ", doorbell " + (q.doorbellRung() ? "rung" : "silent") : "");
    }

    @Override
    public String where() {
        return "smp_call_function_many_cond, " + (wait ? "sync" : "async") + ", "
                + (doorbell ? "doorbell IPI" : "targets polling their queue heads") + ": " + units.describe();
    }
}
