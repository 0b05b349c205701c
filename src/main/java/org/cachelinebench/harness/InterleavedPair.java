package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.Handshake;

/**
 * Two independent handshakes driven alternately by one sender and one receiver: the <em>subject</em>
 * (a straddled or size-aligned csd, or the one-flag floor) and the <em>reference</em> (a line-aligned
 * csd), each in a block of its own allocated the same way.
 *
 * <p>Schedule: slices of {@link #SLICE} calls, in pairs ordered ABBA: subject then reference, reference
 * then subject, subject then reference, ... (slice {@code k} is the subject's when {@code k % 4} is 0 or
 * 3). A drift that is linear within a pair of pairs hits both sides equally. Sender
 * ({@link SliceSender}) and receiver ({@link SliceReceiver}) each keep their own position in this
 * schedule and need no shared counter: in every slice the receiver polls the queue the sender uses.
 */
public final class InterleavedPair {
    /**
     * Calls per slice. A round trip costs ~80-500 ns on the machines seen so far (the VM's three states),
     * so a slice lasts ~20-130 us: long enough that the two {@code System.nanoTime} reads at its ends
     * (~25 ns each, and a clock resolution of tens of ns) are below 0.2 % of it, short enough that the
     * subject and the reference run within ~0.1 ms of each other, far closer than the VM's state changes
     * (seconds) that made separate forks useless.
     */
    public static final int SLICE = 256;

    private final Handshake subject;
    private final Handshake reference;

    public InterleavedPair(Handshake subject, Handshake reference) {
        if (subject == reference) {
            throw new IllegalArgumentException("subject and reference must be two handshakes");
        }
        this.subject = subject;
        this.reference = reference;
    }

    /** ABBA: slice {@code k} is the subject's when {@code k % 4} is 0 or 3. */
    public static boolean isSubjectSlice(long slice) {
        int k = (int) (slice & 3);
        return k == 0 || k == 3;
    }

    Handshake side(long slice) {
        return isSubjectSlice(slice) ? subject : reference;
    }

    public Handshake subject() { return subject; }

    public Handshake reference() { return reference; }

    /** With both threads stopped: what is wrong on either side, or null. */
    public String check(boolean complete) {
        String s = subject.check(complete);
        if (s != null) {
            return "subject: " + s;
        }
        String r = reference.check(complete);
        return r == null ? null : "reference: " + r;
    }

    /** Between iterations: checks and resets both sides (both, even when the first fails). */
    public void checkAndReset() {
        RuntimeException first = null;
        for (Handshake h : new Handshake[] {subject, reference}) {
            try {
                h.checkAndReset();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = new IllegalStateException((h == subject ? "subject: " : "reference: ") + e.getMessage(), e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
