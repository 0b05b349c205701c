package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateThresholds;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.harness.LayoutCheck;

/**
 * A run against a baseline of the same machine: the second step of {@code benchmarks/ci}, after the claims.
 *
 * <p>Rules. The baseline judges the run only when their fingerprints ({@link Fingerprint}) match; otherwise it
 * is not used, and one line says why and how to record one for this machine. When it is used: for every gated
 * claim with a direction, in every machine state with at least {@link GateThresholds#MIN_ROUNDS_PER_STATE}
 * rounds on both sides (rounds in a state the claim is blind in left out), d = ln(median here / median of the
 * baseline). The claim REGRESSES only when its effect shrank by more than its tolerance T: d &lt; -T for a SLOWER
 * claim (its ratio fell toward 1), d &gt; +T for a FASTER one (its ratio rose toward 1). Improvements never fail.
 * In log space a halving and a doubling are the same size. A/A controls and information are not compared: they
 * are judged within the run.
 */
public final class BaselineGate {
    private BaselineGate() {}

    /** How one claim in one state compared. */
    public enum Outcome {
        HOLDS("holds"), REGRESSION("REGRESSION"), TOO_FEW_ROUNDS("not compared"), NOT_IN_BASELINE("not compared");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One claim in one state.
     *
     * @param claim          claim id
     * @param state          "near", "far", or {@link JmhFiles#NO_STATE} for rounds without a floor
     * @param rounds         rounds of that state here
     * @param baselineRounds rounds of that state in the baseline
     * @param median         median ratio here (NaN when not compared)
     * @param baselineMedian median ratio in the baseline (NaN when not compared)
     * @param d              ln(median / baselineMedian)
     * @param tolerance      T
     * @param direction      the claim's direction
     * @param outcome        the outcome
     */
    public record Comparison(String claim, String state, int rounds, int baselineRounds, double median,
                             double baselineMedian, double d, double tolerance, Expect.Direction direction,
                             Outcome outcome) {

        /** One line naming the claim and state. */
        public String line() {
            String where = claim + " (" + state + ")";
            return switch (outcome) {
                case NOT_IN_BASELINE -> "not compared " + where + ": the baseline has no such claim";
                case TOO_FEW_ROUNDS -> String.format(Locale.ROOT, "not compared %s: %d round%s here, %d in the "
                                + "baseline (%d needed on both sides)", where, rounds, rounds == 1 ? "" : "s",
                        baselineRounds, GateThresholds.MIN_ROUNDS_PER_STATE);
                case HOLDS -> String.format(Locale.ROOT, "holds %s: median %.3f vs %.3f in the baseline, d = %+.3f "
                        + "(fails beyond %s%.3f)", where, median, baselineMedian, d,
                        direction == Expect.Direction.FASTER ? "+" : "-", tolerance);
                case REGRESSION -> String.format(Locale.ROOT, "REGRESSION %s: median %.3f vs %.3f in the baseline, "
                                + "d = %+.3f %s %s%.3f: the effect shrank by more than T", where, median,
                        baselineMedian, d, direction == Expect.Direction.FASTER ? ">" : "<",
                        direction == Expect.Direction.FASTER ? "+" : "-", tolerance);
            };
        }
    }

    /**
     * The outcome of the step.
     *
     * @param used        whether the baseline judged the run
     * @param why         one line: why the baseline was used or not
     * @param comparisons per claim and state (empty when not used)
     */
    public record Result(boolean used, String why, List<Comparison> comparisons) {
        public boolean regression() {
            return comparisons.stream().anyMatch(c -> c.outcome() == Outcome.REGRESSION);
        }

        /** 1 when a claim regressed, else 0. */
        public int exitCode() {
            return regression() ? 1 : 0;
        }

        /** "baseline gate: no regression (4 compared, 2 not compared)" or "BASELINE REGRESSION: 1 (...)". */
        public String verdict() {
            if (!used) {
                return "baseline gate: not applied";
            }
            long bad = comparisons.stream().filter(c -> c.outcome() == Outcome.REGRESSION).count();
            long held = comparisons.stream().filter(c -> c.outcome() == Outcome.HOLDS).count();
            long not = comparisons.size() - bad - held;
            String counts = held + " held" + (not > 0 ? ", " + not + " not compared" : "");
            return bad > 0 ? "BASELINE REGRESSION: " + bad + " (" + counts + ")" : "baseline gate: no regression (" + counts + ")";
        }
    }

    /** The one line for a run without a usable baseline: why, and how to record one. */
    public static Result notUsed(String why) {
        return new Result(false, "baseline not used: " + why + "; the within-run claims alone gate this run (record"
                + " a baseline for this machine with benchmarks/ci --update-baseline)", List.of());
    }

    /** Compares {@code current} with {@code baseline} under {@code thresholds}. */
    public static Result compare(SavedRun baseline, SavedRun current, Thresholds thresholds) {
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
        double split = thresholds.splitNanos();
        List<Comparison> out = new ArrayList<>();
        for (Summary.Entry e : current.summary().comparisons()) {
            Claim claim = thresholds.claim(e);
            Expect x = claim.expect();
            if (!x.directional() || Double.isNaN(x.baselineTolerance()) || !e.measured()
                    || (e.reason() != null && e.reason().startsWith(LayoutCheck.MARKER))) {
                continue;
            }
            Summary.Entry be = baseline.entry(e.id());
            if (be == null || !be.measured()) {
                out.add(new Comparison(e.id(), "all", 0, 0, Double.NaN, Double.NaN, Double.NaN,
                        x.baselineTolerance(), x.direction(), Outcome.NOT_IN_BASELINE));
                continue;
            }
            List<Judgment.Round> here = current.rounds(e);
            List<Judgment.Round> there = baseline.rounds(be);
            List<MachineState> states = Arrays.asList(MachineState.FAR, MachineState.NEAR, null);
            for (MachineState s : states) {
                if (s != null && x.blindIn().contains(s)) {
                    continue;
                }
                List<Judgment.Round> h = Judgment.inState(here, s, split);
                List<Judgment.Round> t = Judgment.inState(there, s, split);
                if (h.isEmpty() && t.isEmpty()) {
                    continue;
                }
                out.add(compare(e.id(), s == null ? JmhFiles.NO_STATE : s.label(), h, t, x));
            }
        }
        return new Result(true, "baseline " + baseline.dir() + " used: its machine fingerprint matches this run's",
                out);
    }

    /** One claim in one state: d = ln(here / baseline), a regression when the effect shrank by more than T. */
    static Comparison compare(String id, String state, List<Judgment.Round> here, List<Judgment.Round> baseline,
                              Expect x) {
        int min = GateThresholds.MIN_ROUNDS_PER_STATE;
        if (here.size() < min || baseline.size() < min) {
            return new Comparison(id, state, here.size(), baseline.size(), Double.NaN, Double.NaN, Double.NaN,
                    x.baselineTolerance(), x.direction(), Outcome.TOO_FEW_ROUNDS);
        }
        double m = Judgment.median(here);
        double mb = Judgment.median(baseline);
        double d = Math.log(m / mb);
        boolean shrank = x.direction() == Expect.Direction.FASTER ? d > x.baselineTolerance() : d < -x.baselineTolerance();
        return new Comparison(id, state, here.size(), baseline.size(), m, mb, d, x.baselineTolerance(), x.direction(),
                shrank ? Outcome.REGRESSION : Outcome.HOLDS);
    }
}
