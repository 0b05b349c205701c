package org.cachelinebench.model.ipi;

/**
 * A mailbox between two threads as a Java developer writes it: the v4.13 csd's four members as plain fields of
 * one class, a volatile flag and a payload, on which the flag mailbox protocol ({@link FlagMailbox}) runs.
 *
 * <p>Lesson: the JVM, not this declaration, decides where the fields go, back to back in 24 to 28 bytes (the
 * order depends on the header mode; the layout tests assert relations, never offsets), and the object is only
 * 8-byte aligned, so for some of the places an instance can start in a line the flag and part of the payload fall
 * in different lines: the csd's straddle, by a Java route. Where an instance lands is decided by the allocator
 * and the GC, so the benchmark chooses its instances from their live addresses ({@link MailboxObjects}).
 *
 * <p>{@code flags} is declared volatile, as a developer would; the protocol accesses it with acquire and release
 * through a VarHandle, the strengths of the off-heap flag mailbox and of {@code benchmarks/c/csd.h}, so that the
 * object and the off-heap bytes differ only in where the bytes are.
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
