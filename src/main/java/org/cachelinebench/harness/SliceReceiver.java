package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** Padding before the receiver's schedule (see {@code model.ipi.SenderLog}). */
abstract class SliceReceiverPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The receiver's position in the schedule; written by the receiver thread only. */
abstract class SliceReceiverFields extends SliceReceiverPadBefore {
    long slice;
    int inSlice;
}

/** Padding after the receiver's schedule. */
abstract class SliceReceiverPadAfter extends SliceReceiverFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The receiver's side of {@link InterleavedPair}'s schedule: it handles {@link InterleavedPair#SLICE}
 * calls on the side whose slice it is, then moves on, as the sender does. It needs no word from the
 * sender: each side has one csd (or one flag), so a call handled is exactly one of that slice's calls.
 */
public final class SliceReceiver extends SliceReceiverPadAfter {

    /** Waits for one call on the current side and handles it; returns the calls handled (0 when stopped). */
    public int receive(InterleavedPair pair, Control stop, SpinWait spin) {
        int n = pair.side(slice).receive(stop, spin);
        inSlice += n;
        if (inSlice >= InterleavedPair.SLICE) {
            // A flush handles at most the one csd its side has: inSlice never passes SLICE.
            inSlice = 0;
            slice++;
        }
        return n;
    }

    /** Back to slice 0: at the start of every iteration. */
    public void reset() {
        slice = 0;
        inSlice = 0;
    }

    public long slice() { return slice; }
}
