package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** Padding before the receiver's position (see {@code model.ipi.SenderLog}). */
abstract class ReceiverCursorPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    /** Fills the 4 bytes a 12-byte header leaves before the first long, where a subclass's int would go. */
    int p16;
}

/** The receiver's position in the schedule; written by the receiver thread only. */
abstract class ReceiverCursorFields extends ReceiverCursorPadBefore {
    long slice;
    long inSlice;
    /** The current slice's handshake; null while the receiver waits for its group to open. */
    Handshake current;
}

/** Padding after the receiver's position. */
abstract class ReceiverCursorPadAfter extends ReceiverCursorFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The receiver's side of the interleaved schedule: it handles {@link InterleavedSchedule#SLICE} calls of the
 * slice's side in the slice's block, then moves on, as the sender does. It needs no word from the sender
 * within a group: each side has one csd (or one flag) in flight at a time, so a call handled is exactly one
 * of the slice's calls. Between groups it waits at the barrier ({@link Interleaving}).
 */
public final class ReceiverCursor extends ReceiverCursorPadAfter {

    /** Waits for one call of the current slice and handles it; returns the calls handled (0 when stopped). */
    public int receive(Interleaving run, Control stop, SpinWait spin) {
        Handshake h = current;
        if (h == null) {
            if (!run.gate().awaitOpen(run.schedule().group(slice), stop, spin)) {
                return 0;
            }
            h = current = run.handshake(slice);
        }
        int n = h.receive(stop, spin);
        if (n != 0 && (inSlice += n) >= InterleavedSchedule.SLICE) {
            endSlice(run);
        }
        return n;
    }

    private void endSlice(Interleaving run) {
        if (inSlice > InterleavedSchedule.SLICE) {
            throw new IllegalStateException(run.describe(slice) + ": " + inSlice + " calls handled in a slice of "
                    + InterleavedSchedule.SLICE + " (a flush handled more than the one call in flight)");
        }
        long k = slice;
        slice = k + 1;
        inSlice = 0;
        InterleavedSchedule schedule = run.schedule();
        if (schedule.endsGroup(k)) {
            current = null;
            run.gate().finish(schedule.group(k) + 1);
        } else {
            current = run.handshake(k + 1);
        }
    }

    /** Back to slice 0, group 0 not yet entered: at the start of every iteration. */
    public void reset() {
        slice = 0;
        inSlice = 0;
        current = null;
    }

    public long slice() {
        return slice;
    }

    /** Calls handled since the iteration began. */
    public long handled() {
        return slice * InterleavedSchedule.SLICE + inSlice;
    }

    /** Where the receiver is and what it waits for, for a watchdog's report (racy while it runs). */
    public String describe(Interleaving run) {
        String what = current == null
                ? "waiting at the barrier for the sender to open group " + run.schedule().group(slice)
                        + " (it has opened " + run.gate().opened() + " groups)"
                : "waiting for call " + (inSlice + 1) + " of " + InterleavedSchedule.SLICE;
        return "receiver at " + run.describe(slice) + ": " + what;
    }
}
