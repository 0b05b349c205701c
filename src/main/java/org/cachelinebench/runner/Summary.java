package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.model.layout.Placement;

/**
 * The machine-readable summary of a session (summary.json): every comparison's ratios and statistics, and
 * every fork with its timestamps. Charts and results/README.md are generated from it, so they can be
 * regenerated without rerunning. Values that do not exist (an interval from one round) are null.
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
 */
public record Summary(int format, String profile, int rounds, String started, String finished, String warmup,
                      String measurement, int lineSize, Integer csdBytes, List<Entry> comparisons,
                      List<SweepPoint> sweep, List<Fork> forks) {

    public static final int FORMAT = 1;

    /**
     * One comparison.
     *
     * @param expected           "&gt; 1", "&lt; 1" or "≈ 1"
     * @param atLeast            the checked claim's threshold, null when unchecked
     * @param rounds             rounds (forks) behind the ratios; an interleaved comparison has several
     *                           ratios (iterations) per round
     * @param geoMean            geometric mean of the ratios
     * @param low                lower end of its 95 % t-interval (log scale), null below 2 rounds
     * @param median             median ratio (the value claims are checked on)
     * @param medianSecondsApart median over rounds of the time between the two sides' measurement windows
     * @param status             HOLDS, FAILS, INFO or TOO_FEW_ROUNDS
     * @param confidence         "clear" when the interval excludes 1 on the expected side, "noisy" if not,
     *                           "" for comparisons without a direction
     * @param extraTransfers     interleaved only: mean over the samples of (cost(subject) - cost(reference)) /
     *                           cost(floor), the extra cost in one-line round trips; null otherwise
     * @param extraTransfersLow  lower end of its 95 % t-interval, null below 3 samples
     * @param extraTransfersHigh upper end
     * @param floorNanos         interleaved only: the floor's ns per call, median over rounds of each round's
     *                           median over its iterations
     * @param floorNanosByRound  interleaved only: each round's floor ns per call, in round order
     * @param iterationsWithoutCycle interleaved only: measurement iterations left out because they completed
     *                           no cycle of the schedule (null when none)
     */
    public record Entry(String id, String set, String subject, String reference, String metric, String claim,
                        String direction, String expected, boolean checked, Double atLeast, int rounds,
                        double[] ratios, double geoMean, Double low, Double high, double median, Double logSd,
                        int roundsOnExpectedSide, double medianSecondsApart, String subjectBenchmark,
                        double subjectScore, String subjectUnit, String referenceBenchmark, double referenceScore,
                        String referenceUnit, String status, String confidence, Double extraTransfers,
                        Double extraTransfersLow, Double extraTransfersHigh, Double floorNanos,
                        double[] floorNanosByRound, Integer iterationsWithoutCycle) {}

    /**
     * A point of the offset sweep: throughput at an offset relative to offset 0 in the same round, i.e. the
     * inverse of the cost ratio (and of its interval).
     *
     * @param straddles whether the csd at this offset spans two lines, from its real address
     *                  ({@code IpiOffsetSweep.placements()}); null if unknown
     */
    public record SweepPoint(int offset, int rounds, double relative, Double low, Double high, Boolean straddles) {}

    /** One fork: where it ran in the plan, its measurement window (ms since the epoch) and its scores. */
    public record Fork(int round, String set, String variant, int slot, String benchmark,
                       Map<String, String> params, long startMillis, long endMillis, long measureStartMillis,
                       long measureEndMillis, Map<String, Double> scores, String unit) {}

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public static Summary of(String profile, int rounds, IterationSpec warmup, IterationSpec measurement,
                             int lineSize, Map<Integer, Placement> sweepPlacements,
                             List<Analysis.ComparisonResult> results, List<ForkRecord> records) {
        List<Entry> entries = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            Claim c = r.comparison();
            RatioStats s = r.stats();
            entries.add(new Entry(c.id(), c.set(), c.subject(), c.reference(), c.metric(), c.claim(),
                    c.expect().direction().name(), c.expect().symbol(), c.expect().checked(),
                    c.expect().checked() ? c.expect().atLeast() : null, r.rounds(), r.ratios(), s.geoMean(),
                    orNull(s.low()), orNull(s.high()), s.median(), orNull(s.logSd()), r.roundsOnExpectedSide(),
                    r.medianSecondsApart(), r.subjectBenchmark(), r.subject().geoMean(), r.subject().unit(),
                    r.referenceBenchmark(), r.reference().geoMean(), r.reference().unit(), r.status().name(),
                    r.confidence(), r.extra() == null ? null : r.extra().mean(),
                    r.extra() == null ? null : orNull(r.extra().low()), r.extra() == null ? null : orNull(r.extra().high()),
                    orNull(r.medianFloorNanos()), r.floorNanos(), r.noCycle() == 0 ? null : r.noCycle()));
        }
        List<Fork> forks = new ArrayList<>();
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        for (ForkRecord f : records) {
            Map<String, Double> scores = new LinkedHashMap<>();
            scores.put(Claim.PRIMARY, f.result().primary().score());
            f.result().secondaries().forEach((k, v) -> scores.put(k, v.score()));
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
                sweep(results, sweepPlacements), forks);
    }

    /** Sweep points from the comparisons of the sweep set, offset 0 included as exactly 1. */
    static List<SweepPoint> sweep(List<Analysis.ComparisonResult> results, Map<Integer, Placement> placements) {
        List<SweepPoint> points = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            Claim c = r.comparison();
            if (!c.set().equals(Suite.SWEEP_SET)) {
                continue;
            }
            if (points.isEmpty()) {
                points.add(new SweepPoint(offsetOf(c.reference()), r.stats().n(), 1.0, 1.0, 1.0,
                        straddles(offsetOf(c.reference()), placements)));
            }
            RatioStats s = r.stats();
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
            s = GSON.fromJson(json, Summary.class);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not a summary file: " + e.getMessage(), e);
        }
        if (s == null || s.format() != FORMAT || s.comparisons() == null) {
            throw new IllegalArgumentException("not a summary file of format " + FORMAT);
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
