package org.cachelinebench.harness.interleave;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/**
 * The nanoseconds of every side in every committed cycle of an interleaved measurement, and from them, per side,
 * the median over cycles of its per-cycle ratio to the reference and of its per-cycle extra line transfers.
 * Rule: a ratio is a median over cycles, because a preempted thread stalls one cycle, which a sum would carry
 * into one side and the median ignores (for an A/A pair it is unbiased: docs/interleaved-design.md). All memory is
 * allocated at trial setup; {@link #log} only stores a cycle's N values (a cycle past the capacity is counted in
 * {@link #notLogged}, not stored); the medians are computed on demand, never in the measured loop, and cached until
 * the log changes; NaN before the first cycle. One writer; the array is padded by 128 bytes at both ends.
 */
public final class CycleLog {
    /** Cycles kept per log: an iteration of this many cycles lasts tens of seconds even at the fastest round trip. */
    public static final int CAPACITY = 1 << 16;
    /** The floor of a log whose benchmark has none: no extra line transfers (NaN). */
    public static final int NO_FLOOR = -1;
    /** {@link #logPerCall} stores ns per call in units of 2^-20 ns: a relative rounding below 10^-6 at 1 ns. */
    static final int PER_CALL_SHIFT = 20;
    /** Longs of padding at each end: 128 bytes, a line pair. */
    private static final int PAD = 16;
    private static final int LOGGED = PAD;
    private static final int NOT_LOGGED = PAD + 1;
    private static final int FIRST = PAD + 2;

    private final int sides;
    private final int reference;
    private final int floor;
    /** [PAD][logged][not logged][cycle 0: nanos of side 0 .. N-1][cycle 1 ...]..[PAD]. */
    private final long[] v;
    /** Per cycle, one side's ratio or extra: what a median is taken of. */
    private final double[] scratch;
    private final double[] ratios;
    private final double[] extras;
    /** The logged count the cached medians were computed for; -1: none. */
    private long cachedFor = -1;

    /**
     * A log of {@link #CAPACITY} cycles of {@code sides} sides; ratios divide by side {@code reference}, extra lines
     * by side {@code floor} ({@link #NO_FLOOR}: none).
     */
    public CycleLog(int sides, int reference, int floor) {
        if (sides < 2 || reference < 0 || reference >= sides || floor < NO_FLOOR || floor >= sides
                || floor == reference) {
            throw new IllegalArgumentException("a cycle log needs 2 or more sides, a reference and a floor among them: "
                    + sides + " sides, reference " + reference + ", floor " + floor);
        }
        this.sides = sides;
        this.reference = reference;
        this.floor = floor;
        this.v = new long[FIRST + CAPACITY * sides + PAD];
        this.scratch = new double[CAPACITY];
        this.ratios = new double[sides];
        this.extras = new double[sides];
    }

    /** Cycles stored, at most {@link #CAPACITY}. */
    public int logged() { return (int) v[LOGGED]; }

    /** Cycles committed past the capacity: in the sums, not in the medians. 0 in a normal run. */
    public long notLogged() { return v[NOT_LOGGED]; }

    /** The sender, at a committed cycle: that cycle's nanoseconds per side. A few stores; no allocation. */
    public void log(SideTotals cycle) {
        int at = next();
        if (at >= 0) {
            for (int s = 0; s < sides; s++) {
                v[at + s] = cycle.nanos(s);
            }
            v[LOGGED]++;
        }
    }

    /** Where the next cycle's values go, or -1 when the log is full (that cycle then counted as not logged). */
    private int next() {
        int n = (int) v[LOGGED];
        if (n == CAPACITY) {
            v[NOT_LOGGED]++;
            return -1;
        }
        return FIRST + n * sides;
    }

    /**
     * The same for a cycle whose sides made different numbers of calls (an allocator's steps): each side's ns per
     * call, scaled by 2^{@link #PER_CALL_SHIFT}, so that the ratios are of costs per call. A side without a call
     * gets 0; the caller commits only cycles in which every side made one.
     */
    public void logPerCall(SideTotals cycle) {
        int at = next();
        if (at >= 0) {
            for (int s = 0; s < sides; s++) {
                long calls = cycle.calls(s);
                v[at + s] = calls == 0 ? 0 : Math.round(Math.scalb((double) cycle.nanos(s), PER_CALL_SHIFT) / calls);
            }
            v[LOGGED]++;
        }
    }

    /** A stored cycle's nanoseconds of one side. */
    public long nanos(int cycle, int side) {
        if (cycle < 0 || cycle >= logged() || side < 0 || side >= sides) {
            throw new IndexOutOfBoundsException("cycle " + cycle + " of " + logged() + ", side " + side + " of "
                    + sides);
        }
        return v[FIRST + cycle * sides + side];
    }

    /**
     * Appends another log's cycles (a trial's, over its iterations); those past the capacity are counted as not
     * logged, with the other log's own.
     */
    public void add(CycleLog other) {
        if (other.sides != sides || other.reference != reference || other.floor != floor) {
            throw new IllegalArgumentException("a log of " + other.sides + " sides added to one of " + sides);
        }
        int n = logged();
        int fits = Math.min(other.logged(), CAPACITY - n);
        System.arraycopy(other.v, FIRST, v, FIRST + n * sides, fits * sides);
        v[LOGGED] = n + fits;
        v[NOT_LOGGED] += other.notLogged() + (other.logged() - fits);
    }

    /** Empty again, capacity kept: at the start of every iteration. */
    public void reset() {
        v[LOGGED] = 0;
        v[NOT_LOGGED] = 0;
        cachedFor = -1;
    }

    /**
     * Median over the logged cycles of nanos(side) / nanos(reference): above 1 the side is slower. 1 for the
     * reference itself; NaN before the first cycle.
     */
    public double ratio(int side) { return medians().ratios[check(side)]; }

    /**
     * Median over the logged cycles of (nanos(side) - nanos(reference)) / nanos(floor): the extra cost in one-line
     * round trips. 0 for the reference itself; NaN before the first cycle.
     */
    public double extra(int side) { return medians().extras[check(side)]; }

    /** Median over the logged cycles of nanos(side) / nanos(other): the ratio of a pair a benchmark's claims compare. */
    public double ratio(int side, int other) {
        check(side);
        check(other);
        return median(at -> (double) v[at + side] / v[at + other]);
    }

    private CycleLog medians() {
        int n = logged();
        if (cachedFor != n) {
            for (int s = 0; s < sides; s++) {
                int side = s;
                ratios[s] = median(at -> (double) v[at + side] / v[at + reference]);
                extras[s] = floor == NO_FLOOR ? Double.NaN
                        : median(at -> (double) (v[at + side] - v[at + reference]) / v[at + floor]);
            }
            cachedFor = n;
        }
        return this;
    }

    /** The median over the logged cycles of {@code ofCycle}, given where a cycle's values start. */
    private double median(IntToDoubleFunction ofCycle) {
        int n = logged();
        for (int c = 0; c < n; c++) {
            scratch[c] = ofCycle.applyAsDouble(FIRST + c * sides);
        }
        return median(scratch, n);
    }

    /**
     * The median of the first {@code n} values (sorted in place): the middle one, or the mean of the two middle
     * ones for an even count; NaN for none.
     */
    static double median(double[] values, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(values, 0, n);
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    private int check(int side) {
        if (side < 0 || side >= sides) {
            throw new IndexOutOfBoundsException("side " + side + " of " + sides);
        }
        return side;
    }
}
