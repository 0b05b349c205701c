package org.cachelinebench.harness.interleave;

/**
 * Per side of an interleaved measurement: nanoseconds and calls, and the cycles behind them. Written by one
 * thread (the sender); the counters live in one array padded by 128 bytes at both ends, so no other
 * object's fields share their lines. The sums give ns per call; ratios and extra line transfers come from the
 * cycles one by one ({@link CycleLog}).
 */
public final class SideTotals {
    /** Longs of padding at each end: 128 bytes, a line pair. */
    private static final int PAD = 16;

    private final int sides;
    /** [PAD][nanos per side][calls per side][cycles][PAD]. */
    private final long[] v;

    public SideTotals(int sides) {
        this.sides = sides;
        this.v = new long[PAD + 2 * sides + 1 + PAD];
    }

    public int sides() { return sides; }

    public long nanos(int side) { return v[PAD + check(side)]; }

    public long calls(int side) { return v[PAD + sides + check(side)]; }

    public long cycles() { return v[PAD + 2 * sides]; }

    /** One slice's time for {@code side} (its calls are counted when the cycle is committed). */
    public void addNanos(int side, long nanos) {
        v[PAD + side] += nanos;
    }

    /** A slice's calls for {@code side}, where the sides' calls differ (an allocator's steps). */
    public void addCalls(int side, long calls) {
        v[PAD + sides + side] += calls;
    }

    /** Commits a complete cycle whose calls it counted itself ({@link #addCalls}): its nanos and calls per side. */
    public void addCycle(SideTotals cycle) {
        for (int s = 0; s < sides; s++) {
            v[PAD + s] += cycle.nanos(s);
            v[PAD + sides + s] += cycle.calls(s);
        }
        v[PAD + 2 * sides]++;
    }

    /** Commits a complete cycle: its nanoseconds per side and {@code callsPerSide} calls for every side. */
    public void addCycle(SideTotals cycle, long callsPerSide) {
        for (int s = 0; s < sides; s++) {
            v[PAD + s] += cycle.nanos(s);
            v[PAD + sides + s] += callsPerSide;
        }
        v[PAD + 2 * sides]++;
    }

    /** Adds another total's counts (a trial's sum over iterations). */
    public void add(SideTotals other) {
        if (other.sides != sides) {
            throw new IllegalArgumentException(other.sides + " sides added to " + sides);
        }
        for (int i = PAD; i < PAD + 2 * sides + 1; i++) {
            v[i] += other.v[i];
        }
    }

    public void clear() {
        for (int i = PAD; i < PAD + 2 * sides + 1; i++) {
            v[i] = 0;
        }
    }

    /** Nanoseconds per call of {@code side}; NaN before its first committed cycle. */
    public double nanosPerCall(int side) {
        long calls = calls(side);
        return calls == 0 ? Double.NaN : (double) nanos(side) / calls;
    }

    private int check(int side) {
        if (side < 0 || side >= sides) {
            throw new IndexOutOfBoundsException("side " + side + " of " + sides);
        }
        return side;
    }
}
