package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;

/**
 * The gate's operating characteristic: its own judging code ({@link Judgment}) run on synthetic rounds, and how
 * often a claim and its A/A together read HOLDS (exit 0), FAILS (exit 1) or UNDECIDED (exit 3).
 *
 * <p>Each synthetic round draws three sides' log costs as the interleaved design makes them: the reference, the
 * A/A's subject and the claim's subject, each with noise of sd {@code aaSd / sqrt 2} (so the A/A's per-round log
 * ratio has sd {@code aaSd}). Claim and A/A share the round's reference, as in a fork that measures every side: their
 * ratios are correlated. The claim's subject adds the effect, {@code ln effect}, and the effect's own
 * round-to-round scatter, sd {@code effectSd}; a revert is effect 1 with no scatter of its own (its subject is the
 * reference's layout). Every trial is judged by the gate's judging code at one number of rounds, or at two looks
 * (after the first when both are decided, else after the second): a study of one claim's verdicts, not the runner's
 * stopping rule, which {@link Stopping} holds and {@link WholeRunSimulation} runs over whole runs. Seeded: the same
 * arguments give the same rates.
 */
public final class GateSimulation {
    private GateSimulation() {}

    /** The claim every trial is judged as: the suite's first directional gated claim, and its set's A/A. */
    private static final Claim CLAIM = Suite.COMPARISONS.stream().filter(c -> c.expect().directional()).findFirst()
            .orElseThrow();
    private static final Claim AA = Suite.COMPARISONS.stream().filter(c -> c.expect().aaControl()
            && c.set().equals(CLAIM.set()) && c.metric().equals(CLAIM.metric())).findFirst().orElseThrow();

    /** The fewest rounds a simulated run may have: the fewest with which any candidate confidence gives a bound. */
    public static final int MIN_ROUNDS = 7;

    /**
     * What the synthetic rounds are drawn from.
     *
     * @param aaSd     sd of the A/A's per-round log ratio (from the committed runs: {@code benchmarks/regate --calibrate})
     * @param effect   the claim's true effect over its A/A as a ratio; 1 is a revert
     * @param effectSd sd of the effect's own round-to-round scatter, in log units
     */
    public record Scenario(double aaSd, double effect, double effectSd) {
        public Scenario {
            if (!(aaSd > 0) || !Double.isFinite(aaSd)) {
                throw new IllegalArgumentException("noise " + aaSd + ": the A/A's sd must be a positive number");
            }
            if (!(effect >= 1) || !Double.isFinite(effect)) {
                throw new IllegalArgumentException("effect " + effect + ": must be a ratio of at least 1 (1: a revert)");
            }
            if (!(effectSd >= 0) || !Double.isFinite(effectSd)) {
                throw new IllegalArgumentException("effect scatter " + effectSd + ": must be a number of at least 0");
            }
        }

        public boolean revert() {
            return effect == 1;
        }
    }

    /**
     * How many rounds a trial is judged after.
     *
     * @param first the first look
     * @param last  the last: equal to {@code first} for one look; else two looks (judge at first, stop when both
     *              verdicts are decided, else judge at last)
     */
    public record Looks(int first, int last) {
        public Looks {
            if (first < MIN_ROUNDS || last < first) {
                throw new IllegalArgumentException("rounds " + first + (last == first ? "" : "+" + last) + ": at least "
                        + MIN_ROUNDS + " rounds, the later look not before the first");
            }
        }

        /** "8", or "8+10" for two looks. */
        @Override
        public String toString() {
            return first == last ? Integer.toString(first) : first + "+" + last;
        }

        /** "8" or "8+10". */
        public static Looks parse(String text) {
            String[] parts = text.strip().split("\\+");
            try {
                if (parts.length > 2) {
                    throw new NumberFormatException();
                }
                int first = Integer.parseInt(parts[0]);
                return new Looks(first, parts.length == 1 ? first : Integer.parseInt(parts[1]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("rounds '" + text + "': a count such as 10, or two looks such as 8+10");
            }
        }
    }

    /** Out of {@code trials}: how many read each way. */
    public record Rates(int trials, int holds, int fails, int undecided) {
        public double holdsShare() {
            return (double) holds / trials;
        }

        public double failsShare() {
            return (double) fails / trials;
        }

        public double undecidedShare() {
            return (double) undecided / trials;
        }
    }

    /** The rates of {@code trials} synthetic runs of {@code scenario}, judged at {@code looks} and {@code confidence}. */
    public static Rates rates(Scenario scenario, Looks looks, int trials, long seed, double confidence) {
        if (trials < 1) {
            throw new IllegalArgumentException("trials " + trials + ": at least 1");
        }
        Random random = new Random(seed);
        int holds = 0;
        int fails = 0;
        int undecided = 0;
        double sideSd = scenario.aaSd() / Math.sqrt(2);
        double logEffect = StrictMath.log(scenario.effect());
        for (int t = 0; t < trials; t++) {
            double[] claim = new double[looks.last()];
            double[] aa = new double[looks.last()];
            for (int i = 0; i < looks.last(); i++) {
                double reference = sideSd * random.nextGaussian();
                double aaSubject = sideSd * random.nextGaussian();
                double claimSubject = sideSd * random.nextGaussian() + logEffect
                        + scenario.effectSd() * random.nextGaussian();
                claim[i] = StrictMath.exp(claimSubject - reference);
                aa[i] = StrictMath.exp(aaSubject - reference);
            }
            int code = exit(claim, aa, looks.first(), confidence);
            if (code == 3 && looks.last() > looks.first()) {
                code = exit(claim, aa, looks.last(), confidence);
            }
            switch (code) {
                case 0 -> holds++;
                case 1 -> fails++;
                default -> undecided++;
            }
        }
        return new Rates(trials, holds, fails, undecided);
    }

    /** The exit the judging pass gives the claim and its A/A over their first {@code n} rounds. */
    private static int exit(double[] claim, double[] aa, int n, double confidence) {
        List<Judgment.Case> cases = List.of(new Judgment.Case(CLAIM, rounds(claim, n), null),
                new Judgment.Case(AA, rounds(aa, n), null));
        List<Analysis.Status> statuses = Judgment.judge(cases, confidence).values().stream()
                .map(Judgment.Verdict::status).toList();
        return Judgment.exitCode(List.of(true, true), statuses);
    }

    private static List<Judgment.Round> rounds(double[] ratios, int n) {
        List<Judgment.Round> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new Judgment.Round(i, new double[] {ratios[i]}, Double.NaN));
        }
        return out;
    }

    /** One row of the table: a scenario at some looks, and its rates. */
    public record Row(Scenario scenario, Looks looks, Rates rates) {}

    /**
     * Every combination, in order: each noise level's revert at each looks, then each effect with each scatter.
     * Row {@code i} is seeded {@code seed + i}, so a row's rates do not depend on which rows come before it.
     */
    public static List<Row> table(List<Double> noise, List<Double> effects, List<Double> effectSds, List<Looks> looks,
                                  int trials, long seed, double confidence) {
        List<Row> rows = new ArrayList<>();
        List<Scenario> scenarios = new ArrayList<>();
        for (double sd : noise) {
            for (double effect : effects) {
                if (effect == 1) {
                    scenarios.add(new Scenario(sd, 1, 0));
                    continue;
                }
                for (double scatter : effectSds) {
                    scenarios.add(new Scenario(sd, effect, scatter));
                }
            }
        }
        long i = 0;
        for (Scenario s : scenarios) {
            for (Looks l : looks) {
                rows.add(new Row(s, l, rates(s, l, trials, seed + i++, confidence)));
            }
        }
        return rows;
    }

    /** The rows as a Markdown table: the scenario, the rounds, and the share of each reading in per cent. */
    public static String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder("| A/A sd | effect | effect sd | rounds | HOLDS | FAILS | UNDECIDED |\n"
                + "|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            Scenario s = r.scenario();
            sb.append(String.format(Locale.ROOT, "| %.3f | %s | %s | %s | %s | %s | %s |%n", s.aaSd(),
                    s.revert() ? "1 (revert)" : String.format(Locale.ROOT, "x%.2f", s.effect()),
                    s.revert() ? "-" : String.format(Locale.ROOT, "%.2f", s.effectSd()), r.looks(),
                    percent(r.rates().holdsShare()), percent(r.rates().failsShare()),
                    percent(r.rates().undecidedShare())));
        }
        return sb.toString();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
