package org.cachelinebench.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.unit.MeasuredUnitPrediction;
import org.cachelinebench.coherence.unit.ProbeCosts;
import org.cachelinebench.coherence.unit.ReaderRatio;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResultReader;
import org.cachelinebench.results.UnusableInputException;

/**
 * Every comparison's prediction in its measured unit, at one run's own costs: extra round trips for the handshakes
 * ({@link MeasuredUnitPrediction}, at the run's probes), the ratio for the pcpu_chunk readers ({@link ReaderRatio},
 * at the run's rates and floor), each beside the measured 95 % interval of the same unit. The traces do not depend
 * on the run, so one instance traces each claim once for all the runs it is asked about.
 */
final class UnitPredictions {
    static final String ROUND_TRIPS = "extra round trips";
    static final String RATIO = "ratio";
    static final String INSIDE = "inside";
    static final String OUTSIDE = "outside";

    /**
     * One comparison's prediction.
     *
     * @param unit      {@link #ROUND_TRIPS} or {@link #RATIO}; "" when not predicted
     * @param predicted the range; null when not predicted ({@code why} says why)
     * @param why       "" when predicted; "no probes", "no floor", or why the model gives none
     * @param against   {@link #INSIDE}, {@link #OUTSIDE}, or "" when nothing was predicted or measured
     */
    record Row(String unit, ProbeCosts.Range predicted, String why, String against) {
        /** Extra round trips "+0.52 (+0.40 .. +0.66)", a ratio "ratio 2.31 (2.02 .. 2.60)", or why there is none. */
        String shown() {
            if (predicted == null) {
                return why;
            }
            return unit.equals(RATIO) ? "ratio " + ratio(predicted) : predicted.describe();
        }

        private static String ratio(ProbeCosts.Range r) {
            return r.low() == r.high() ? SummaryTable.fmt(r.mid())
                    : SummaryTable.fmt(r.mid()) + " (" + SummaryTable.fmt(r.low()) + " .. " + SummaryTable.fmt(r.high()) + ")";
        }
    }

    /** What a run recorded that the predictions are priced with: its probes (null: none) and its forks. */
    record RunCosts(ProbeCosts probes, List<JmhResult> forks) {
        static RunCosts of(List<JmhResult> forks) {
            return new RunCosts(RunProbes.of(forks), forks);
        }

        /** A saved run's runs.json; a run without one has neither. */
        static RunCosts of(Path runDir) {
            Path runs = runDir.resolve(ResultStore.RUNS);
            if (!Files.isRegularFile(runs)) {
                return new RunCosts(null, List.of());
            }
            try {
                return of(JmhResultReader.read(runs));
            } catch (UnusableInputException e) {
                throw new IllegalArgumentException(runs + ": " + e.getMessage(), e);
            }
        }
    }

    /** The forks a result of runs.json holds: JMH writes a benchmark's forks together, a row of raw data each. */
    static int forksIn(JmhResult f) {
        return f.primary().rawData().length;
    }

    private final Model model;
    private final Map<String, Object> traced = new HashMap<>();

    UnitPredictions(Model model) {
        this.model = model;
    }

    /**
     * {@code c} at {@code run}'s costs beside its measured extra round trips ({@code extraLow .. extraHigh}, null for
     * a comparison that measures none) and ratio ({@code ratioLow .. ratioHigh}).
     */
    Row of(Claim c, RunCosts run, Double extraLow, Double extraHigh, Double ratioLow, Double ratioHigh) {
        Object t;
        try {
            t = traced.computeIfAbsent(c.id(), id -> {
                ReaderRatio r = ReaderRatio.of(c, model);
                return r != null ? r : MeasuredUnitPrediction.of(c, null, model);
            });
        } catch (RuntimeException | LinkageError e) {
            return new Row("", null, "not predicted: " + PairedSession.oneLine(e), "");
        }
        if (t instanceof ReaderRatio r) {
            ProbeCosts.Range p = !r.why().isEmpty() ? null : r.exact() ? ProbeCosts.Range.exactly(1)
                    : ChunkRates.predicted(r, c, run.forks());
            String why = !r.why().isEmpty() ? r.why() : p == null ? "no floor" : "";
            return new Row(RATIO, p, why, against(p, ratioLow, ratioHigh));
        }
        MeasuredUnitPrediction m = ((MeasuredUnitPrediction) t).at(run.probes());
        if (m.path() == null) {
            return new Row("", null, m.why(), "");
        }
        return new Row(ROUND_TRIPS, m.predicted(), m.why(), against(m.predicted(), extraLow, extraHigh));
    }

    private static String against(ProbeCosts.Range p, Double low, Double high) {
        if (p == null || low == null || high == null) {
            return "";
        }
        return p.overlaps(low, high) ? INSIDE : OUTSIDE;
    }

    /** "Inside: 3 of 4 ...": the one line per run. */
    static String hitLine(int inside, int judged) {
        return "Inside: " + inside + " of " + judged + " predicted comparisons (in their measured unit, at this run's "
                + "own probes and rates; rows without a prediction not counted) fall inside their measured 95 % interval.";
    }
}
