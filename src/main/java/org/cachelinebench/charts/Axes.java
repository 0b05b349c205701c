package org.cachelinebench.charts;

/** Axis ranges that show every point and as much of every interval as is useful. */
final class Axes {
    private Axes() {}

    /**
     * From the points' extent widened to the intervals' extent, but at most {@code factor} times beyond the
     * points: an interval from two rounds can span ten decades, and an axis that wide would squash every
     * point into one pixel. Whiskers that reach further are cut at the plot's edge.
     */
    static double[] range(double pointsMin, double pointsMax, double intervalsMin, double intervalsMax,
                          double factor) {
        return new double[] {Math.max(intervalsMin, pointsMin / factor), Math.min(intervalsMax, pointsMax * factor)};
    }
}
