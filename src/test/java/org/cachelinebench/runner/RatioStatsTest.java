package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RatioStatsTest {

    @Test
    void geometricMeanAndTIntervalOnLogRatiosByHand() {
        // log ratios 0.1, 0.3, 0.2, 0.4: mean 0.25; squared deviations 0.0225+0.0025+0.0025+0.0225 = 0.05,
        // sd = sqrt(0.05/3) = 0.1290994; t(3 df, 0.975) = 3.182446 (t table); half-width
        // 3.182446 * 0.1290994 / 2 = 0.2054260; interval exp(0.0445740) .. exp(0.4554260).
        double[] ratios = {Math.exp(0.1), Math.exp(0.3), Math.exp(0.2), Math.exp(0.4)};
        RatioStats s = RatioStats.of(ratios);
        assertEquals(4, s.n());
        assertEquals(Math.exp(0.25), s.geoMean(), 1e-12);
        assertEquals(0.1290994, s.logSd(), 1e-7);
        assertEquals(1.0455823, s.low(), 1e-6);
        assertEquals(1.5768450, s.high(), 1e-6);
        // even count: geometric mean of the middle two, exp((0.2 + 0.3) / 2)
        assertEquals(Math.exp(0.25), s.median(), 1e-12);
        assertTrue(s.intervalExcludesOne(1));
        assertFalse(s.intervalExcludesOne(-1));
    }

    @Test
    void oneOutlierRoundWidensTheIntervalButNotTheMedian() {
        // The alternating forks: pairs between 1.24 and 1.67 and one at 0.54.
        // logs: 0.18232, 0.40547, 0.30010, 0.47000, -0.61619; mean 0.14834 -> geometric mean 1.15991;
        // sd 0.44110, t(4 df, 0.975) = 2.776445, half-width 0.54769 -> 0.67075 .. 2.00579.
        RatioStats s = RatioStats.of(new double[] {1.2, 1.5, 1.35, 1.6, 0.54});
        assertEquals(1.1599092, s.geoMean(), 1e-6);
        assertEquals(0.6707537, s.low(), 1e-6);
        assertEquals(2.0057874, s.high(), 1e-6);
        assertEquals(1.35, s.median(), 1e-12);
        assertFalse(s.intervalExcludesOne(1));
    }

    @Test
    void invertingTheRatiosInvertsEveryStatistic() {
        double[] r = {1.1, 1.7, 1.3, 0.9, 1.45, 1.2};
        double[] inv = new double[r.length];
        for (int i = 0; i < r.length; i++) {
            inv[i] = 1 / r[i];
        }
        RatioStats a = RatioStats.of(r), b = RatioStats.of(inv);
        assertEquals(1 / a.geoMean(), b.geoMean(), 1e-12);
        assertEquals(1 / a.median(), b.median(), 1e-12);
        assertEquals(1 / a.high(), b.low(), 1e-12);
        assertEquals(1 / a.low(), b.high(), 1e-12);
    }

    @Test
    void fewerThanThreeRoundsHaveNoInterval() {
        RatioStats s = RatioStats.of(new double[] {1.3});
        assertEquals(1.3, s.geoMean(), 1e-12);
        assertEquals(1.3, s.median(), 1e-12);
        assertTrue(Double.isNaN(s.low()) && Double.isNaN(s.high()) && Double.isNaN(s.logSd()));
        assertFalse(s.intervalExcludesOne(1));
        RatioStats two = RatioStats.of(new double[] {1.2, 1.5});
        assertEquals(Math.sqrt(1.2 * 1.5), two.geoMean(), 1e-12);
        assertEquals(Math.abs(Math.log(1.5) - Math.log(1.2)) / Math.sqrt(2), two.logSd(), 1e-12);
        assertTrue(Double.isNaN(two.low()) && Double.isNaN(two.high()));
    }

    @Test
    void rejectsRatiosThatAreNotPositiveNumbers() {
        assertThrows(IllegalArgumentException.class, () -> RatioStats.of(new double[] {}));
        assertThrows(IllegalArgumentException.class, () -> RatioStats.of(new double[] {1, 0}));
        assertThrows(IllegalArgumentException.class, () -> RatioStats.of(new double[] {1, Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> RatioStats.of(new double[] {Double.POSITIVE_INFINITY}));
    }
}
