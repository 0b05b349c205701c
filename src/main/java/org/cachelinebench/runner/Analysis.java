package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
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
 * firm a passing claim is. Fewer than {@link #MIN_ROUNDS} rounds check nothing.
 */
public final class Analysis {
    private Analysis() {}

    /** Below this many rounds no claim is checked (a median of 1 or 2 is one or two forks' luck). */
    public static final int MIN_ROUNDS = 3;

    public enum Status {
        HOLDS, FAILS, INFO, TOO_FEW_ROUNDS
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
     * @param ratios       the samples in round order: one cost ratio per round for a comparison of forks,
     *                     one per measurement iteration of every round's fork for an interleaved one
     * @param secondsApart per sample, seconds between the two sides: the middles of the two forks'
     *                     measurement windows, or for an interleaved comparison the mean slice length
     * @param byFork       the samples grouped by the round (fork) they came from, in round order
     */
    public record ComparisonResult(Claim comparison, String subjectBenchmark, String referenceBenchmark,
                                   double[] ratios, double[] secondsApart, RatioStats stats, Score subject,
                                   Score reference, int roundsOnExpectedSide, Status status, double[][] byFork) {

        /** A comparison of forks: every sample is its own round. */
        public ComparisonResult(Claim comparison, String subjectBenchmark, String referenceBenchmark,
                                double[] ratios, double[] secondsApart, RatioStats stats, Score subject,
                                Score reference, int roundsOnExpectedSide, Status status) {
            this(comparison, subjectBenchmark, referenceBenchmark, ratios, secondsApart, stats, subject, reference,
                    roundsOnExpectedSide, status, eachAlone(ratios));
        }

        /** Rounds (forks) behind the samples. */
        public int rounds() {
            return byFork.length;
        }

        public double medianSecondsApart() {
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
            if (direction == 0 || stats.n() < 2) {
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
        List<ComparisonResult> results = new ArrayList<>();
        for (Claim c : comparisons) {
            if (c.interleaved()) {
                ComparisonResult r = interleaved(c, byKey, rounds);
                if (r != null) {
                    results.add(r);
                }
                continue;
            }
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
            results.add(new ComparisonResult(c, subjectBench, referenceBench, ratioArray,
                    apart.stream().mapToDouble(Double::doubleValue).toArray(), stats,
                    new Score(geoMean(subjectScores), subjectUnit), new Score(geoMean(referenceScores), referenceUnit),
                    onExpectedSide(c.expect(), ratioArray), status(c.expect(), stats)));
        }
        return results;
    }

    /**
     * An interleaved comparison: every measurement iteration of the subject variant's fork in every round
     * is one sample, (subjectNanos / subjectCalls) / (referenceNanos / referenceCalls). Both sides ran in
     * alternating slices of the same iteration, so whatever state the machine was in hit both; the samples
     * are the iterations of all rounds, the rounds (fresh JVMs) still count for {@link #MIN_ROUNDS}.
     */
    private static ComparisonResult interleaved(Claim c, Map<String, ForkRecord> byKey, int rounds) {
        List<double[]> byFork = new ArrayList<>();
        List<Double> apart = new ArrayList<>();
        List<Double> subjectCost = new ArrayList<>();
        List<Double> referenceCost = new ArrayList<>();
        String bench = null;
        for (int round = 0; round < rounds; round++) {
            ForkRecord s = byKey.get(key(c.set(), c.subject(), round));
            if (s == null) {
                continue;
            }
            ForkResult f = s.result();
            bench = f.info().benchmark();
            double[] sn = f.metric(Claim.SUBJECT_NANOS).iterations();
            double[] sc = f.metric(Claim.SUBJECT_CALLS).iterations();
            double[] rn = f.metric(Claim.REFERENCE_NANOS).iterations();
            double[] rc = f.metric(Claim.REFERENCE_CALLS).iterations();
            double[] pairs = f.secondaries().containsKey(Claim.SLICE_PAIRS)
                    ? f.metric(Claim.SLICE_PAIRS).iterations() : null;
            double[] ratios = new double[sn.length];
            for (int i = 0; i < sn.length; i++) {
                if (!(sc[i] > 0 && rc[i] > 0 && sn[i] > 0 && rn[i] > 0)) {
                    throw new IllegalArgumentException(c.id() + ": round " + (round + 1) + ", iteration " + (i + 1)
                            + " measured no complete slice pair (subject " + sn[i] + " ns / " + sc[i] + " calls, reference "
                            + rn[i] + " ns / " + rc[i] + " calls)");
                }
                double sCost = sn[i] / sc[i], rCost = rn[i] / rc[i];
                ratios[i] = sCost / rCost;
                subjectCost.add(sCost);
                referenceCost.add(rCost);
                // The sides are one slice apart: a pair's time over its two slices.
                apart.add(pairs != null && pairs[i] > 0 ? (sn[i] + rn[i]) / (2 * pairs[i]) / 1e9 : 0.0);
            }
            byFork.add(ratios);
        }
        if (byFork.isEmpty()) {
            return null;
        }
        double[] all = byFork.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        RatioStats stats = RatioStats.of(all);
        return new ComparisonResult(c, bench, bench, all, apart.stream().mapToDouble(Double::doubleValue).toArray(),
                stats, new Score(geoMean(subjectCost), "ns/op"), new Score(geoMean(referenceCost), "ns/op"),
                onExpectedSide(c.expect(), all), status(c.expect(), stats, byFork.size()),
                byFork.toArray(double[][]::new));
    }

    static Status status(Expect expect, RatioStats stats) {
        return status(expect, stats, stats.n());
    }

    /** {@code rounds}: the independent forks behind the samples; fewer than {@link #MIN_ROUNDS} check nothing. */
    static Status status(Expect expect, RatioStats stats, int rounds) {
        if (!expect.checked()) {
            return Status.INFO;
        }
        if (rounds < MIN_ROUNDS) {
            return Status.TOO_FEW_ROUNDS;
        }
        boolean holds = switch (expect.direction()) {
            case SLOWER -> stats.median() >= expect.atLeast();
            case FASTER -> stats.median() <= 1 / expect.atLeast();
            case SIMILAR -> throw new IllegalStateException("SIMILAR is never checked");
        };
        return holds ? Status.HOLDS : Status.FAILS;
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
