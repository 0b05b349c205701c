package org.cachelinebench.harness.interleave;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the follower's position (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class FollowerPadBefore {
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


/** The follower's position in the schedule and its clock; written by the follower thread only. */
abstract class FollowerFields extends FollowerPadBefore {
    /** The slice the follower is in, or last was while out of every block; -1 before slice 0. */
    long slice = -1;
    /** Calls made (or handled) in the slice. */
    long inSlice;
    long sliceStart;
    int side;
    int block;
    /** Whether it is in a block: false before slice 0 and between groups. */
    boolean inBlock;
    /** Whether the iteration is a number of the leader's calls (JMH's single-shot mode). */
    boolean fixedLength;
    /** Calls made in this invocation's round, up to {@code Interleaving.countsPerCall}, and whether a stop cut it. */
    int round;
    boolean cut;
}

/** 128 bytes after the follower's position. */
abstract class FollowerPadAfter extends FollowerFields {
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
 * The follower's side of the interleaved schedule ({@link Interleaving}): the benchmark's method asks it for the side
 * and block the leader has it in, runs its call there, and says so. Two ways, as the run says:
 * <ul>
 *   <li><b>It counts</b> ({@link #begin}, {@link #handled}): a slice ends after its calls were handled, since each
 *       side has one call in flight at a time; between groups it waits at the barrier.</li>
 *   <li><b>It follows the open slice</b> ({@link #next}, {@link #steppedInSlice}, {@link #endRound}): after every
 *       call one volatile load says which slice the leader has open; when that moved on, it books the slice's calls
 *       and its own clock's time since it entered to the slice's side, leaves (at a group's end: waits at the
 *       barrier) and enters the next, saying so. A call belongs to the slice it began in: at most one a slice, the
 *       last, ends after the leader moved on, at the same place of every slice.</li>
 * </ul>
 */
public final class Follower extends FollowerPadAfter {
    /** Slices entered per side and block, [side * MOST_SIDES + block] (following only). */
    private final long[] slicesIn = new long[Interleaving.MOST_SIDES * Interleaving.MOST_SIDES];

    /** The side of the slice it is in. */
    public int side() {
        return side;
    }

    /** The block of the slice it is in. */
    public int block() {
        return block;
    }

    // Counting: one call per invocation.

    /** Before a call: true once it is in a block (between groups it waits for the next to open); false when stopped. */
    public boolean begin(Interleaving run, Control stop, SpinWait spin) {
        return inBlock || enterGroup(run, stop, spin);
    }

    private boolean enterGroup(Interleaving run, Control stop, SpinWait spin) {
        long k = slice + 1;
        if (!run.groups.awaitOpen(run.schedule.group(k), stop, spin)) {
            return false;
        }
        into(run.schedule, k);
        inBlock = true;
        return true;
    }

    private void into(InterleavedSchedule schedule, long k) {
        slice = k;
        inSlice = 0;
        side = schedule.side(k);
        block = schedule.block(k);
    }

    /** After a call that handled {@code calls}: a slice ends after the last of its calls, a group at the barrier. */
    public void handled(Interleaving run, int calls) {
        if (calls != 0 && (inSlice += calls) >= run.callsPerSlice) {
            endCountedSlice(run);
        }
    }

    private void endCountedSlice(Interleaving run) {
        if (inSlice > run.callsPerSlice) {
            throw new IllegalStateException(run.describe(slice) + ": " + inSlice + " calls handled in a slice of "
                    + run.callsPerSlice + " (a flush handled more than the one call in flight)");
        }
        InterleavedSchedule schedule = run.schedule;
        long k = slice;
        if (schedule.endsGroup(k)) {
            inBlock = false;
            run.groups.finish(schedule.group(k) + 1);
        } else {
            into(schedule, k + 1);
        }
    }

    /** Calls handled since the iteration began (counting only). */
    public long handled(int callsPerSlice) {
        return slice < 0 ? 0 : slice * callsPerSlice + inSlice;
    }

    // Following: a round of calls per invocation.

    /** The stop this iteration's waits poll: JMH's, or a single-shot iteration's own. */
    public Control stop(Interleaving run, Control control) {
        return fixedLength ? run.fixedLengthStop() : control;
    }

    /**
     * Before a call: true when one is due in this invocation, in the slice the leader has open (the iteration's
     * first enters slice 0); false after a round of calls, when stopped, or when a single-shot iteration ended
     * (which it follows however many rounds that takes).
     */
    public boolean next(Interleaving run, Control stop, SpinWait spin) {
        try {
            if (cut) {
                return false;
            }
            if (round == run.countsPerCall) {
                if (!fixedLength || stop.stopMeasurement) {
                    return false;
                }
                round = 0;
            } else if (round == 0 && fixedLength && stop.stopMeasurement) {
                return false;
            }
            // Out of every block: before slice 0, or a stop kept it at a barrier (JMH calls on until all are done).
            if (!inBlock && !enter(run, slice + 1, stop, spin)) {
                cut = true;
                return false;
            }
            return true;
        } catch (RuntimeException | Error e) {
            throw failed(run, e);
        }
    }

    /**
     * After a call: reads which slice is open and, when the leader moved on, follows it. True when the next call is
     * due in the same slice and round, so that the caller may keep what it looked up for the slice and call again
     * without {@link #next}; false when it moved on, the round is over or it was stopped: then ask {@link #next}.
     * Inlined into the caller's loop: it runs after every call.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public boolean steppedInSlice(Interleaving run, Control stop, SpinWait spin) {
        inSlice++;
        round++;
        long open = run.slices.opened() - 1;
        if (open == slice && round != run.countsPerCall) {
            return true;
        }
        return leftSliceOrRound(run, open, stop, spin);
    }

    /**
     * {@link #steppedInSlice} once the leader opened slice {@code open + 1} or the round is over: out of line, so that
     * the inlined part is the load and two compares (a call on every step had the caller spill its registers).
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private boolean leftSliceOrRound(Interleaving run, long open, Control stop, SpinWait spin) {
        try {
            if (open != slice && !move(run, open, stop, spin)) {
                cut = true;
            }
            return false;
        } catch (RuntimeException | Error e) {
            throw failed(run, e);
        }
    }

    /** At the invocation's end: the calls of its last round. */
    public int endRound() {
        int made = round;
        round = 0;
        cut = false;
        return made;
    }

    /**
     * A failure while following, here or in the caller's call: a single-shot iteration ends for the leader too, so
     * that it does not wait; returns a runtime exception to throw, or throws an error itself.
     */
    public RuntimeException failed(Interleaving run, Throwable e) {
        if (fixedLength) {
            run.endFixedLength();
        }
        if (e instanceof Error error) {
            throw error;
        }
        return (RuntimeException) e;
    }

    /** Books the slice it leaves and enters {@code next}; false when stopped at the barrier. */
    private boolean move(Interleaving run, long next, Control stop, SpinWait spin) {
        if (next != slice + 1) {
            throw new IllegalStateException(run.describe(slice) + ": the leader opened slice " + next
                    + ", not the next one");
        }
        long now = System.nanoTime();
        run.followerCycle.addNanos(side, now - sliceStart);
        run.followerCycle.addCalls(side, inSlice);
        InterleavedSchedule schedule = run.schedule;
        if (schedule.endsGroup(slice)) {
            inBlock = false;                            // out of every block: the leader hands them over
            run.groups.finish(schedule.group(next));
        }
        return enter(run, next, stop, spin);
    }

    /** Enters slice {@code k} (after its group opened) and says so; false when stopped before. */
    private boolean enter(Interleaving run, long k, Control stop, SpinWait spin) {
        InterleavedSchedule schedule = run.schedule;
        if (!run.groups.awaitOpen(schedule.group(k), stop, spin)) {
            return false;
        }
        into(schedule, k);
        inBlock = true;
        slicesIn[side * Interleaving.MOST_SIDES + block]++;
        sliceStart = System.nanoTime();
        run.slices.finish(k + 1);
        return true;
    }

    /** Before slice 0 with nothing counted, for an iteration that JMH ends by time: every iteration. */
    public void reset() {
        reset(false);
    }

    /** The same for a single-shot iteration ({@link Leader#resetFixedLength}). */
    public void resetFixedLength() {
        reset(true);
    }

    private void reset(boolean fixed) {
        fixedLength = fixed;
        slice = -1;
        inSlice = 0;
        sliceStart = 0;
        side = 0;
        block = 0;
        inBlock = false;
        round = 0;
        cut = false;
        java.util.Arrays.fill(slicesIn, 0);
    }

    /** Slices it entered of side {@code side} in block {@code block} since the iteration began (following only). */
    public long slicesIn(int side, int block) {
        return slicesIn[side * Interleaving.MOST_SIDES + block];
    }

    public long slice() {
        return slice;
    }

    /** Where the follower is, for a watchdog's report (racy while it runs). */
    public String describe(Interleaving run) {
        return "follower " + (inBlock ? "at " + run.describe(slice) + ": waiting for call " + (inSlice + 1) + " of "
                + run.callsPerSlice : "out of the blocks after slice " + slice + ", waiting for group "
                + run.schedule.group(slice + 1) + " to open");
    }
}
