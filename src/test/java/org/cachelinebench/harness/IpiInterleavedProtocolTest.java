package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.SpinWait;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * The interleaved schedule between two real threads: both mailboxes get every call exactly once, in
 * order, with the right checksum, and end unlocked and empty; the sender's committed counts are equal per
 * side. Asserts facts, never speed.
 */
class IpiInterleavedProtocolTest {
    /** 2^20 calls in all, 2^19 per side: over 10^6, a whole number of ABBA quads. */
    static final int CALLS = 1 << 20;
    static final long DEADLINE_MILLIS = 120_000;

    @Test
    void scheduleIsAbba() {
        boolean[] subject = new boolean[8];
        for (int k = 0; k < 8; k++) {
            subject[k] = InterleavedPair.isSubjectSlice(k);
        }
        assertArrayEquals(new boolean[] {true, false, false, true, true, false, false, true}, subject);
    }

    @Test
    void straddledAgainstLineAlignedSync() throws Exception {
        IpiMailbox s = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED);
        IpiMailbox r = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.LINE_ALIGNED);
        SliceSender sender = run(new InterleavedPair(s, r), CALLS);
        assertMailboxComplete(s, CALLS / 2, "subject");
        assertMailboxComplete(r, CALLS / 2, "reference");
        assertCommittedEqually(sender, CALLS);
    }

    @Test
    void sizeAlignedAgainstLineAlignedAsyncCurrent() throws Exception {
        IpiMailbox s = IpiMailbox.create(CsdLayout.CURRENT, IpiMode.ASYNC, CsdPlacement.SIZE_ALIGNED);
        IpiMailbox r = IpiMailbox.create(CsdLayout.CURRENT, IpiMode.ASYNC, CsdPlacement.LINE_ALIGNED);
        int calls = CALLS / 4;
        SliceSender sender = run(new InterleavedPair(s, r), calls);
        assertMailboxComplete(s, calls / 2, "subject");
        assertMailboxComplete(r, calls / 2, "reference");
        assertCommittedEqually(sender, calls);
    }

    @Test
    void floorAgainstLineAligned() throws Exception {
        FlagPingPong floor = FlagPingPong.create();
        IpiMailbox r = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.LINE_ALIGNED);
        int calls = CALLS / 4;
        SliceSender sender = run(new InterleavedPair(floor, r), calls);
        assertEquals(calls / 2, floor.rounds());
        assertNull(floor.check(true));
        assertMailboxComplete(r, calls / 2, "reference");
        assertCommittedEqually(sender, calls);
    }

    /** A stop mid-slice commits nothing of that pair; the reset restores both sides, which then run again. */
    @Test
    void stopMidSliceThenResetRunsAgain() throws Exception {
        IpiMailbox s = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED);
        IpiMailbox r = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.LINE_ALIGNED);
        InterleavedPair pair = new InterleavedPair(s, r);
        // One and a half slices, then the stop: the sender is in the reference slice of pair 0.
        int calls = InterleavedPair.SLICE + InterleavedPair.SLICE / 2;
        SliceSender sender = run(pair, calls);
        assertEquals(0, sender.slicePairs(), "a pair cut short is not committed");
        assertEquals(0, sender.subjectCalls());
        assertTrue(Double.isNaN(sender.costRatio()));
        assertEquals(InterleavedPair.SLICE, s.handled());
        assertEquals(InterleavedPair.SLICE / 2, r.handled());
        assertNull(pair.check(false));
        pair.checkAndReset();
        assertEquals(0, s.sent());
        assertEquals(0, r.sent());
        SliceSender again = run(pair, 4 * InterleavedPair.SLICE);
        assertCommittedEqually(again, 4 * InterleavedPair.SLICE);
    }

    /** A failing side is named, and the other side is still reset. */
    @Test
    void aBrokenSideFailsTheCheckNamingItAndBothAreReset() throws Exception {
        IpiMailbox s = IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED);
        Handshake broken = new Handshake() {
            @Override public boolean send(Control stop, SpinWait spin) { return true; }
            @Override public int receive(Control stop, SpinWait spin) { return 1; }
            @Override public String check(boolean complete) { return "2 calls sent but 0 handled"; }
            @Override public void checkAndReset() { throw new IllegalStateException(check(false)); }
        };
        InterleavedPair pair = new InterleavedPair(s, broken);
        run(new InterleavedPair(s, IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.LINE_ALIGNED)),
                2 * InterleavedPair.SLICE);
        assertEquals(InterleavedPair.SLICE, s.sent());
        assertEquals("reference: 2 calls sent but 0 handled", pair.check(false));
        IllegalStateException e = assertThrows(IllegalStateException.class, pair::checkAndReset);
        assertTrue(e.getMessage().startsWith("reference: "), e.getMessage());
        assertEquals(0, s.sent(), "the subject was reset although the reference failed");
        assertThrows(IllegalArgumentException.class, () -> new InterleavedPair(s, s));
    }

    /** Runs {@code calls} calls through the schedule with two threads; stops both at the end. */
    static SliceSender run(InterleavedPair pair, int calls) throws Exception {
        Control control = new Control();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        SliceReceiver receiving = new SliceReceiver();
        Thread receiver = new Thread(() -> {
            SpinWait spin = new SpinWait();
            try {
                long got = 0;
                while (got < calls && !control.stopMeasurement) {
                    got += receiving.receive(pair, control, spin);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                control.stopMeasurement = true;
            }
        }, "interleaved-receiver");
        receiver.start();
        SliceSender sender = new SliceSender();
        SpinWait spin = new SpinWait();
        long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
        try {
            for (int i = 0; i < calls && !control.stopMeasurement; i++) {
                assertTrue(sender.send(pair, control, spin) || control.stopMeasurement);
                if ((i & 0xFFF) == 0 && System.currentTimeMillis() > deadline) {
                    control.stopMeasurement = true;
                }
            }
        } finally {
            receiver.join(DEADLINE_MILLIS);
            control.stopMeasurement = true;
            receiver.join();
        }
        assertNull(failure.get());
        assertFalse(receiver.isAlive());
        return sender;
    }

    static void assertMailboxComplete(IpiMailbox box, long calls, String side) {
        String what = side + " " + box.layout().value() + " " + box.mode().value() + " at " + box.offset();
        assertEquals(calls, box.sent(), what + ": sent");
        assertEquals(calls, box.handled(), what + ": handled");
        assertEquals(calls, box.ipisSent(), what + ": llist_add found the queue empty each time");
        assertEquals(0, box.outOfOrder(), what + ": out of order");
        assertEquals(box.expectedChecksum(), box.checksum(), what + ": checksum");
        assertEquals(0, box.csdFlags() & box.lockBit(), what + ": lock bit left set");
        assertTrue(box.queueEmpty(), what + ": queue not empty");
        assertNull(box.check(true), what);
    }

    /** Every pair ended before the stop, so all of them are committed, half the calls per side. */
    static void assertCommittedEqually(SliceSender sender, int calls) {
        assertEquals(calls / InterleavedPair.SLICE, sender.slice(), "slices completed");
        assertEquals(calls / (2L * InterleavedPair.SLICE), sender.slicePairs());
        assertEquals(calls / 2, sender.subjectCalls());
        assertEquals(calls / 2, sender.referenceCalls());
        assertTrue(sender.subjectNanos() > 0 && sender.referenceNanos() > 0);
        double ratio = sender.costRatio();
        assertTrue(ratio > 0 && Double.isFinite(ratio), "costRatio " + ratio);
    }
}
