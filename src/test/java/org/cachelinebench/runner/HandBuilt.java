package org.cachelinebench.runner;

import java.util.stream.IntStream;

import org.cachelinebench.claims.Claim;

/** A comparison's result built by hand for a test, through the real records: every sample its own round, no floor. */
final class HandBuilt {
    private HandBuilt() {}

    static Analysis.ComparisonResult comparison(Claim comparison, String subjectBenchmark, String referenceBenchmark,
                                                double[] ratios, double[] secondsApart, RatioStats stats,
                                                Analysis.Score subject, Analysis.Score reference,
                                                int iterationsOnExpectedSide, Analysis.Status status) {
        double[][] byFork = new double[ratios.length][];
        for (int i = 0; i < ratios.length; i++) {
            byFork[i] = new double[] {ratios[i]};
        }
        Analysis.Measured data = new Analysis.Measured(subjectBenchmark, referenceBenchmark, ratios, secondsApart, stats,
                subject, reference, iterationsOnExpectedSide, byFork, null, null, null, 0,
                IntStream.range(0, ratios.length).toArray());
        return new Analysis.ComparisonResult(comparison, data, Judgment.Verdict.of(status, "", Double.NaN,
                ratios.length));
    }
}
