package org.cachelinebench.harness.interleave;

import java.util.List;

import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/**
 * What one sender ({@link SenderCursor}) and one receiver ({@link ReceiverCursor}) share in an interleaved
 * measurement: the {@link InterleavedSchedule} of N sides over N blocks, the N x N handshakes
 * ({@link HandshakeGrid}) and the barrier between groups ({@link GroupGate}).
 *
 * <p>Within a group every block belongs to one side, so a block changes hands only at the barrier: the
 * sender waits there until the receiver has handled the group's last call, checks that every block's
 * handshake handled all its calls and left its block quiet, zeroes the blocks (the sides' csds overlap) and
 * opens the next group. The barrier is not timed.
 */
public final class Interleaving {
    private final InterleavedSchedule schedule;
    private final HandshakeGrid grid;
    private final GroupGate gate = new GroupGate();

    public Interleaving(List<InterleavedSide> sides) {
        this.schedule = new InterleavedSchedule(sides.size());
        this.grid = new HandshakeGrid(sides);
    }

    public InterleavedSchedule schedule() {
        return schedule;
    }

    public HandshakeGrid grid() {
        return grid;
    }

    GroupGate gate() {
        return gate;
    }

    /** The handshake slice {@code slice} runs. */
    Handshake handshake(long slice) {
        return grid.at(schedule.side(slice), schedule.block(slice));
    }

    /**
     * Sender, after the last call of group {@code group} was handled: the barrier. Returns false when
     * {@code stop} ended a wait; throws when a handshake of the group did not handle its calls exactly.
     */
    boolean closeGroup(long group, Control stop, SpinWait spin) {
        if (!gate.awaitFinished(group + 1, stop, spin)) {
            return false;
        }
        for (int b = 0; b < grid.size(); b++) {
            String problem = grid.check(schedule.sideIn(b, group), b, true);
            if (problem != null) {
                throw new IllegalStateException("after group " + group + ": " + problem);
            }
        }
        grid.clearBlocks();
        gate.open(group + 2);
        return true;
    }

    /** "slice 37 (cycle 0, group 3, position 7): straddled in block 2". */
    public String describe(long slice) {
        return schedule.describe(slice) + ": " + grid.where(schedule.side(slice), schedule.block(slice));
    }

    /**
     * Between JMH iterations, both threads stopped: checks every handshake, resets them, zeroes the blocks
     * and reopens group 0 (all of it also when a check fails, which is then thrown).
     */
    public void checkAndReset() {
        try {
            grid.checkAndReset();
        } finally {
            gate.reset();
        }
    }
}
