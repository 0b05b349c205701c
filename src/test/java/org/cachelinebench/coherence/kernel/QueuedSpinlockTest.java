package org.cachelinebench.coherence.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.api.Test;

/**
 * The traced {@code pcpu_lock} is the kernel's queued spinlock: it excludes, and it hands over in arrival order, so
 * under contention every waiter gets the lock once before anyone gets it twice. The same trace of the benchmarks'
 * test-and-test-and-set lock is not fair, which is why the traces take the kernel's.
 */
class QueuedSpinlockTest {
    private static final int CPUS = 4;
    private static final int EACH = 12;

    /** Who took the lock, in order, when {@code CPUS} CPUs each take it {@code EACH} times, round-robin. */
    private static List<Integer> acquisitions(boolean queued, int cpus) {
        Trace trace = Model.DEFAULT.with(Schedule.ROUND_ROBIN).trace(cpus);
        TracedMemory data = trace.memory(1, false);
        PcpuLock lock = queued ? new QueuedSpinlock(trace) : new PcpuLock(trace.memory(PcpuLock.LINES, true));
        List<Integer> order = new ArrayList<>();
        List<Runnable> bodies = new ArrayList<>();
        for (int t = 0; t < cpus; t++) {
            int cpu = t;
            bodies.add(() -> {
                for (int i = 0; i < EACH; i++) {
                    lock.lock(null);
                    order.add(cpu);
                    int inside = data.getInt(0);          // a critical section of a few accesses
                    data.setInt(0, inside + 1);
                    data.setInt(4, cpu);
                    if (data.getInt(4) != cpu || data.getInt(0) != inside + 1) {
                        throw new AssertionError("CPU " + cpu + " is not alone under the lock");
                    }
                    lock.unlock();
                }
            });
        }
        trace.run(bodies, 10_000_000);
        assertEquals(cpus * EACH, data.getInt(0), "every increment, under the lock");
        return order;
    }

    /** True when, once all have taken it, no CPU takes the lock again before every other CPU still running has. */
    private static boolean fifo(List<Integer> order, int cpus) {
        int[] taken = new int[cpus];
        for (int k = 0; k < order.size(); k++) {
            int cpu = order.get(k);
            taken[cpu]++;
            for (int other = 0; other < cpus; other++) {
                if (taken[other] < EACH && k >= cpus && taken[cpu] - taken[other] > 1) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * True when the first {@code cpus} acquisitions are every CPU once and each later round repeats their order:
     * a FIFO lock whose waiters re-queue at once serves them in arrival order, round after round.
     */
    private static boolean inArrivalOrder(List<Integer> order, int cpus) {
        if (order.size() < cpus || order.subList(0, cpus).stream().distinct().count() != cpus) {
            return false;
        }
        for (int k = cpus; k < order.size(); k++) {
            if (!order.get(k - cpus).equals(order.get(k))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void threeWaitersAreServedInTurnThenTheFirstAgain() {
        List<Integer> order = acquisitions(true, CPUS);
        assertTrue(fifo(order, CPUS), "each of the 3 waiters once before the holder twice: " + order);
        assertTrue(inArrivalOrder(order, CPUS), "each round in the first's order: " + order);
    }

    /** Every CPU once per round, but the second round reversed: fair by count, not FIFO, and rejected. */
    @Test
    void theOrderCheckRejectsARoundOutOfArrivalOrder() {
        List<Integer> reversed = List.of(0, 1, 2, 3, 3, 2, 1, 0);
        assertTrue(fifo(reversed, CPUS), "the count alone cannot tell it");
        assertFalse(inArrivalOrder(reversed, CPUS));
        assertTrue(inArrivalOrder(List.of(0, 1, 2, 3, 0, 1, 2, 3), CPUS));
    }

    /** x86 overrides the generic {@code _Q_PENDING_LOOPS} (1): arch/x86/include/asm/qspinlock.h sets 1 << 9. */
    @Test
    void aPendingHandOverIsWaitedOutForX86sLoops() {
        assertEquals(1 << 9, QueuedSpinlock.PENDING_LOOPS);
    }

    @Test
    void theSameTraceOfATestAndSetLockIsNotFair() {
        assertFalse(fifo(acquisitions(false, CPUS), CPUS), "the test can tell an unfair lock");
    }

    /**
     * Lock, one read, unlock: three accesses, the fast path's cmpxchg among them. The pending path would add its
     * {@code lock bts} and the word's read and store ({@code clear_pending_set_locked()}), past the step limit.
     */
    @Test
    void anUncontendedLockIsTheFastPathAlone() {
        Trace trace = Model.DEFAULT.trace(1);
        QueuedSpinlock lock = new QueuedSpinlock(trace);
        boolean[] held = new boolean[1];
        trace.run(List.of(() -> {
            lock.lock(null);
            held[0] = lock.isLocked();
            lock.unlock();
        }), 3);
        assertTrue(held[0]);
        assertFalse(lock.isLocked());
        assertEquals(new Traffic(0, 0, 0, 0, 1, 0, 0), trace.caches().total(), "the word's line, read once");
    }
}
