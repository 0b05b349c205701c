package org.cachelinebench.model.ipi;

import java.lang.invoke.VarHandle;

import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.StructLayout;
import org.openjdk.jmh.infra.Control;

/**
 * Current kernel/smp.c on {@code call_single_data_t} (include/linux/smp.h, smp_types.h), x86-64, with
 * {@code CONFIG_CSD_LOCK_WAIT_DEBUG} off and no tracing: the same protocol as v4.13 with typed csds
 * ({@code CSD_TYPE_SYNC}/{@code CSD_TYPE_ASYNC} in {@code node.u_flags}) and a flush that runs
 * synchronous callbacks in a first pass and the others in a second. Access strengths as in
 * {@link SmpV4_13}.
 *
 * <p>Written out beside {@link SmpV4_13}, not shared with it, deliberately: each follows its kernel's smp.c
 * line by line, so either can be checked against its source.
 */
final class SmpCurrent extends Smp {
    static final StructLayout LAYOUT = CallSingleData.CURRENT_T;
    static final int SIZE = LAYOUT.size();
    static final int NODE_LLIST = LAYOUT.offsetOf("node.llist");
    static final int NODE_LLIST_NEXT = LAYOUT.offsetOf("node.llist.next");
    static final int NODE_U_FLAGS = LAYOUT.offsetOf("node.u_flags");
    static final int NODE_SRC = LAYOUT.offsetOf("node.src");
    static final int NODE_DST = LAYOUT.offsetOf("node.dst");
    static final int FUNC = LAYOUT.offsetOf("func");
    static final int INFO = LAYOUT.offsetOf("info");

    /** include/linux/smp_types.h. */
    static final int CSD_FLAG_LOCK = 0x01;
    static final int CSD_TYPE_ASYNC = 0x00;
    static final int CSD_TYPE_SYNC = 0x10;
    static final int CSD_TYPE_IRQ_WORK = 0x20;
    static final int CSD_TYPE_TTWU = 0x30;
    static final int CSD_FLAG_TYPE_MASK = 0xF0;

    static {
        // The core has no 2-byte accessors: the initializer's zeroing of the u16 src and dst is one
        // 4-byte store, which needs them adjacent and 4-aligned (as gcc would merge them anyway).
        if (NODE_DST != NODE_SRC + 2 || NODE_SRC % 4 != 0) {
            throw new AssertionError("src/dst are not one aligned 4-byte word");
        }
    }

    SmpCurrent(CsdBlock block, int offset, boolean doorbell) {
        super(block, offset, SIZE, doorbell);
    }

    /** The csd at byte {@code csd} of {@code m} for the queue at {@code queue}: one sender's csd for one target. */
    SmpCurrent(Memory m, int queue, int csd, int doorbell) {
        super(m, queue, csd, doorbell);
    }

    /** {@code CSD_TYPE(csd)}: {@code csd->node.u_flags & CSD_FLAG_TYPE_MASK}, a plain read. */
    private int csdType(int csd) {
        return m.getInt(csd + NODE_U_FLAGS) & CSD_FLAG_TYPE_MASK;
    }

    /** {@code csd_lock_wait}: {@code smp_cond_load_acquire(&csd->node.u_flags, !(VAL & CSD_FLAG_LOCK))}. */
    private boolean csdLockWait(int csd, Control stop, SpinWait spin) {
        int spins = 0;
        while ((m.getIntAcquire(csd + NODE_U_FLAGS) & CSD_FLAG_LOCK) != 0) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** {@code csd_lock}: wait, then {@code csd->node.u_flags |= CSD_FLAG_LOCK; smp_wmb();}. */
    private boolean csdLock(int csd, Control stop, SpinWait spin) {
        if (!csdLockWait(csd, stop, spin)) {
            return false;
        }
        m.setInt(csd + NODE_U_FLAGS, m.getInt(csd + NODE_U_FLAGS) | CSD_FLAG_LOCK);
        VarHandle.storeStoreFence();
        return true;
    }

    /**
     * {@code csd_unlock}: {@code WARN_ON(!(csd->node.u_flags & CSD_FLAG_LOCK))}, a plain load, then
     * {@code smp_store_release(&csd->node.u_flags, 0)}. The load is the kernel's too: with two csds in one line the
     * other csd's sender can take the line between the two, and the store misses again.
     */
    private void csdUnlock(int csd) {
        if ((m.getInt(csd + NODE_U_FLAGS) & CSD_FLAG_LOCK) == 0) {
            throw new IllegalStateException("csd_unlock of an unlocked csd: flags 0x"
                    + Integer.toHexString(m.getInt(csd + NODE_U_FLAGS)));
        }
        m.setIntRelease(csd + NODE_U_FLAGS, 0);
    }

    /**
     * {@code generic_exec_single(cpu, csd)} for another, online CPU: {@code __smp_call_single_queue(cpu,
     * &csd->node.llist)}, i.e. {@code if (llist_add(node, &per_cpu(call_single_queue, cpu)))
     * send_call_function_single_ipi(cpu);}
     */
    private void genericExecSingle(int csd, SenderLog log) {
        if (Llist.add(m, csd + NODE_LLIST, queue)) {
            log.ipisSent++;
            sendIpi();
        }
    }

    /**
     * {@code smp_call_function_single}: with {@code wait}, the on-stack {@code call_single_data_t csd_stack
     * = { .node = { .u_flags = CSD_FLAG_LOCK | CSD_TYPE_SYNC, }, }} and a {@code csd_lock_wait} after
     * queueing; without, the per-CPU {@code csd_data} taken with {@code csd_lock}. Then {@code csd->func =
     * func; csd->info = info;} and {@code generic_exec_single}.
     */
    @Override
    boolean smpCallFunctionSingle(int func, long info, boolean wait, Control stop, SpinWait spin, SenderLog log) {
        int csd = this.csd;
        if (wait) {
            m.setLong(csd + NODE_LLIST_NEXT, Llist.NULL);
            m.setInt(csd + NODE_U_FLAGS, CSD_FLAG_LOCK | CSD_TYPE_SYNC);
            m.setInt(csd + NODE_SRC, 0);               // src and dst
            m.setLong(csd + FUNC, CsdFunctions.NULL);
            m.setLong(csd + INFO, 0L);
        } else if (!csdLock(csd, stop, spin)) {
            return false;
        }
        m.setLong(csd + FUNC, func);
        m.setLong(csd + INFO, info);
        genericExecSingle(csd, log);
        if (wait) {
            csdLockWait(csd, stop, spin);
        }
        return true;
    }

    /** {@link #queueOnTarget}: the csd is queued and the queue was empty, so the target needs the IPI. */
    static final int QUEUED_IPI = 2;
    /** {@link #queueOnTarget}: the csd is queued behind others; no IPI. */
    static final int QUEUED = 1;
    /** {@link #queueOnTarget}: {@code csd_lock}'s wait was told to stop; nothing was queued. */
    static final int STOPPED = 0;

    /**
     * The loop body of {@code smp_call_function_many_cond()} for one target CPU (current kernel/smp.c), on this
     * sender's {@code per_cpu_ptr(cfd->csd, cpu)}:
     * <pre>
     * csd_lock(csd);
     * if (wait)
     *     csd->node.u_flags |= CSD_TYPE_SYNC;
     * csd->func = func;
     * csd->info = info;
     * if (llist_add(&amp;csd->node.llist, &amp;per_cpu(call_single_queue, cpu)))
     *     __cpumask_set_cpu(cpu, cfd->cpumask_ipi);
     * </pre>
     * Returns {@link #QUEUED_IPI} (the caller sends the IPI after the loop, as the kernel does), {@link #QUEUED}
     * or {@link #STOPPED}.
     */
    int queueOnTarget(int func, long info, boolean wait, Control stop, SpinWait spin) {
        int csd = this.csd;
        if (!csdLock(csd, stop, spin)) {
            return STOPPED;
        }
        if (wait) {
            m.setInt(csd + NODE_U_FLAGS, m.getInt(csd + NODE_U_FLAGS) | CSD_TYPE_SYNC);
        }
        m.setLong(csd + FUNC, func);
        m.setLong(csd + INFO, info);
        return Llist.add(m, csd + NODE_LLIST, queue) ? QUEUED_IPI : QUEUED;
    }

    /**
     * {@code __flush_smp_call_function_queue}: take the list, oldest first; first pass runs and unlinks
     * every {@code CSD_TYPE_SYNC} csd ({@code func(info)} then {@code csd_unlock}); second pass does the
     * rest ({@code CSD_TYPE_ASYNC}: {@code csd_unlock} then {@code func(info)}). The {@code prev->next}
     * stores unlink handled entries, as the kernel's loops do.
     */
    @Override
    int flushSmpCallFunctionQueue(ReceiverLog log) {
        long entry = Llist.delAll(m, queue);
        entry = Llist.reverseOrder(m, entry);
        int handled = 0;

        long prev = Llist.NULL;
        for (long node = entry; node != Llist.NULL; ) {
            int csd = (int) node - NODE_LLIST;
            long next = Llist.next(m, node);
            if (csdType(csd) == CSD_TYPE_SYNC) {
                int func = (int) m.getLong(csd + FUNC);
                long info = m.getLong(csd + INFO);
                if (prev != Llist.NULL) {
                    Llist.setNext(m, prev, next);
                } else {
                    entry = next;
                }
                log.call(func, info);
                csdUnlock(csd);
                handled++;
            } else {
                prev = node;
            }
            node = next;
        }
        if (entry == Llist.NULL) {
            return handled;
        }

        prev = Llist.NULL;
        for (long node = entry; node != Llist.NULL; ) {
            int csd = (int) node - NODE_LLIST;
            long next = Llist.next(m, node);
            int type = csdType(csd);
            if (type != CSD_TYPE_TTWU) {
                if (prev != Llist.NULL) {
                    Llist.setNext(m, prev, next);
                } else {
                    entry = next;
                }
                if (type == CSD_TYPE_ASYNC) {
                    int func = (int) m.getLong(csd + FUNC);
                    long info = m.getLong(csd + INFO);
                    csdUnlock(csd);
                    log.call(func, info);
                    handled++;
                } else {
                    // irq_work csds are never queued by this model: a torn or stale type word.
                    throw new IllegalStateException("csd of type 0x" + Integer.toHexString(type) + " in the queue");
                }
            } else {
                prev = node;
            }
            node = next;
        }
        if (entry != Llist.NULL) {
            // The kernel's third pass runs CSD_TYPE_TTWU entries; this model never queues one.
            throw new IllegalStateException("CSD_TYPE_TTWU csd left in the queue: a torn or stale type word");
        }
        return handled;
    }

    @Override
    int flags() {
        return m.getIntAcquire(csd + NODE_U_FLAGS);
    }

    @Override
    int lockBit() {
        return CSD_FLAG_LOCK;
    }
}
