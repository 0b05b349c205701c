package org.cachelinebench.runner.fork;

/**
 * The order in which a round runs the variants of a set.
 *
 * <p>Round 2j runs the base order rotated by j; round 2j+1 runs that same rotation reversed. Within such
 * a pair of rounds every two variants swap places at the same distance, so under a drift that is linear
 * in time (in log space: a steady multiplicative trend) the per-round log ratios err by +d and -d and the
 * geometric mean over any even number of rounds is exact. Over 2k rounds (k variants) each variant is
 * also first twice and last twice, so warm-up effects of "first after the previous set" are shared
 * equally.
 */
public final class RoundOrder {
    private RoundOrder() {}

    /** Indices into the set's base order, in run order, for {@code round} (0-based). */
    public static int[] of(int variants, int round) {
        if (variants < 1 || round < 0) {
            throw new IllegalArgumentException("need at least one variant and a round >= 0");
        }
        int rotation = (round / 2) % variants;
        boolean reversed = round % 2 == 1;
        int[] order = new int[variants];
        for (int i = 0; i < variants; i++) {
            int position = reversed ? variants - 1 - i : i;
            order[position] = (rotation + i) % variants;
        }
        return order;
    }
}
