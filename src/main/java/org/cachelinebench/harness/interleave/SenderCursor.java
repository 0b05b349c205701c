package org.cachelinebench.harness.interleave;

import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the sender's position (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class SenderCursorPadBefore {
    byte p000, p001, p002, p003, p004, p005, p006, p007; //   8
    byte p008, p009, p010, p011, p012, p013, p014, p015; //  16
    byte p016, p017, p018, p019, p020, p021, p022, p023; //  24
    byte p024, p025, p026, p027, p028, p029, p030, p031; //  32
    byte p032, p033, p034, p035, p036, p037, p038, p039; //  40
    byte p040, p041, p042, p043, p044, p045, p046, p047; //  48
    byte p048, p049, p050, p051, p052, p053, p054, p055; //  56
    byte p056, p057, p058, p059, p060, p061, p062, p063; //  64
    byte p064, p065, p066, p067, p068, p069, p070, p071; //  72
    byte p072, p073, p074, p075, p076, p077, p078, p079; //  80
    byte p080, p081, p082, p083, p084, p085, p086, p087; //  88
    byte p088, p089, p090, p091, p092, p093, p094, p095; //  96
    byte p096, p097, p098, p099, p100, p101, p102, p103; // 104
    byte p104, p105, p106, p107, p108, p109, p110, p111; // 112
    byte p112, p113, p114, p115, p116, p117, p118, p119; // 120
    byte p120, p121, p122, p123, p124, p125, p126, p127; // 128
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

/** 128 bytes after the sender's position. */
abstract class SenderCursorPadAfter extends SenderCursorFields {
    byte q000, q001, q002, q003, q004, q005, q006, q007; //   8
    byte q008, q009, q010, q011, q012, q013, q014, q015; //  16
    byte q016, q017, q018, q019, q020, q021, q022, q023; //  24
    byte q024, q025, q026, q027, q028, q029, q030, q031; //  32
    byte q032, q033, q034, q035, q036, q037, q038, q039; //  40
    byte q040, q041, q042, q043, q044, q045, q046, q047; //  48
    byte q048, q049, q050, q051, q052, q053, q054, q055; //  56
    byte q056, q057, q058, q059, q060, q061, q062, q063; //  64
    byte q064, q065, q066, q067, q068, q069, q070, q071; //  72
    byte q072, q073, q074, q075, q076, q077, q078, q079; //  80
    byte q080, q081, q082, q083, q084, q085, q086, q087; //  88
    byte q088, q089, q090, q091, q092, q093, q094, q095; //  96
    byte q096, q097, q098, q099, q100, q101, q102, q103; // 104
    byte q104, q105, q106, q107, q108, q109, q110, q111; // 112
    byte q112, q113, q114, q115, q116, q117, q118, q119; // 120
    byte q120, q121, q122, q123, q124, q125, q126, q127; // 128
}

/**
 * The sender's side of the interleaved schedule: one call per {@link #send}, in the slice's side and block,
 * and the time of every slice (the rules' reasons: docs/interleaved-design.md).
 * <ul>
 *   <li>Self-contained slices: after a slice's last call the sender waits until that call was handled
 *       ({@link Handshake#awaitHandled}) before it reads the clock.</li>
 *   <li>One clock read per slice boundary: a slice's time covers its {@link InterleavedSchedule#SLICE} calls
 *       and the loop around them, the same for every side. The barrier between groups
 *       ({@link Interleaving}) is not timed: the clock is read again after it.</li>
 *   <li>Totals are committed a whole cycle at a time, and only for a cycle that began after every thread
 *       had started measuring and ended before {@code stopMeasurement}.</li>
 *   <li>A committed cycle also goes into the {@link CycleLog}, whose medians are the ratios reported: the only
 *       work the measured path adds, a few array stores per cycle.</li>
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
