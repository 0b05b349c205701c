package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.GateRule;

/**
 * A run against a baseline of the same machine: the second step of {@code benchmarks/ci}, after the claims.
 *
 * <p>Rules. The baseline is used only when the fingerprints ({@link Fingerprint}) match; otherwise one line says
 * why. Each gated claim with a direction is compared by its per-round effect over its own run's A/A control
 * ({@link Judgment#effects}), never by its raw ratio. It REGRESSES when the effect moved toward the A/A by more
 * than the two runs' round-to-round scatter explains (the upper bound of the shift, at the gate's confidence, below
 * minus z(confidence) times the robust sd of the difference of one round's effect here and one in the baseline)
 * while the machine did not move: both bounds of the shift of the two runs' floors, the cost of one line transfer,
 * inside {@link GateRule#FLOOR_BAND} either way (shown unmoved, not merely not shown moved). Otherwise a smaller
 * effect is what a different machine state gives as well as a partial revert, and the line says it cannot tell them
 * apart; a full revert is the within-run claim's to catch (the same as its A/A). Improvements never fail. Why:
 * docs/ci-gate.md.
 */
public final class BaselineGate {
    private BaselineGate() {}

    /** How one claim compared. */
    public enum Outcome {
        HOLDS("holds"), REGRESSION("REGRESSION"), CANNOT_TELL("cannot tell"), NOT_COMPARED("not compared");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One claim.
     *
     * @param claim    claim id
     * @param outcome  the outcome
     * @param line     one line naming the claim, with the numbers behind the outcome
     */
    public record Comparison(String claim, Outcome outcome, String line) {}

    /**
     * The outcome of the step.
     *
     * @param used        whether the baseline judged the run
     * @param why         one line: why the baseline was used or not, and whether the machine moved
     * @param comparisons per claim (empty when not used)
     */
    public record Result(boolean used, String why, List<Comparison> comparisons) {
        public boolean regression() {
            return comparisons.stream().anyMatch(c -> c.outcome() == Outcome.REGRESSION);
        }

        /** 1 when a claim regressed, else 0: a baseline that cannot tell leaves the verdict to the claims. */
        public int exitCode() {
            return regression() ? 1 : 0;
        }

        /** "baseline gate: no regression (4 held, 1 cannot tell)" or "BASELINE REGRESSION: 1 (...)". */
        public String verdict() {
            if (!used) {
                return "baseline gate: not applied";
            }
            List<String> counts = new ArrayList<>();
            for (Outcome o : List.of(Outcome.HOLDS, Outcome.CANNOT_TELL, Outcome.NOT_COMPARED)) {
                long n = comparisons.stream().filter(c -> c.outcome() == o).count();
                if (n > 0) {
                    counts.add(n + " " + (o == Outcome.HOLDS ? "held" : o.label()));
                }
            }
            long bad = comparisons.stream().filter(c -> c.outcome() == Outcome.REGRESSION).count();
            String tail = counts.isEmpty() ? "" : " (" + String.join(", ", counts) + ")";
            return bad > 0 ? "BASELINE REGRESSION: " + bad + tail : "baseline gate: no regression" + tail;
        }
    }

    /** The one line for a run without a usable baseline: why, and how to record one. */
    public static Result notUsed(String why) {
        return new Result(false, "baseline not used: " + why + "; the within-run claims alone gate this run (record"
                + " a baseline for this machine with benchmarks/ci --update-baseline)", List.of());
    }

    /** Compares {@code current} with {@code baseline} at {@code confidence}. */
    public static Result compare(SavedRun baseline, SavedRun current, double confidence) {
        Fingerprint b = baseline.metadata().fingerprint();
        Fingerprint c = current.metadata().fingerprint();
        if (b == null) {
            return notUsed(baseline.dir() + " has no machine fingerprint (recorded before fingerprints were)");
        }
        if (c == null) {
            return notUsed("this run has no machine fingerprint");
        }
        List<String> differences = b.differences(c);
        if (!differences.isEmpty()) {
            return notUsed("its machine differs: " + String.join("; ", differences));
        }
        String moved = machineMoved(baseline, current, confidence);
        List<Judgment.Case> here = Regate.cases(current);
        List<Judgment.Case> there = Regate.cases(baseline);
        List<Comparison> out = new ArrayList<>();
        for (Judgment.Case k : here) {
            Claim claim = k.claim();
            if (!claim.expect().directional() || k.layoutFailure() != null || k.rounds().isEmpty()) {
                continue;
            }
            Judgment.Case kb = there.stream().filter(x -> x.claim().id().equals(claim.id())).findFirst().orElse(null);
            if (kb == null || kb.layoutFailure() != null || kb.rounds().isEmpty()) {
                out.add(new Comparison(claim.id(), Outcome.NOT_COMPARED, "not compared " + claim.id()
                        + ": the baseline did not measure it"));
                continue;
            }
            out.add(compare(claim, Judgment.effects(k, here, confidence), Judgment.effects(kb, there, confidence), moved,
                    confidence));
        }
        String why = "baseline " + baseline.dir() + " used: its machine fingerprint matches this run's; "
                + (moved == null ? String.format(Locale.ROOT, "the floors did not move (shift inside x%.2f either way)",
                GateRule.FLOOR_BAND) : moved);
        return new Result(true, why, out);
    }

    /** One claim: REGRESSION, CANNOT_TELL (the machine moved, {@code moved} says how) or HOLDS. */
    static Comparison compare(Claim claim, Judgment.Effects here, Judgment.Effects baseline, String moved,
                              double confidence) {
        String id = claim.id();
        int min = SignedRank.minRounds(confidence);
        if (here == null || baseline == null || here.values().length < min || baseline.values().length < min) {
            return new Comparison(id, Outcome.NOT_COMPARED, String.format(Locale.ROOT, "not compared %s: %s rounds"
                    + " with an A/A here, %s in the baseline (%d needed on both sides)", id, rounds(here),
                    rounds(baseline), min));
        }
        SignedRank.Bounds shift = SignedRank.shift(here.values(), baseline.values(), confidence);
        double explained = Judgment.marginQuantile(confidence) * Math.hypot(scatter(here), scatter(baseline));
        String numbers = String.format(Locale.ROOT, "effect over the A/A x%.3f here vs x%.3f in the baseline, shift"
                        + " x%.3f (%s bounds %.3f .. %.3f), the effects' scatter explains x%.3f", Math.exp(centre(here, confidence)),
                Math.exp(centre(baseline, confidence)), Math.exp(shift.estimate()), Judgment.percent(confidence),
                Math.exp(shift.low()), Math.exp(shift.high()), Math.exp(-explained));
        if (!(shift.high() < -explained)) {
            return new Comparison(id, Outcome.HOLDS, "holds " + id + ": " + numbers);
        }
        if (moved != null) {
            return new Comparison(id, Outcome.CANNOT_TELL, "cannot tell " + id + ": " + numbers + "; " + moved
                    + ", so a partial revert and the machine look alike");
        }
        return new Comparison(id, Outcome.REGRESSION, "REGRESSION " + id + ": " + numbers
                + ": the effect moved toward its A/A on an unmoved machine");
    }

    /** The robust sd of a run's per-round effects: their own round-to-round scatter, the A/A's included. */
    private static double scatter(Judgment.Effects e) {
        return Judgment.robustSd(java.util.Arrays.stream(e.values()).boxed().toList());
    }

    /**
     * Null when both bounds of the shift between the runs' floors, at {@code confidence}, lie inside
     * {@link GateRule#FLOOR_BAND} either way (the machine shown unmoved); otherwise why the machine counts as moved
     * or not shown unmoved, in a few words ("the floors moved: median 131 ns here vs 80 ns in the baseline").
     */
    static String machineMoved(SavedRun baseline, SavedRun current, double confidence) {
        double[] h = current.roundFloors().values().stream().mapToDouble(Math::log).toArray();
        double[] b = baseline.roundFloors().values().stream().mapToDouble(Math::log).toArray();
        if (h.length == 0 || b.length == 0) {
            return "no floors to tell whether the machine moved";
        }
        SignedRank.Bounds s = SignedRank.shift(h, b, confidence);
        String medians = String.format(Locale.ROOT, "median %.0f ns here vs %.0f ns in the baseline",
                Math.exp(SignedRank.median(sorted(h))), Math.exp(SignedRank.median(sorted(b))));
        if (!s.decidable()) {
            return "too few floors to tell whether the machine moved (" + medians + ")";
        }
        double band = Math.log(GateRule.FLOOR_BAND);
        if (s.low() >= -band && s.high() <= band) {
            return null;
        }
        String bounds = String.format(Locale.ROOT, "floor shift x%.2f (%s bounds %.2f .. %.2f)", Math.exp(s.estimate()),
                Judgment.percent(confidence), Math.exp(s.low()), Math.exp(s.high()));
        return s.low() > 0 || s.high() < 0 ? "the floors moved: " + medians + ", " + bounds
                : String.format(Locale.ROOT, "the floors are not shown unmoved: %s, %s, beyond x%.2f either way",
                medians, bounds, GateRule.FLOOR_BAND);
    }

    private static double centre(Judgment.Effects e, double confidence) {
        return SignedRank.centre(e.values(), confidence).estimate();
    }

    private static String rounds(Judgment.Effects e) {
        return e == null ? "0" : Integer.toString(e.values().length);
    }

    private static double[] sorted(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s;
    }
}
