package org.cachelinebench.model.ipi;

import java.lang.invoke.VarHandle;

import org.cachelinebench.model.layout.StructLayout;
import org.openjdk.jmh.infra.Control;

/**
 * kernel/smp.c at v4.13 on {@code struct call_single_data} (include/linux/smp.h), x86-64.
 *
 * <p>Access strengths, C to Java:
 * <ul>
 *   <li>{@code smp_cond_load_acquire(&csd->flags, ...)}: {@code getIntAcquire} in a loop.</li>
 *   <li>{@code smp_store_release(&csd->flags, 0)}: {@code setIntRelease}.</li>
 *   <li>{@code smp_wmb()}: {@code VarHandle.storeStoreFence()}.</li>
 *   <li>Plain C accesses of {@code func}, {@code info}, {@code flags} and {@code llist.next}: plain. The
 *       other CPU reads them only after the {@code cmpxchg} that publishes the csd and the {@code xchg}
 *       that takes it (volatile CAS and getAndSet, a happens-before edge), or after the release/acquire
 *       pair on {@code flags}; no loop spins on them, so opaque would add nothing and plain leaves the JIT
 *       the freedom gcc has.</li>
 *   <li>{@code READ_ONCE(head->first)}: opaque (see {@link Llist}).</li>
 *   <li>The doorbell that stands in for the interrupt ({@code protocol=doorbell}, as benchmarks/c/csd.h):
 *       rung with {@code setIntRelease}, awaited with {@code getIntAcquire}, cleared opaque ({@link Smp#awaitIpi}).</li>
 * </ul>
 *
 * <p>Written out beside {@link SmpCurrent}, not shared with it, deliberately: each follows its kernel's smp.c
 * line by line, so either can be checked against its source.
 */
final class SmpV4_13 extends Smp {
    static final StructLayout LAYOUT = CallSingleData.V4_13;
    static final int SIZE = LAYOUT.size();
    static final int LLIST = LAYOUT.offsetOf("llist");
    static final int LLIST_NEXT = LAYOUT.offsetOf("llist.next");
    static final int FUNC = LAYOUT.offsetOf("func");
    static final int INFO = LAYOUT.offsetOf("info");
    static final int FLAGS = LAYOUT.offsetOf("flags");

    /** kernel/smp.c: {@code enum { CSD_FLAG_LOCK = 0x01, CSD_FLAG_SYNCHRONOUS = 0x02 }}. */
    static final int CSD_FLAG_LOCK = 0x01;
    static final int CSD_FLAG_SYNCHRONOUS = 0x02;

    SmpV4_13(CsdBlock block, int offset, boolean doorbell) {
        super(block, offset, SIZE, doorbell);
    }

    /** {@code csd_lock_wait}: {@code smp_cond_load_acquire(&csd->flags, !(VAL & CSD_FLAG_LOCK))}. */
    private boolean csdLockWait(int csd, Control stop, SpinWait spin) {
        int spins = 0;
        while ((m.getIntAcquire(csd + FLAGS) & CSD_FLAG_LOCK) != 0) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** {@code csd_lock}: wait, then {@code csd->flags |= CSD_FLAG_LOCK; smp_wmb();}. */
    private boolean csdLock(int csd, Control stop, SpinWait spin) {
        if (!csdLockWait(csd, stop, spin)) {
            return false;
        }
        m.setInt(csd + FLAGS, m.getInt(csd + FLAGS) | CSD_FLAG_LOCK);
        VarHandle.storeStoreFence();
        return true;
    }

    /** {@code csd_unlock}: {@code smp_store_release(&csd->flags, 0)}. */
    private void csdUnlock(int csd) {
        m.setIntRelease(csd + FLAGS, 0);
    }

    /**
     * {@code generic_exec_single(cpu, csd, func, info)} for another, online CPU:
     * {@code csd->func = func; csd->info = info;} then
     * {@code if (llist_add(&csd->llist, &per_cpu(call_single_queue, cpu))) arch_send_call_function_single_ipi(cpu);}
     */
    private void genericExecSingle(int csd, int func, long info, SenderLog log) {
        m.setLong(csd + FUNC, func);
        m.setLong(csd + INFO, info);
        if (Llist.add(m, csd + LLIST, queue)) {
            log.ipisSent++;
            sendIpi();
        }
    }

    /**
     * {@code smp_call_function_single}: with {@code wait}, the on-stack
     * {@code struct call_single_data csd_stack = { .flags = CSD_FLAG_LOCK | CSD_FLAG_SYNCHRONOUS }} (the
     * initializer zeroes the other members) and a {@code csd_lock_wait} after queueing; without, the
     * per-CPU {@code csd_data} taken with {@code csd_lock}.
     */
    @Override
    boolean smpCallFunctionSingle(int func, long info, boolean wait, Control stop, SpinWait spin, SenderLog log) {
        int csd = this.csd;
        if (wait) {
            m.setLong(csd + LLIST_NEXT, Llist.NULL);
            m.setLong(csd + FUNC, CsdFunctions.NULL);
            m.setLong(csd + INFO, 0L);
            m.setInt(csd + FLAGS, CSD_FLAG_LOCK | CSD_FLAG_SYNCHRONOUS);
        } else if (!csdLock(csd, stop, spin)) {
            return false;
        }
        genericExecSingle(csd, func, info, log);
        if (wait) {
            csdLockWait(csd, stop, spin);
        }
        return true;
    }

    /**
     * {@code flush_smp_call_function_queue}:
     * <pre>
     * entry = llist_del_all(head);
     * entry = llist_reverse_order(entry);
     * llist_for_each_entry_safe(csd, csd_next, entry, llist) {
     *     smp_call_func_t func = csd->func;
     *     void *info = csd->info;
     *     if (csd->flags &amp; CSD_FLAG_SYNCHRONOUS) { func(info); csd_unlock(csd); }
     *     else                                   { csd_unlock(csd); func(info); }
     * }
     * </pre>
     */
    @Override
    int flushSmpCallFunctionQueue(ReceiverLog log) {
        long entry = Llist.delAll(m, queue);
        entry = Llist.reverseOrder(m, entry);
        int handled = 0;
        for (long node = entry; node != Llist.NULL; handled++) {
            int csd = (int) node - LLIST;              // llist_entry(): container_of
            long next = Llist.next(m, node);           // _safe: csd_next is read before csd is released
            int func = (int) m.getLong(csd + FUNC);
            long info = m.getLong(csd + INFO);
            if ((m.getInt(csd + FLAGS) & CSD_FLAG_SYNCHRONOUS) != 0) {
                log.call(func, info);
                csdUnlock(csd);
            } else {
                csdUnlock(csd);
                log.call(func, info);
            }
            node = next;
        }
        return handled;
    }

    @Override
    int flags() {
        return m.getIntAcquire(csd + FLAGS);
    }

    @Override
    int lockBit() {
        return CSD_FLAG_LOCK;
    }
}
