package org.cachelinebench.model.ipi;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.cachelinebench.testing.Stopper;
import org.cachelinebench.testing.Watchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.openjdk.jmh.infra.Control;

/**
 * The protocol between two real threads: every IPI handled exactly once, in order, with the func and
 * info it was sent with, and the csd unlocked and the queue empty at the end. Asserts facts, never
 * speed: a {@link Watchdog} stops both threads and fails the test, naming what each waited for, if a
 * handshake is lost ({@link #aDroppedIpiFailsAtTheDeadlineNamingTheWaitingReceiver} shows it).
 */
class IpiProtocolTest {
    /**
     * Every run makes at least this many calls. When both threads time-share one CPU, each of the two
     * handoffs of a call waits for a scheduler yield (after 20 µs of spinning, see {@link SpinWait});
     * even at a millisecond per handoff that is 10 s, far inside the watchdog's deadline, which is
     * therefore no speed floor.
     */
    static final int MIN_CALLS = 5_000;
    /** Beyond the minimum, calls go on while time allows, for more interleavings; a slow run just does fewer. */
    static final long EXTRA_NANOS = Duration.ofMillis(500).toNanos();
    static final int MAX_CALLS = 1_000_000;

    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void v4_13Sync() throws Exception {
        runAndCheck(IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED));
    }

    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void v4_13Async() throws Exception {
        runAndCheck(IpiMailbox.create(CsdLayout.V4_13, IpiMode.ASYNC, CsdPlacement.STRADDLED));
    }

    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void currentSync() throws Exception {
        runAndCheck(IpiMailbox.create(CsdLayout.CURRENT, IpiMode.SYNC, CsdPlacement.SIZE_ALIGNED));
    }

    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void currentAsync() throws Exception {
        runAndCheck(IpiMailbox.create(CsdLayout.CURRENT, IpiMode.ASYNC, CsdPlacement.LINE_ALIGNED));
    }

    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void floorRoundsAreAllAnswered() throws Exception {
        FlagPingPong floor = FlagPingPong.create();
        long rounds = run(floor, Watchdog.create());
        assertEquals(rounds, floor.rounds());
        assertNull(floor.check(true));
    }

    /** After a stop mid-call, a reset restores a clean protocol that runs again. */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void resetAfterAnInterruptedIterationRunsAgain() throws Exception {
        IpiMailbox box = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED);
        Control stopped = new Control();
        stopped.stopMeasurement = true;
        // Nobody receives: a sync sender queues its csd, then gives up waiting once told to stop.
        assertTrue(box.send(Stopper.after(50), new SpinWait()));
        assertFalse(box.send(stopped, new SpinWait()), "no new IPI once stopped");
        assertEquals(1, box.sent());
        assertEquals(0, box.handled());
        assertTrue((box.csdFlags() & box.lockBit()) != 0);
        assertNull(box.check(false), "one IPI in flight is allowed mid-iteration");
        box.checkAndReset();
        assertEquals(0, box.csdFlags());
        assertTrue(box.queueEmpty());
        runAndCheck(box);
    }

    /**
     * A lost IPI: the sender believes one IPI went out, the receiver never sees it, so the receiver
     * waits for the last IPI for ever. The test must fail at the watchdog's deadline, naming the
     * receiver's wait, and not hang (here with a short deadline; the real tests have the default one).
     */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void aDroppedIpiFailsAtTheDeadlineNamingTheWaitingReceiver() {
        IpiMailbox box = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED);
        Duration deadline = Duration.ofSeconds(3);
        long start = System.nanoTime();
        AssertionError e = assertThrows(AssertionError.class,
                () -> run(new DropsOneCall(box, 500), Watchdog.withDeadline(deadline), 1_000, 0));
        long millis = (System.nanoTime() - start) / 1_000_000;
        String m = e.getMessage();
        assertTrue(m.startsWith("did not finish within 3 s, so the watchdog stopped it"), m);
        assertTrue(m.contains("sender: finished"), m);
        assertTrue(m.contains("receiver: " + RECEIVER_WAITS + " #"), m);
        assertTrue(millis < Watchdog.failsWithinMillis(deadline), millis + " ms: " + m);
        assertEquals(box.sent(), box.handled(), "every IPI that went out was handled");
    }

    static final String SENDER_WAITS = "in send(): csd_lock, or csd_lock_wait until the receiver unlocks, of call";
    static final String RECEIVER_WAITS = "in receive(): waiting for call";

    /**
     * Runs a sender and a receiver thread on {@code h} under {@code watchdog}: at least
     * {@link #MIN_CALLS} calls, more while {@link #EXTRA_NANOS} allow. Returns the calls made.
     */
    static long run(Handshake h, Watchdog watchdog) throws InterruptedException {
        return run(h, watchdog, MIN_CALLS, EXTRA_NANOS);
    }

    static long run(Handshake h, Watchdog watchdog, long minCalls, long extraNanos) throws InterruptedException {
        // The sender fixes the total before its last call; the receiver reads it after handling a call,
        // and the sender's queueing of that call publishes it.
        AtomicLong total = new AtomicLong(Long.MAX_VALUE);
        AtomicLong calls = new AtomicLong();
        watchdog.thread("sender", me -> {
            SpinWait spin = new SpinWait();
            long extraUntil = System.nanoTime() + extraNanos;
            for (long i = 0; ; i++) {
                boolean last = i + 1 >= MAX_CALLS || (i + 1 >= minCalls && System.nanoTime() - extraUntil >= 0);
                if (last) {
                    total.set(i + 1);
                }
                me.status(SENDER_WAITS, i);
                if (!h.send(me.control(), spin)) {
                    return;                    // stopped before the call started
                }
                calls.set(i + 1);
                if (last) {
                    return;
                }
            }
        }).thread("receiver", me -> {
            SpinWait spin = new SpinWait();
            long handled = 0;
            while (handled < total.get()) {
                me.status(RECEIVER_WAITS, handled);
                int n = h.receive(me.control(), spin);
                if (n == 0) {
                    return;                    // stopped while waiting
                }
                handled += n;
            }
        }).run();
        return calls.get();
    }

    static void runAndCheck(IpiMailbox box) throws InterruptedException {
        long ipis = run(box, Watchdog.create());
        String what = box.layout().value() + " " + box.mode().value() + " at offset " + box.offset();
        assertTrue(ipis >= MIN_CALLS, what + ": " + ipis + " calls");
        assertEquals(ipis, box.sent(), what + ": sent");
        assertEquals(ipis, box.ipisSent(), what + ": llist_add found the queue empty each time");
        assertEquals(ipis, box.handled(), what + ": handled");
        assertEquals(0, box.outOfOrder(), what + ": out of order");
        assertEquals(box.expectedChecksum(), box.checksum(), what + ": checksum of func(info)");
        assertEquals(0, box.csdFlags() & box.lockBit(), what + ": lock bit left set");
        assertTrue(box.queueEmpty(), what + ": queue not empty");
        assertNull(box.check(true), what);
    }

    /** A test double for a lost IPI: call number {@code drop} returns as sent but never reaches the receiver. */
    private static final class DropsOneCall implements Handshake {
        private final Handshake real;
        private final long drop;
        private long calls;

        DropsOneCall(Handshake real, long drop) {
            this.real = real;
            this.drop = drop;
        }

        @Override
        public boolean send(Control stop, SpinWait spin) {
            return calls++ == drop ? !stop.stopMeasurement : real.send(stop, spin);
        }

        @Override
        public boolean awaitHandled(Control stop, SpinWait spin) {
            return real.awaitHandled(stop, spin);
        }

        @Override
        public int receive(Control stop, SpinWait spin) {
            return real.receive(stop, spin);
        }

        @Override
        public String check(boolean complete) {
            return real.check(complete);
        }

        @Override
        public void checkAndReset() {
            real.checkAndReset();
        }
    }
}
