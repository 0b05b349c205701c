package org.cachelinebench.model.ipi;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.testing.Stopper;
import org.cachelinebench.testing.Watchdog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.infra.Control;

/**
 * The kernel's protocol with a doorbell for the IPI: rung exactly when {@code llist_add} found the queue empty,
 * waited on by the receiver before it touches its queue, cleared before the flush; and between two real threads
 * every IPI handled once, in order, the doorbell silent and the queue empty at the end. Facts, never speed.
 */
class DoorbellProtocolTest {

    @ParameterizedTest(name = "{0} {1}, work {2}")
    @CsvSource({"v4.13, sync, 0", "v4.13, async, 0", "current, sync, 0", "current, async, 0", "v4.13, sync, 13"})
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void everyIpiIsHandledOnceInOrder(String layout, String mode, long work) throws Exception {
        CsdLayout l = CsdLayout.parse(layout);
        CsdBlock block = CsdBlock.allocate();
        IpiMailbox box = IpiMailbox.in(block, l, IpiMode.parse(mode),
                CsdPlacement.STRADDLED.offset(block.lineSize(), l.struct().size()), true, work);
        IpiProtocolTest.runAndCheck(box);
        assertFalse(box.doorbellRung(), "the doorbell is silent at the end");
        assertEquals(FlagMailboxProtocolTest.expectedWork(box.sent(), work), box.workResult());
    }

    /** The sender rings the doorbell when llist_add found the queue empty, and only then. */
    @Test
    void theDoorbellRingsOnlyWhenTheQueueWasEmpty() {
        CsdBlock block = CsdBlock.allocate();
        IpiMailbox first = IpiMailbox.in(block, CsdLayout.V4_13, IpiMode.ASYNC, 0, true, 0);
        IpiMailbox second = IpiMailbox.in(block, CsdLayout.V4_13, IpiMode.ASYNC, 32, true, 0);
        assertTrue(first.send(new Control(), new SpinWait()));
        assertTrue(first.doorbellRung(), "queue was empty: rung");
        assertEquals(1, first.ipisSent());
        block.memory().setIntRelease(block.doorbell(), 0);        // silence it, to see whether the next call rings
        assertTrue(second.send(new Control(), new SpinWait()));
        assertFalse(second.doorbellRung(), "queue held the first csd: no IPI, no ring");
        assertEquals(0, second.ipisSent());
        assertFalse(second.queueEmpty());
    }

    /** The receiver learns of a call from the doorbell only: a queued csd without a ring stays queued. */
    @Test
    @Timeout(value = Watchdog.TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void theReceiverWaitsForTheDoorbellNotForItsQueue() {
        CsdBlock block = CsdBlock.allocate();
        IpiMailbox polling = IpiMailbox.in(block, CsdLayout.V4_13, IpiMode.ASYNC, 0, false, 0);
        IpiMailbox doorbell = IpiMailbox.in(block, CsdLayout.V4_13, IpiMode.ASYNC, 0, true, 0);
        assertTrue(polling.send(new Control(), new SpinWait()));     // queued, nothing rung
        assertFalse(polling.queueEmpty());
        assertFalse(doorbell.doorbellRung());
        assertEquals(0, doorbell.receive(Stopper.after(50), new SpinWait()), "no ring, no flush");
        assertFalse(polling.queueEmpty(), "the queue head was not touched");
        assertEquals(1, polling.receive(new Control(), new SpinWait()), "the polling receiver sees it at once");
    }

    /** The receiver clears the doorbell before flushing; a complete check refuses a doorbell left rung. */
    @Test
    void theReceiverClearsTheDoorbellAndTheCheckSeesOneLeftRung() {
        CsdBlock block = CsdBlock.allocate();
        IpiMailbox box = IpiMailbox.in(block, CsdLayout.V4_13, IpiMode.ASYNC, 0, true, 0);
        assertTrue(box.send(new Control(), new SpinWait()));
        assertEquals(1, box.receive(new Control(), new SpinWait()));
        assertFalse(box.doorbellRung());
        assertNull(box.check(true));
        block.memory().setIntRelease(block.doorbell(), 1);
        assertEquals("the doorbell is still rung", box.check(true));
        box.reset();
        assertFalse(box.doorbellRung(), "the reset zeroes the block, doorbell included");
    }

    /** The doorbell word is alone in line 1 of the block, proven from its real address. */
    @Test
    void theDoorbellHasALineOfItsOwn() {
        CsdBlock block = CsdBlock.allocate();
        assertEquals(1, block.lineOf(block.doorbell()));
        assertEquals(0, block.placeDoorbell().startInLine());
        assertFalse(block.placeDoorbell().straddles());
        assertEquals(block.placeHead().firstLine() + 1, block.placeDoorbell().firstLine());
        String where = IpiMailbox.in(block, CsdLayout.V4_13, IpiMode.SYNC, 0, true, 0).where();
        assertEquals("v4.13 csd at offset 0: llist.next, func, info, flags in line 3; queue head in line 0; doorbell"
                + " in line 1", where);
    }
}
