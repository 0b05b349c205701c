package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.harness.LayoutCheck;

/**
 * The within-run verdict of one claim, from its rounds and the machine state of each: the rule the paired runner
 * applies as it runs and {@code benchmarks/regate} applies again to saved runs, so both give the same verdict.
 *
 * <p>The rule: rounds in a state where the claim's effect cannot show ({@link Expect#blindIn}) are left out;
 * fewer than {@link Analysis#MIN_ROUNDS} rounds left check nothing; otherwise the median of the samples of the
 * rounds left is held against the claim ({@link Expect#holds}). A round without a floor has no state and is
 * always kept: a run without a floor is judged without states.
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
        /** The round's state; null when it has no floor. */
        public MachineState state(double split) {
            return MachineState.of(floorNanos, split);
        }
    }

    /**
     * A claim's verdict.
     *
     * @param status HOLDS, FAILS, NOT_JUDGED, TOO_FEW_ROUNDS or INFO
     * @param reason one line saying why, for every status but INFO
     * @param median the median of the samples judged (NaN when none)
     * @param rounds rounds judged
     * @param states the state mix of all the claim's rounds, e.g. "far 8/near 2", or {@link #NO_FLOOR}
     */
    public record Verdict(Analysis.Status status, String reason, double median, int rounds, String states) {}

    /** Judges {@code claim} (its id names it in the reason) under {@code expect} on its rounds. */
    public static Verdict judge(Claim claim, Expect expect, List<Round> rounds, double split) {
        String states = states(rounds, split);
        List<Round> kept = new ArrayList<>();
        Set<String> blindMet = new TreeSet<>();
        for (Round r : rounds) {
            MachineState s = r.state(split);
            if (s != null && expect.blindIn().contains(s)) {
                blindMet.add(s.label());
            } else {
                kept.add(r);
            }
        }
        double median = kept.isEmpty() ? Double.NaN : median(kept);
        if (!expect.checked()) {
            return new Verdict(Analysis.Status.INFO, "", rounds.isEmpty() ? Double.NaN : median(rounds), kept.size(),
                    states);
        }
        if (kept.isEmpty() && !rounds.isEmpty()) {
            return new Verdict(Analysis.Status.NOT_JUDGED, "NOT JUDGED: this run met only the "
                    + String.join(" and ", blindMet) + " state, where " + claim.id() + "'s effect cannot show",
                    Double.NaN, 0, states);
        }
        if (kept.size() < Analysis.MIN_ROUNDS) {
            return new Verdict(Analysis.Status.TOO_FEW_ROUNDS, "not checked: " + kept.size() + " round"
                    + (kept.size() == 1 ? "" : "s") + " judged, a verdict needs " + Analysis.MIN_ROUNDS, median,
                    kept.size(), states);
        }
        String left = blindMet.isEmpty() ? "" : "; " + (rounds.size() - kept.size()) + " "
                + String.join("/", blindMet) + " round(s) left out, where its effect cannot show";
        String over = String.format(Locale.ROOT, " (%d rounds: %s%s)", kept.size(), states, left);
        if (expect.holds(median)) {
            return new Verdict(Analysis.Status.HOLDS, String.format(Locale.ROOT, "median %.3f %s", median,
                    expect.rule()) + over, median, kept.size(), states);
        }
        String why = switch (expect.direction()) {
            case SLOWER -> String.format(Locale.ROOT, "median %.3f < %.3f, the minimum effect", median, expect.atLeast());
            case FASTER -> String.format(Locale.ROOT, "median %.3f > %.3f, the minimum effect", median,
                    1 / expect.atLeast());
            case SIMILAR -> String.format(Locale.ROOT, "A/A median %.3f outside %.3f..%.3f: the rounds disagree more "
                    + "than the tolerance", median, 1 / expect.atLeast(), expect.atLeast());
        };
        return new Verdict(Analysis.Status.FAILS, why + over, median, kept.size(), states);
    }

    /** "far 8/near 2" (far first, then near, then rounds without a floor), or {@link #NO_FLOOR}. */
    public static String states(List<Round> rounds, double split) {
        Map<MachineState, Integer> n = new EnumMap<>(MachineState.class);
        int none = 0;
        for (Round r : rounds) {
            MachineState s = r.state(split);
            if (s == null) {
                none++;
            } else {
                n.merge(s, 1, Integer::sum);
            }
        }
        if (n.isEmpty()) {
            return NO_FLOOR;
        }
        List<String> parts = new ArrayList<>();
        for (MachineState s : List.of(MachineState.FAR, MachineState.NEAR)) {
            if (n.containsKey(s)) {
                parts.add(s.label() + " " + n.get(s));
            }
        }
        if (none > 0) {
            parts.add("no floor " + none);
        }
        return String.join("/", parts);
    }

    /** The rounds in {@code state} (null: the rounds without a floor). */
    public static List<Round> inState(List<Round> rounds, MachineState state, double split) {
        return rounds.stream().filter(r -> r.state(split) == state).toList();
    }

    /** Median of every sample of {@code rounds}, as {@link RatioStats#median} takes it. */
    public static double median(List<Round> rounds) {
        double[] all = rounds.stream().flatMapToDouble(r -> Arrays.stream(r.ratios())).toArray();
        return all.length == 0 ? Double.NaN : RatioStats.of(all).median();
    }

    /**
     * What the A/A control of {@code claim}'s set and metric says about a failure of {@code claim} in the same run
     * ("" when it has none): when the A/A holds, the rounds agree and the effect is really gone (a revert); when it
     * fails too, the run was too noisy to tell.
     *
     * @param claims    the run's claims
     * @param verdictOf the run's verdict of a claim, by id (null when it has none)
     */
    public static String aaContext(Claim claim, List<Claim> claims, Function<String, Verdict> verdictOf) {
        for (Claim aa : claims) {
            if (!(aa.expect().aaControl() && aa.set().equals(claim.set()) && aa.metric().equals(claim.metric()))) {
                continue;
            }
            Verdict v = verdictOf.apply(aa.id());
            if (v == null) {
                return "";
            }
            String median = Double.isNaN(v.median()) ? "" : String.format(Locale.ROOT, " median %.3f", v.median());
            return switch (v.status()) {
                case HOLDS -> "; A/A " + aa.id() + median + " holds: the rounds agree, the effect is gone";
                case FAILS -> "; A/A " + aa.id() + median + " fails too: the run is too noisy to tell";
                default -> "; A/A " + aa.id() + ": " + v.status().name().toLowerCase(Locale.ROOT).replace('_', ' ');
            };
        }
        return "";
    }

    /** The verdicts with the A/A context ({@link #aaContext}) added to every failed directional claim's reason. */
    public static List<Analysis.ComparisonResult> withAaContext(List<Analysis.ComparisonResult> results) {
        List<Claim> claims = results.stream().map(Analysis.ComparisonResult::comparison).toList();
        Map<String, Verdict> byId = new HashMap<>();
        results.stream().filter(r -> r.verdict() != null).forEach(r -> byId.put(r.comparison().id(), r.verdict()));
        List<Analysis.ComparisonResult> out = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            Claim c = r.comparison();
            boolean judgedFail = r.status() == Analysis.Status.FAILS && c.expect().directional()
                    && !r.reason().startsWith(LayoutCheck.MARKER);
            out.add(judgedFail ? r.withReason(r.reason() + aaContext(c, claims, byId::get)) : r);
        }
        return out;
    }

    /**
     * One line per claim that did not hold, naming it: a failed claim (gated, or using a variant that failed its
     * layout check) with its reason, a gated claim not judged with its sentence.
     *
     * @param id      claim id
     * @param checked whether the claim gates
     * @param status  its status name
     * @param reason  its reason
     */
    public static String problem(String id, boolean checked, String status, String reason) {
        if (status.equals(Analysis.Status.FAILS.name())) {
            return "FAILS " + id + ": " + reason;
        }
        if (checked && status.equals(Analysis.Status.NOT_JUDGED.name())) {
            return id + ": " + reason;
        }
        return null;
    }
}
