package org.cachelinebench.model.ipi;

import jdk.internal.vm.annotation.Contended;

/**
 * {@link Mailbox} with {@code @Contended} on the class: the JDK's own answer to false sharing. HotSpot puts
 * {@code -XX:ContendedPaddingWidth} bytes (128 by default) before the class's fields and as many after them, so,
 * like {@link PaddedMailbox}, no other object's field comes within 128 bytes of the mailbox wherever it lands, and,
 * like it, the four fields can still straddle a line (the object is 8-byte aligned). HotSpot orders the fields
 * itself: the longs {@code func} and {@code info}, then {@code flags} and {@code next}.
 *
 * <p>Outside the JDK the annotation is honoured only with {@code -XX:-RestrictContended} (and the class must be
 * compiled with {@code --add-exports java.base/jdk.internal.vm.annotation=ALL-UNNAMED}); without the flag it is
 * silently ignored, which the layout guard and the benchmark's setup catch, naming the fields.
 */
@Contended
public final class ContendedMailbox {
    /** {@code llist.next}: NULL in every call. */
    ContendedMailbox next;
    /** {@code func}. */
    long func;
    /** {@code info}. */
    long info;
    /** {@code flags}: 0 empty, 1 full; accessed with acquire and release (see {@link Mailbox}). */
    volatile int flags;
}
