package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.annotations.SerializedName;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.cachelinebench.coherence.unit.ProbeCosts;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.results.FormerNames;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.runner.fork.ForkRecord;

/**
 * The machine-readable summary of a session (summary.json): every comparison's ratios and statistics, and
 * every fork with its timestamps. Charts and results/README.md are generated from it, so they can be
 * regenerated without rerunning, and {@code benchmarks/regate} recomputes the gate's verdicts from it. Values
 * that do not exist (an interval from one round, the ratios of a claim whose variant failed its layout check)
 * are null.
 *
 * @param format       version of this layout
 * @param profile      profile name
 * @param rounds       rounds run
 * @param started      ISO-8601 instant of the first fork's start
 * @param finished     ISO-8601 instant of the last fork's end
 * @param warmup       warmup iterations per fork, e.g. "1x500ms"
 * @param measurement  measurement iterations per fork
 * @param lineSize     cache line size the suite ran with
 * @param csdBytes     size of the csd the offset sweep moves, when known
 * @param floorSet     the set whose interleaved fork measured every round's floor ({@link Suite#FLOOR_SET}); null
 *                     when it did not run: no floor measured, claims judged without states
 * @param splitNanos   a round is near when its floor is below this many ns, else far: the gap in this run's own
 *                     floors ({@link MachineState#split}); null when they show none
 * @param roundStates  every round's floor and state (empty when no floor was measured)
 * @param layoutFailures forks that failed their layout check; every claim using their variant FAILS
 */
public record Summary(int format, String profile, int rounds, String started, String finished, String warmup,
                      String measurement, int lineSize, Integer csdBytes, List<Entry> comparisons,
                      List<SweepPoint> sweep, List<Fork> forks, String floorSet, Double splitNanos,
                      List<RoundState> roundStates, List<LayoutFailure> layoutFailures) {

    /** Version 2 adds the machine states, the rounds behind every claim and the layout failures. */
    public static final int FORMAT = 2;
    /** The first version, still read: without states or per-round grouping ({@code Regate} rebuilds them). */
    public static final int FORMAT_1 = 1;

    /**
     * One round's floor and the state it puts the round in.
     *
     * @param round      1-based round
     * @param floorNanos the floor's ns per round trip; null when the round's floor fork did not give one
     * @param state      "near" or "far"; null without a floor
     */
    public record RoundState(int round, Double floorNanos, String state) {}

    /**
     * One round behind a claim.
     *
     * @param round      1-based round
     * @param ratios     the claim's samples in the round
     * @param floorNanos the round's floor (an interleaved claim: its own fork's), null without one
     * @param state      "near" or "far", null without a floor
     */
    public record Round(int round, double[] ratios, Double floorNanos, String state) {}

    /**
     * One comparison.
     *
     * @param expected           "&gt; 1", "&lt; 1" or "≈ 1"
     * @param atLeast            read from older summaries only (a fixed minimum effect); null
     * @param rounds             rounds (forks) behind the ratios; an interleaved comparison has several
     *                           ratios (iterations) per round, each the median over the iteration's cycles
     * @param geoMean            geometric mean of the ratios; null when no round measured the claim
     * @param low                lower end of its 95 % t-interval (log scale), null below 2 rounds
     * @param median             median ratio over all rounds; null when no round measured the claim
     * @param medianSecondsApart median over rounds of the time between the two sides' measurement windows
     * @param status             HOLDS, FAILS, INFO, TOO_FEW_ROUNDS or NOT_JUDGED
     * @param iterationsOnExpectedSide samples (an interleaved claim: measurement iterations, several a round) whose
     *                           ratio lies on the expected side of 1; read from {@code roundsOnExpectedSide} in older
     *                           summaries, which counted the same
     * @param confidence         "clear" when the interval excludes 1 on the expected side, "noisy" if not,
     *                           "" for comparisons without a direction
     * @param extraTransfers     interleaved only: mean over the samples (each the median over an iteration's cycles)
     *                           of (cost(subject) - cost(reference)) / cost(floor), the extra cost in one-line round
     *                           trips; null otherwise, and for the floor (their unit)
     * @param extraTransfersLow  lower end of its 95 % t-interval, null below 3 samples
     * @param extraTransfersHigh upper end
     * @param floorNanos         the median floor (ns per call) of the claim's rounds; null when no floor was measured
     * @param floorNanosByRound  each round's floor ns per call, in the order of {@link #byRound} (null entries:
     *                           no floor that round)
     * @param iterationsWithoutCycle interleaved only: measurement iterations left out because they completed
     *                           no cycle of the schedule (null when none)
     * @param reason             why the claim has its status, one line ("" for information)
     * @param judgedMedian       the median over rounds of each round's ratio (a round: the median of its samples)
     * @param baselineTolerance  read from older summaries only; null
     * @param blindIn            read from older summaries only; empty
     * @param states             the state mix of its rounds, e.g. "far 8/near 2", or "no floor measured"
     * @param byRound            the rounds behind the claim: samples, floor and state of each
     * @param effect             gated: the verdict's estimate, a directional claim's effect over its A/A control as a
     *                           ratio (an A/A: its centre); null otherwise
     * @param effectLow          its lower bound at the gate's confidence
     * @param effectHigh         its upper bound
     * @param margin             gated: the A/A's margin as a ratio, exp(z x sd of its rounds)
     * @param prediction         the coherence model's predicted line transfers for the claim; null in older
     *                           summaries and for a claim that is not the suite's
     */
    public record Entry(String id, String set, String subject, String reference, String metric, String claim,
                        String direction, String expected, boolean checked, Double atLeast, int rounds,
                        double[] ratios, Double geoMean, Double low, Double high, Double median, Double logSd,
                        @SerializedName(value = "iterationsOnExpectedSide", alternate = "roundsOnExpectedSide")
                        int iterationsOnExpectedSide, Double medianSecondsApart, String subjectBenchmark,
                        Double subjectScore, String subjectUnit, String referenceBenchmark, Double referenceScore,
                        String referenceUnit, String status, String confidence, Double extraTransfers,
                        Double extraTransfersLow, Double extraTransfersHigh, Double floorNanos,
                        List<Double> floorNanosByRound, Integer iterationsWithoutCycle, String reason,
                        Double judgedMedian, Double baselineTolerance, List<String> blindIn, String states,
                        List<Round> byRound, Double effect, Double effectLow, Double effectHigh, Double margin,
                        Prediction prediction) {

        /** True when at least one round measured the claim. */
        public boolean measured() {
            return geoMean != null;
        }
    }

    /**
     * The coherence model's prediction for one comparison ({@link ClaimPrediction}), beside its measurement: the
     * same code traced through MESI, so it does not depend on the run (docs/coherence.md). Numbers the model
     * cannot give are null, and {@code note} says why.
     *
     * @param unit            what one operation is, e.g. "per call"
     * @param subject         predicted line transfers per operation of the subject side
     * @param reference       of the reference side
     * @param extra           subject minus reference
     * @param extraRoundTrips the extra in line round trips (the unit of the measured extra line transfers); null
     *                        for comparisons whose operations are no calls
     * @param model           what the prediction assumes
     * @param note            how measurement is known to differ from the prediction, and why; "" when it is not
     * @param measuredUnit    interleaved only: the unit of {@link #predictedMid}, "extra round trips" or "ratio"
     *                        ({@link UnitPredictions}); "" when not priced, null for a comparison of forks and in
     *                        older summaries
     * @param predictedLow    the prediction in the measured unit at this run's own probes (or rates), low end of its
     *                        range from the probes' intervals; null when not priced
     * @param predictedMid    its central value
     * @param predictedHigh   its high end
     * @param unpriced        why it has no value ("no probes", "no floor", "not predicted: ..."); "" when priced
     * @param against         "inside" or "outside" the measured 95 % interval of the same unit; "" when either is
     *                        missing
     */
    public record Prediction(String unit, Double subject, Double reference, Double extra, Double extraRoundTrips,
                             String model, String note, String measuredUnit, Double predictedLow, Double predictedMid,
                             Double predictedHigh, String unpriced, String against) {

        static Prediction of(ClaimPrediction p) {
            return new Prediction(p.unit(), orNull(p.subject()), orNull(p.reference()), orNull(p.extra()),
                    orNull(p.extraRoundTrips()), p.model(), p.differs(), null, null, null, null, null, null);
        }

        /** A claim the model could not trace on this JVM, and why. */
        static Prediction failed(String why) {
            return new Prediction("", null, null, null, null, "", "not predicted: " + why, null, null, null, null,
                    null, null);
        }

        /** The same, with the prediction in the comparison's measured unit at the run's costs ({@code row}). */
        Prediction priced(UnitPredictions.Row row) {
            ProbeCosts.Range r = row.predicted();
            return new Prediction(unit, subject, reference, extra, extraRoundTrips, model, note, row.unit(),
                    r == null ? null : r.low(), r == null ? null : r.mid(), r == null ? null : r.high(),
                    r == null ? row.why() : "", row.against());
        }

        /** The extra round trips predicted at the run's own probes (central value); null when not priced so. */
        public Double pricedRoundTrips() {
            return UnitPredictions.ROUND_TRIPS.equals(measuredUnit) ? predictedMid : null;
        }

        /** True when the prediction was set against the measured interval ("inside" or "outside"). */
        public boolean judged() {
            return against != null && !against.isEmpty();
        }
    }

    /**
     * The predictions of the claims of {@code results} that are the suite's own (by id), traced once per run: one
     * {@link Predictions} shares each side's trace between the claims that use it. A trace this JVM cannot run
     * (a Java layout without {@code -XX:-RestrictContended}) gives that claim a note instead, never a failure: the
     * prediction informs, and must not change a run's verdicts or exit status.
     */
    static Map<String, Prediction> predictions(List<Analysis.ComparisonResult> results) {
        return predictions(results, List.of());
    }

    /**
     * As {@link #predictions(List)}, every interleaved comparison's also in its measured unit at the costs of
     * {@code forks} (their probes and rates; none: "no probes"), beside its measured interval.
     */
    static Map<String, Prediction> predictions(List<Analysis.ComparisonResult> results, List<JmhResult> forks) {
        return predictions(results, UnitPredictions.RunCosts.of(forks));
    }

    /** As {@link #predictions(List, List)} at {@code costs}. */
    static Map<String, Prediction> predictions(List<Analysis.ComparisonResult> results, UnitPredictions.RunCosts costs) {
        Predictions model = new Predictions(Model.DEFAULT);
        UnitPredictions units = new UnitPredictions(Model.DEFAULT);
        Map<String, Prediction> out = new HashMap<>();
        for (Analysis.ComparisonResult r : results) {
            Claim c = Suite.claim(r.comparison().id());
            if (c == null) {
                continue;
            }
            Prediction p;
            try {
                p = Prediction.of(model.of(c));
            } catch (RuntimeException | LinkageError e) {
                p = Prediction.failed(PairedSession.oneLine(e));
            }
            if (c.interleaved() && r.measured()) {
                MeanStats x = r.data().extra();
                RatioStats s = r.data().stats();
                p = p.priced(units.of(c, costs, x == null ? null : orNull(x.low()), x == null ? null : orNull(x.high()),
                        s == null ? null : orNull(s.low()), s == null ? null : orNull(s.high())));
            }
            out.put(c.id(), p);
        }
        return out;
    }

    /**
     * A point of the offset sweep: throughput at an offset relative to offset 0 in the same round, i.e. the
     * inverse of the cost ratio (and of its interval).
     *
     * @param straddles whether the csd at this offset spans two lines, from its real address
     *                  ({@code IpiOffsetSweep.placements()}); null if unknown
     */
    public record SweepPoint(int offset, int rounds, double relative, Double low, Double high, Boolean straddles) {}

    /**
     * One fork: where it ran in the plan, its measurement window (ms since the epoch) and its scores (those that
     * are not a finite number, such as the median counters of an iteration without a cycle, left out).
     */
    public record Fork(int round, String set, String variant, int slot, String benchmark,
                       Map<String, String> params, long startMillis, long endMillis, long measureStartMillis,
                       long measureEndMillis, Map<String, Double> scores, String unit) {}

    /** The run's own near/far split in ns; NaN when its floors showed no gap or it measured none. */
    public double split() {
        return splitNanos == null ? Double.NaN : splitNanos;
    }

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public static Summary of(String profile, int rounds, IterationSpec warmup, IterationSpec measurement,
                             int lineSize, Map<Integer, Placement> sweepPlacements,
                             List<Analysis.ComparisonResult> results, List<ForkRecord> records) {
        return of(profile, rounds, warmup, measurement, lineSize, sweepPlacements, results, records, List.of());
    }

    public static Summary of(String profile, int rounds, IterationSpec warmup, IterationSpec measurement,
                             int lineSize, Map<Integer, Placement> sweepPlacements,
                             List<Analysis.ComparisonResult> results, List<ForkRecord> records,
                             List<LayoutFailure> layoutFailures) {
        Map<Integer, Double> floors = Analysis.floorNanosByRound(records, Suite.FLOOR_SET);
        double split = MachineState.split(floors.values());
        Map<String, Prediction> predictions = predictions(results, records.stream().map(f -> f.result().jmh()).toList());
        List<Entry> entries = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            entries.add(entry(r, split, predictions.get(r.comparison().id())));
        }
        List<RoundState> states = roundStates(rounds, floors, split);
        List<Fork> forks = new ArrayList<>();
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        for (ForkRecord f : records) {
            Map<String, Double> scores = new LinkedHashMap<>();
            scores.put(Claim.PRIMARY, f.result().primary().score());
            f.result().secondaries().forEach((k, v) -> {
                // JSON has no NaN: e.g. a median over cycles of an iteration that completed none
                if (Double.isFinite(v.score())) {
                    scores.put(k, v.score());
                }
            });
            forks.add(new Fork(f.round(), f.set(), f.variant(), f.slot(), f.result().info().benchmark(),
                    f.result().info().params(), f.startMillis(), f.endMillis(), f.result().measureStartMillis(),
                    f.result().measureEndMillis(), scores, f.result().primary().unit()));
            first = Math.min(first, f.startMillis());
            last = Math.max(last, f.endMillis());
        }
        return new Summary(FORMAT, profile, rounds,
                records.isEmpty() ? null : java.time.Instant.ofEpochMilli(first).toString(),
                records.isEmpty() ? null : java.time.Instant.ofEpochMilli(last).toString(),
                warmup.toString(), measurement.toString(), lineSize,
                sweepPlacements == null ? null : sweepPlacements.values().iterator().next().size(), entries,
                sweep(results, sweepPlacements), forks, floors.isEmpty() ? null : Suite.FLOOR_SET, orNull(split), states,
                List.copyOf(layoutFailures));
    }

    /** Every round's floor and state; empty when no round measured a floor. */
    static List<RoundState> roundStates(int rounds, Map<Integer, Double> floors, double split) {
        List<RoundState> out = new ArrayList<>();
        if (floors.isEmpty()) {
            return out;
        }
        for (int round = 0; round < rounds; round++) {
            Double f = floors.get(round);
            MachineState s = f == null ? null : MachineState.of(f, split);
            out.add(new RoundState(round + 1, f, s == null ? null : s.label()));
        }
        return out;
    }

    private static Entry entry(Analysis.ComparisonResult r, double split, Prediction prediction) {
        Claim c = r.comparison();
        RatioStats s = r.data().stats();
        Judgment.Verdict v = r.verdict();
        List<Round> byRound = new ArrayList<>();
        List<Double> floors = new ArrayList<>();
        for (Judgment.Round round : r.data().rounds()) {
            MachineState state = MachineState.of(round.floorNanos(), split);
            Double floor = orNull(round.floorNanos());
            byRound.add(new Round(round.round() + 1, round.ratios(), floor, state == null ? null : state.label()));
            floors.add(floor);
        }
        Analysis.Measured m = r.data();
        return new Entry(c.id(), c.set(), c.subject(), c.reference(), c.metric(), c.claim(),
                c.expect().direction().name(), c.expect().symbol(), c.expect().checked(),
                null, r.rounds(), m.ratios(),
                s == null ? null : s.geoMean(), s == null ? null : orNull(s.low()), s == null ? null : orNull(s.high()),
                s == null ? null : s.median(), s == null ? null : orNull(s.logSd()), m.iterationsOnExpectedSide(),
                orNull(r.medianSecondsApart()), m.subjectBenchmark(), m.subject() == null ? null : m.subject().geoMean(),
                m.subject() == null ? null : m.subject().unit(), m.referenceBenchmark(),
                m.reference() == null ? null : m.reference().geoMean(), m.reference() == null ? null : m.reference().unit(),
                r.status().name(), r.confidence(), m.extra() == null ? null : m.extra().mean(),
                m.extra() == null ? null : orNull(m.extra().low()), m.extra() == null ? null : orNull(m.extra().high()),
                orNull(r.medianFloorNanos()), m.floorNanos() == null ? null : floors,
                m.noCycle() == 0 ? null : m.noCycle(), r.reason(), orNull(r.judgedMedian()), null, List.of(),
                r.states(split), byRound, v == null ? null : orNull(v.effect()), v == null ? null : orNull(v.low()),
                v == null ? null : orNull(v.high()), v == null ? null : orNull(v.margin()), prediction);
    }

    /** Sweep points from the comparisons of the sweep set, offset 0 included as exactly 1. */
    static List<SweepPoint> sweep(List<Analysis.ComparisonResult> results, Map<Integer, Placement> placements) {
        List<SweepPoint> points = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            Claim c = r.comparison();
            if (!c.set().equals(Suite.SWEEP_SET) || !r.measured()) {
                continue;
            }
            if (points.isEmpty()) {
                points.add(new SweepPoint(offsetOf(c.reference()), r.data().stats().n(), 1.0, 1.0, 1.0,
                        straddles(offsetOf(c.reference()), placements)));
            }
            RatioStats s = r.data().stats();
            int offset = offsetOf(c.subject());
            points.add(new SweepPoint(offset, s.n(), 1 / s.geoMean(), orNull(1 / s.high()), orNull(1 / s.low()),
                    straddles(offset, placements)));
        }
        points.sort(java.util.Comparator.comparingInt(SweepPoint::offset));
        return points;
    }

    private static int offsetOf(String variantId) {
        return Integer.parseInt(variantId.substring(variantId.lastIndexOf('-') + 1));
    }

    private static Boolean straddles(int offset, Map<Integer, Placement> placements) {
        Placement p = placements == null ? null : placements.get(offset);
        return p == null ? null : p.straddles();
    }

    private static Double orNull(double d) {
        return Double.isNaN(d) || Double.isInfinite(d) ? null : d;
    }

    public String toJson() {
        return GSON.toJson(this) + System.lineSeparator();
    }

    public static Summary fromJson(String json) {
        Summary s;
        try {
            s = GSON.fromJson(FormerNames.current(json), Summary.class);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not a summary file: " + e.getMessage(), e);
        }
        if (s == null || (s.format() != FORMAT && s.format() != FORMAT_1) || s.comparisons() == null) {
            throw new IllegalArgumentException("not a summary file of format " + FORMAT_1 + " or " + FORMAT);
        }
        return s;
    }

    public static Summary read(Path file) throws IOException {
        try {
            return fromJson(Files.readString(file));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }
}
