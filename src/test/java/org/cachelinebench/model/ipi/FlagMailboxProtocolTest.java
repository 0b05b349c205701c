package org.cachelinebench.model.ipi;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.testing.Stopper;
import org.cachelinebench.testing.Watchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.infra.Control;

/**
 * The flag mailbox, off-heap and on the three Java classes, between two real threads: every call handled once,
 * in order, with its func and info, the work's result where it belongs, the mailbox empty at the end; and, one
 * thread at a time, that it writes the csd bytes where the v4.13 layout has them, waits while full, and reports a
 * payload that breaks the protocol. Facts, never speed; the threads run under {@link Watchdog}.
 */
class FlagMailboxProtocolTest {
    static final int LINE = CacheLine.SIZE;

    @ParameterizedTest(name = "off-heap at offset {0}, work {1}")
    @CsvSource({"0, 0", "48, 0", "32, 0", "56, 13"})
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void offHeapHandlesEveryCallOnceInOrder(int offset, long work) throws Exception {
        runAndCheck(FlagMailbox.in(CsdBlock.allocate(), offset, work), work);
    }

    @ParameterizedTest(name = "{0}, work {1}")
    @CsvSource({"PLAIN, 0", "PADDED, 0", "CONTENDED, 0", "PLAIN, 13"})
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void objectsHandleEveryCallOnceInOrder(MailboxObjects.Kind kind, long work) throws Exception {
        runAndCheck(kind.handshake(kind.create(), work), work);
    }

    /** Sent, handled, checksum, order, work, and the mailbox empty: all the facts a complete run leaves. */
    static void runAndCheck(FlagMailbox box, long work) throws InterruptedException {
        long calls = IpiProtocolTest.run(box, Watchdog.create());
        String what = box.where();
        assertTrue(calls >= IpiProtocolTest.MIN_CALLS, what + ": " + calls + " calls");
        assertEquals(calls, box.sent(), what);
        assertEquals(calls, box.handled(), what);
        assertEquals(0, box.outOfOrder(), what);
        assertEquals(0, box.protocolErrors(), what);
        assertEquals(box.expectedChecksum(), box.checksum(), what);
        assertEquals(0, box.flags(), what + ": left full");
        assertNull(box.check(true), what);
        assertEquals(work, box.work());
        assertEquals(expectedWork(calls, work), box.workResult(), what + ": the work chains' sum");
    }

    /** The sum the receiver's work must reach: the chain from func(info) of every call. */
    static long expectedWork(long calls, long work) {
        if (work == 0) {
            return 0;
        }
        long sum = 0;
        for (long seq = 0; seq < calls; seq++) {
            sum += FuncWork.chain(CsdFunctions.call(CsdFunctions.pick(seq), seq), work);
        }
        return sum;
    }

    /** The sender's stores land on the v4.13 csd members, by their offsets in the layout. */
    @Test
    void theSenderFillsTheCsdMembersAndRaisesFlags() {
        CsdBlock block = CsdBlock.allocate();
        int offset = LINE - 16;
        FlagMailbox box = FlagMailbox.in(block, offset, 0);
        Memory m = block.memory();
        int csd = block.csd(offset, CallSingleData.V4_13.size());
        m.setLong(csd + CallSingleData.V4_13.offsetOf("llist.next"), 0xdeadL);   // the sender must store NULL
        assertTrue(box.send(new Control(), new SpinWait()));
        assertEquals(0L, m.getLong(csd + CallSingleData.V4_13.offsetOf("llist.next")));
        assertEquals(CsdFunctions.pick(0), m.getLong(csd + CallSingleData.V4_13.offsetOf("func")));
        assertEquals(0L, m.getLong(csd + CallSingleData.V4_13.offsetOf("info")));
        assertEquals(FlagMailbox.FULL, m.getIntAcquire(csd + CallSingleData.V4_13.offsetOf("flags")));
        assertEquals(1, box.receive(new Control(), new SpinWait()));
        assertEquals(FlagMailbox.EMPTY, m.getIntAcquire(csd + CallSingleData.V4_13.offsetOf("flags")));
        assertNull(box.check(true));
    }

    /** A full mailbox holds the sender: with nobody receiving, the next call waits until stopped and starts nothing. */
    @Test
    @Timeout(value = 60, unit = SECONDS)
    void aFullMailboxHoldsTheSenderUntilStopped() throws Exception {
        for (Supplier<FlagMailbox> make : java.util.List.<Supplier<FlagMailbox>>of(
                () -> FlagMailbox.in(CsdBlock.allocate(), 0, 0), () -> FlagMailbox.on(new Mailbox(), 0))) {
            FlagMailbox box = make.get();
            assertTrue(box.send(new Control(), new SpinWait()));
            Control stop = Stopper.after(50);
            assertFalse(box.send(stop, new SpinWait()), "a second call into a full mailbox");
            assertFalse(box.awaitHandled(Stopper.after(20), new SpinWait()));
            assertEquals(1, box.sent());
            assertEquals(FlagMailbox.FULL, box.flags());
            assertNull(box.check(false), "one call in flight is allowed mid-iteration");
            assertEquals("1 calls sent but 0 handled", box.check(true));
            box.checkAndReset();
            assertEquals(0, box.sent());
            assertEquals(FlagMailbox.EMPTY, box.flags());
        }
    }

    /** A receiver stopped while the mailbox is empty handles nothing. */
    @Test
    @Timeout(value = 60, unit = SECONDS)
    void aStoppedReceiverHandlesNothing() throws Exception {
        FlagMailbox box = FlagMailbox.on(new ContendedMailbox(), 0);
        assertEquals(0, box.receive(Stopper.after(20), new SpinWait()));
        assertEquals(0, box.handled());
    }

    /** A payload whose next is not NULL is a protocol error, counted and named by the check. */
    @Test
    void aNonNullNextIsReported() {
        Mailbox object = new Mailbox();
        FlagMailbox box = FlagMailbox.on(object, 0);
        assertTrue(box.send(new Control(), new SpinWait()));
        object.next = new Mailbox();
        assertEquals(1, box.receive(new Control(), new SpinWait()));
        assertEquals(1, box.protocolErrors());
        assertEquals("1 of 1 calls found next not NULL", box.check(true));
        IllegalStateException e = assertThrows(IllegalStateException.class, box::checkAndReset);
        assertTrue(e.getMessage().startsWith("flag mailbox, Mailbox at 0x"), e.getMessage());
        assertNull(object.next, "the reset empties the mailbox");
    }

    /** Each kind describes its memory: which fields fall in which line. */
    @Test
    void everyKindSaysWhichFieldsFallInWhichLine() {
        String offHeap = FlagMailbox.in(CsdBlock.allocate(), 0, 0).where();
        assertEquals("flag mailbox on the v4.13 csd bytes at offset 0: llist.next, func, info, flags in line 3", offHeap);
        if (LINE == 64) {
            assertEquals("flag mailbox on the v4.13 csd bytes at offset 48: llist.next, func in line 3; info, flags in"
                    + " line 4", FlagMailbox.in(CsdBlock.allocate(), 48, 0).where());
        }
        for (MailboxObjects.Kind kind : MailboxObjects.Kind.values()) {
            String where = kind.handshake(kind.create(), 0).where();
            assertTrue(where.startsWith(kind.type().getSimpleName() + " at 0x"), where);
            for (String field : MailboxObjects.FIELDS) {
                assertTrue(where.contains(field), field + " in " + where);
            }
        }
    }
}
