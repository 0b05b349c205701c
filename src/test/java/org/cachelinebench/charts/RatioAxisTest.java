package org.cachelinebench.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class RatioAxisTest {
    @Test
    void theAxisShowsThePointsAndAtMostAFactorBeyondThem() {
        assertEquals(List.of(0.25, 8.0), java.util.Arrays.stream(Axes.range(1, 2, 1e-9, 1e9, 4)).boxed().toList());
        assertEquals(List.of(0.9, 1.5), java.util.Arrays.stream(Axes.range(1, 1.4, 0.9, 1.5, 4)).boxed().toList());
    }

    @Test
    void ticksSitOnRoundRatios() {
        assertEquals(List.of(0.375, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0), RatioChart.RatioAxis.ticks(0.3, 4.6));
        assertEquals(List.of(0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0), RatioChart.RatioAxis.ticks(0.2, 20));
        assertEquals(List.of(0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6), RatioChart.RatioAxis.ticks(0.85, 1.62));
        assertEquals(List.of(0.625, 0.75, 0.875, 1.0, 1.25, 1.5, 1.75), RatioChart.RatioAxis.ticks(0.6, 1.8));
        // ten decades: every fourth power of two
        assertEquals(List.of(Math.pow(2, -16), Math.pow(2, -12), Math.pow(2, -8), Math.pow(2, -4), 1.0, 16.0,
                256.0, 4096.0, 65536.0), RatioChart.RatioAxis.ticks(1e-5, 1e5));
    }
}
