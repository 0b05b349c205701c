package org.cachelinebench.coherence.kernel;

import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.percpu.PcpuLock;
import org.openjdk.jmh.infra.Control;

/**
 * {@code pcpu_lock} as the kernel takes it: {@code spin_lock()} on x86-64 is kernel/locking/qspinlock.c with
 * arch/x86/include/asm/qspinlock.h's overrides ({@code _Q_PENDING_LOOPS}, {@code queued_fetch_set_pending_acquire()}), so the
 * hand-over is FIFO. The word holds the locked byte, the pending byte and the queue's tail (CPU + 1, index);
 * the first waiter sets pending and spins on the word, later ones queue on their CPU's own MCS node
 * ({@code qnodes[0]}, a line per CPU) and only the queue's head spins on the word; an unlock is a release store
 * of the locked byte. A new locker takes a free word (fast path) but queues behind any waiter it sees. Each access
 * is the kernel's, in its order, on the recording memory: sub-word stores and {@code lock bts}/{@code xchg} are one
 * access each. A queued waiter cannot leave, so {@code control} is not polled: a trace's own step limit ends a
 * wait that never ends. Traces only; the benchmarks keep the test-and-test-and-set {@link PcpuLock}.
 */
final class QueuedSpinlock extends PcpuLock {
    static final int LOCKED = 1;
    static final int LOCKED_MASK = 0xff;
    static final int PENDING = 1 << 8;
    static final int LOCKED_PENDING_MASK = 0xffff;
    static final int TAIL_MASK = 0xffff_0000;
    /** Tail: bits 16-17 the node index (0, the task context), 18-31 the CPU + 1. */
    static final int TAIL_CPU_OFFSET = 18;
    /** x86's {@code _Q_PENDING_LOOPS}: reads that wait out a pending-to-locked hand-over before queueing. */
    static final int PENDING_LOOPS = 1 << 9;
    static final int PENDING_MASK = 0xff00;
    /** {@code struct mcs_spinlock}: next (a pointer, here the tail code), locked, count. */
    static final int NEXT = 0;
    static final int NODE_LOCKED = 8;
    static final int COUNT = 12;

    private final Trace trace;
    private final TracedMemory word;
    private final int at;
    private final TracedMemory nodes;

    /** The lock word in lines of its own, and one MCS node line per CPU of {@code trace}. */
    QueuedSpinlock(Trace trace) {
        this(trace, trace.memory(PcpuLock.LINES, true));
    }

    private QueuedSpinlock(Trace trace, TracedMemory word) {
        super(word);
        this.trace = trace;
        this.word = word;
        this.at = word.lineSize();                               // PcpuLock's word: the middle line's start
        this.nodes = trace.memory(trace.caches().cpus(), true);
    }

    @Override
    public boolean lock(Control control) {
        int val = word.compareAndExchangeInt(at, 0, LOCKED);     // atomic_try_cmpxchg_acquire(&lock->val, &val, 1)
        if (val != 0) {
            slowpath(val);
        }
        return true;
    }

    @Override
    public void unlock() {
        word.storeIntPart(at, v -> v & ~LOCKED_MASK);             // smp_store_release(&lock->locked, 0)
    }

    @Override
    public boolean isLocked() {
        return (word.getIntVolatile(at) & LOCKED_MASK) != 0;
    }

    /** queued_spin_lock_slowpath(), without the paravirt hooks. */
    private void slowpath(int val) {
        if (val == PENDING) {                                     // wait out a pending-to-locked hand-over
            int cnt = PENDING_LOOPS;
            do {
                val = word.getIntOpaque(at);
            } while (val == PENDING && cnt-- > 0);
        }
        if ((val & ~LOCKED_MASK) == 0) {
            val = fetchSetPending();
            if ((val & ~LOCKED_MASK) == 0) {
                while ((val & LOCKED_MASK) != 0) {
                    val = word.getIntAcquire(at);                 // smp_cond_load_acquire(&lock->locked, !VAL)
                }
                word.storeIntPart(at, v -> (v & ~LOCKED_PENDING_MASK) | LOCKED);   // clear_pending_set_locked()
                return;
            }
            if ((val & PENDING) == 0) {
                word.storeIntPart(at, v -> v & ~PENDING);         // clear_pending(): undo ours
            }
        }
        queue();
    }

    private void queue() {
        int cpu = trace.cpu();
        int node = cpu * nodes.lineSize();
        nodes.setInt(node + COUNT, nodes.getInt(node + COUNT) + 1);   // idx = node->count++ (0: task context)
        int tail = (cpu + 1) << TAIL_CPU_OFFSET;
        nodes.setInt(node + NODE_LOCKED, 0);
        nodes.setLong(node + NEXT, 0);
        if (!trylock()) {
            int old = word.getAndUpdateInt(at, v -> (v & ~TAIL_MASK) | tail);   // xchg_tail()
            long next = 0;
            if ((old & TAIL_MASK) != 0) {
                nodes.setLong(nodeOf(old) + NEXT, tail);                          // WRITE_ONCE(prev->next, node)
                while (nodes.getIntAcquire(node + NODE_LOCKED) == 0) {            // arch_mcs_spin_lock_contended()
                    Thread.onSpinWait();
                }
                next = nodes.getLongOpaque(node + NEXT);
                if (next != 0) {
                    nodes.prefetchForWrite(nodeOf(next) + NODE_LOCKED);                  // prefetchw(next)
                }
            }
            int val;
            while (((val = word.getIntAcquire(at)) & LOCKED_PENDING_MASK) != 0) { // the head waits for owner, pending
                Thread.onSpinWait();
            }
            if ((val & TAIL_MASK) != tail || word.compareAndExchangeInt(at, val, LOCKED) != val) {
                word.storeIntPart(at, v -> v | LOCKED);                           // set_locked()
                while (next == 0) {
                    next = nodes.getLongOpaque(node + NEXT);                      // smp_cond_load_relaxed(&node->next)
                }
                nodes.setIntRelease(nodeOf(next) + NODE_LOCKED, 1);               // arch_mcs_spin_unlock_contended()
            }
        }
        nodes.setInt(node + COUNT, nodes.getInt(node + COUNT) - 1);   // __this_cpu_dec(qnodes[0].mcs.count)
    }

    /**
     * x86's queued_fetch_set_pending_acquire(): {@code lock bts} of the pending bit returns that bit alone, so the
     * rest of the word is a separate read after it.
     */
    private int fetchSetPending() {
        int pending = word.getAndUpdateInt(at, v -> v | PENDING) & PENDING;
        return pending | (word.getIntOpaque(at) & ~PENDING_MASK);
    }

    /** The offset of the MCS node a tail code names (decode_tail()). */
    private int nodeOf(long tail) {
        return ((((int) tail) >>> TAIL_CPU_OFFSET) - 1) * nodes.lineSize();
    }

    /** queued_spin_trylock(): a read, and the cmpxchg only when the word is free. */
    private boolean trylock() {
        return word.getIntOpaque(at) == 0 && word.compareAndExchangeInt(at, 0, LOCKED) == 0;
    }
}
