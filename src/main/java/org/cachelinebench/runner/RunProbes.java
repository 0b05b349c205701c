package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.coherence.unit.ProbeCosts;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.runner.fork.InterleavedFork;

/**
 * A run's machine costs from its own probes: every interleaved fork that reports the probes' ratios to the floor
 * ({@link CsdSides#PROBES}) gives one sample per probe, the median over its measurement iterations (JMH writes a
 * benchmark's forks together, a row of raw data each); over the forks,
 * each cost is the mean with its 95 % interval ({@link MeanStats}), as the run's other measured quantities are.
 */
final class RunProbes {
    private RunProbes() {}

    /** The costs these forks record, or null when none has the probes, or too few forks to give an interval. */
    static ProbeCosts of(List<JmhResult> forks) {
        List<double[]> perFork = new ArrayList<>();
        for (JmhResult f : forks) {
            for (int k = 0; k < UnitPredictions.forksIn(f); k++) {
                double[] r = new double[CsdSides.PROBES.size()];
                boolean all = true;
                for (int p = 0; p < r.length && all; p++) {
                    String counter = CounterNames.ratio(CsdSides.PROBES.get(p), CsdSides.FLOOR);
                    all = f.secondary().containsKey(counter) && k < f.metric(counter).rawData().length;
                    if (all) {
                        double[] finite = java.util.Arrays.stream(f.metric(counter).rawData()[k])
                                .filter(Double::isFinite).toArray();
                        all = finite.length > 0;
                        r[p] = all ? InterleavedFork.median(finite) / InterleavedFork.senders(f) : Double.NaN;
                    }
                }
                if (all) {
                    perFork.add(r);
                }
            }
        }
        if (perFork.size() < 2) {
            return null;
        }
        return new ProbeCosts(range(perFork, 0, 1), range(perFork, 1, 1), range(perFork, 2, 0.5));
    }

    /** Probe {@code p}'s cost over the floor's, minus 1, times {@code per}, over the forks. */
    private static ProbeCosts.Range range(List<double[]> perFork, int p, double per) {
        double[] v = perFork.stream().mapToDouble(r -> (r[p] - 1) * per).toArray();
        MeanStats s = MeanStats.of(v);
        return new ProbeCosts.Range(Math.min(s.low(), s.mean()), s.mean(), Math.max(s.high(), s.mean()));
    }
}
