package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateThresholds;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.results.JmhResult.Metric;

/**
 * Forms the ratio of every comparison in every round and checks the claims.
 *
 * <p>Claim rule: a checked claim holds when the <em>median</em> per-round ratio is on the expected side by
 * at least the claim's effect ({@link Expect#atLeast}): median &ge; effect for "slower", &le; 1/effect for
 * "faster". Not "the 95 % interval lies entirely above 1", because on shared VMs an occasional round catches
 * the vCPUs being re-placed between its two forks, and one such outlier widens the t-interval across 1 and
 * would fail a true claim; the median ignores it. A reverted fix makes the two variants equal, the true ratio
 * 1, whose median over paired rounds stays below the effect unless the pairs scatter by about as much, so
 * reverts fail. Whether the interval excludes 1 is still reported ("clear" or "noisy") so a reader sees how
 * firm a passing claim is. Fewer than {@link #MIN_ROUNDS} rounds check nothing. An A/A control (a variant
 * against itself) holds when its median lies within its tolerance of 1.
 *
 * <p>Machine state: every round's one-line floor comes from the interleaved fork of {@link Suite#FLOOR_SET} in
 * that round (an interleaved claim's from its own fork) and stands beside every ratio of the round; rounds in a
 * state where a claim's effect cannot show are left out of it ({@link Judgment}). A run without that set has no
 * floor and is judged without states.
 */
public final class Analysis {
    private Analysis() {}

    /** Below this many rounds no claim is checked (a median of 1 or 2 is one or two forks' luck). */
    public static final int MIN_ROUNDS = 3;

    public enum Status {
        HOLDS, FAILS, INFO, TOO_FEW_ROUNDS,
        /** Every round of the run was in a state where the claim's effect cannot show: not a failure. */
        NOT_JUDGED
    }

    /**
     * Absolute score of one side, for information.
     *
     * @param geoMean geometric mean of the side's fork scores over the rounds
     * @param unit    JMH's unit
     */
    public record Score(double geoMean, String unit) {}

    /**
     * One comparison's outcome.
     *
     * @param ratios         the samples in round order: one cost ratio per round for a comparison of forks,
     *                       one per measurement iteration of every round's fork for an interleaved one (the
     *                       median over the iteration's cycles of each cycle's ratio)
     * @param secondsApart   per sample, seconds between the two sides: the middles of the two forks'
     *                       measurement windows, or for an interleaved comparison the mean slice length
     * @param byFork         the samples grouped by the round (fork) they came from, in round order
     * @param extraTransfers interleaved only (else null; null too for the floor, their unit): per sample, the median
     *                       over the iteration's cycles of (cost(subject) - cost(reference)) / cost(floor), the
     *                       extra cost in one-line round trips measured in the same cycle
     * @param extra          interleaved only (else null): mean of {@link #extraTransfers} with its 95 % interval
     * @param floorNanos     per fork, aligned with {@link #byFork}, the floor's ns per call of its round (an
     *                       interleaved claim: its own fork's, the median over its iterations; a comparison of
     *                       forks: the round's {@link Suite#FLOOR_SET} fork's), NaN for a round without one; null
     *                       when the run measured no floor: which machine state each round drew
     * @param noCycle        interleaved only: measurement iterations left out because they completed no cycle
     *                       of the schedule (a machine so slow or disturbed that they measured nothing)
     * @param roundOf        per fork, aligned with {@link #byFork}: its 0-based round
     * @param verdict        the within-run verdict ({@link Judgment}); null only for results built by hand
     */
    public record ComparisonResult(Claim comparison, String subjectBenchmark, String referenceBenchmark,
                                   double[] ratios, double[] secondsApart, RatioStats stats, Score subject,
                                   Score reference, int roundsOnExpectedSide, Status status, double[][] byFork,
                                   double[] extraTransfers, MeanStats extra, double[] floorNanos, int noCycle,
                                   int[] roundOf, Judgment.Verdict verdict) {

        /** A comparison of forks: every sample is its own round, rounds 0, 1, ...; no floor. */
        public ComparisonResult(Claim comparison, String subjectBenchmark, String referenceBenchmark,
                                double[] ratios, double[] secondsApart, RatioStats stats, Score subject,
                                Score reference, int roundsOnExpectedSide, Status status) {
            this(comparison, subjectBenchmark, referenceBenchmark, ratios, secondsApart, stats, subject, reference,
                    roundsOnExpectedSide, status, eachAlone(ratios), null, null, null, 0, firstRounds(ratios.length),
                    null);
        }

        /**
         * A claim no round measured because a fork of a variant it uses failed its layout check: FAILS, with
         * that line as the reason.
         */
        static ComparisonResult unmeasured(Claim claim, String reason) {
            return new ComparisonResult(claim, null, null, new double[0], new double[0], null, null, null, 0,
                    Status.FAILS, new double[0][], null, null, null, 0, new int[0],
                    new Judgment.Verdict(Status.FAILS, reason, Double.NaN, 0, Judgment.NO_FLOOR));
        }

        /** The same result, failed for {@code reason} (a layout check of a variant it uses). */
        ComparisonResult failed(String reason) {
            String states = verdict == null ? Judgment.NO_FLOOR : verdict.states();
            return new ComparisonResult(comparison, subjectBenchmark, referenceBenchmark, ratios, secondsApart, stats,
                    subject, reference, roundsOnExpectedSide, Status.FAILS, byFork, extraTransfers, extra, floorNanos,
                    noCycle, roundOf, new Judgment.Verdict(Status.FAILS, reason, judgedMedian(), rounds(), states));
        }

        /** The same result with another reason (the verdict's line, extended). */
        ComparisonResult withReason(String reason) {
            Judgment.Verdict v = verdict == null ? new Judgment.Verdict(status, reason, judgedMedian(), rounds(), states())
                    : new Judgment.Verdict(verdict.status(), reason, verdict.median(), verdict.rounds(), verdict.states());
            return new ComparisonResult(comparison, subjectBenchmark, referenceBenchmark, ratios, secondsApart, stats,
                    subject, reference, roundsOnExpectedSide, status, byFork, extraTransfers, extra, floorNanos,
                    noCycle, roundOf, v);
        }

        /** True when at least one round measured the claim. */
        public boolean measured() {
            return byFork.length > 0;
        }

        /** Why the claim has its status, one line ("" for information). */
        public String reason() {
            return verdict == null ? "" : verdict.reason();
        }

        /** The state mix of the rounds, e.g. "far 8/near 2", or "no floor measured". */
        public String states() {
            return verdict == null ? Judgment.NO_FLOOR : verdict.states();
        }

        /** The median the verdict was reached on: over the rounds judged (blind states left out). */
        public double judgedMedian() {
            return verdict == null ? (stats == null ? Double.NaN : stats.median()) : verdict.median();
        }

        /** The rounds behind the claim, each with its samples and floor, for {@link Judgment}. */
        public List<Judgment.Round> roundSamples() {
            List<Judgment.Round> out = new ArrayList<>();
            for (int i = 0; i < byFork.length; i++) {
                out.add(new Judgment.Round(roundOf[i], byFork[i],
                        floorNanos == null ? Double.NaN : floorNanos[i]));
            }
            return out;
        }

        /** The floor's ns per call over rounds (median of {@link #floorNanos}); NaN when no floor was measured. */
        public double medianFloorNanos() {
            if (floorNanos == null) {
                return Double.NaN;
            }
            double[] known = Arrays.stream(floorNanos).filter(f -> !Double.isNaN(f)).toArray();
            return known.length == 0 ? Double.NaN : InterleavedFork.median(known);
        }

        /** Rounds (forks) behind the samples. */
        public int rounds() {
            return byFork.length;
        }

        public double medianSecondsApart() {
            if (secondsApart.length == 0) {
                return Double.NaN;
            }
            double[] s = secondsApart.clone();
            Arrays.sort(s);
            int n = s.length;
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        }

        /** "clear" when the 95 % interval excludes 1 on the expected side, "noisy" otherwise. */
        public String confidence() {
            int direction = switch (comparison.expect().direction()) {
                case SLOWER -> 1;
                case FASTER -> -1;
                case SIMILAR -> 0;
            };
            if (direction == 0 || stats == null || stats.n() < 2) {
                return "";
            }
            return stats.intervalExcludesOne(direction) ? "clear" : "noisy";
        }
    }

    /** Ratios of every comparison whose set ran; comparisons of sets that did not run are left out. */
    public static List<ComparisonResult> analyze(List<Claim> comparisons, List<ForkRecord> records) {
        Map<String, ForkRecord> byKey = new HashMap<>();
        int rounds = 0;
        for (ForkRecord r : records) {
            byKey.put(key(r.set(), r.variant(), r.round()), r);
            rounds = Math.max(rounds, r.round() + 1);
        }
        Map<Integer, Double> roundFloor = floorNanosByRound(records, Suite.FLOOR_SET);
        List<ComparisonResult> results = new ArrayList<>();
        for (Claim c : comparisons) {
            if (c.interleaved()) {
                ComparisonResult r = interleaved(c, byKey, rounds);
                if (r != null) {
                    results.add(r);
                }
                continue;
            }
            List<Integer> roundOf = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            List<Double> apart = new ArrayList<>();
            List<Double> subjectScores = new ArrayList<>();
            List<Double> referenceScores = new ArrayList<>();
            String subjectUnit = null, referenceUnit = null, subjectBench = null, referenceBench = null;
            for (int round = 0; round < rounds; round++) {
                ForkRecord s = byKey.get(key(c.set(), c.subject(), round));
                ForkRecord r = byKey.get(key(c.set(), c.reference(), round));
                if (s == null || r == null) {
                    continue;
                }
                Metric sm = s.result().metric(c.metric());
                Metric rm = r.result().metric(c.metric());
                roundOf.add(round);
                ratios.add(costSecondsPerOp(sm.score(), sm.unit()) / costSecondsPerOp(rm.score(), rm.unit()));
                apart.add(Math.abs(s.result().measureMidMillis() - r.result().measureMidMillis()) / 1000.0);
                subjectScores.add(sm.score());
                referenceScores.add(rm.score());
                subjectUnit = sm.unit();
                referenceUnit = rm.unit();
                subjectBench = s.result().info().benchmark();
                referenceBench = r.result().info().benchmark();
            }
            if (ratios.isEmpty()) {
                continue;
            }
            double[] ratioArray = ratios.stream().mapToDouble(Double::doubleValue).toArray();
            RatioStats stats = RatioStats.of(ratioArray);
            int[] roundArray = roundOf.stream().mapToInt(Integer::intValue).toArray();
            double[] floors = roundFloor.isEmpty() ? null
                    : roundOf.stream().mapToDouble(r -> roundFloor.getOrDefault(r, Double.NaN)).toArray();
            double[][] byFork = eachAlone(ratioArray);
            Judgment.Verdict verdict = Judgment.judge(c, c.expect(), rounds(byFork, roundArray, floors),
                    GateThresholds.NEAR_FAR_SPLIT_NANOS);
            results.add(new ComparisonResult(c, subjectBench, referenceBench, ratioArray,
                    apart.stream().mapToDouble(Double::doubleValue).toArray(), stats,
                    new Score(geoMean(subjectScores), subjectUnit), new Score(geoMean(referenceScores), referenceUnit),
                    onExpectedSide(c.expect(), ratioArray), verdict.status(), byFork, null, null, floors, 0,
                    roundArray, verdict));
        }
        return results;
    }

    /**
     * The results with the layout-check failures applied: every claim that uses a variant whose fork failed its
     * layout check ({@link LayoutFailure}) FAILS with that check's line and the rounds it failed in as the reason,
     * whether or not other rounds measured it; a claim no round measured is added as {@link
     * ComparisonResult#unmeasured}. Claims in {@code comparisons} order.
     */
    public static List<ComparisonResult> withLayoutFailures(List<Claim> comparisons, List<ComparisonResult> results,
                                                            List<LayoutFailure> failures) {
        if (failures.isEmpty()) {
            return results;
        }
        Map<String, ComparisonResult> byId = new HashMap<>();
        results.forEach(r -> byId.put(r.comparison().id(), r));
        List<ComparisonResult> out = new ArrayList<>();
        for (Claim c : comparisons) {
            List<LayoutFailure> hit = failures.stream().filter(f -> f.hits(c)).toList();
            ComparisonResult r = byId.get(c.id());
            if (hit.isEmpty()) {
                if (r != null) {
                    out.add(r);
                }
                continue;
            }
            String reason = reason(hit);
            out.add(r == null ? ComparisonResult.unmeasured(c, reason) : r.failed(reason));
        }
        return out;
    }

    /** "LAYOUT CHECK FAILED: padded: ... (padded, rounds 1, 2)": the first failure's line, every variant and round. */
    private static String reason(List<LayoutFailure> hit) {
        Set<String> variants = new LinkedHashSet<>();
        hit.forEach(f -> variants.add(f.variant()));
        String rounds = hit.stream().map(f -> Integer.toString(f.round() + 1)).distinct()
                .collect(Collectors.joining(", "));
        return hit.get(0).reason() + " (" + String.join(", ", variants) + ", round" + (rounds.contains(",") ? "s " : " ")
                + rounds + ")";
    }

    private static List<Judgment.Round> rounds(double[][] byFork, int[] roundOf, double[] floors) {
        List<Judgment.Round> out = new ArrayList<>();
        for (int i = 0; i < byFork.length; i++) {
            out.add(new Judgment.Round(roundOf[i], byFork[i], floors == null ? Double.NaN : floors[i]));
        }
        return out;
    }

    /**
     * An interleaved comparison: every measurement iteration of the set's interleaved fork in every round is
     * one sample, the subject's {@link Claim#ratioCounter} (the median over the iteration's cycles of each cycle's
     * cost ratio to the reference), and, unless the subject is the floor (their unit), one count of extra line
     * transfers, its {@link Claim#extraCounter} (the median over cycles of (cost(subject) - cost(reference)) /
     * cost(floor)). All sides ran in one schedule in the same iteration, so whatever state the machine was in hit
     * them alike; the samples are the iterations of all rounds, the rounds (fresh JVMs) still count for
     * {@link #MIN_ROUNDS}. The ns per call (scores, the floor, the slices' distance) come from the sums. The
     * reference must be the benchmark's reference side; an iteration that completed no cycle measured nothing and
     * is left out (counted in {@link ComparisonResult#noCycle}); a claim left without any sample is refused.
     */
    private static ComparisonResult interleaved(Claim c, Map<String, ForkRecord> byKey, int rounds) {
        List<double[]> byFork = new ArrayList<>();
        List<Double> apart = new ArrayList<>();
        List<Double> subjectCost = new ArrayList<>();
        List<Double> referenceCost = new ArrayList<>();
        List<Double> extra = new ArrayList<>();
        List<Double> floorByFork = new ArrayList<>();
        List<Integer> roundOf = new ArrayList<>();
        boolean withExtra = !c.subject().equals(Claim.FLOOR_SIDE);
        int noCycle = 0;
        String bench = null;
        for (int round = 0; round < rounds; round++) {
            ForkRecord s = byKey.get(key(c.set(), c.variant(), round));
            if (s == null) {
                continue;
            }
            ForkResult f = s.result();
            bench = f.info().benchmark();
            String where = c.id() + ": round " + (round + 1);
            InterleavedFork.requireReferenceSide(f, c, where);
            double[] cycles = f.metric(Claim.CYCLES).iterations();
            double[] ratio = InterleavedFork.medians(f, Claim.ratioCounter(c.subject()), cycles, where);
            double[] extraLines = withExtra
                    ? InterleavedFork.medians(f, Claim.extraCounter(c.subject()), cycles, where) : null;
            double[] subject = InterleavedFork.nanosPerCall(f, c.subject(), cycles, where);
            double[] reference = InterleavedFork.nanosPerCall(f, c.reference(), cycles, where);
            double[] floor = InterleavedFork.nanosPerCall(f, Claim.FLOOR_SIDE, cycles, where);
            List<Double> ratios = new ArrayList<>();
            List<Double> floors = new ArrayList<>();
            for (int i = 0; i < cycles.length; i++) {
                if (cycles[i] == 0) {
                    noCycle++;
                    continue;
                }
                ratios.add(ratio[i]);
                if (withExtra) {
                    extra.add(extraLines[i]);
                }
                floors.add(floor[i]);
                subjectCost.add(subject[i]);
                referenceCost.add(reference[i]);
                // Both sides make the same number of slices: they are on average one mean slice apart.
                apart.add(InterleavedFork.sliceSeconds((subject[i] + reference[i]) / 2));
            }
            if (!ratios.isEmpty()) {
                roundOf.add(round);
                byFork.add(ratios.stream().mapToDouble(Double::doubleValue).toArray());
                floorByFork.add(InterleavedFork.median(floors.stream().mapToDouble(Double::doubleValue).toArray()));
            }
        }
        if (bench == null) {
            return null;
        }
        if (byFork.isEmpty()) {
            throw new IllegalArgumentException(c.id() + ": no measurement iteration of any round completed a cycle of "
                    + "the interleaved schedule (" + noCycle + " iterations; run longer iterations)");
        }
        double[] all = byFork.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        double[] extraArray = withExtra ? extra.stream().mapToDouble(Double::doubleValue).toArray() : null;
        RatioStats stats = RatioStats.of(all);
        double[][] forks = byFork.toArray(double[][]::new);
        int[] roundArray = roundOf.stream().mapToInt(Integer::intValue).toArray();
        double[] floors = floorByFork.stream().mapToDouble(Double::doubleValue).toArray();
        Judgment.Verdict verdict = Judgment.judge(c, c.expect(), rounds(forks, roundArray, floors),
                GateThresholds.NEAR_FAR_SPLIT_NANOS);
        return new ComparisonResult(c, bench, bench, all, apart.stream().mapToDouble(Double::doubleValue).toArray(),
                stats, new Score(geoMean(subjectCost), "ns/op"), new Score(geoMean(referenceCost), "ns/op"),
                onExpectedSide(c.expect(), all), verdict.status(), forks, extraArray,
                withExtra ? MeanStats.of(extraArray) : null, floors, noCycle, roundArray, verdict);
    }

    /**
     * The floor's ns per call in every round that ran an interleaved fork of {@code set}: the median over the
     * fork's measurement iterations, by 0-based round. It says which machine state a round drew, so it can
     * stand beside every ratio formed in that round.
     */
    public static Map<Integer, Double> floorNanosByRound(List<ForkRecord> records, String set) {
        Map<Integer, Double> floor = new TreeMap<>();
        for (ForkRecord r : records) {
            if (r.set().equals(set) && InterleavedFork.isInterleaved(r.result())
                    && InterleavedFork.hasSide(r.result(), Claim.FLOOR_SIDE)) {
                double[] cycles = r.result().metric(Claim.CYCLES).iterations();
                double[] ns = InterleavedFork.nanosPerCall(r.result(), Claim.FLOOR_SIDE, cycles,
                        set + "/" + r.variant() + ": round " + (r.round() + 1));
                double[] measured = java.util.stream.IntStream.range(0, ns.length).filter(i -> cycles[i] > 0)
                        .mapToDouble(i -> ns[i]).toArray();
                if (measured.length > 0) {
                    floor.put(r.round(), InterleavedFork.median(measured));
                }
            }
        }
        return floor;
    }

    private static int onExpectedSide(Expect expect, double[] ratios) {
        int n = 0;
        for (double r : ratios) {
            if (expect.direction() == Expect.Direction.SLOWER ? r > 1 : expect.direction() == Expect.Direction.FASTER && r < 1) {
                n++;
            }
        }
        return n;
    }

    /** 0 when no checked claim failed, 1 when one did. */
    public static int exitCode(List<ComparisonResult> results) {
        return results.stream().anyMatch(r -> r.status() == Status.FAILS) ? 1 : 0;
    }

    private static int[] firstRounds(int n) {
        return IntStream.range(0, n).toArray();
    }

    private static double[][] eachAlone(double[] ratios) {
        double[][] out = new double[ratios.length][];
        for (int i = 0; i < ratios.length; i++) {
            out[i] = new double[] {ratios[i]};
        }
        return out;
    }

    private static double geoMean(List<Double> values) {
        return Math.exp(values.stream().mapToDouble(Math::log).average().orElseThrow());
    }

    private static String key(String set, String variant, int round) {
        return set + '\u0000' + variant + '\u0000' + round;
    }

    /**
     * Seconds per operation for a JMH score: throughput units "ops/TU" are inverted, time units "TU/op"
     * taken as they are. So two sides with different output time units or modes still compare correctly.
     */
    public static double costSecondsPerOp(double score, String unit) {
        if (unit.startsWith("ops/")) {
            return seconds(unit.substring(4), unit) / score;
        }
        if (unit.endsWith("/op")) {
            return score * seconds(unit.substring(0, unit.length() - 3), unit);
        }
        throw new IllegalArgumentException("score unit '" + unit + "' is neither ops/TIME nor TIME/op");
    }

    private static double seconds(String timeUnit, String whole) {
        return switch (timeUnit) {
            case "ns" -> 1e-9;
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            case "min" -> 60;
            case "hr" -> 3600;
            case "day" -> 86400;
            default -> throw new IllegalArgumentException("score unit '" + whole + "' has unknown time unit '" + timeUnit + "'");
        };
    }
}
