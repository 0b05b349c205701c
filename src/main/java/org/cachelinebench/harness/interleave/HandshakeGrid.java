package org.cachelinebench.harness.interleave;

import java.util.List;
import java.util.Set;

import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/**
 * The memory of an interleaved handshake measurement: N blocks of identical geometry ({@link CsdBlock}), and every
 * side's handshake in every block, N x N, each with its own sender and receiver logs, so each still proves its own
 * calls were handled once, in order, with the right {@code func} and {@code info}. The sides' csds overlap in a block
 * (a straddled csd's {@code func} lies where a size-aligned one's {@code flags} is), so only the handshake that used
 * a block last can be checked against its memory, and a block handed to another side is zeroed first. The follower
 * (the receiver) counts its calls; at the barrier after each group the leader (the sender) checks every block's
 * handshake and zeroes the blocks ({@link #handOver}).
 */
public final class HandshakeGrid extends Interleaving {
    private final CsdBlock[] blocks;
    /** [side][block]. */
    private final Handshake[][] handshakes;

    public HandshakeGrid(List<Side> sides) {
        super(sides.stream().map(Side::name).toList(), InterleavedSchedule.SLICE, 1, false);
        int n = sides.size();
        if (Set.copyOf(names).size() != n) {
            throw new IllegalArgumentException("two sides of one name: " + names);
        }
        blocks = new CsdBlock[n];
        for (int b = 0; b < n; b++) {
            blocks[b] = CsdBlock.allocate();
        }
        handshakes = new Handshake[n][n];
        for (int s = 0; s < n; s++) {
            for (int b = 0; b < n; b++) {
                handshakes[s][b] = sides.get(s).in(blocks[b]);
            }
        }
    }

    public int size() { return blocks.length; }

    public CsdBlock block(int block) { return blocks[block]; }

    /** Side {@code side}'s handshake in block {@code block}. */
    public Handshake at(int side, int block) { return handshakes[side][block]; }

    /** Zeroes every block: an unlocked csd, a lowered flag and an empty queue for whichever side comes next. */
    public void clearBlocks() {
        for (CsdBlock b : blocks) {
            b.clear();
        }
    }

    /**
     * With both threads between slices: what is wrong with one handshake, naming its side and block, or null.
     * {@code complete} as in {@link Handshake#check}; it reads the block's memory, so it means something only
     * for the handshake that used the block last, or after {@link #clearBlocks}.
     */
    public String check(int side, int block, boolean complete) {
        String problem = handshakes[side][block].check(complete);
        return problem == null ? null : where(side, block) + ": " + problem;
    }

    /** {@link #check(int, int, boolean)} for every handshake; the first problem, or null. */
    public String check(boolean complete) {
        for (int s = 0; s < size(); s++) {
            for (int b = 0; b < size(); b++) {
                String problem = check(s, b, complete);
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    /** The slice's last call handled: nothing in flight when the leader reads the clock. */
    @Override
    protected boolean drain(int side, int block, Control stop, SpinWait spin) {
        return handshakes[side][block].awaitHandled(stop, spin);
    }

    /** After group {@code group}: every block's handshake handled all its calls and left its block quiet; zeroes them. */
    @Override
    protected void handOver(long group) {
        for (int b = 0; b < size(); b++) {
            String problem = check(schedule.sideIn(b, group), b, true);
            if (problem != null) {
                throw new IllegalStateException("after group " + group + ": " + problem);
            }
        }
        clearBlocks();
    }

    /**
     * Between JMH iterations: checks every handshake's logs (one call may have been cut by the stop), then
     * resets them all and zeroes the blocks, also when a check fails (that failure is thrown at the end).
     */
    @Override
    protected void resetBlocks() {
        RuntimeException first = null;
        for (int s = 0; s < size(); s++) {
            for (int b = 0; b < size(); b++) {
                try {
                    handshakes[s][b].checkAndReset();
                } catch (RuntimeException e) {
                    if (first == null) {
                        first = new IllegalStateException(where(s, b) + ": " + e.getMessage(), e);
                    }
                }
            }
        }
        clearBlocks();
        if (first != null) {
            throw first;
        }
    }

    /**
     * Where side {@code side}'s memory is ({@link Handshake#where}), from the real addresses: one description when
     * every block gives the same (the blocks' origins are all on 128-byte boundaries, and an object side uses its
     * object in every block), else one per block.
     */
    @Override
    public String whereIs(int side) {
        return InterleavedReport.sameInEveryBlock(size(), b -> handshakes[side][b].where());
    }
}
