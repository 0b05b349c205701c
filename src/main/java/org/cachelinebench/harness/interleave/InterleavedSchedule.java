package org.cachelinebench.harness.interleave;

/**
 * The interleaved schedule of N sides over N memory blocks, as arithmetic on the slice number: which
 * block a slice uses and which side runs in it. Pure: no memory, no threads.
 *
 * <ul>
 *   <li>A <em>slice</em> is {@link #callsPerSlice} calls of one side in one block ({@link #SLICE} unless a
 *       benchmark's call is longer, e.g. a batch of reader loads).</li>
 *   <li>A <em>group</em> is 2N slices; position {@code p} of a group uses block {@code p} for
 *       {@code p < N}, else {@code 2N-1-p}: the palindrome 0, 1, .., N-1, N-1, .., 1, 0.</li>
 *   <li>In group {@code g} block {@code b} belongs to side {@code (b + g) mod N}, at both of its positions:
 *       the sides rotate over the blocks group by group, and a block changes hands only between groups.</li>
 *   <li>A <em>cycle</em> is N groups. Over a cycle every side runs in every block exactly at that block's
 *       two positions {@code b} and {@code 2N-1-b}: all sides see the same blocks at the same positions, so
 *       whatever a block or a position costs falls on every side alike, and the mean slice number of every
 *       side is the same, so a drift linear in time cancels too.</li>
 * </ul>
 */
public final class InterleavedSchedule {
    /**
     * Calls per slice: long enough that the clock reads at a slice's ends are a negligible part of it, short
     * enough that the sides run far closer in time than a VM's state changes (docs/interleaved-design.md).
     */
    public static final int SLICE = 256;

    private final int sides;
    private final int callsPerSlice;

    /** N sides in slices of {@code callsPerSlice} calls. */
    public InterleavedSchedule(int sides, int callsPerSlice) {
        if (sides < 2) {
            throw new IllegalArgumentException("an interleaved schedule needs at least 2 sides, not " + sides);
        }
        if (callsPerSlice < 1) {
            throw new IllegalArgumentException("a slice needs at least one call, not " + callsPerSlice);
        }
        this.sides = sides;
        this.callsPerSlice = callsPerSlice;
    }

    /** Calls in one slice. */
    public int callsPerSlice() { return callsPerSlice; }

    /** N: the number of sides, and of blocks. */
    public int sides() { return sides; }

    public int slicesPerGroup() { return 2 * sides; }

    public int slicesPerCycle() { return 2 * sides * sides; }

    /** Calls every side makes in one cycle: 2N slices. */
    public long callsPerSidePerCycle() { return (long) slicesPerGroup() * callsPerSlice; }

    /** The group slice {@code slice} belongs to (counted from 0, not wrapped at the cycle). */
    public long group(long slice) { return slice / slicesPerGroup(); }

    /** Position of slice {@code slice} in its group, 0..2N-1. */
    public int position(long slice) { return (int) (slice % slicesPerGroup()); }

    /** The block used at a position of a group: the palindrome 0, 1, .., N-1, N-1, .., 1, 0. */
    public int blockAt(int position) {
        if (position < 0 || position >= slicesPerGroup()) {
            throw new IllegalArgumentException("position " + position + " outside 0.." + (slicesPerGroup() - 1));
        }
        return position < sides ? position : slicesPerGroup() - 1 - position;
    }

    /** The side that owns block {@code block} in group {@code group}: {@code (block + group) mod N}. */
    public int sideIn(int block, long group) { return (int) ((block + group % sides) % sides); }

    /** The block slice {@code slice} uses. */
    public int block(long slice) { return blockAt(position(slice)); }

    /** The side slice {@code slice} measures. */
    public int side(long slice) { return sideIn(block(slice), group(slice)); }

    /** True for the last slice of a group: the blocks change hands after it. */
    public boolean endsGroup(long slice) { return position(slice) == slicesPerGroup() - 1; }

    /** True for the last slice of a cycle: the totals are committed after it. */
    public boolean endsCycle(long slice) { return (slice + 1) % slicesPerCycle() == 0; }

    /** "slice 37 (cycle 0, group 3, position 7)". */
    public String describe(long slice) {
        return "slice " + slice + " (cycle " + slice / slicesPerCycle() + ", group " + group(slice)
                + ", position " + position(slice) + ")";
    }
}
