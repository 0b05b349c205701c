package org.cachelinebench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

class WelchTest {

    @Test
    void smallExampleByHand() {
        // a: mean 2.5, var 5/3; b: mean 5, var 2.5. se^2 = 5/12 + 1/2 = 11/12.
        // df = (11/12)^2 / ((5/12)^2 / 3 + (1/2)^2 / 4) = 0.840278 / 0.120370 = 6.9808
        Welch.Result r = Welch.test(new double[] {1, 2, 3, 4}, new double[] {3, 4, 5, 6, 7}, 0.05);
        assertEquals(2.5, r.meanA(), 1e-12);
        assertEquals(5.0, r.meanB(), 1e-12);
        assertEquals(2.5, r.diff(), 1e-12);
        assertEquals(Math.sqrt(11.0 / 12), r.se(), 1e-12);
        assertEquals(6.9808, r.df(), 1e-4);
        // t = 2.611 on ~7 df: two-sided p just under 0.035
        assertEquals(0.0349, r.p(), 5e-4);
        assertTrue(r.significant());
        assertTrue(r.low() > 0 && r.low() < r.diff() && r.high() > r.diff());
        assertEquals(r.diff(), (r.low() + r.high()) / 2, 1e-12);
    }

    @Test
    void pValueAgreesWithCommonsMathWelch() {
        Random rnd = new Random(7);
        TTest reference = new TTest();
        for (int k = 0; k < 50; k++) {
            int n = 2 + rnd.nextInt(8);
            int m = 2 + rnd.nextInt(8);
            double[] a = new double[n];
            double[] b = new double[m];
            for (int i = 0; i < n; i++) {
                a[i] = 100 + 3 * rnd.nextGaussian();
            }
            double spread = 1 + 5 * rnd.nextDouble();
            for (int i = 0; i < m; i++) {
                b[i] = 102 + spread * rnd.nextGaussian();
            }
            assertEquals(reference.tTest(a, b), Welch.test(a, b, 0.05).p(), 1e-9);
        }
    }

    @Test
    void theIntervalTouchesZeroExactlyAtAlphaEqualsP() {
        double[] a = {10.1, 10.4, 9.8, 10.0};
        double[] b = {10.6, 10.9, 10.3, 10.8, 10.5};
        double p = Welch.test(a, b, 0.05).p();
        Welch.Result atP = Welch.test(a, b, p);
        assertEquals(0, atP.low(), 1e-7);
        assertTrue(Welch.test(a, b, p * 1.01).significant());
        assertFalse(Welch.test(a, b, p * 0.99).significant());
    }

    @Test
    void noSpreadAtAll() {
        Welch.Result same = Welch.test(new double[] {3, 3}, new double[] {3, 3, 3}, 0.05);
        assertFalse(same.significant());
        assertEquals(1, same.p());
        Welch.Result apart = Welch.test(new double[] {3, 3}, new double[] {4, 4}, 0.05);
        assertTrue(apart.significant());
        assertEquals(1, apart.low());
    }

    @Test
    void refusesTooFewSamplesAndBadAlpha() {
        assertThrows(IllegalArgumentException.class, () -> Welch.test(new double[] {1}, new double[] {1, 2}, 0.05));
        assertThrows(IllegalArgumentException.class, () -> Welch.test(new double[] {1, 2}, new double[] {1, 2}, 0));
        assertThrows(IllegalArgumentException.class, () -> Welch.test(new double[] {1, 2}, new double[] {1, 2}, 1));
    }
}
