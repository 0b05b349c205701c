package org.cachelinebench.model.percpu;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.testing.Watchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
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

    /**
     * Four threads on two CPUs: a waiter may spin while the holder is descheduled. Few enough
     * increments that even then the run ends far inside the watchdog's deadline.
     */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void excludesAndCountsEveryIncrement() throws Exception {
        PcpuLock lock = new PcpuLock(64);
        long[] counter = {0};
        int threads = 4;
        int each = 5_000;
        Watchdog watchdog = Watchdog.create();
        for (int t = 0; t < threads; t++) {
            watchdog.thread("incrementer-" + t, me -> {
                for (int i = 0; i < each; i++) {
                    me.status("waiting for pcpu_lock before increment", i);
                    if (!lock.lock(me.control())) {
                        return;
                    }
                    counter[0]++;          // plain: only the lock orders it
                    lock.unlock();
                }
            });
        }
        watchdog.run();
        assertTrue(lock.lock(null), "the lock is free");
        assertEquals((long) threads * each, counter[0]);
        lock.unlock();
    }

    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
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
