package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.Placement;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

class PcpuLockTest {
    @Test
    void theLockWordIsAloneAtTheStartOfALine() {
        for (int line : new int[] {64, 128}) {
            Placement p = new PcpuLock(line).placement();
            assertEquals(0, p.startInLine());
            assertFalse(p.straddles());
            assertEquals(1, p.firstLine(), "the middle line of three");
        }
    }

    @Test
    void excludesAndCountsEveryIncrement() throws Exception {
        PcpuLock lock = new PcpuLock(64);
        long[] counter = {0};
        int threads = 4;
        int each = 50_000;
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    lock.lock(null);
                    counter[0]++;          // plain: only the lock orders it
                    lock.unlock();
                }
            });
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join(60_000);
            assertFalse(w.isAlive(), "worker hung");
        }
        lock.lock(null);
        assertEquals((long) threads * each, counter[0]);
        lock.unlock();
    }

    @Test
    void aWaiterGivesUpWhenTheMeasurementStops() throws Exception {
        PcpuLock lock = new PcpuLock(64);
        assertTrue(lock.lock(null));
        Control control = new Control();
        boolean[] got = {true};
        Thread waiter = new Thread(() -> got[0] = lock.lock(control));
        waiter.start();
        Thread.sleep(50);
        assertTrue(waiter.isAlive(), "waits while the lock is held");
        control.stopMeasurement = true;
        waiter.join(10_000);
        assertFalse(waiter.isAlive(), "stopped waiting");
        assertFalse(got[0], "and did not take the lock");
        assertTrue(lock.isLocked(), "which its holder still has");
        lock.unlock();
        assertTrue(lock.lock(control), "a free lock is taken even after the stop");
        lock.unlock();
    }
}
