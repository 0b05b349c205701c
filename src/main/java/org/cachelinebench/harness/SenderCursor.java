package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** Padding before the sender's position (see {@code model.ipi.SenderLog}). */
abstract class SenderCursorPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    /** Fills the 4 bytes a 12-byte header leaves before the first long, where a subclass's int would go. */
    int p16;
}

/** The sender's position in the schedule and its clock; written by the sender thread only. */
abstract class SenderCursorFields extends SenderCursorPadBefore {
    long slice;
    long inSlice;
    long sliceStart;
    /** The side of the current slice, and its handshake (null before the first call of an iteration). */
    long side;
    Handshake current;
    /** Whether the cycle under way began after every thread had started measuring. */
    boolean cycleCounts;
    /** What the sender waits for, for reports: {@link SenderCursor#CALL}, {@code DRAIN} or {@code BARRIER}. */
    int waiting;
}

/** Padding after the sender's position. */
abstract class SenderCursorPadAfter extends SenderCursorFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The sender's side of the interleaved schedule: one call per {@link #send}, in the slice's side and block,
 * and the time of every slice.
 *
 * <p>Rules:
 * <ul>
 *   <li>Self-contained slices: after a slice's last call the sender waits until that call was handled
 *       ({@link Handshake#awaitHandled}) before it reads the clock, so no call of one slice runs during the
 *       next and a block is handed over with nothing in flight.</li>
 *   <li>One clock read per slice boundary: a slice's time covers its {@link InterleavedSchedule#SLICE} calls
 *       and the loop around them, the same for every side. The barrier between groups
 *       ({@link Interleaving}) is not timed: the clock is read again after it.</li>
 *   <li>Totals are committed a whole cycle at a time, and only for a cycle that began after every thread
 *       had started measuring ({@code startMeasurement}) and ended before {@code stopMeasurement}: every side
 *       then has the same slices at the same positions of the same blocks.</li>
 *   <li>A committed cycle also goes into the {@link CycleLog}, whose medians over cycles are the ratios and extra
 *       line transfers reported: the only work the measured path adds, a few array stores per cycle.</li>
 * </ul>
 */
public final class SenderCursor extends SenderCursorPadAfter {
    static final int CALL = 0;
    static final int DRAIN = 1;
    static final int BARRIER = 2;

    /** The cycle under way, not yet committed. */
    private final SideTotals cycle;
    /** The committed cycles. */
    private final SideTotals totals;
    /** The committed cycles one by one. */
    private final CycleLog log;

    /** A sender of {@code sides} sides, whose ratios divide by side {@code reference} and extras by {@code floor}. */
    public SenderCursor(int sides, int reference, int floor) {
        this.cycle = new SideTotals(sides);
        this.totals = new SideTotals(sides);
        this.log = new CycleLog(sides, reference, floor);
    }

    /** One call in the current slice. Returns false when {@code stop} kept it from starting. */
    public boolean send(Interleaving run, Control stop, SpinWait spin) {
        Handshake h = current;
        if (h == null) {
            h = start(run, stop);
        }
        if (!h.send(stop, spin)) {
            return false;
        }
        if (++inSlice == InterleavedSchedule.SLICE) {
            endSlice(run, stop, spin);
        }
        return true;
    }

    /** The first call of an iteration: slice 0, whose blocks the reset left clean. */
    private Handshake start(Interleaving run, Control stop) {
        side = run.schedule().side(0);
        current = run.handshake(0);
        cycleCounts = stop.startMeasurement;
        sliceStart = System.nanoTime();
        return current;
    }

    private void endSlice(Interleaving run, Control stop, SpinWait spin) {
        waiting = DRAIN;
        if (!current.awaitHandled(stop, spin)) {
            return;                                 // stopped: this cycle is dropped
        }
        long now = System.nanoTime();
        long k = slice;
        cycle.addNanos((int) side, now - sliceStart);
        InterleavedSchedule schedule = run.schedule();
        if (schedule.endsGroup(k)) {
            waiting = BARRIER;
            if (!run.closeGroup(schedule.group(k), stop, spin)) {
                return;
            }
            if (schedule.endsCycle(k)) {
                if (cycleCounts && !stop.stopMeasurement) {
                    totals.addCycle(cycle, schedule.callsPerSidePerCycle());
                    log.log(cycle);
                }
                cycle.clear();
                cycleCounts = stop.startMeasurement;
            }
            now = System.nanoTime();
        }
        slice = k + 1;
        inSlice = 0;
        side = schedule.side(k + 1);
        current = run.handshake(k + 1);
        sliceStart = now;
        waiting = CALL;
    }

    /** Back to slice 0 with nothing measured: at the start of every iteration. */
    public void reset() {
        slice = 0;
        inSlice = 0;
        sliceStart = 0;
        side = 0;
        current = null;
        cycleCounts = false;
        waiting = CALL;
        cycle.clear();
        totals.clear();
        log.reset();
    }

    /** The committed cycles' totals per side. */
    public SideTotals totals() {
        return totals;
    }

    /** The committed cycles one by one, and their medians. */
    public CycleLog log() {
        return log;
    }

    public long slice() {
        return slice;
    }

    /**
     * Where the sender is and what it waits for, for a watchdog's report (racy when read from another
     * thread while the sender runs), e.g. "sender at slice 37 (cycle 0, group 3, position 7): straddled in
     * block 2, call 13 of 256: waiting for the call to be handled".
     */
    public String describe(Interleaving run) {
        String what;
        switch (waiting) {
            case DRAIN:
                what = "waiting for the slice's last call to be handled (drain)";
                break;
            case BARRIER:
                what = "waiting at the barrier for the receiver to finish group " + run.schedule().group(slice)
                        + " (it has finished " + run.gate().finished() + " groups)";
                break;
            default:
                what = "waiting for the call to be handled";
        }
        return "sender at " + run.describe(slice) + ", call " + Math.min(inSlice + 1, InterleavedSchedule.SLICE)
                + " of " + InterleavedSchedule.SLICE + ": " + what;
    }
}
