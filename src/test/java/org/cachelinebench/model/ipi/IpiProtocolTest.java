package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * The protocol between two real threads: every IPI handled exactly once, in order, with the func and
 * info it was sent with, and the csd unlocked and the queue empty at the end. Asserts facts, never speed.
 */
class IpiProtocolTest {
    static final int IPIS = 1_000_000;
    /** A watchdog stops both threads after this; the test then fails, it never hangs. */
    static final long DEADLINE_MILLIS = 120_000;

    @Test
    void v4_13Sync() throws Exception {
        run(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED, IPIS);
    }

    @Test
    void v4_13Async() throws Exception {
        run(CsdLayout.V4_13, IpiMode.ASYNC, CsdPlacement.STRADDLED, IPIS);
    }

    @Test
    void currentSync() throws Exception {
        run(CsdLayout.CURRENT, IpiMode.SYNC, CsdPlacement.SIZE_ALIGNED, IPIS);
    }

    @Test
    void currentAsync() throws Exception {
        run(CsdLayout.CURRENT, IpiMode.ASYNC, CsdPlacement.LINE_ALIGNED, IPIS);
    }

    @Test
    void floorRoundsAreAllAnswered() throws Exception {
        FlagPingPong floor = FlagPingPong.create();
        Control control = new Control();
        int rounds = IPIS / 4;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread receiver = new Thread(() -> {
            SpinWait spin = new SpinWait();
            try {
                long got = 0;
                while (got < rounds && !control.stopMeasurement) {
                    got += floor.receive(control, spin);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "floor-receiver");
        receiver.start();
        SpinWait spin = new SpinWait();
        long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
        for (int i = 0; i < rounds && !control.stopMeasurement; i++) {
            assertTrue(floor.send(control, spin));
            if ((i & 0xFFF) == 0 && System.currentTimeMillis() > deadline) {
                control.stopMeasurement = true;
            }
        }
        receiver.join(DEADLINE_MILLIS);
        assertNull(failure.get());
        assertFalse(control.stopMeasurement, "floor did not finish within the deadline");
        assertEquals(rounds, floor.rounds());
        assertNull(floor.check(true));
    }

    /** After a stop mid-call, a reset restores a clean protocol that runs again. */
    @Test
    void resetAfterAnInterruptedIterationRunsAgain() throws Exception {
        IpiMailbox box = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED);
        Control stopped = new Control();
        stopped.stopMeasurement = true;
        // Nobody receives: a sync sender queues its csd, then gives up waiting once told to stop.
        Control running = new Control();
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            running.stopMeasurement = true;
        });
        stopper.start();
        assertTrue(box.send(running, new SpinWait()));
        stopper.join();
        assertFalse(box.send(stopped, new SpinWait()), "no new IPI once stopped");
        assertEquals(1, box.sent());
        assertEquals(0, box.handled());
        assertTrue((box.csdFlags() & box.lockBit()) != 0);
        assertNull(box.check(false), "one IPI in flight is allowed mid-iteration");
        box.checkAndReset();
        assertEquals(0, box.csdFlags());
        assertTrue(box.queueEmpty());
        run(box, 10_000);
    }

    static void run(CsdLayout layout, IpiMode mode, CsdPlacement placement, int ipis) throws Exception {
        run(IpiMailbox.create(layout, mode, placement), ipis);
    }

    static void run(IpiMailbox box, int ipis) throws Exception {
        Control control = new Control();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread receiver = new Thread(() -> {
            SpinWait spin = new SpinWait();
            try {
                while (box.handled() < ipis && !control.stopMeasurement) {
                    box.receive(control, spin);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                control.stopMeasurement = true;
            }
        }, "ipi-receiver");
        receiver.start();
        SpinWait spin = new SpinWait();
        long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
        try {
            for (int i = 0; i < ipis && !control.stopMeasurement; i++) {
                assertTrue(box.send(control, spin) || control.stopMeasurement);
                if ((i & 0xFFF) == 0 && System.currentTimeMillis() > deadline) {
                    control.stopMeasurement = true;
                }
            }
        } finally {
            // In async mode the last IPI may still be queued: the receiver finishes it, or the deadline stops it.
            receiver.join(DEADLINE_MILLIS);
            control.stopMeasurement = true;
            receiver.join();
        }
        String what = box.layout().value() + " " + box.mode().value() + " at offset " + box.offset();
        assertNull(failure.get(), what);
        assertEquals(ipis, box.sent(), what + ": sent (deadline hit?)");
        assertEquals(ipis, box.ipisSent(), what + ": llist_add found the queue empty each time");
        assertEquals(ipis, box.handled(), what + ": handled");
        assertEquals(0, box.outOfOrder(), what + ": out of order");
        assertEquals(box.expectedChecksum(), box.checksum(), what + ": checksum of func(info)");
        assertEquals(0, box.csdFlags() & box.lockBit(), what + ": lock bit left set");
        assertTrue(box.queueEmpty(), what + ": queue not empty");
        assertNull(box.check(true), what);
    }
}
