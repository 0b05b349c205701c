package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The signed-rank and rank-sum bounds against hand computations and the published tables of critical values. */
class SignedRankTest {
    @Test
    void theDepthIsThePublishedCriticalValuePlusOne() {
        // One-sided Wilcoxon signed-rank critical values (reject when W+ <= T): n = 10: T = 10 at 5 %, 5 at 1 %;
        // n = 7: T = 0 at 1 % (2^-7 = 0.0078), none at 0.5 %.
        assertEquals(11, SignedRank.signedRankDepth(10, 0.05));
        assertEquals(6, SignedRank.signedRankDepth(10, 0.01));
        assertEquals(1, SignedRank.signedRankDepth(7, 0.01));
        assertEquals(0, SignedRank.signedRankDepth(7, 0.005));
        assertEquals(0, SignedRank.signedRankDepth(6, 0.01), "2^-6 = 0.0156 > 1 %: six rounds cannot reach 99 %");
        // Mann-Whitney, m = n = 5, one-sided 5 %: U <= 4 (12 of the 252 orderings).
        assertEquals(5, SignedRank.rankSumDepth(5, 5, 0.05));
        assertEquals(1, SignedRank.rankSumDepth(3, 3, 0.05), "P(U = 0) = 1/20");
        assertEquals(0, SignedRank.rankSumDepth(3, 3, 0.01));
    }

    @Test
    void theFewestRoundsFollowFromTheConfidence() {
        assertEquals(5, SignedRank.minRounds(0.95), "2^-5 = 3.1 %");
        assertEquals(7, SignedRank.minRounds(0.99), "2^-7 = 0.78 %");
        assertEquals(10, SignedRank.minRounds(0.999), "2^-10 = 0.098 %");
    }

    @Test
    void theCentreOfSevenRoundsAtNinetyNinePercentSpansTheirExtremes() {
        // 28 Walsh averages of 1..7; k = 1 at 99 %: the smallest and the largest; their median is 4.
        SignedRank.Bounds b = SignedRank.centre(new double[] {3, 1, 7, 5, 2, 6, 4}, 0.99);
        assertEquals(1, b.low());
        assertEquals(7, b.high());
        assertEquals(4, b.estimate());
        assertEquals(7, b.n());
        assertFalse(SignedRank.centre(new double[] {1, 2, 3, 4, 5, 6}, 0.99).decidable(), "six rounds: no bound");
    }

    @Test
    void anOutlyingRoundMovesABoundByOneOrderStatisticNotByItsSize() {
        // Ten rounds near 0.5 and one far off: at 95 % (k = 11 of 55 Walsh averages) the bound stays among the others.
        double[] values = {0.50, 0.52, 0.48, 0.51, 0.49, 0.50, 0.53, 0.47, 0.50, -5.0};
        SignedRank.Bounds b = SignedRank.centre(values, 0.95);
        assertTrue(b.low() > 0.2, "a t-interval would cross 0 here: " + b);
        assertEquals(0.5, b.estimate(), 0.02);
    }

    @Test
    void theShiftBetweenTwoRunsIsTheMedianOfThePairwiseDifferences() {
        // x - y over {4, 5, 6} x {1, 2, 3}: 1, 2, 2, 3, 3, 3, 4, 4, 5; k = 1 at 95 %: the smallest and largest.
        SignedRank.Bounds s = SignedRank.shift(new double[] {4, 5, 6}, new double[] {1, 2, 3}, 0.95);
        assertEquals(3, s.estimate());
        assertEquals(1, s.low());
        assertEquals(5, s.high());
        assertFalse(SignedRank.shift(new double[] {4, 5, 6}, new double[] {1, 2, 3}, 0.99).decidable());
    }
}
