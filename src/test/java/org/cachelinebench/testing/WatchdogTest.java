package org.cachelinebench.testing;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/** The watchdog itself: it returns when the bodies do, and fails, never hangs, when they do not. */
class WatchdogTest {
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void returnsWhenEveryBodyHasReturned() throws Exception {
        AtomicInteger ran = new AtomicInteger();
        Watchdog.create()
                .thread("a", me -> ran.incrementAndGet())
                .thread("b", me -> ran.incrementAndGet())
                .run();
        assertEquals(2, ran.get());
    }

    /** The first exception is rethrown with what every thread was doing, and it stops the others. */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void aFailingBodyStopsTheOthersAndIsRethrown() {
        IllegalStateException boom = new IllegalStateException("boom");
        AssertionError e = assertThrows(AssertionError.class, () -> Watchdog.create()
                .thread("waiter", me -> {
                    while (!me.stopped()) {
                        me.status("waiting for the stop");
                        Thread.onSpinWait();
                    }
                })
                .thread("thrower", me -> {
                    me.status("about to throw", 7);
                    throw boom;
                })
                .run());
        assertSame(boom, e.getCause());
        assertTrue(e.getMessage().startsWith("thrower failed (thrower: about to throw #7): "), e.getMessage());
        assertTrue(e.getMessage().contains("waiter: returned after the stop"), e.getMessage());
    }

    /**
     * A handshake that never completes: the deadline fires, the message says what each side waited for,
     * and the whole failure takes the deadline plus the time the bodies need to see the stop.
     */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void aLostHandshakeFailsAtTheDeadlineNamingWhatEachSideAwaited() {
        Duration deadline = Duration.ofMillis(500);
        long start = System.nanoTime();
        AssertionError e = assertThrows(AssertionError.class, () -> Watchdog.withDeadline(deadline)
                .thread("sender", me -> me.status("sent everything"))
                .thread("receiver", me -> {
                    me.status("waiting for call", 41);
                    while (!me.stopped()) {
                        Thread.onSpinWait();
                    }
                })
                .run());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= deadline.toMillis() && millis < Watchdog.failsWithinMillis(deadline), millis + " ms");
        String m = e.getMessage();
        assertTrue(m.startsWith("did not finish within 500 ms, so the watchdog stopped it; at the deadline "), m);
        assertTrue(m.contains("sender: finished"), m);
        assertTrue(m.contains("receiver: waiting for call #41 [at "), m);
    }
}
