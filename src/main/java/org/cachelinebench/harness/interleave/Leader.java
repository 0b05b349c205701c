package org.cachelinebench.harness.interleave;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the leader's position (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class LeaderPadBefore {
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

/** The leader's position in the schedule and its clock; written by the leader thread only. */
abstract class LeaderFields extends LeaderPadBefore {
    long slice;
    long inSlice;
    long sliceStart;
    /** The side and block of the current slice. */
    int side;
    int block;
    /** Whether the iteration's first call started slice 0. */
    boolean started;
    /** Whether the cycle under way began after every thread had started measuring. */
    boolean cycleCounts;
    /** Whether the iteration is a number of calls (JMH's single-shot mode), not a time. */
    boolean fixedLength;
    /** Calls left in a single-shot iteration. */
    long callsLeft;
    /** What the leader waits for, for reports: {@link Leader#CALL}, {@code DRAIN} or {@code BARRIER}. */
    int waiting;
}

/** 128 bytes after the leader's position. */
abstract class LeaderPadAfter extends LeaderFields {
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
 * The leader's side of the interleaved schedule ({@link Interleaving}): the benchmark's method asks it for the slice's
 * side and block ({@link #begin}, {@link #side}, {@link #block}), runs its measured call there, and says so
 * ({@link #end}). It times every slice with one clock read at each boundary (the barrier between groups is not
 * timed), and commits a cycle's times, its own and the follower's, only when the cycle began after every thread had
 * started measuring, ended before the stop and, where the follower is timed, gave the follower a call on every side.
 * A committed cycle also goes into the {@link CycleLog}s, whose medians are the ratios reported.
 */
public final class Leader extends LeaderPadAfter {
    static final int CALL = 0;
    static final int DRAIN = 1;
    static final int BARRIER = 2;

    /** The cycle under way, not yet committed. */
    private final SideTotals cycle;
    /** The committed cycles, and one by one. */
    private final SideTotals totals;
    private final CycleLog log;
    /** The follower's committed cycles (ns per call), where it is timed. */
    private final SideTotals followerTotals;
    private final CycleLog followerLog;
    /** Slices run per side and block, [side * MOST_SIDES + block]: what a test compares with the follower's. */
    private final long[] slicesIn = new long[Interleaving.MOST_SIDES * Interleaving.MOST_SIDES];
    private long skipped;

    /**
     * A leader of {@code sides} sides, whose ratios divide by side {@code reference} and extra lines by side
     * {@code floor} ({@link CycleLog#NO_FLOOR}: none).
     */
    public Leader(int sides, int reference, int floor) {
        cycle = new SideTotals(sides);
        totals = new SideTotals(sides);
        log = new CycleLog(sides, reference, floor);
        followerTotals = new SideTotals(sides);
        followerLog = new CycleLog(sides, reference, CycleLog.NO_FLOOR);
    }

    /**
     * Before a call: true once the leader is in a slice (the iteration's first call enters slice 0, once the
     * follower is in it where slices are handed over); false when stopped first.
     */
    public boolean begin(Interleaving run, Control control, SpinWait spin) {
        return started || start(run, fixedLength ? run.fixedLengthStop() : control, spin);
    }

    /** The side the current slice measures. */
    public int side() { return side; }

    /** The block the current slice runs in. */
    public int block() { return block; }

    private boolean start(Interleaving run, Control stop, SpinWait spin) {
        if (run.handsOverSlices && !run.slices.awaitFinished(1, stop, spin)) {
            return false;
        }
        side = run.schedule.side(0);
        block = run.schedule.block(0);
        started = true;
        cycleCounts = stop.startMeasurement;
        sliceStart = System.nanoTime();
        return true;
    }

    /**
     * After a call: counts it, and after a slice's last call ends the slice (drains it, reads the clock, hands the
     * slice over, at a group's end waits at the barrier and commits a cycle). In a single-shot iteration it sets the
     * run's own stop after the last call, or when it fails. Returns true, for the caller's {@code &&}.
     */
    public boolean end(Interleaving run, Control control, SpinWait spin) {
        if (!fixedLength) {
            if (++inSlice == run.callsPerSlice) {
                endSlice(run, control, spin);
            }
            return true;
        }
        try {
            if (++inSlice == run.callsPerSlice) {
                endSlice(run, run.fixedLengthStop(), spin);
            }
            if (--callsLeft == 0) {
                run.endFixedLength();
            }
            return true;
        } catch (RuntimeException | Error e) {
            run.endFixedLength();
            throw e;
        }
    }

    private void endSlice(Interleaving run, Control stop, SpinWait spin) {
        long k = slice;
        InterleavedSchedule schedule = run.schedule;
        boolean handsOver = run.handsOverSlices;
        if (!handsOver) {
            waiting = DRAIN;
            if (!run.drain(side, block, stop, spin)) {
                return;                                 // stopped: this cycle is dropped
            }
        }
        long now = System.nanoTime();
        cycle.addNanos(side, now - sliceStart);
        if (handsOver) {
            slicesIn[side * Interleaving.MOST_SIDES + block]++;
            if (run.slices.finished() != k + 1) {
                throw new IllegalStateException(run.describe(k) + ": the follower was in slice "
                        + (run.slices.finished() - 1) + " at the leader's last call");
            }
            run.slices.open(k + 2);
        }
        if (schedule.endsGroup(k)) {
            waiting = BARRIER;
            long group = schedule.group(k);
            if (!run.groups.awaitFinished(group + 1, stop, spin)) {
                return;
            }
            run.handOver(group);
            if (handsOver) {
                // The follower's cycle is read while it waits at the barrier.
                if (schedule.endsCycle(k)) {
                    commit(run, stop);
                }
                run.groups.open(group + 2);
            } else {
                run.groups.open(group + 2);
                if (schedule.endsCycle(k)) {
                    commit(run, stop);
                }
                now = System.nanoTime();
            }
        }
        if (handsOver) {
            if (!run.slices.awaitFinished(k + 2, stop, spin)) {
                return;
            }
            now = System.nanoTime();
        }
        slice = k + 1;
        inSlice = 0;
        side = schedule.side(k + 1);
        block = schedule.block(k + 1);
        sliceStart = now;
        waiting = CALL;
    }

    private void commit(Interleaving run, Control stop) {
        SideTotals follower = run.followerCycle;
        if (cycleCounts && !stop.stopMeasurement) {
            boolean everySide = true;
            for (int s = 0; follower != null && s < follower.sides(); s++) {
                everySide &= follower.calls(s) > 0;
            }
            if (everySide) {
                totals.addCycle(cycle, run.schedule.callsPerSidePerCycle() * run.countsPerCall);
                log.log(cycle);
                if (follower != null) {
                    followerTotals.addCycle(follower);
                    followerLog.logPerCall(follower);
                }
            } else {
                skipped++;
            }
        }
        cycle.clear();
        if (follower != null) {
            follower.clear();
        }
        cycleCounts = stop.startMeasurement;
    }

    /** Back to slice 0 with nothing measured, for an iteration that JMH ends by time: every iteration. */
    public void reset() {
        reset(false, 0);
    }

    /** The same for an iteration of {@code calls} of the leader's calls (JMH's single-shot mode). */
    public void resetFixedLength(long calls) {
        if (calls <= 0) {
            throw new IllegalArgumentException("an iteration of " + calls + " calls");
        }
        reset(true, calls);
    }

    private void reset(boolean fixed, long calls) {
        fixedLength = fixed;
        callsLeft = calls;
        slice = 0;
        inSlice = 0;
        sliceStart = 0;
        side = 0;
        block = 0;
        started = false;
        cycleCounts = false;
        waiting = CALL;
        cycle.clear();
        totals.clear();
        log.reset();
        followerTotals.clear();
        followerLog.reset();
        java.util.Arrays.fill(slicesIn, 0);
        skipped = 0;
    }

    /** The leader's committed totals per side: ns and calls (a batch counts its loads). */
    public SideTotals totals() { return totals; }

    /** The leader's committed cycles, and their medians. */
    public CycleLog log() { return log; }

    /** The follower's committed totals per side, where it is timed: ns and calls. */
    public SideTotals followerTotals() { return followerTotals; }

    /** The follower's committed cycles (ns per call), and their medians. */
    public CycleLog followerLog() { return followerLog; }

    /** Complete cycles left out because the follower made no call for some side in them (0 normally). */
    public long cyclesSkipped() { return skipped; }

    /** Slices run of side {@code side} in block {@code block} since the iteration began (slices handed over only). */
    public long slicesIn(int side, int block) { return slicesIn[side * Interleaving.MOST_SIDES + block]; }

    public long slice() { return slice; }

    /**
     * Where the leader is and what it waits for, for a watchdog's report (racy while it runs), e.g. "leader at slice
     * 37 (cycle 0, group 3, position 7): straddled in block 2, call 13 of 256: waiting for the call".
     */
    public String describe(Interleaving run) {
        String what = waiting == DRAIN ? "waiting for the slice's last call to be handled (drain)"
                : waiting == BARRIER ? "waiting at the barrier for the follower to finish group "
                        + run.schedule.group(slice) + " (it has finished " + run.groups.finished() + " groups)"
                : "waiting for the call";
        return "leader at " + run.describe(slice) + ", call " + Math.min(inSlice + 1, run.callsPerSlice) + " of "
                + run.callsPerSlice + ": " + what;
    }
}
