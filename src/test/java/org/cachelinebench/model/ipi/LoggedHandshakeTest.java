package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * The checks both logged handshakes share: a call in flight is allowed only mid-iteration, a checksum that is not
 * the sender's is named with its call count, and {@code checkAndReset} names the handshake and clears both logs.
 * Driven from one thread: an async IPI and a flag call can be sent and then received by the same thread.
 */
class LoggedHandshakeTest {
    @Test
    void anIpiMailboxCountsItsIpisAndNamesItsCsdWhenACheckFails() {
        IpiMailbox box = IpiMailbox.create(CsdLayout.V4_13, IpiMode.ASYNC, CsdPlacement.LINE_ALIGNED);
        assertCountsChecked(box, "IPIs");
        IllegalStateException e = assertThrows(IllegalStateException.class, box::checkAndReset);
        assertEquals("v4.13 async csd at offset 0: " + wrongChecksum(box, "IPIs"), e.getMessage());
        assertReset(box);
        assertTrue(box.queueEmpty(), "the reset zeroes the block");
    }

    @Test
    void aFlagMailboxCountsItsCallsAndNamesItsMemoryWhenACheckFails() {
        FlagMailbox box = FlagMailbox.in(CsdBlock.allocate(), 0, 0);
        assertCountsChecked(box, "calls");
        IllegalStateException e = assertThrows(IllegalStateException.class, box::checkAndReset);
        assertEquals("flag mailbox, " + box.where() + ": " + wrongChecksum(box, "calls"), e.getMessage());
        assertReset(box);
        assertEquals(FlagMailbox.EMPTY, box.flags(), "the reset empties the mailbox");
    }

    /** One call sent, checked in flight, handled, then the receiver's checksum made wrong by one. */
    private static void assertCountsChecked(LoggedHandshake box, String calls) {
        assertTrue(box.send(new Control(), new SpinWait()));
        assertNull(box.check(false), "one call in flight is allowed mid-iteration");
        assertEquals("1 " + calls + " sent but 0 handled", box.check(true));
        assertEquals(1, box.receive(new Control(), new SpinWait()));
        assertNull(box.check(true));
        assertEquals(box.expectedChecksum(), box.checksum());
        box.receiver.checksum++;
        assertEquals(wrongChecksum(box, calls), box.check(true));
    }

    private static String wrongChecksum(LoggedHandshake box, String calls) {
        return "checksum of func(info) over 1 " + calls + " is " + (box.expectedChecksum() + 1) + ", expected "
                + box.expectedChecksum();
    }

    private static void assertReset(LoggedHandshake box) {
        assertEquals(0, box.sent());
        assertEquals(0, box.handled());
        assertEquals(0, box.checksum());
        assertEquals(0, box.expectedChecksum());
        assertNull(box.check(true), "a reset handshake passes the complete check");
    }
}
