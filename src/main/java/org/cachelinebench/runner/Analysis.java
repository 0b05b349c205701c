package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.InterleavedReference;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.InterleavedFork;

/**
 * Forms the ratio of every comparison in every round, then judges every claim in one pass ({@link Judgment}):
 * the rounds are the unit, each claim's effect is taken against its set's A/A control in the same rounds, and a
 * claim that uses a variant whose fork failed its layout check ({@link LayoutFailure}) fails with that check's
 * line. The geometric mean, its t-interval and the median over rounds are reported beside the verdict.
 *
 * <p>Every round's one-line floor comes from the interleaved fork of {@link Suite#FLOOR_SET} in that round (an
 * interleaved claim's from its own fork) and stands beside every ratio of the round, with the machine state the
 * run's own floors put it in ({@link MachineState#split}).
 */
public final class Analysis {
    private Analysis() {}

    /** Fewest samples for a t-interval (as JMH: t with 1 degree of freedom spans decades). */
    public static final int MIN_ROUNDS = 3;

    public enum Status {
        /** Directional: distinguishable from its A/A control; an A/A: 1 inside its rounds' spread. */
        HOLDS,
        /** Directional: the same as its A/A control (a revert); an A/A: biased beyond its spread; or a layout check failed. */
        FAILS,
        /** Neither, at the stated confidence: more rounds would tell. */
        UNDECIDED,
        INFO,
        /** Fewer rounds than a bound needs at the stated confidence. */
        TOO_FEW_ROUNDS,
        /** Nothing to judge it against (its set's A/A control did not run or failed its layout check). */
        NOT_JUDGED,
        /** A gated claim of the suite that the run has no rounds of: no verdict, never a pass. */
        NOT_MEASURED
    }

    /**
     * Absolute score of one side, for information.
     *
     * @param geoMean geometric mean of the side's fork scores over the rounds
     * @param unit    JMH's unit
     */
    public record Score(double geoMean, String unit) {}

    /**
     * What a claim's rounds measured, before any verdict.
     *
     * @param ratios         the samples in round order: one cost ratio per round for a comparison of forks,
     *                       one per measurement iteration of every round's fork for an interleaved one (the
     *                       median over the iteration's cycles of each cycle's ratio)
     * @param secondsApart   per sample, seconds between the two sides: the middles of the two forks'
     *                       measurement windows (NaN when unknown), or for an interleaved comparison the mean slice
     *                       length
     * @param stats          over rounds, one value each (an interleaved round: the median of its samples); null
     *                       when nothing was measured
     * @param byFork         the samples grouped by the round (fork) they came from, in round order
     * @param extraTransfers interleaved only (else null; null too for the floor, their unit): per sample, the median
     *                       over the iteration's cycles of (cost(subject) - cost(reference)) / cost(floor), the
     *                       extra cost in one-line round trips measured in the same cycle
     * @param extra          interleaved only (else null): mean over rounds of each round's median of
     *                       {@link #extraTransfers}, with its 95 % interval
     * @param floorNanos     per fork, aligned with {@link #byFork}, the floor's ns per call of its round (an
     *                       interleaved claim: its own fork's, the median over its iterations; a comparison of
     *                       forks: the round's {@link Suite#FLOOR_SET} fork's), NaN for a round without one; null
     *                       when the run measured no floor
     * @param noCycle        interleaved only: measurement iterations left out because they completed no cycle
     *                       of the schedule (a machine so slow or disturbed that they measured nothing)
     * @param roundOf        per fork, aligned with {@link #byFork}: its 0-based round
     */
    public record Measured(String subjectBenchmark, String referenceBenchmark, double[] ratios, double[] secondsApart,
                           RatioStats stats, Score subject, Score reference, int iterationsOnExpectedSide,
                           double[][] byFork, double[] extraTransfers, MeanStats extra, double[] floorNanos,
                           int noCycle, int[] roundOf) {
        static final Measured NOTHING = new Measured(null, null, new double[0], new double[0], null, null, null, 0,
                new double[0][], null, null, null, 0, new int[0]);

        /**
         * What {@code c}'s rounds read, with their statistics: the round is the independent unit, one value per
         * round (its median sample, the geometric middle of an even count) for the intervals too.
         */
        static Measured of(Claim c, String subjectBenchmark, String referenceBenchmark, double[] ratios,
                           double[] secondsApart, Score subject, Score reference, double[][] byFork,
                           double[] extraTransfers, double[] extraByRound, double[] floorNanos, int noCycle,
                           int[] roundOf) {
            double[] roundValues = rounds(byFork, floorNanos, roundOf).stream()
                    .mapToDouble(r -> Math.exp(r.logValue())).toArray();
            return new Measured(subjectBenchmark, referenceBenchmark, ratios, secondsApart, RatioStats.of(roundValues),
                    subject, reference, onExpectedSide(c.expect(), ratios), byFork, extraTransfers,
                    extraByRound == null ? null : MeanStats.of(extraByRound), floorNanos, noCycle, roundOf);
        }

        /** The rounds behind the claim, each with its samples and floor, for {@link Judgment}. */
        public List<Judgment.Round> rounds() {
            return rounds(byFork, floorNanos, roundOf);
        }

        private static List<Judgment.Round> rounds(double[][] byFork, double[] floorNanos, int[] roundOf) {
            List<Judgment.Round> out = new ArrayList<>();
            for (int i = 0; i < byFork.length; i++) {
                out.add(new Judgment.Round(roundOf[i], byFork[i], floorNanos == null ? Double.NaN : floorNanos[i]));
            }
            return out;
        }
    }

    /**
     * One comparison's outcome: what it measured and its verdict, the two built once each.
     *
     * @param comparison the claim
     * @param data       what its rounds measured ({@link Measured#NOTHING} when none did)
     * @param verdict    the within-run verdict ({@link Judgment})
     */
    public record ComparisonResult(Claim comparison, Measured data, Judgment.Verdict verdict) {

        public Status status() {
            return verdict.status();
        }

        /** True when at least one round measured the claim. */
        public boolean measured() {
            return data.byFork().length > 0;
        }

        /** Why the claim has its status, one line ("" for information). */
        public String reason() {
            return verdict.reason();
        }

        /** The state mix of the rounds under the run's {@code split}, e.g. "far 8/near 2", or "no floor measured". */
        public String states(double split) {
            return MachineState.mix(data.rounds().stream().mapToDouble(Judgment.Round::floorNanos).toArray(), split);
        }

        /** The median over rounds of each round's ratio (an interleaved round: the median of its iterations). */
        public double judgedMedian() {
            return verdict.median();
        }

        /** The floor's ns per call over rounds (median of {@link Measured#floorNanos}); NaN when no floor was data. */
        public double medianFloorNanos() {
            if (data.floorNanos() == null) {
                return Double.NaN;
            }
            double[] known = Arrays.stream(data.floorNanos()).filter(f -> !Double.isNaN(f)).toArray();
            return known.length == 0 ? Double.NaN : InterleavedFork.median(known);
        }

        /** Rounds (forks) behind the samples. */
        public int rounds() {
            return data.byFork().length;
        }

        public double medianSecondsApart() {
            if (data.secondsApart().length == 0) {
                return Double.NaN;
            }
            double[] s = data.secondsApart().clone();
            Arrays.sort(s);
            int n = s.length;
            return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        }

        /** "clear" when the 95 % interval excludes 1 on the expected side, "noisy" otherwise. */
        public String confidence() {
            int direction = switch (comparison.expect().direction()) {
                case SLOWER -> 1;
                case FASTER -> -1;
                case SIMILAR, SAME -> 0;
            };
            if (direction == 0 || data.stats() == null || data.stats().n() < 2) {
                return "";
            }
            return data.stats().intervalExcludesOne(direction) ? "clear" : "noisy";
        }
    }

    /**
     * One fork's result as the analysis reads it: where it ran in the plan and the middle of its measurement
     * window (ms since the epoch; NaN when its results do not say, as a plain JMH run's file).
     */
    public record Sample(int round, String set, String variant, JmhResult result, double measureMidMillis) {
        /** A fork of the paired runner. */
        public static Sample of(ForkRecord r) {
            return new Sample(r.round(), r.set(), r.variant(), r.result().jmh(), r.result().measureMidMillis());
        }
    }

    /** Ratios and verdicts of every comparison whose set ran, at the gate's confidence, without layout failures. */
    public static List<ComparisonResult> analyze(List<Claim> comparisons, List<ForkRecord> records) {
        return analyze(comparisons, records, List.of(), GateRule.CONFIDENCE);
    }

    /** As {@link #analyze(List, List, List, double)} for the paired runner's forks. */
    public static List<ComparisonResult> analyze(List<Claim> comparisons, List<ForkRecord> records,
                                                 List<LayoutFailure> failures, double confidence) {
        return analyzeSamples(comparisons, records.stream().map(Sample::of).toList(), failures, confidence);
    }

    /**
     * Ratios and verdicts of every comparison whose set ran or whose variant failed its layout check (such a claim
     * FAILS with that check's line and the rounds it failed in); the rest of {@code comparisons} are left out.
     * Claims in {@code comparisons} order.
     */
    public static List<ComparisonResult> analyzeSamples(List<Claim> comparisons, List<Sample> records,
                                                        List<LayoutFailure> failures, double confidence) {
        Map<String, Sample> byKey = new HashMap<>();
        int rounds = 0;
        for (Sample r : records) {
            byKey.put(key(r.set(), r.variant(), r.round()), r);
            rounds = Math.max(rounds, r.round() + 1);
        }
        Map<Integer, Double> roundFloor = floorNanosOfSamples(records, Suite.FLOOR_SET);
        Map<String, Measured> measured = new LinkedHashMap<>();
        List<Judgment.Case> cases = new ArrayList<>();
        for (Claim c : comparisons) {
            Measured m = c.interleaved() ? interleaved(c, byKey, rounds) : forks(c, byKey, rounds, roundFloor);
            List<LayoutFailure> hit = failures.stream().filter(f -> f.hits(c)).toList();
            if (m == null && hit.isEmpty()) {
                continue;
            }
            measured.put(c.id(), m);
            cases.add(new Judgment.Case(c, m == null ? List.of() : m.rounds(), hit.isEmpty() ? null : reason(hit)));
        }
        Map<String, Judgment.Verdict> verdicts = Judgment.judge(cases, confidence, MechanismBound.of(cases,
                RunProbes.of(records.stream().map(Sample::result).toList()), id -> referenceFloors(measured.get(id))));
        List<ComparisonResult> results = new ArrayList<>();
        for (Judgment.Case k : cases) {
            Claim c = k.claim();
            Judgment.Verdict v = verdicts.get(c.id());
            Measured m = measured.get(c.id());
            results.add(new ComparisonResult(c, m == null ? Measured.NOTHING : m, v));
        }
        return results;
    }

    /** An interleaved claim's reference side in floors a call: its ns per call over its rounds' median floor. */
    private static double referenceFloors(Measured m) {
        if (m == null || m.floorNanos() == null || m.floorNanos().length == 0 || m.reference() == null) {
            return Double.NaN;
        }
        return m.reference().geoMean() / InterleavedFork.median(m.floorNanos());
    }

    /** A comparison of forks: one ratio per round from the two variants' scores; null when no round ran both. */
    private static Measured forks(Claim c, Map<String, Sample> byKey, int rounds, Map<Integer, Double> roundFloor) {
        List<Integer> roundOf = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> apart = new ArrayList<>();
        List<Double> subjectScores = new ArrayList<>();
        List<Double> referenceScores = new ArrayList<>();
        String subjectUnit = null, referenceUnit = null, subjectBench = null, referenceBench = null;
        for (int round = 0; round < rounds; round++) {
            Sample s = byKey.get(key(c.set(), c.subject(), round));
            Sample r = byKey.get(key(c.set(), c.reference(), round));
            if (s == null || r == null) {
                continue;
            }
            Metric sm = s.result().metric(c.metric());
            Metric rm = r.result().metric(c.metric());
            roundOf.add(round);
            ratios.add(costSecondsPerOp(sm.score(), sm.unit()) / costSecondsPerOp(rm.score(), rm.unit()));
            apart.add(Math.abs(s.measureMidMillis() - r.measureMidMillis()) / 1000.0);
            subjectScores.add(sm.score());
            referenceScores.add(rm.score());
            subjectUnit = sm.unit();
            referenceUnit = rm.unit();
            subjectBench = s.result().benchmark();
            referenceBench = r.result().benchmark();
        }
        if (ratios.isEmpty()) {
            return null;
        }
        double[] ratioArray = ratios.stream().mapToDouble(Double::doubleValue).toArray();
        int[] roundArray = roundOf.stream().mapToInt(Integer::intValue).toArray();
        double[] floors = roundFloor.isEmpty() ? null
                : roundOf.stream().mapToDouble(r -> roundFloor.getOrDefault(r, Double.NaN)).toArray();
        return Measured.of(c, subjectBench, referenceBench, ratioArray,
                apart.stream().mapToDouble(Double::doubleValue).toArray(),
                new Score(geoMean(subjectScores), subjectUnit), new Score(geoMean(referenceScores), referenceUnit),
                eachAlone(ratioArray), null, null, floors, 0, roundArray);
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

    /**
     * An interleaved comparison: every measurement iteration of the set's interleaved fork in every round is
     * one sample, the subject's {@link CounterNames#ratio} (the median over the iteration's cycles of each cycle's
     * cost ratio to the reference), and, unless the subject is the floor (their unit), one count of extra line
     * transfers, its {@link CounterNames#extra} (the median over cycles of (cost(subject) - cost(reference)) /
     * cost(floor)). All sides ran in one schedule in the same iteration, so whatever state the machine was in hit
     * them alike; the samples are the iterations of all rounds, the rounds (fresh JVMs) still count for
     * {@link #MIN_ROUNDS}. The ns per call (scores, the floor, the slices' distance) come from the sums. The
     * reference must be the benchmark's reference side; an iteration that completed no cycle measured nothing and
     * is left out (counted in {@link Measured#noCycle}); a claim left without any sample is refused.
     */
    private static Measured interleaved(Claim c, Map<String, Sample> byKey, int rounds) {
        List<double[]> byFork = new ArrayList<>();
        List<Double> apart = new ArrayList<>();
        List<Double> subjectCost = new ArrayList<>();
        List<Double> referenceCost = new ArrayList<>();
        List<Double> extra = new ArrayList<>();
        List<Double> floorByFork = new ArrayList<>();
        List<Double> extraByRound = new ArrayList<>();
        List<Integer> roundOf = new ArrayList<>();
        boolean withExtra = !c.subject().equals(Claim.FLOOR_SIDE);
        boolean withFloor = true;
        int noCycle = 0;
        String bench = null;
        for (int round = 0; round < rounds; round++) {
            Sample s = byKey.get(key(c.set(), c.variant(), round));
            if (s == null) {
                continue;
            }
            JmhResult f = s.result();
            bench = f.benchmark();
            String where = c.id() + ": round " + (round + 1);
            String ratioCounter = InterleavedFork.ratioCounter(f, c, where);
            // A benchmark without a floor side (ChunkInterleaved) has no extra line transfers and no floor.
            withFloor = InterleavedReference.hasFloor(f.benchmark());
            withExtra &= withFloor;
            double[] cycles = f.metric(CounterNames.CYCLES).iterations();
            double[] ratio = InterleavedFork.medians(f, ratioCounter, cycles, where);
            double[] extraLines = withExtra
                    ? InterleavedFork.medians(f, CounterNames.extra(c.counterSide(c.subject())), cycles, where) : null;
            double[] subject = InterleavedFork.nanosPerCall(f, c.counterSide(c.subject()), cycles, where);
            double[] reference = InterleavedFork.nanosPerCall(f, c.counterSide(c.reference()), cycles, where);
            InterleavedReference.SliceClock clock = InterleavedReference.clock(f.benchmark());
            double[] subjectClock = InterleavedFork.nanosPerCall(f, CounterNames.side(c.subject(), clock.role()),
                    cycles, where);
            double[] referenceClock = InterleavedFork.nanosPerCall(f, CounterNames.side(c.reference(), clock.role()),
                    cycles, where);
            double[] floor = withFloor ? InterleavedFork.nanosPerCall(f, Claim.FLOOR_SIDE, cycles, where)
                    : new double[cycles.length];
            if (!withFloor) {
                Arrays.fill(floor, Double.NaN);
            }
            List<Double> ratios = new ArrayList<>();
            List<Double> floors = new ArrayList<>();
            List<Double> roundExtra = new ArrayList<>();
            for (int i = 0; i < cycles.length; i++) {
                if (cycles[i] == 0) {
                    noCycle++;
                    continue;
                }
                ratios.add(ratio[i]);
                if (withExtra) {
                    extra.add(extraLines[i]);
                    roundExtra.add(extraLines[i]);
                }
                floors.add(floor[i]);
                subjectCost.add(subject[i]);
                referenceCost.add(reference[i]);
                // Both sides make the same number of slices: they are on average one mean slice apart.
                apart.add(InterleavedFork.sliceSeconds((subjectClock[i] + referenceClock[i]) / 2, clock.callsPerSlice()));
            }
            if (!ratios.isEmpty()) {
                roundOf.add(round);
                byFork.add(ratios.stream().mapToDouble(Double::doubleValue).toArray());
                floorByFork.add(InterleavedFork.median(floors.stream().mapToDouble(Double::doubleValue).toArray()));
                if (withExtra) {
                    extraByRound.add(InterleavedFork.median(roundExtra.stream().mapToDouble(Double::doubleValue).toArray()));
                }
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
        return Measured.of(c, bench, bench, all, apart.stream().mapToDouble(Double::doubleValue).toArray(),
                new Score(geoMean(subjectCost), "ns/op"), new Score(geoMean(referenceCost), "ns/op"),
                byFork.toArray(double[][]::new), withExtra ? extra.stream().mapToDouble(Double::doubleValue).toArray()
                : null, withExtra ? extraByRound.stream().mapToDouble(Double::doubleValue).toArray() : null,
                floorByFork.stream().mapToDouble(Double::doubleValue).toArray(), noCycle,
                roundOf.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * The floor's ns per call in every round that ran an interleaved fork of {@code set}: the median over the
     * fork's measurement iterations, by 0-based round. It says which machine state a round drew, so it can
     * stand beside every ratio formed in that round.
     */
    public static Map<Integer, Double> floorNanosByRound(List<ForkRecord> records, String set) {
        return floorNanosOfSamples(records.stream().map(Sample::of).toList(), set);
    }

    private static Map<Integer, Double> floorNanosOfSamples(List<Sample> records, String set) {
        Map<Integer, Double> floor = new TreeMap<>();
        for (Sample r : records) {
            if (r.set().equals(set) && InterleavedFork.isInterleaved(r.result())
                    && InterleavedFork.hasSide(r.result(), Claim.FLOOR_SIDE)) {
                double[] cycles = r.result().metric(CounterNames.CYCLES).iterations();
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

    /** The run's exit status from its verdicts ({@link Judgment#exitCode}): 0, 1 or 3. */
    public static int exitCode(List<ComparisonResult> results) {
        return Judgment.exitCode(results.stream().map(r -> r.comparison().expect().checked()).toList(),
                results.stream().map(ComparisonResult::status).toList());
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
