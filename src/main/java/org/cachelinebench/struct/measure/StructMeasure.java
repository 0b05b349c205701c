package org.cachelinebench.struct.measure;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.benchmarks.LineFloor;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.runner.Analysis;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.runner.PairedSession;
import org.cachelinebench.runner.RatioStats;
import org.cachelinebench.struct.analysis.AccessSpec;
import org.cachelinebench.struct.analysis.Roles;

/**
 * {@code --measure}: the original and the suggested layout run by {@link StructAccessBenchmark} in the
 * suite's paired design. Every round runs four single forks back to back, in an order that rotates and
 * reverses from round to round: the original, the suggestion, the original again (the A/A control: its
 * distance from 1 is the design's own bias on this machine) and {@link LineFloor} (one line bounced
 * between two cores: what one shared line costs here). Each ratio is formed within its round.
 */
public final class StructMeasure {
    static final String SET = "struct";
    public static final String ORIGINAL = "original";
    public static final String SUGGESTED = "suggested";
    public static final String AGAIN = "original-again";
    public static final String FLOOR = "floor";

    private StructMeasure() {}

    /**
     * The variants of one measurement, in base order: the struct's run with one thread per role instance
     * (JMH's {@code -t}, which only the roles file knows), the floor with its own two.
     */
    static ComparisonSet set(AccessSpec original, AccessSpec suggested) {
        String bench = StructAccessBenchmark.class.getName();
        return new ComparisonSet(SET, "your struct: original, suggested, original again (A/A), one-line floor", List.of(
                new Variant(ORIGINAL, bench, Map.of("spec", original.encode()), original.threads()),
                new Variant(SUGGESTED, bench, Map.of("spec", suggested.encode()), suggested.threads()),
                new Variant(AGAIN, bench, Map.of("spec", original.encode()), original.threads()),
                new Variant(FLOOR, LineFloor.class.getName(), Map.of())));
    }

    /** Runs the rounds (progress to {@code progress}) and summarises them. */
    public static Measurement run(Roles roles, AccessSpec original, AccessSpec suggested, int rounds, IterationSpec warmup,
                           IterationSpec measurement, ForkRunner runner, PrintStream progress)
            throws PairedSession.ForkFailedException {
        ComparisonSet set = set(original, suggested);
        runner.validate(set.variants());
        PairedSession.Plan plan = new PairedSession.Plan(List.of(set), rounds, warmup, measurement);
        List<ForkRecord> records = new PairedSession(runner, System::currentTimeMillis, progress).run(plan);
        return summarise(roles, rounds, records);
    }

    /** Per role, the throughput ratios and A/A; the floor; the verdict. */
    static Measurement summarise(Roles roles, int rounds, List<ForkRecord> records) {
        List<Claim> comparisons = new ArrayList<>();
        for (int i = 0; i < roles.roles().size(); i++) {
            String metric = "role" + i;
            String role = roles.roles().get(i).name();
            // Cost of the original over cost of the suggestion = throughput suggested / original.
            comparisons.add(new Claim(SET, ORIGINAL, SUGGESTED, metric, Expect.info(Expect.Direction.SLOWER),
                    role + ": the suggestion is at least " + Expect.MIN_EFFECT + "x faster"));
            comparisons.add(new Claim(SET, ORIGINAL, AGAIN, metric, Expect.info(Expect.Direction.SIMILAR),
                    role + ": A/A control"));
        }
        Map<String, Analysis.ComparisonResult> results = new java.util.HashMap<>();
        for (Analysis.ComparisonResult c : Analysis.analyze(comparisons, records)) {
            results.put(c.comparison().id(), c);
        }
        List<Measurement.RoleResult> rows = new ArrayList<>();
        boolean anyHolds = false;
        boolean judged = false;
        for (int i = 0; i < roles.roles().size(); i++) {
            Analysis.ComparisonResult gain = results.get(comparisons.get(2 * i).id());
            Analysis.ComparisonResult aa = results.get(comparisons.get(2 * i + 1).id());
            if (gain == null || aa == null) {
                throw new IllegalStateException("no rounds measured role " + i);
            }
            RatioStats g = gain.data().stats(), a = aa.data().stats();
            // The tool's own rule on the median gain (the CI gate's, against an A/A, is runner.Judgment's).
            boolean enough = gain.rounds() >= Analysis.MIN_ROUNDS;
            anyHolds |= enough && g.median() >= Expect.MIN_EFFECT;
            judged |= enough;
            Roles.Role r = roles.roles().get(i);
            // A pass per thread takes threads / (passes per microsecond) microseconds.
            double originalNs = 1000.0 * r.threads() / gain.data().subject().geoMean();
            double suggestedNs = 1000.0 * r.threads() / gain.data().reference().geoMean();
            rows.add(new Measurement.RoleResult(r.name(), r.threads(), g.geoMean(), g.low(), g.high(), g.median(),
                    a.geoMean(), a.low(), a.high(), originalNs, suggestedNs));
        }
        List<Double> floor = new ArrayList<>();
        for (ForkRecord f : records) {
            if (f.variant().equals(FLOOR)) {
                Metric sender = f.result().metric("sender");
                floor.add(1000.0 / sender.score());     // round trips per microsecond -> ns per round trip
            }
        }
        double floorGeo = Math.exp(floor.stream().mapToDouble(Math::log).average().orElse(Double.NaN));
        double floorLow = floor.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double floorHigh = floor.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        String verdict;
        boolean notBetter = false;
        if (!judged) {
            verdict = String.format(Locale.ROOT, "verdict: none (%d round%s; a verdict needs at least %d)", rounds,
                    rounds == 1 ? "" : "s", Analysis.MIN_ROUNDS);
        } else if (anyHolds) {
            verdict = String.format(Locale.ROOT, "verdict: better (some role's median gain is at least %.2fx)", Expect.MIN_EFFECT);
        } else {
            verdict = String.format(Locale.ROOT, "verdict: not better (no role's median gain reached %.2fx)", Expect.MIN_EFFECT);
            notBetter = true;
        }
        return new Measurement(rounds, rows, floorGeo, floorLow, floorHigh, verdict, notBetter);
    }
}
