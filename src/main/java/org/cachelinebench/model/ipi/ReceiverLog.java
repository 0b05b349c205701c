package org.cachelinebench.model.ipi;

/** Padding before the receiver's counters (see {@link SenderLog}). */
abstract class ReceiverLogPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** What the receiver has handled, written by the receiver thread only. */
abstract class ReceiverLogFields extends ReceiverLogPadBefore {
    /** csds whose {@code func(info)} ran. */
    long handled;
    /** Sum of {@code func(info)}. */
    long checksum;
    /** The sequence number the next {@code info} must carry. */
    long expectedSeq;
    /** {@code info}s that did not carry the expected sequence number. */
    long outOfOrder;
}

/** Padding after the receiver's counters. */
abstract class ReceiverLogPadAfter extends ReceiverLogFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The receiver's bookkeeping; {@link #call} is the model's {@code func(info)}. */
final class ReceiverLog extends ReceiverLogPadAfter {
    /** Runs {@code func(info)} and checks that {@code info} is the next sequence number. */
    void call(int func, long info) {
        checksum += CsdFunctions.call(func, info);
        if (info != expectedSeq) {
            outOfOrder++;
        }
        expectedSeq = info + 1;
        handled++;
    }

    void reset() {
        handled = 0;
        checksum = 0;
        expectedSeq = 0;
        outOfOrder = 0;
    }
}
