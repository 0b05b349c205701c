package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.Suite;

/**
 * The within-run verdicts: one pass over every claim of a run, the rule the paired runner applies as it runs and
 * {@code benchmarks/regate} applies again to saved runs, so both give the same verdict.
 *
 * <p>The unit is the round: one log ratio per round (an interleaved fork: the median of its measurement
 * iterations). A directional claim is judged on its per-round effect over the A/A control of its set and metric in
 * the same round, {@code e = ±(ln claim - ln A/A)}, with signed-rank bounds at the stated confidence: it FAILS (the
 * same as the A/A or smaller than any fix is worth, what a revert gives) when the upper bound is at most
 * {@link GateRule#SMALLEST_EFFECT}; it HOLDS (different from the A/A) when the upper bound lies past both that and
 * the A/A's own margin, {@link #margin}, and the lower bound above 0; else it is UNDECIDED (the runner adds rounds).
 * A peer claim (two layouts that make the same fix) HOLDS when its effect's bounds lie inside the fixed margin {@link
 * GateRule#PEER_MARGIN}, FAILS when they lie wholly beyond it on either side, and is UNDECIDED otherwise ({@link
 * #peer}). An A/A control HOLDS when its bounds lie inside its own margin around 0, FAILS when they lie wholly outside
 * it. Fewer rounds than a bound needs ({@link SignedRank#minRounds}) decide nothing. A gated claim of the suite that
 * the run has no rounds of is NOT_MEASURED ({@link #notMeasured}) and fails the run: it has not shown that its fix is
 * there. The coherence model's predicted lower bound ({@link MechanismBound}) is named in the verdict line of the
 * claims it applies to, and decides nothing. Why: docs/ci-gate.md.
 */
public final class Judgment {
    private Judgment() {}

    /** What the state column says when no round measured a floor. */
    public static final String NO_FLOOR = "no floor measured";

    /**
     * One round behind a claim.
     *
     * @param round      0-based round
     * @param ratios     the claim's samples in that round: one ratio (forks), or one per measurement iteration
     *                   (interleaved)
     * @param floorNanos the round's one-line floor in ns per round trip; NaN when none was measured
     */
    public record Round(int round, double[] ratios, double floorNanos) {
        /** The round's one value, as a log ratio: the median of its samples (the geometric middle of an even count). */
        public double logValue() {
            double[] logs = Arrays.stream(ratios).map(Math::log).sorted().toArray();
            return SignedRank.median(logs);
        }
    }

    /**
     * A claim to judge.
     *
     * @param claim         the claim
     * @param rounds        the rounds that measured it, in round order
     * @param layoutFailure the line of a layout check that failed a variant it uses; null when none did
     */
    public record Case(Claim claim, List<Round> rounds, String layoutFailure) {}

    /**
     * A claim's verdict.
     *
     * @param status HOLDS, FAILS, UNDECIDED, NOT_JUDGED, TOO_FEW_ROUNDS, NOT_MEASURED or INFO
     * @param reason one line saying why, for every status but INFO
     * @param median the median over rounds of the claim's own ratio (NaN when none)
     * @param rounds rounds judged
     * @param effect directional: the estimated effect over the A/A as a ratio (an A/A: its own centre); NaN otherwise
     * @param low    lower bound of {@link #effect} at the confidence (NaN when none)
     * @param high   upper bound (NaN when none)
     * @param margin the A/A's margin as a ratio, exp({@link #margin}) (NaN when none)
     */
    public record Verdict(Analysis.Status status, String reason, double median, int rounds, double effect,
                          double low, double high, double margin) {
        static Verdict of(Analysis.Status status, String reason, double median, int rounds) {
            return new Verdict(status, reason, median, rounds, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }

        /** True when a gated claim got a verdict: it holds or fails. */
        public boolean decided() {
            return status == Analysis.Status.HOLDS || status == Analysis.Status.FAILS;
        }
    }

    /** The standard normal quantile of {@code confidence}. */
    public static double marginQuantile(double confidence) {
        // Cached, and no random generator: the distribution is only inverted, for the same few confidences.
        return QUANTILES.computeIfAbsent(confidence,
                c -> new NormalDistribution(null, 0, 1).inverseCumulativeProbability(c));
    }

    private static final Map<Double, Double> QUANTILES = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The margin of "the same" in log space for an A/A whose rounds are {@code values}:
     * {@link GateRule#MARGIN_WIDTH} x z(confidence) x their robust standard deviation ({@link #robustSd}), never below
     * ln {@link GateRule#AA_MARGIN_FLOOR}; NaN below 2 values.
     */
    public static double margin(List<Double> values, double confidence) {
        // Math.max keeps a NaN: too few values have no margin, floored or not.
        return Math.max(GateRule.MARGIN_WIDTH * marginQuantile(confidence) * robustSd(values), AA_FLOOR);
    }

    /** ln {@link GateRule#AA_MARGIN_FLOOR}. */
    private static final double AA_FLOOR = Math.log(GateRule.AA_MARGIN_FLOOR);

    /** ln {@link GateRule#SMALLEST_EFFECT}. */
    private static final double SMALLEST = Math.log(GateRule.SMALLEST_EFFECT);

    /**
     * A standard deviation that one wild round cannot inflate: the median absolute deviation from the median,
     * scaled by 1.4826 (consistent for normal values) and by n / (n - 0.8), the small-sample correction of Croux
     * and Rousseeuw (1992) that removes its downward bias at 8 to 12 values. Half the rounds may be wild before it
     * moves without bound. NaN below 2 values.
     */
    public static double robustSd(List<Double> values) {
        int n = values.size();
        if (n < 2) {
            return Double.NaN;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double centre = SignedRank.median(sorted);
        double[] deviations = Arrays.stream(sorted).map(v -> Math.abs(v - centre)).sorted().toArray();
        return 1.4826 * SignedRank.median(deviations) * n / (n - 0.8);
    }

    /**
     * The gated claims of the suite that no case of {@code cases} measured (absent, or without a round and without
     * a layout failure), each with its NOT_MEASURED verdict: a run that lacks a gated claim has not shown that its
     * fix is still there.
     */
    public static Map<Claim, Verdict> notMeasured(List<Case> cases) {
        Map<Claim, Verdict> out = new LinkedHashMap<>();
        for (Claim gated : Suite.COMPARISONS) {
            if (!gated.expect().checked()) {
                continue;
            }
            boolean measured = cases.stream().anyMatch(c -> c.claim().id().equals(gated.id())
                    && (!c.rounds().isEmpty() || c.layoutFailure() != null));
            if (!measured) {
                out.put(gated, Verdict.of(Analysis.Status.NOT_MEASURED, "MISSING: a gated claim this run has no"
                        + " rounds of (its set did not run, or ran under an older name), so it has not shown that its"
                        + " fix is there", Double.NaN, 0));
            }
        }
        return out;
    }

    /** The one judging pass: every case's verdict, by claim id, in the order given, without the model's bounds. */
    public static Map<String, Verdict> judge(List<Case> cases, double confidence) {
        return judge(cases, confidence, Map.of());
    }

    /**
     * The one judging pass with the model's predicted lower bounds ({@link MechanismBound}) named in the verdict lines
     * of the claims they apply to: {@code bounds} by claim id (a bound that does not apply, e.g. "no probes", is named
     * too). They change no verdict.
     */
    static Map<String, Verdict> judge(List<Case> cases, double confidence, Map<String, MechanismBound.Bound> bounds) {
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (Case c : cases) {
            Verdict v = judge(c, cases, confidence);
            MechanismBound.Bound b = bounds.get(c.claim().id());
            out.put(c.claim().id(), b == null ? v : belowTheModel(v, b));
        }
        return out;
    }

    /**
     * A directional verdict with the model's bound named in its line: the predicted lower bound, and whether the upper
     * bound times the A/A's margin lies below it. The verdict stays what the A/A gave: the bound is priced at probes
     * that measure a different fork than the claim's, and over-predicts good runs (docs/ci-gate.md, "The model's
     * lower bound").
     */
    static Verdict belowTheModel(Verdict v, MechanismBound.Bound b) {
        if (Double.isNaN(v.high()) || Double.isNaN(v.margin())) {
            return v;
        }
        String note = b.describe();
        if (b.applies() && v.high() * v.margin() < b.ratio()) {
            note += String.format(Locale.ROOT, ", above the upper bound x%.3f times the A/A margin x%.3f (not gated)",
                    v.high(), v.margin());
        }
        return new Verdict(v.status(), v.reason() + "; " + note, v.median(), v.rounds(), v.effect(), v.low(),
                v.high(), v.margin());
    }

    private static Verdict judge(Case c, List<Case> cases, double confidence) {
        Expect x = c.claim().expect();
        double median = median(c.rounds());
        int min = SignedRank.minRounds(confidence);
        if (c.layoutFailure() != null) {
            return Verdict.of(Analysis.Status.FAILS, c.layoutFailure(), median, c.rounds().size());
        }
        if (!x.checked()) {
            return Verdict.of(Analysis.Status.INFO, "", median, c.rounds().size());
        }
        if (x.aaControl()) {
            return aa(c, median, confidence, min);
        }
        Case aa = aaOf(c.claim(), cases);
        if (aa == null) {
            return Verdict.of(Analysis.Status.NOT_JUDGED, "not judged: no A/A control of " + c.claim().set()
                    + " in this run to judge it against", median, 0);
        }
        if (aa.layoutFailure() != null) {
            return Verdict.of(Analysis.Status.NOT_JUDGED, "not judged: its A/A control " + aa.claim().id()
                    + " failed its layout check", median, 0);
        }
        Effects e = effects(c, aa, confidence);
        int n = e.values().length;
        if (n < min) {
            return Verdict.of(Analysis.Status.TOO_FEW_ROUNDS, "not judged: " + n + " round" + (n == 1 ? "" : "s")
                    + " with its A/A control, a verdict at " + percent(confidence) + " needs " + min, median, n);
        }
        double margin = e.margin();
        SignedRank.Bounds b = SignedRank.centre(e.values(), confidence);
        if (x.peer()) {
            return peer(b, margin, median, n, confidence);
        }
        // As ratios of the claim's own ratio over its A/A's: a FASTER claim's effect lies below 1.
        double effect = Math.exp(x.sign() * b.estimate());
        double low = Math.exp(x.sign() > 0 ? b.low() : -b.high());
        double high = Math.exp(x.sign() > 0 ? b.high() : -b.low());
        String numbers = String.format(Locale.ROOT, "effect over the A/A x%.3f (%s bounds %.3f .. %.3f), "
                + "A/A margin x%.3f, %d rounds", effect, percent(confidence), low, high, Math.exp(margin), n);
        Analysis.Status status;
        String why;
        // Fails only below the fixed smallest effect, never by the A/A's margin: a margin that grew with a noisy A/A
        // would fail a good claim whose bounds it swallowed. An effect shown apart from its A/A but under the smallest
        // effect is a revert to another bad layout (the mailbox at the straddling offset 40).
        if (b.high() <= SMALLEST) {
            status = Analysis.Status.FAILS;
            why = b.high() <= margin ? "SAME as its A/A control (what a revert gives): "
                    : String.format(Locale.ROOT, "SMALLER than any fix is worth, upper bound at most x%.2f (what a "
                    + "revert gives): ", GateRule.SMALLEST_EFFECT);
        } else if (b.high() <= margin) {
            // Holding needs the upper bound past the margin, so that no revert passes in a noisy run either.
            status = Analysis.Status.UNDECIDED;
            why = "UNDECIDED, its upper bound lies inside its A/A's margin, past the smallest effect (a noisy A/A): ";
        } else if (b.low() > 0) {
            status = Analysis.Status.HOLDS;
            why = "different from its A/A control: ";
        } else {
            status = Analysis.Status.UNDECIDED;
            why = "UNDECIDED, neither distinguishable from its A/A control nor inside its margin: ";
        }
        return new Verdict(status, why + numbers, median, n, effect, low, high, Math.exp(margin));
    }

    /**
     * A peer claim's verdict from the bounds on its effect over the A/A (subject over reference, in log space), against
     * the fixed margin {@link GateRule#PEER_MARGIN}: HOLDS when both bounds lie inside it, FAILS when both lie beyond
     * it on one side (one of the two fixes is no longer whole), UNDECIDED otherwise (the runner adds rounds). Why
     * fixed: a wild A/A must not widen "the same", nor a tight one narrow it (docs/ci-gate.md, "A peer claim").
     */
    private static Verdict peer(SignedRank.Bounds b, double aaMargin, double median, int n, double confidence) {
        double margin = Math.log(GateRule.PEER_MARGIN);
        String numbers = String.format(Locale.ROOT, "effect over the A/A x%.3f (%s bounds %.3f .. %.3f), "
                        + "margin x%.3f .. x%.3f (fixed; the A/A's x%.3f), %d rounds", Math.exp(b.estimate()),
                percent(confidence), Math.exp(b.low()), Math.exp(b.high()), Math.exp(-margin), Math.exp(margin),
                Math.exp(aaMargin), n);
        Analysis.Status status;
        String why;
        if (b.low() >= -margin && b.high() <= margin) {
            status = Analysis.Status.HOLDS;
            why = "the same as its peer, inside the margin: ";
        } else if (b.low() > margin || b.high() < -margin) {
            status = Analysis.Status.FAILS;
            why = "DIFFERENT from its peer beyond the margin (one fix no longer whole): ";
        } else {
            status = Analysis.Status.UNDECIDED;
            why = "UNDECIDED, neither inside the margin nor beyond it: ";
        }
        return new Verdict(status, why + numbers, median, n, Math.exp(b.estimate()), Math.exp(b.low()),
                Math.exp(b.high()), Math.exp(margin));
    }

    private static Verdict aa(Case c, double median, double confidence, int min) {
        int n = c.rounds().size();
        if (n < min) {
            return Verdict.of(Analysis.Status.TOO_FEW_ROUNDS, "not judged: " + n + " round" + (n == 1 ? "" : "s")
                    + ", a verdict at " + percent(confidence) + " needs " + min, median, n);
        }
        double[] values = c.rounds().stream().mapToDouble(Round::logValue).toArray();
        double margin = margin(Arrays.stream(values).boxed().toList(), confidence);
        // Its own bounds are order statistics of its rounds at the A/A's confidence: one wild round must not decide
        // whether the measurement is sound (docs/ci-gate.md, "An A/A control").
        double aaConfidence = Math.min(confidence, GateRule.AA_CONFIDENCE);
        SignedRank.Bounds b = SignedRank.orderStatistics(values, aaConfidence);
        String numbers = String.format(Locale.ROOT, "centre %.4f (%s bounds %.4f .. %.4f), its margin %.4f .. %.4f, "
                        + "%d rounds", Math.exp(b.estimate()), percent(aaConfidence), Math.exp(b.low()),
                Math.exp(b.high()), Math.exp(-margin), Math.exp(margin), n);
        Analysis.Status status;
        String why;
        if (b.low() >= -margin && b.high() <= margin) {
            status = Analysis.Status.HOLDS;
            why = "1 inside its rounds' spread: ";
        } else if (b.low() > margin || b.high() < -margin) {
            status = Analysis.Status.FAILS;
            why = "A/A biased beyond its rounds' spread (the sides differ in more than the claim): ";
        } else {
            status = Analysis.Status.UNDECIDED;
            why = "UNDECIDED, its bias neither inside nor beyond its rounds' spread: ";
        }
        return new Verdict(status, why + numbers, median, n, Math.exp(b.estimate()), Math.exp(b.low()),
                Math.exp(b.high()), Math.exp(margin));
    }

    /**
     * A directional claim's per-round effects over its A/A control, the rounds both measured:
     * {@code sign x (ln claim - ln A/A)}, and the A/A's margin in log space over those rounds ({@link #margin};
     * NaN below 2).
     */
    public record Effects(double[] values, double margin) {}

    /**
     * The effects of {@code c} over its set's A/A among {@code cases} at {@code confidence}; null when it has no
     * A/A there or the A/A failed its layout check.
     */
    public static Effects effects(Case c, List<Case> cases, double confidence) {
        Case aa = aaOf(c.claim(), cases);
        return aa == null || aa.layoutFailure() != null ? null : effects(c, aa, confidence);
    }

    private static Effects effects(Case c, Case aa, double confidence) {
        Map<Integer, Double> aaByRound = new LinkedHashMap<>();
        aa.rounds().forEach(r -> aaByRound.put(r.round(), r.logValue()));
        // A peer claim's effect is the subject over the reference, whichever side of 1.
        int sign = c.claim().expect().peer() ? 1 : c.claim().expect().sign();
        List<Double> effects = new ArrayList<>();
        List<Double> controls = new ArrayList<>();
        for (Round r : c.rounds()) {
            Double a = aaByRound.get(r.round());
            if (a != null) {
                effects.add(sign * (r.logValue() - a));
                controls.add(a);
            }
        }
        return new Effects(toArray(effects), margin(controls, confidence));
    }

    /** The gated A/A control of {@code claim}'s set and metric among {@code cases}; null when there is none. */
    static Case aaOf(Claim claim, List<Case> cases) {
        for (Case a : cases) {
            Claim c = a.claim();
            if (c.expect().aaControl() && c.set().equals(claim.set()) && c.metric().equals(claim.metric())) {
                return a;
            }
        }
        return null;
    }

    /** Median over rounds of each round's value, as a ratio; NaN without rounds. */
    public static double median(List<Round> rounds) {
        if (rounds.isEmpty()) {
            return Double.NaN;
        }
        double[] logs = rounds.stream().mapToDouble(Round::logValue).sorted().toArray();
        return Math.exp(SignedRank.median(logs));
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String percent(double confidence) {
        String s = String.format(Locale.ROOT, "%.1f", confidence * 100);
        return (s.endsWith(".0") ? s.substring(0, s.length() - 2) : s) + " %";
    }

    /**
     * One line for a claim that did not hold, naming it; null for one that holds or informs. A failed claim
     * (gated, or using a variant that failed its layout check) with its reason; a gated claim without a verdict
     * with its sentence.
     */
    public static String problem(String id, boolean checked, String status, String reason) {
        if (status.equals(Analysis.Status.FAILS.name())) {
            return "FAILS " + id + ": " + reason;
        }
        if (checked && status.equals(Analysis.Status.NOT_MEASURED.name())) {
            return "MISSING " + id + ": " + reason;
        }
        if (checked && !status.equals(Analysis.Status.HOLDS.name()) && !status.equals(Analysis.Status.INFO.name())) {
            return "NO VERDICT " + id + ": " + reason;
        }
        return null;
    }

    /**
     * The run's exit status from its verdicts (GUIDE's contract): 1 when a gated claim failed or is missing (not
     * measured: the run has not shown its fix is there); 3 when a gated claim has no verdict (undecided, too few
     * rounds, not judged), when none was judged, or when a claim that does not gate failed (a layout check: reported,
     * but no gated claim shown broken); else 0.
     */
    public static int exitCode(List<Boolean> checked, List<Analysis.Status> statuses) {
        boolean anyGated = false;
        boolean noVerdict = false;
        for (int i = 0; i < statuses.size(); i++) {
            Analysis.Status s = statuses.get(i);
            if (checked.get(i)) {
                if (s == Analysis.Status.FAILS || s == Analysis.Status.NOT_MEASURED) {
                    return 1;
                }
                anyGated = true;
                noVerdict |= s != Analysis.Status.HOLDS;
            } else {
                noVerdict |= s == Analysis.Status.FAILS;
            }
        }
        return anyGated && !noVerdict ? 0 : 3;
    }
}
