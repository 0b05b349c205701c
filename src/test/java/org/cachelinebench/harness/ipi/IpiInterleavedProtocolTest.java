package org.cachelinebench.harness.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.harness.interleave.CycleLog;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.HandshakeGrid;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.SideTotals;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.FlagMailbox;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.cachelinebench.model.ipi.LineProbe;
import org.cachelinebench.model.ipi.SpinWait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.infra.Control;

/**
 * The interleaved schedule between two plain threads, all five csd sides in five blocks (each protocol), the ten
 * sides of the offset sweep and the six object-mailbox sides: every handshake
 * (side x block) handles every one of its calls once, in order, with the right func and info, and ends
 * unlocked and empty; the sender commits exactly the calls of its complete cycles for every side, and logs
 * exactly those cycles, whose per-side times add up to the totals. Asserts facts, never speed.
 *
 * <p>Every run is bounded: a watchdog stops both threads through the stop flag after {@link #DEADLINE_MILLIS}
 * and fails naming where each thread waits; joins are bounded; each test has a JUnit timeout. The counts are
 * small: {@value #CYCLES} cycles are 2 x 50 x 256 = 25,600 calls, ~0.03 s at 1 us a round trip and a few
 * seconds even if every call waited for a scheduler yield.
 */
public class IpiInterleavedProtocolTest {
    static final long CYCLES = 2;
    static final long DEADLINE_MILLIS = 60_000;
    /** How long threads told to stop may take to end. */
    static final long STOP_MILLIS = 10_000;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"v4.13, sync", "v4.13, async", "current, sync", "current, async"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyHandshakeHandlesEveryCallOnceAndEverySideGetsTheSameCalls(String layout, String mode) throws Exception {
        HandshakeGrid run = new HandshakeGrid(CsdSides.of(IpiProtocol.KERNEL, CsdLayout.parse(layout), IpiMode.parse(mode), 0));
        Leader sender = run(run, CYCLES * run.schedule().slicesPerCycle(), -1, DEADLINE_MILLIS);
        assertCompleteCycles(run, sender, CYCLES);
    }

    /** The doorbell and the flag mailbox in the same schedule, with and without work in func(info). */
    @ParameterizedTest(name = "protocol {0}, {1}, work {2}")
    @CsvSource({"doorbell, sync, 0", "doorbell, async, 5", "flag, sync, 0", "flag, sync, 5"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyProtocolHandlesEveryCallOnceInTheSchedule(String protocol, String mode, long work) throws Exception {
        HandshakeGrid run = new HandshakeGrid(CsdSides.of(IpiProtocol.parse(protocol), CsdLayout.V4_13,
                IpiMode.parse(mode), work));
        Leader sender = run(run, CYCLES * run.schedule().slicesPerCycle(), -1, DEADLINE_MILLIS);
        assertCompleteCycles(run, sender, CYCLES);
    }

    /** The ten sides of the interleaved offset sweep, kernel protocol and flag mailbox: one cycle each. */
    @ParameterizedTest(name = "sweep, protocol {0}")
    @CsvSource({"kernel", "flag"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theSweepsTenSidesHandleEveryCall(String protocol) throws Exception {
        HandshakeGrid run = new HandshakeGrid(SweepSides.of(IpiProtocol.parse(protocol), IpiMode.SYNC, 0));
        Leader sender = run(run, run.schedule().slicesPerCycle(), -1, DEADLINE_MILLIS);
        assertCompleteCycles(run, sender, 1);
    }

    /**
     * The object mailboxes chosen from live addresses: every side, the floor in the blocks and the objects whatever
     * the block, handles every call; a stop mid-cycle and the reset leave every object empty.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theObjectMailboxSidesHandleEveryCallAndResetClean() throws Exception {
        ObjectMailboxSides objects = new ObjectMailboxSides(org.cachelinebench.model.layout.CacheLine.SIZE);
        objects.choose();
        HandshakeGrid run = new HandshakeGrid(objects.sides(3));
        assertEquals(ObjectMailboxSides.NAMES, run.names());
        Leader sender = run(run, CYCLES * run.schedule().slicesPerCycle(), -1, DEADLINE_MILLIS);
        assertCompleteCycles(run, sender, CYCLES);
        int perCycle = run.schedule().slicesPerCycle();
        run.checkAndReset();
        Leader cut = run(run, 2L * perCycle, (perCycle + 3L) * InterleavedSchedule.SLICE + 7, DEADLINE_MILLIS);
        assertEquals(1, cut.totals().cycles());
        assertLoggedAsCommitted(cut);
        run.checkAndReset();
        for (int s = 0; s < run.schedule().sides(); s++) {
            if (run.at(s, 0) instanceof FlagMailbox box) {
                assertEquals(0, box.flags(), run.names().get(s) + " left full after the reset");
            }
        }
    }

    /**
     * A stop in the middle of a slice of cycle 1, async (one call may be in flight): cycle 0 is committed,
     * cycle 1 is not; the logs pass the check for a cut run; the reset restores every block, and the pair
     * then runs complete cycles again.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aStopMidCycleDropsThatCycleAndTheResetRunsAgain() throws Exception {
        HandshakeGrid run = new HandshakeGrid(CsdSides.of(IpiProtocol.KERNEL, CsdLayout.V4_13, IpiMode.ASYNC, 0));
        int perCycle = run.schedule().slicesPerCycle();
        long stopAfterCalls = (perCycle + 10L) * InterleavedSchedule.SLICE + 100;
        Leader sender = run(run, 2L * perCycle, stopAfterCalls, DEADLINE_MILLIS);
        assertEquals(perCycle + 10, sender.slice(), "the stop came in slice " + (perCycle + 10));
        assertEquals(1, sender.totals().cycles(), "the cut cycle is dropped");
        assertLoggedAsCommitted(sender);
        for (int s = 0; s < run.schedule().sides(); s++) {
            assertEquals(run.schedule().callsPerSidePerCycle(), sender.totals().calls(s), CsdSides.NAMES.get(s));
        }
        assertNull(run.check(false));
        sender.reset();
        assertEquals(0, sender.log().logged(), "the reset empties the log with the totals");
        assertEquals(0, sender.totals().cycles());
        run.checkAndReset();
        for (int s = 0; s < run.schedule().sides(); s++) {
            for (int b = 0; b < run.schedule().sides(); b++) {
                assertEquals(0, count(run.at(s, b)).sent(), run.where(s, b) + " reset");
            }
        }
        Leader again = run(run, perCycle, -1, DEADLINE_MILLIS);
        assertCompleteCycles(run, again, 1);
    }

    /**
     * A floor handshake that loses its 10th call (a test double): the first floor slice is slice 1 (group 0,
     * position 1: block 1, which side 1, the floor, owns in group 0); the receiver waits forever for that
     * slice's 256th call while the sender waits for the first call of slice 2 (block 2, owned by side 2,
     * straddled). The watchdog must stop both and fail, naming both waits.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLostCallMakesTheWatchdogStopBothThreadsAndNameTheirWaits() {
        List<Side> sides = new ArrayList<>(CsdSides.of(IpiProtocol.KERNEL, CsdLayout.V4_13, IpiMode.SYNC, 0));
        sides.set(CsdSides.FLOOR_SIDE, new Side(CsdSides.FLOOR, b -> new LosesOneCall(FlagPingPong.in(b), 10)));
        HandshakeGrid run = new HandshakeGrid(sides);
        long start = System.nanoTime();
        AssertionError e = assertThrows(AssertionError.class,
                () -> run(run, run.schedule().slicesPerCycle(), -1, 2_000));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds < 2 + 2 * STOP_MILLIS / 1000, "the watchdog fired after " + seconds + " s");
        String m = e.getMessage();
        assertTrue(m.startsWith("watchdog: not done after 2000 ms"), m);
        assertTrue(m.contains("leader at slice 2 (cycle 0, group 0, position 2): straddled in block 2, call 1 of 256: "
                + "waiting for the call"), m);
        assertTrue(m.contains("follower at slice 1 (cycle 0, group 0, position 1): floor in block 1: "
                + "waiting for call 256 of 256"), m);
        assertFalse(m.contains("still running"), m);
    }

    /**
     * A flush that finds more than the one call in flight breaks the schedule: refused, naming the slice
     * (85 flushes of 3 calls make 255, the 86th 258).
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aReceiverThatHandlesSeveralCallsAtOnceIsRefused() {
        List<Side> sides = new ArrayList<>(CsdSides.of(IpiProtocol.KERNEL, CsdLayout.V4_13, IpiMode.SYNC, 0));
        sides.set(CsdSides.REFERENCE_SIDE, new Side(CsdSides.LINE_ALIGNED, b -> new HandlesThree()));
        HandshakeGrid run = new HandshakeGrid(sides);
        Throwable e = assertThrows(AssertionError.class, () -> run(run, 1, -1, 10_000)).getCause();
        assertTrue(e instanceof IllegalStateException, String.valueOf(e));
        assertTrue(e.getMessage().startsWith("slice 0 (cycle 0, group 0, position 0): line-aligned in block 0: "
                + "258 calls handled in a slice of 256"), e.getMessage());
    }

    // ---- the two threads and the watchdog ------------------------------------------------------------

    /**
     * Runs {@code slices} slices with a sender and a receiver thread; the sender sets the stop flag itself after
     * {@code stopAfterCalls} calls (if not negative). After {@code deadlineMillis} a watchdog tells both threads
     * to stop and fails, naming where each one waits.
     */
    static Leader run(HandshakeGrid run, long slices, long stopAfterCalls, long deadlineMillis)
            throws InterruptedException {
        Control control = new Control();
        control.startMeasurement = true;
        // Every side list here has its reference first (CsdSides, SweepSides, ObjectMailboxSides).
        Leader sending = new Leader(run.schedule().sides(), 0, run.names().indexOf(CsdSides.FLOOR));
        Follower receiving = new Follower();
        long calls = slices * InterleavedSchedule.SLICE;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread receiver = thread("interleaved-receiver", control, failure, () -> {
            SpinWait spin = new SpinWait();
            while (receiving.handled(InterleavedSchedule.SLICE) < calls && !control.stopMeasurement) {
                if (receiving.begin(run, control, spin)) {
                    receiving.handled(run, run.at(receiving.side(), receiving.block()).receive(control, spin));
                }
            }
        });
        Thread sender = thread("interleaved-sender", control, failure, () -> {
            SpinWait spin = new SpinWait();
            long sent = 0;
            while (sending.slice() < slices && !control.stopMeasurement) {
                if (sending.begin(run, control, spin) && run.at(sending.side(), sending.block()).send(control, spin)
                        && sending.end(run, control, spin) && ++sent == stopAfterCalls) {
                    control.stopMeasurement = true;
                }
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadlineMillis);
        receiver.start();
        sender.start();
        joinUntil(sender, deadline);
        joinUntil(receiver, deadline);
        if (sender.isAlive() || receiver.isAlive()) {
            String where = sending.describe(run) + "; " + receiving.describe(run);
            control.stopMeasurement = true;
            sender.join(STOP_MILLIS);
            receiver.join(STOP_MILLIS);
            String stuck = (sender.isAlive() ? " sender" : "") + (receiver.isAlive() ? " receiver" : "");
            fail("watchdog: not done after " + deadlineMillis + " ms; " + where
                    + (stuck.isEmpty() ? "" : "; still running " + STOP_MILLIS + " ms after the stop:" + stuck));
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        }
        return sending;
    }

    /**
     * A daemon thread running {@code body}; its failure is kept and stops the other thread (also ChunkInterleaved's:
     * public for harness.chunk's protocol test).
     */
    public static Thread thread(String name, Control control, AtomicReference<Throwable> failure, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
                control.stopMeasurement = true;
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    private static void joinUntil(Thread t, long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        if (left > 0) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
    }

    // ---- checks --------------------------------------------------------------------------------------

    /**
     * After {@code cycles} complete cycles: every handshake passes its complete check (every call handled once,
     * in order, checksum right, csd unlocked or flag down, queue empty), every handshake made 2 slices of calls
     * per cycle (a side uses a block at two positions), and every side committed 2N slices of calls per cycle.
     */
    static void assertCompleteCycles(HandshakeGrid run, Leader sender, long cycles) {
        int n = run.schedule().sides();
        assertNull(run.check(true));
        for (int s = 0; s < n; s++) {
            for (int b = 0; b < n; b++) {
                Countable c = count(run.at(s, b));
                String where = run.where(s, b);
                assertEquals(cycles * 2 * InterleavedSchedule.SLICE, c.sent(), where + ": sent");
                assertEquals(c.sent(), c.handled(), where + ": handled");
            }
        }
        SideTotals t = sender.totals();
        assertEquals(cycles, t.cycles());
        for (int s = 0; s < n; s++) {
            assertEquals(cycles * 2 * n * InterleavedSchedule.SLICE, t.calls(s), run.names().get(s) + ": calls");
            assertTrue(t.nanos(s) > 0, run.names().get(s) + ": nanos");
        }
        assertLoggedAsCommitted(sender);
    }

    /**
     * The per-cycle log holds exactly the committed cycles, none left out, and they add up to the sums: every side's
     * nanoseconds over the logged cycles are its total, each cycle's positive.
     */
    static void assertLoggedAsCommitted(Leader sender) {
        SideTotals t = sender.totals();
        CycleLog log = sender.log();
        assertEquals(t.cycles(), log.logged(), "logged cycles = scheduleCycles");
        assertEquals(0, log.notLogged());
        for (int s = 0; s < t.sides(); s++) {
            long sum = 0;
            for (int c = 0; c < log.logged(); c++) {
                assertTrue(log.nanos(c, s) > 0, "cycle " + c + ", side " + s);
                sum += log.nanos(c, s);
            }
            assertEquals(t.nanos(s), sum, "side " + s + ": the logged cycles add up to the total");
        }
    }

    /** A handshake's counts, whichever protocol it runs. */
    record Countable(long sent, long handled) {}

    static Countable count(Handshake h) {
        if (h instanceof IpiMailbox box) {
            assertEquals(box.sent(), box.ipisSent(), "llist_add found the queue empty on every call");
            assertEquals(0, box.outOfOrder());
            assertFalse(box.doorbellRung(), "the doorbell is silent between slices");
            return new Countable(box.sent(), box.handled());
        }
        if (h instanceof FlagMailbox box) {
            assertEquals(0, box.outOfOrder());
            assertEquals(0, box.protocolErrors());
            assertEquals(0, box.flags(), "the mailbox is empty between slices");
            return new Countable(box.sent(), box.handled());
        }
        if (h instanceof FlagPingPong flag) {
            return new Countable(flag.sent(), flag.rounds());
        }
        if (h instanceof LineProbe probe) {
            assertEquals(null, probe.check(false), probe.where());
            return new Countable(probe.sent(), probe.rounds());
        }
        throw new AssertionError("unknown handshake " + h);
    }

    // ---- test doubles --------------------------------------------------------------------------------

    /** A floor whose {@code lose}-th call never reaches the receiver: the sender counts it as sent. */
    static final class LosesOneCall implements Handshake {
        private final FlagPingPong flag;
        private final long lose;
        private long calls;

        LosesOneCall(FlagPingPong flag, long lose) {
            this.flag = flag;
            this.lose = lose;
        }

        @Override
        public boolean send(Control stop, SpinWait spin) {
            return ++calls == lose ? !stop.stopMeasurement : flag.send(stop, spin);
        }

        @Override
        public boolean awaitHandled(Control stop, SpinWait spin) {
            return flag.awaitHandled(stop, spin);
        }

        @Override
        public int receive(Control stop, SpinWait spin) {
            return flag.receive(stop, spin);
        }

        @Override
        public String check(boolean complete) {
            return flag.check(complete);
        }

        @Override
        public void checkAndReset() {
            flag.checkAndReset();
        }
    }

    /** A receiver that reports three calls handled at once, as a queue holding three csds would. */
    static final class HandlesThree implements Handshake {
        @Override public boolean send(Control stop, SpinWait spin) { return !stop.stopMeasurement; }
        @Override public boolean awaitHandled(Control stop, SpinWait spin) { return true; }
        @Override public int receive(Control stop, SpinWait spin) { return stop.stopMeasurement ? 0 : 3; }
        @Override public String check(boolean complete) { return null; }
        @Override public void checkAndReset() { }
    }
}
