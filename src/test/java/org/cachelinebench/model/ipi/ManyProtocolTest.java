package org.cachelinebench.model.ipi;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.cachelinebench.testing.Stopper;
import org.cachelinebench.testing.Watchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.infra.Control;

/**
 * smp_call_function_many_cond() between real threads, more of them than this machine has CPUs: every csd queued is
 * handled once with its sender's payload, every csd unlocked, every queue drained and every doorbell silent at the
 * end; no call is lost. Facts, never speed.
 */
class ManyProtocolTest {
    static final int CALLS = 2_000;

    @ParameterizedTest(name = "{0} senders, {1} targets, align {2}, start {3}, {4}, doorbell {5}")
    @CsvSource({
            "2, 1, 32, 0, sync, true",      // two senders' csds in one line of the target's unit
            "3, 1, 8, 48, sync, true",      // three senders on 2 vCPUs, some csds straddling
            "2, 2, 64, 0, sync, true",      // 4 threads: two senders to the same two targets
            "1, 3, 32, 32, sync, false",    // one sender, three polling targets
            "3, 1, 32, 0, async, true",     // async: the next call's csd_lock waits for the previous one's unlock
            "2, 2, 8, 56, async, false"})
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void everyCsdIsHandledOnceAndUnlocked(int senders, int targets, int align, int start, String mode,
                                          boolean doorbell) throws Exception {
        CallMany many = CallMany.on(PercpuCsdUnits.allocate(senders, targets, align, start), IpiMode.parse(mode),
                doorbell, 0);
        run(many, senders, targets);
        for (int s = 0; s < senders; s++) {
            assertEquals(CALLS, many.calls(s), "sender " + s);
        }
        for (int t = 0; t < targets; t++) {
            assertEquals((long) CALLS * senders, many.handled(t), "target " + t + " handled every sender's calls");
            assertTrue(many.drained(t), "target " + t + " drained");
        }
        assertNull(many.check(true), many.where());
    }

    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void theFloorLowersEveryFlag() throws Exception {
        FlagFanout floor = FlagFanout.on(PercpuCsdUnits.allocate(2, 2, 64, 0));
        run(floor, 2, 2);
        assertEquals(2L * CALLS, floor.handled(0));
        assertEquals(2L * CALLS, floor.handled(1));
        assertNull(floor.check(true));
    }

    /** One IPI per call only while the target's queue was empty: with one sender and one target, every call. */
    @Test
    void oneSenderRingsEachTargetOnceACall() {
        CallMany many = CallMany.on(PercpuCsdUnits.allocate(1, 2, 32, 0), IpiMode.ASYNC, true, 0);
        assertTrue(many.send(0, new Control(), new SpinWait()));
        assertEquals(2, many.ipisSent(0));
        assertFalse(many.drained(0));
        assertEquals(1, many.receive(0, new Control(), new SpinWait()));
        assertEquals(1, many.receive(1, new Control(), new SpinWait()));
        assertTrue(many.drained(0) && many.drained(1));
        assertNull(many.check(true));
    }

    /** A second sender's csd queued behind the first's sends no IPI; one flush handles both. */
    @Test
    void aCsdQueuedBehindAnotherSendsNoIpi() {
        CallMany many = CallMany.on(PercpuCsdUnits.allocate(2, 1, 32, 0), IpiMode.ASYNC, true, 0);
        assertTrue(many.send(0, new Control(), new SpinWait()));
        assertTrue(many.send(1, new Control(), new SpinWait()));
        assertEquals(1, many.ipisSent(0));
        assertEquals(0, many.ipisSent(1));
        assertEquals(2, many.receive(0, new Control(), new SpinWait()));
        assertNull(many.check(true));
        String lost = "target 0 handled 2 of the 3 csds queued to it";
        assertTrue(many.send(0, new Control(), new SpinWait()));
        assertEquals(lost, many.check(true), "a csd not yet handled is named");
    }

    /** A sender whose target never runs gives up at the stop, and says what it waited for. */
    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void aWaitingSenderStopsAndSaysWhatItWaitsFor() {
        CallMany many = CallMany.on(PercpuCsdUnits.allocate(1, 2, 64, 0), IpiMode.SYNC, true, 0);
        assertFalse(many.send(0, Stopper.after(100), new SpinWait()));
        // it stopped in its wait: the csds were queued and the IPIs sent, nothing was handled
        assertEquals("sender 0 at call 0: between calls", many.describeSender(0));
        assertEquals("target 0 has handled 0 csds; its queue is not empty, doorbell rung", many.describeTarget(0));
        assertNull(many.check(false), "an iteration cut short mid-call is no protocol error");
        many.reset();
        assertTrue(many.drained(0));
    }

    /** A target that never runs: the watchdog's report names the wait each sender is stuck in. */
    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void aHangIsReportedWithWhatEachSenderWaitsFor() {
        CallMany many = CallMany.on(PercpuCsdUnits.allocate(2, 1, 32, 0), IpiMode.SYNC, true, 0);
        ManyHandshake deafTarget = new ManyHandshake() {
            public boolean send(int sender, Control stop, SpinWait spin) { return many.send(sender, stop, spin); }
            public int receive(int target, Control stop, SpinWait spin) {
                while (!stop.stopMeasurement) {
                    Thread.onSpinWait();
                }
                return 0;
            }
            public boolean drained(int target) { return true; }
            public String check(boolean complete) { return many.check(complete); }
            public void reset() { many.reset(); }
            public long calls(int sender) { return many.calls(sender); }
            public long handled(int target) { return many.handled(target); }
            public String describeSender(int sender) { return many.describeSender(sender); }
            public String describeTarget(int target) { return many.describeTarget(target); }
            public String where() { return many.where(); }
        };
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> run(deafTarget, 2, 1, Watchdog.withDeadline(java.time.Duration.ofSeconds(2))));
        assertTrue(e.getMessage().contains("last seen: sender 0 at call 0: waiting in csd_lock_wait for target 0 to "
                + "run and unlock its csd; sender 1 at call 0: waiting in csd_lock_wait for target 0 to run and unlock "
                + "its csd; target 0 has handled 0 csds; its queue is not empty, doorbell rung"), e.getMessage());
    }

    /**
     * Runs {@code senders} threads of {@link #CALLS} calls each and {@code targets} threads that receive until every
     * sender is done and their queue is drained, under a watchdog that names each thread's state if one hangs.
     */
    static void run(ManyHandshake h, int senders, int targets) throws InterruptedException {
        run(h, senders, targets, Watchdog.create());
    }

    static void run(ManyHandshake h, int senders, int targets, Watchdog w) throws InterruptedException {
        // Set when the last sender has left, however it left: the targets then drain their queues and return.
        Control sendersGone = new Control();
        AtomicInteger left = new AtomicInteger(senders);
        AtomicReference<Control> watchdogStop = new AtomicReference<>();
        for (int s = 0; s < senders; s++) {
            int sender = s;
            w.thread("sender " + s, me -> {
                watchdogStop.set(me.control());
                try {
                    SpinWait spin = new SpinWait();
                    for (int i = 0; i < CALLS && !me.stopped(); i++) {
                        me.status(h.describeSender(sender), i);
                        if (!h.send(sender, me.control(), spin)) {
                            throw new AssertionError(h.describeSender(sender) + ": stopped");
                        }
                    }
                } finally {
                    if (left.decrementAndGet() == 0) {
                        sendersGone.stopMeasurement = true;
                    }
                }
            });
        }
        for (int t = 0; t < targets; t++) {
            int target = t;
            w.thread("target " + t, me -> {
                SpinWait spin = new SpinWait();
                while (!(sendersGone.stopMeasurement && h.drained(target))) {
                    me.status(h.describeTarget(target));
                    h.receive(target, sendersGone, spin);
                }
            });
        }
        // What each sender waits for and what each target has handled, sampled while they run: a watchdog's report
        // of a hang then names the wait (the models' own words), which is over once the stop has ended it.
        AtomicReference<String> seen = new AtomicReference<>("nothing sampled yet");
        Thread observer = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                Control stop = watchdogStop.get();
                if (stop != null && stop.stopMeasurement) {
                    return;                                 // what they waited for is over: keep the last sample
                }
                StringBuilder sb = new StringBuilder();
                for (int s = 0; s < senders; s++) {
                    sb.append(h.describeSender(s)).append("; ");
                }
                for (int t = 0; t < targets; t++) {
                    sb.append(h.describeTarget(t)).append("; ");
                }
                seen.set(sb.toString());
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "observer");
        observer.setDaemon(true);
        observer.start();
        try {
            w.run();
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; last seen: " + seen.get(), e);
        } finally {
            observer.interrupt();
        }
    }
}
