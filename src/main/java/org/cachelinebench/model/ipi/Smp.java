package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.Memory;
import org.openjdk.jmh.infra.Control;

/**
 * A model of kernel/smp.c's single-target IPI path between two threads standing for two CPUs: the
 * sender's {@code smp_call_function_single} and the receiver's flush of its {@code call_single_queue}.
 * One subclass per kernel version, each written to read side by side with that version's smp.c.
 *
 * <p>The IPI itself: {@code llist_add} returns true when the queue was empty, and the kernel then sends
 * the interrupt. The model sends none. By default ({@code protocol=kernel}) the receiver polls
 * {@code llist_empty()} on its queue head, as a current kernel's idle CPU with {@code TIF_POLLING_NRFLAG} does
 * before {@code flush_smp_call_function_queue()}. With a doorbell ({@code protocol=doorbell}) the sender rings
 * a word in a line of its own exactly when {@code llist_add} found the queue empty, and the receiver waits on
 * that word and touches its queue head only afterwards, in {@code llist_del_all}: the head line then moves only
 * as the kernel moves it, since a kernel's CPU learns of the call from the interrupt, never by reading the
 * queue. Either way the measured cost is the memory traffic of the protocol, not an interrupt's.
 *
 * <p>Waits never hang: every spin polls JMH's {@link Control#stopMeasurement} and gives up when it is set
 * (the caller then leaves the protocol mid-call; {@link IpiMailbox#checkAndReset()} restores it between
 * iterations), and falls back to yielding (see {@link SpinWait}).
 *
 * <p>The fields are final and only read after construction, so the object's lines stay shared.
 */
abstract class Smp {
    final Memory m;
    /** Byte index of the receiver's {@code call_single_queue}. */
    final int queue;
    /** Byte index of the csd: the per-CPU {@code csd_data} in async mode, the on-stack csd in sync mode. */
    final int csd;
    /** Byte index of the doorbell word, or {@link #NO_DOORBELL} when the receiver polls its queue head. */
    final int doorbell;

    static final int NO_DOORBELL = -1;

    Smp(CsdBlock block, int offset, int size, boolean doorbell) {
        this(block.memory(), block.head(), block.csd(offset, size), doorbell ? block.doorbell() : NO_DOORBELL);
    }

    /** A csd at byte {@code csd} of {@code m}, queued on the queue at {@code queue}, ringing {@code doorbell} or none. */
    Smp(Memory m, int queue, int csd, int doorbell) {
        this.m = m;
        this.queue = queue;
        this.csd = csd;
        this.doorbell = doorbell;
    }

    /**
     * {@code smp_call_function_single(cpu, func, info, wait)} to the receiver. Returns true when the csd
     * was queued (the IPI is out), false when a wait before queueing was told to stop. A wait after
     * queueing that is told to stop returns true: the IPI was sent.
     */
    abstract boolean smpCallFunctionSingle(int func, long info, boolean wait, Control stop, SpinWait spin,
                                           SenderLog log);

    /** The receiver's flush of its queue: runs every queued csd's {@code func(info)}; returns how many. */
    abstract int flushSmpCallFunctionQueue(ReceiverLog log);

    /** The csd's flags word ({@code flags} or {@code node.u_flags}), read with acquire. */
    abstract int flags();

    /** The flags' lock bit, {@code CSD_FLAG_LOCK}. */
    abstract int lockBit();

    /**
     * {@code arch_send_call_function_single_ipi(cpu)}, called when {@code llist_add} found the queue empty: with a
     * doorbell, {@code smp_store_release(doorbell, 1)} (the sender's csd stores and its {@code cmpxchg} come
     * before it); polling, nothing: the receiver sees the queue head change.
     */
    final void sendIpi() {
        if (doorbell != NO_DOORBELL) {
            m.setIntRelease(doorbell, 1);
        }
    }

    /**
     * Waits for the IPI. Polling: until the queue is not empty ({@code llist_empty}, a {@code READ_ONCE}).
     * With a doorbell: until it rings ({@code smp_load_acquire} in a loop), then clears it
     * ({@code WRITE_ONCE(*doorbell, 0)}, opaque), before {@code llist_del_all} touches the queue. Opaque is
     * enough for the clear: the next ring comes only after the sender has seen this call's {@code csd_unlock},
     * a store-release that follows the clear in the receiver's program order, so no ring can be overwritten by
     * a late clear.
     */
    final boolean awaitIpi(Control stop, SpinWait spin) {
        int spins = 0;
        if (doorbell != NO_DOORBELL) {
            while (m.getIntAcquire(doorbell) == 0) {
                if (stop.stopMeasurement) {
                    return false;
                }
                spins = spin.pause(spins);
            }
            m.setIntOpaque(doorbell, 0);
            return true;
        }
        while (Llist.isEmpty(m, queue)) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** True when the doorbell is rung (always false without one), read with acquire. */
    final boolean doorbellRung() {
        return doorbell != NO_DOORBELL && m.getIntAcquire(doorbell) != 0;
    }

    /**
     * {@code csd_lock_wait(csd)}: waits until the csd's lock bit is clear, i.e. the receiver has unlocked
     * it ({@code smp_cond_load_acquire}, here {@link #flags()} with acquire in a loop). False when
     * {@code stop} ended the wait.
     */
    final boolean awaitUnlocked(Control stop, SpinWait spin) {
        int lock = lockBit();
        int spins = 0;
        while ((flags() & lock) != 0) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** True when the queue is empty. */
    final boolean queueEmpty() {
        return Llist.isEmpty(m, queue);
    }
}
