package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** Padding before the sender's schedule (see {@code model.ipi.SenderLog}). */
abstract class SliceSenderPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The sender's position in the schedule and its clocks; written by the sender thread only. */
abstract class SliceSenderFields extends SliceSenderPadBefore {
    long slice;
    int inSlice;
    boolean clockRunning;
    long sliceStart;
    long pairSubjectNanos;
    long pairReferenceNanos;
    long subjectNanos;
    long referenceNanos;
    long subjectCalls;
    long referenceCalls;
    long slicePairs;
}

/** Padding after the sender's schedule. */
abstract class SliceSenderPadAfter extends SliceSenderFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The sender's side of {@link InterleavedPair}'s schedule: one call per {@link #send}, on the side whose
 * slice it is, and the time of every slice.
 *
 * <p>The clock is read once per slice boundary, so a slice's time covers its {@link InterleavedPair#SLICE}
 * calls and the loop around them, the same for both sides. Times are committed a pair of slices at a time,
 * and only when the pair ended before {@code stopMeasurement}: a slice cut short by the end of an
 * iteration (whose last wait may have been abandoned) never counts, and the committed totals always hold
 * as many subject slices as reference slices.
 */
public final class SliceSender extends SliceSenderPadAfter {

    /** One call on the current side. Returns false when {@code stop} kept it from starting. */
    public boolean send(InterleavedPair pair, Control stop, SpinWait spin) {
        if (!clockRunning) {
            sliceStart = System.nanoTime();
            clockRunning = true;
        }
        long k = slice;
        if (!pair.side(k).send(stop, spin)) {
            return false;
        }
        if (++inSlice == InterleavedPair.SLICE) {
            long now = System.nanoTime();
            long nanos = now - sliceStart;
            sliceStart = now;
            inSlice = 0;
            slice = k + 1;
            if (InterleavedPair.isSubjectSlice(k)) {
                pairSubjectNanos = nanos;
            } else {
                pairReferenceNanos = nanos;
            }
            if ((k & 1) == 1 && !stop.stopMeasurement) {
                subjectNanos += pairSubjectNanos;
                referenceNanos += pairReferenceNanos;
                subjectCalls += InterleavedPair.SLICE;
                referenceCalls += InterleavedPair.SLICE;
                slicePairs++;
            }
        }
        return true;
    }

    /** Back to slice 0 with nothing measured: at the start of every iteration. */
    public void reset() {
        slice = 0;
        inSlice = 0;
        clockRunning = false;
        pairSubjectNanos = pairReferenceNanos = 0;
        subjectNanos = referenceNanos = subjectCalls = referenceCalls = slicePairs = 0;
    }

    public long slice() { return slice; }
    public long subjectNanos() { return subjectNanos; }
    public long referenceNanos() { return referenceNanos; }
    public long subjectCalls() { return subjectCalls; }
    public long referenceCalls() { return referenceCalls; }
    public long slicePairs() { return slicePairs; }

    /**
     * (subject ns per call) / (reference ns per call) over the committed pairs: above 1 the subject is
     * slower. NaN before the first complete pair.
     */
    public double costRatio() {
        if (subjectCalls == 0 || referenceCalls == 0 || referenceNanos == 0) {
            return Double.NaN;
        }
        return ((double) subjectNanos / subjectCalls) / ((double) referenceNanos / referenceCalls);
    }

    /** Adds another sender's committed totals to this one's (for a trial's sum over iterations). */
    public void add(SliceSender other) {
        subjectNanos += other.subjectNanos;
        referenceNanos += other.referenceNanos;
        subjectCalls += other.subjectCalls;
        referenceCalls += other.referenceCalls;
        slicePairs += other.slicePairs;
    }

    /** "cost ratio 1.072 (subject 140.1 ns, reference 130.7 ns per call; 6206 slice pairs)". */
    public String describeRatio() {
        return String.format("cost ratio %.3f (subject %.1f ns, reference %.1f ns per call; %d slice pairs)",
                costRatio(), (double) subjectNanos / Math.max(1, subjectCalls),
                (double) referenceNanos / Math.max(1, referenceCalls), slicePairs);
    }
}
