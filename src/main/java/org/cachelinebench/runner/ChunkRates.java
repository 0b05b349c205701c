package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.coherence.unit.ProbeCosts;
import org.cachelinebench.coherence.unit.ReaderRatio;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.runner.fork.InterleavedFork;

/**
 * A pcpu_chunk reader claim's ratio at one run's own rates ({@link ReaderRatio}): from every fork of the claim's
 * benchmark, its sides' allocator steps per reader load and the base side's ns per reader load (sums over the
 * measurement iterations); from every fork that carries the floor, the hop (half its ns per round trip). Each fork
 * of the claim gives the ratio's two ends at the hop's 95 % interval; over the forks, the range runs from the low
 * ends' interval's bottom to the high ends' top (from the lowest to the highest end below three forks).
 */
final class ChunkRates {
    private ChunkRates() {}

    /** The range, or null when the run has no fork of the claim's benchmark or none with a floor. */
    static ProbeCosts.Range predicted(ReaderRatio model, Claim c, List<JmhResult> forks) {
        List<Double> hopSamples = new ArrayList<>();
        for (JmhResult f : forks) {
            if (has(f, CsdSides.FLOOR) && InterleavedFork.senders(f) == 1) {
                for (int k = 0; k < UnitPredictions.forksIn(f); k++) {
                    hopSamples.add(perCall(f, CsdSides.FLOOR, k) / 2);
                }
            }
        }
        double[] hops = hopSamples.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
        if (hops.length == 0) {
            return null;
        }
        double[] hop = interval(hops);
        String base = CounterNames.side(model.baseSide(), ChunkSides.READER);
        List<double[]> ends = new ArrayList<>();
        for (JmhResult f : forks) {
            if (!has(f, base) || !has(f, c.counterSide(c.subject())) || !has(f, c.counterSide(c.reference()))) {
                continue;
            }
            for (int k = 0; k < UnitPredictions.forksIn(f); k++) {
                ReaderRatio.Rates rates = new ReaderRatio.Rates(perCall(f, base, k), stepsPerLoad(f, c.subject(), k),
                        stepsPerLoad(f, c.reference(), k));
                if (Double.isFinite(rates.baseNsPerLoad()) && Double.isFinite(rates.subjectStepsPerLoad())
                        && Double.isFinite(rates.referenceStepsPerLoad())) {
                    ends.add(model.bounds(rates, hop[0], hop[2]));
                }
            }
        }
        if (ends.isEmpty()) {
            return null;
        }
        double[] low = interval(ends.stream().mapToDouble(e -> e[0]).toArray());
        double[] high = interval(ends.stream().mapToDouble(e -> e[1]).toArray());
        return new ProbeCosts.Range(low[0], Math.min(Math.max((low[1] + high[1]) / 2, low[0]), high[2]), high[2]);
    }

    /** The side's allocator steps per reader load over fork {@code k}'s measurement iterations. */
    private static double stepsPerLoad(JmhResult f, String side, int k) {
        double steps = sum(f, CounterNames.calls(CounterNames.side(side, ChunkSides.ALLOCATOR)), k);
        double loads = sum(f, CounterNames.calls(CounterNames.side(side, ChunkSides.READER)), k);
        return loads > 0 ? steps / loads : Double.NaN;
    }

    /** The counter side's ns per call over fork {@code k}'s measurement iterations, from the sums. */
    private static double perCall(JmhResult f, String side, int k) {
        double calls = sum(f, CounterNames.calls(side), k);
        return calls > 0 ? sum(f, CounterNames.nanos(side), k) / calls : Double.NaN;
    }

    private static boolean has(JmhResult f, String side) {
        return f.secondary().containsKey(CounterNames.nanos(side)) && f.secondary().containsKey(CounterNames.calls(side));
    }

    private static double sum(JmhResult f, String counter, int k) {
        if (!f.secondary().containsKey(counter)) {
            return Double.NaN;
        }
        double[][] raw = f.metric(counter).rawData();
        return k < raw.length ? Arrays.stream(raw[k]).sum() : Double.NaN;
    }

    /** {low, mean, high}: the mean's 95 % interval, or the samples' extremes below three. */
    private static double[] interval(double[] v) {
        MeanStats s = MeanStats.of(v);
        if (Double.isNaN(s.low())) {
            return new double[] {Arrays.stream(v).min().orElseThrow(), s.mean(), Arrays.stream(v).max().orElseThrow()};
        }
        return new double[] {Math.min(s.low(), s.mean()), s.mean(), Math.max(s.high(), s.mean())};
    }
}
