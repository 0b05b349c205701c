package org.cachelinebench.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class RatioAxisTest {
    @Test
    void ticksSitOnRoundRatios() {
        assertEquals(List.of(0.375, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0), RatioChart.RatioAxis.ticks(0.3, 4.6));
        assertEquals(List.of(0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0), RatioChart.RatioAxis.ticks(0.2, 20));
        assertEquals(List.of(0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6), RatioChart.RatioAxis.ticks(0.85, 1.62));
    }
}
