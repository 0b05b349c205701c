package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;

import org.cachelinebench.model.ipi.MailboxObjects.Kind;
import org.cachelinebench.model.ipi.MailboxObjects.Layout;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Fails, naming the fields, when a padded mailbox class loses its padding: when another object's fields could come
 * within {@link MailboxObjects#PAD} bytes of the four mailbox fields, in the offsets and instance size the running
 * JVM chose. The failure path is shown on the plain class, which has no padding.
 */
@Tag("layout")
class MailboxPaddingGuardTest {

    @Test
    void thePaddedMailboxKeepsOtherObjectsAway() {
        guard(Kind.PADDED, "The padding classes PaddedMailboxPadBefore and PaddedMailboxPadAfter");
    }

    @Test
    void theContendedMailboxKeepsOtherObjectsAway() {
        guard(Kind.CONTENDED, "@Contended on ContendedMailbox (or -XX:-RestrictContended)");
    }

    private static void guard(Kind kind, String fix) {
        String problem = reverted(MailboxObjects.layout(kind), fix);
        if (problem != null) {
            fail(problem);
        }
    }

    /** Why the class's padding is gone, naming every field and its offset, or null when it holds. */
    static String reverted(Layout layout, String fix) {
        String problem = MailboxObjects.paddingProblem(layout);
        return problem == null ? null : problem + ". " + fix + " has been removed or no longer works: a neighbour's"
                + " writes can again cost the mailbox a line transfer.";
    }

    /** The guard's failure path, on the class as a developer writes it. */
    @Test
    void theGuardFailsOnThePlainClassNamingEveryField() {
        Layout plain = MailboxObjects.layout(Kind.PLAIN);
        String message = reverted(plain, "Padding");
        assertNotNull(message, "the plain class passed the padding guard");
        for (Map.Entry<String, FieldSlot> f : plain.fields().entrySet()) {
            assertTrue(message.contains(f.getKey() + " +" + f.getValue().offset()), f.getKey() + " in: " + message);
        }
        assertTrue(message.startsWith("Mailbox: the mailbox fields ("), message);
        assertTrue(message.contains(" bytes from the object's start and " + plain.gapAfter() + " bytes from its end"),
                message);
        assertTrue(message.endsWith("Padding has been removed or no longer works: a neighbour's writes can again cost"
                + " the mailbox a line transfer."), message);
    }
}
