package org.cachelinebench.model.ipi;

/** Padding before the sender's counters: 128 bytes, a line pair, so no other object's field shares their lines. */
abstract class SenderLogPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** What the sender has sent, written by the sender thread only. */
abstract class SenderLogFields extends SenderLogPadBefore {
    /** The next IPI's sequence number, carried in {@code info}; also the count of IPIs queued. */
    long nextSeq;
    /** Sum of {@code func(info)} over every queued IPI: what the receiver's checksum must reach. */
    long expectedSum;
    /** {@code func(info)} of the last queued IPI, for a check while it may still be in flight. */
    long lastTerm;
    /** Times {@code llist_add} found the queue empty and so "sent the IPI". */
    long ipisSent;
}

/** Padding after the sender's counters. */
abstract class SenderLogPadAfter extends SenderLogFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The sender's bookkeeping, kept off the receiver's lines: on-heap objects allocated together sit side
 * by side, so both logs are padded (long fields leave no gap a subclass field could move into).
 */
final class SenderLog extends SenderLogPadAfter {
    void reset() {
        nextSeq = 0;
        expectedSum = 0;
        lastTerm = 0;
        ipisSent = 0;
    }
}
