package org.cachelinebench.model.ipi;

/**
 * A mailbox between two threads as a Java developer writes it: the v4.13 csd's four members as plain fields of
 * one class, a volatile flag and a payload. The flag mailbox protocol ({@link FlagMailbox}) runs on it: the
 * sender waits for {@code flags == 0}, fills {@code next}, {@code func} and {@code info}, and publishes
 * {@code flags = 1}; the receiver waits for {@code flags != 0}, reads the payload, runs {@code func(info)} and
 * stores {@code flags = 0}.
 *
 * <p>The JVM, not this declaration, decides where the fields go (JOL; the layout tests assert relations, never
 * offsets). HotSpot puts the int {@code flags} into the gap a 12-byte header leaves, then the longs {@code func}
 * and {@code info}, then the reference {@code next}: the four fields back to back, 24 to 28 bytes. With compact
 * object headers (JDK 25 {@code -XX:+UseCompactObjectHeaders}) the longs come first and {@code flags} and
 * {@code next} after them. Either way the object is only 8-byte aligned, so for some of the eight places an
 * instance can start in a 64-byte line the flag and part of the payload fall in different lines: the 2017
 * report's straddle, by a Java route. Where an instance lands is decided by the allocator and the GC, so the
 * benchmark chooses its instances from their live addresses ({@link MailboxObjects}).
 *
 * <p>{@code flags} is declared volatile, as a developer would; the protocol accesses it with acquire and release
 * through a VarHandle, the strengths of the off-heap flag mailbox and of {@code benchmarks/c/csd.h}, so that the
 * object and the off-heap bytes differ only in where the bytes are (a plain volatile store would add a full
 * fence after each publish).
 */
public final class Mailbox {
    /** {@code llist.next}: NULL in every call, as a node queued alone. */
    Mailbox next;
    /** {@code func}: the id of the function to run ({@code CsdFunctions}), in the csd's 8-byte slot. */
    long func;
    /** {@code info}: its argument, the call's sequence number. */
    long info;
    /** {@code flags}: 0 empty, 1 full. */
    volatile int flags;
}
