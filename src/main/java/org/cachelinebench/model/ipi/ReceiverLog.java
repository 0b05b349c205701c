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
    /** Calls whose payload broke the protocol, e.g. a flag mailbox whose {@code next} was not NULL. */
    long protocolErrors;
    /** {@link FuncWork}: the dependent operations {@code func(info)} runs; set once, before the receiver starts. */
    long work;
    /** Sum of the work chains' results: kept here, in the receiver's own lines, so the JIT must compute them. */
    long workResult;
}

/** Padding after the receiver's counters. */
abstract class ReceiverLogPadAfter extends ReceiverLogFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The receiver's bookkeeping; {@link #call} is the model's {@code func(info)}. Everything {@code func} writes goes
 * here, into lines only the receiver touches: a result stored to a shared global would false-share a line the
 * sender reads on every call, one more line moving per call on top of the protocol's.
 */
final class ReceiverLog extends ReceiverLogPadAfter {
    ReceiverLog() {
        this(0);
    }

    ReceiverLog(long work) {
        if (work < 0 || work > FuncWork.MAX) {
            throw new IllegalArgumentException("work " + work + " outside 0.." + FuncWork.MAX);
        }
        this.work = work;
    }

    /** Runs {@code func(info)}, then {@code work} more dependent steps, and checks that {@code info} is the next sequence number. */
    void call(int func, long info) {
        long result = CsdFunctions.call(func, info);
        checksum += result;
        if (work != 0) {
            workResult += FuncWork.chain(result, work);
        }
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
        protocolErrors = 0;
        workResult = 0;
    }
}
