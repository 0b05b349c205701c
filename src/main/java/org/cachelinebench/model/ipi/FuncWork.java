package org.cachelinebench.model.ipi;

/**
 * The {@code work} parameter: how much {@code func(info)} computes on the receiver before it returns, the same
 * dependent chain as {@code benchmarks/c/interleaved.c --work N}. Work inside the round trip adds the same time
 * to every side, so it dilutes a ratio towards 1 while the extra line transfers, a difference, stay.
 */
public final class FuncWork {
    private FuncWork() {}

    public static final String PARAM = "work";
    /** The largest value accepted, as the C program's. */
    public static final long MAX = 1_000_000_000L;

    /** 64-bit LCG multiplier and increment (PCG's): each step depends on the last, so no compiler folds the chain. */
    static final long MULTIPLIER = 0x5851F42D4C957F2DL;
    static final long INCREMENT = 0x14057B7EF767814FL;

    /** A {@code work} value: a whole number in {@code 0..MAX}; the message names what is wrong. */
    public static long parse(String value) {
        long n;
        try {
            n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("work must be a whole number in 0.." + MAX + ", not '" + value + "'");
        }
        if (n < 0 || n > MAX) {
            throw new IllegalArgumentException("work must be a whole number in 0.." + MAX + ", not '" + value + "'");
        }
        return n;
    }

    /** {@code n} dependent multiply-adds from {@code x}: the C program's {@code work_chain(x, n)}. */
    public static long chain(long x, long n) {
        for (long i = 0; i < n; i++) {
            x = x * MULTIPLIER + INCREMENT;
        }
        return x;
    }
}
