package org.cachelinebench.harness.interleave;

import java.util.List;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/**
 * What the leader ({@link Leader}) and the follower ({@link Follower}) of one interleaved measurement share: the
 * {@link InterleavedSchedule} of N sides over N blocks, the barrier between groups and, where the follower times its
 * own calls, the hand-over of every slice. The one engine of every interleaved benchmark; a subclass says what a
 * block holds and how it changes hands ({@link #handOver}). Two ways (why each: docs/interleaved-design.md):
 * <ul>
 *   <li><b>Follower counts</b> (the handshakes): each call is handled exactly once, so the follower needs no word
 *       within a group; the leader drains a slice's last call ({@link #drain}) before it reads the clock.</li>
 *   <li><b>Slices handed over</b> (the {@code pcpu_chunk} reader and allocator): the leader opens each slice and waits
 *       until the follower has entered it; the follower times its own calls per slice into {@link #followerCycle}.</li>
 * </ul>
 * Blocks change hands only between groups, at the barrier, which is not timed. In JMH's single-shot mode an iteration
 * is a number of the leader's calls, and both threads wait on a stop of their own ({@link #fixedLengthStop}).
 */
public abstract class Interleaving {
    /** The most sides a schedule may have: the cursors count slices per side and block in arrays of this square. */
    public static final int MOST_SIDES = 16;

    final InterleavedSchedule schedule;
    final List<String> names;
    /** Whether the leader hands every slice over and the follower times its own calls (else it counts them). */
    final boolean handsOverSlices;
    /** Calls per slice, and what one call counts for in the totals (a batch of loads counts each load). */
    final int callsPerSlice;
    final long countsPerCall;
    /** Slice {@code k} is open while {@code slices.opened == k + 1}; the follower is in it once {@code finished == k + 1}. */
    final SpinBarrier slices = new SpinBarrier();
    /** Group {@code g} is open while {@code groups.opened > g}; the follower has left it once {@code finished > g}. */
    final SpinBarrier groups = new SpinBarrier();
    /**
     * The follower's calls and ns per side in the cycle under way (slices handed over only): written by the follower
     * within a group, read and cleared by the leader at the barrier while the follower waits there.
     */
    final SideTotals followerCycle;
    /** The stop both threads of a single-shot iteration wait on; set by the leader after its last call, or by a failure. */
    private final Control fixedLength = new Control();

    /**
     * The schedule over {@code names}; {@code callsPerSlice} calls a slice, each counted as {@code countsPerCall} in
     * the totals; {@code handsOverSlices}: the leader hands every slice over and the follower times its calls.
     */
    protected Interleaving(List<String> names, int callsPerSlice, long countsPerCall, boolean handsOverSlices) {
        if (names.size() > MOST_SIDES) {
            throw new IllegalArgumentException(names.size() + " sides, more than " + MOST_SIDES);
        }
        this.names = List.copyOf(names);
        this.schedule = new InterleavedSchedule(names.size(), callsPerSlice);
        this.callsPerSlice = callsPerSlice;
        this.countsPerCall = countsPerCall;
        this.handsOverSlices = handsOverSlices;
        this.followerCycle = handsOverSlices ? new SideTotals(names.size()) : null;
        fixedLength.startMeasurement = true;
    }

    public InterleavedSchedule schedule() { return schedule; }

    /** The sides' names in schedule order. */
    public List<String> names() { return names; }

    /**
     * Leader, at the barrier after group {@code group}, the follower out of every block: checks what the group left
     * in every block (throws naming side and block) and sets the blocks up for group {@code group + 1}.
     */
    protected abstract void handOver(long group);

    /**
     * Between JMH iterations, both threads stopped: checks every block, restores group 0's blocks, and throws the
     * first problem only after restoring.
     */
    protected abstract void resetBlocks();

    /** Where side {@code side}'s memory is, from the real addresses, for the fork's setup lines. */
    public abstract String whereIs(int side);

    /**
     * Leader, after a slice's last call and before the clock: waits until that call was handled, so that nothing is
     * in flight when the clock is read or the block changes hands; false when stopped. Nothing to wait for unless
     * a call can be in flight.
     */
    protected boolean drain(int side, int block, Control stop, SpinWait spin) { return true; }

    /** The stop both threads of a single-shot iteration wait on. */
    Control fixedLengthStop() { return fixedLength; }

    /** The barrier that hands slices over, and the one between groups (for tests and reports). */
    public SpinBarrier sliceBarrier() { return slices; }

    public SpinBarrier groupBarrier() { return groups; }

    /** Ends a single-shot iteration for both threads: the leader after its last call, or a thread that failed. */
    public void endFixedLength() {
        fixedLength.stopMeasurement = true;
    }

    /** "straddled in block 2". */
    public String where(int side, int block) { return names.get(side) + " in block " + block; }

    /** "slice 37 (cycle 0, group 3, position 7): straddled in block 2". */
    public String describe(long slice) {
        return schedule.describe(slice) + ": " + where(schedule.side(slice), schedule.block(slice));
    }

    /**
     * Between JMH iterations, both threads stopped: checks and restores every block, reopens slice 0 and group 0
     * (all of it also when a check fails, which is then thrown).
     */
    public void checkAndReset() {
        try {
            resetBlocks();
        } finally {
            slices.reset();
            groups.reset();
            if (followerCycle != null) {
                followerCycle.clear();
            }
            fixedLength.stopMeasurement = false;
        }
    }
}
