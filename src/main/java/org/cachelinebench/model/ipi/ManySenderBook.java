package org.cachelinebench.model.ipi;

/** Padding before a sender's bookkeeping (see {@link SenderLog}). */
abstract class ManySenderBookPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** What one sender of {@link CallMany} has done, written by that sender only. */
abstract class ManySenderBookFields extends ManySenderBookPadBefore {
    /** Calls completed: the next call's sequence number. */
    long nextSeq;
    /** IPIs sent: targets whose queue was empty when this sender's csd was added. */
    long ipisSent;
    /** What the sender waits for ({@link ManySenderBook#LOCK}, {@code UNLOCK} or {@code NONE}) and for which target. */
    int waiting;
    int waitingFor;
}

/** Padding after a sender's bookkeeping. */
abstract class ManySenderBookPadAfter extends ManySenderBookFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * One sender's bookkeeping: per target, the csds it queued and the sum of their {@code func(info)}, which the
 * target's checksum must reach; and {@code cfd->cpumask_ipi}. The arrays are the sender's own, padded at both
 * ends (arrays allocated together sit side by side).
 */
final class ManySenderBook extends ManySenderBookPadAfter {
    static final int NONE = 0;
    static final int LOCK = 1;
    static final int UNLOCK = 2;
    /** Longs of padding on either side of an array's used part. */
    private static final int PAD = 16;

    private final long[] queued;
    private final long[] expected;
    private final boolean[] ipi;

    ManySenderBook(int targets) {
        queued = new long[PAD + targets + PAD];
        expected = new long[PAD + targets + PAD];
        ipi = new boolean[8 * PAD + targets + 8 * PAD];
    }

    void queued(int target, long term) {
        queued[PAD + target]++;
        expected[PAD + target] += term;
    }

    long queued(int target) { return queued[PAD + target]; }
    long expected(int target) { return expected[PAD + target]; }

    /** {@code __cpumask_set_cpu(cpu, cfd->cpumask_ipi)}. */
    void markIpi(int target) { ipi[8 * PAD + target] = true; }

    /** Tests the target's bit of {@code cpumask_ipi}. */
    boolean ipi(int target) { return ipi[8 * PAD + target]; }

    /** Tests and clears the target's bit of {@code cpumask_ipi}. */
    boolean takeIpi(int target) {
        if (ipi[8 * PAD + target]) {
            ipi[8 * PAD + target] = false;
            return true;
        }
        return false;
    }

    void reset() {
        nextSeq = 0;
        ipisSent = 0;
        waiting = NONE;
        waitingFor = 0;
        java.util.Arrays.fill(queued, 0);
        java.util.Arrays.fill(expected, 0);
        java.util.Arrays.fill(ipi, false);
    }
}
