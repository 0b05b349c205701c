package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;

/**
 * The gate's operating characteristic per whole run: its own judging code ({@link Judgment}) on synthetic runs of
 * every gated claim at once, with rounds drawn from committed good runs, and how often a run exits 0, 1 or 3.
 *
 * <p>Calibration: for each gated set, every round of a good run that measured all the set's gated claims gives one
 * residual vector, each claim's log value in that round minus the run's median for it; the vector keeps the claims
 * of one round together (they share its reference and its machine), and a wild round stays wild. Each claim's centre
 * is the median over those runs of its runs' medians. A synthetic run draws, per set and round, one vector from the
 * pool of every calibration run's rounds, with replacement, and adds the centres. Why the pool and not one run's
 * rounds redrawn: 8 to 10 rounds drawn with replacement repeat values, and a median absolute deviation of repeated
 * values shrinks toward 0, which would narrow the A/A's margin by construction; the pool mixes quiet and busy runs'
 * rounds in one synthetic run, so it errs toward more spread, not less. A scenario moves
 * centres: a fix undone makes a directional claim an A/A pair (its subject becomes the reference: the A/A's centre,
 * and the A/A's residual of another round drawn from the pool); a partial revert moves the peer claim's centre by
 * a factor. Each synthetic run
 * is judged as {@code benchmarks/ci} judges, by the runner's own stopping rule ({@link Stopping}): at each look a set
 * whose gated claims are decided runs no more rounds, the floor set runs while any set runs, and past the profile's
 * rounds one undecided set besides the floor set may run on to the cap; each claim is judged on its set's rounds.
 * Seeded: the same runs and arguments give the same rates.
 */
public final class WholeRunSimulation {
    private WholeRunSimulation() {}

    /** The gated claims of today's suite, in suite order. */
    static final List<Claim> GATED = Suite.COMPARISONS.stream().filter(c -> c.expect().checked()).toList();

    /** The peer claim: two layouts that make one fix. */
    static final Claim PEER = GATED.stream().filter(c -> c.expect().peer()).findFirst().orElseThrow();

    /**
     * What the synthetic rounds are drawn from.
     *
     * @param centres   each gated claim's centre, a log ratio, by id
     * @param residuals per set, per calibration run that measured it, one map (claim id to residual) per round
     * @param runs      how many calibration runs gave rounds
     */
    public record Calibration(Map<String, Double> centres, Map<String, List<List<Map<String, Double>>>> residuals,
                              int runs) {}

    /**
     * The calibration from good runs.
     *
     * @throws IllegalArgumentException when no run measured every gated claim of some set
     */
    public static Calibration calibrate(List<SavedRun> good) {
        Map<String, List<Double>> medians = new LinkedHashMap<>();
        Map<String, List<List<Map<String, Double>>>> residuals = new TreeMap<>();
        for (SavedRun run : good) {
            Map<String, Map<Integer, Double>> byClaim = new LinkedHashMap<>();
            for (Judgment.Case c : Regate.cases(run)) {
                if (c.claim().expect().checked() && !c.rounds().isEmpty() && c.layoutFailure() == null) {
                    Map<Integer, Double> rounds = new TreeMap<>();
                    c.rounds().forEach(r -> rounds.put(r.round(), r.logValue()));
                    byClaim.put(c.claim().id(), rounds);
                }
            }
            for (String set : sets()) {
                List<Claim> claims = GATED.stream().filter(c -> c.set().equals(set)).toList();
                if (!claims.stream().allMatch(c -> byClaim.containsKey(c.id()))) {
                    continue;
                }
                Map<String, Double> median = new LinkedHashMap<>();
                for (Claim c : claims) {
                    double[] v = byClaim.get(c.id()).values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
                    median.put(c.id(), SignedRank.median(v));
                    medians.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(median.get(c.id()));
                }
                List<Map<String, Double>> rounds = new ArrayList<>();
                for (int round : byClaim.get(claims.get(0).id()).keySet()) {
                    Map<String, Double> vector = new LinkedHashMap<>();
                    for (Claim c : claims) {
                        Double v = byClaim.get(c.id()).get(round);
                        if (v == null) {
                            vector = null;
                            break;
                        }
                        vector.put(c.id(), v - median.get(c.id()));
                    }
                    if (vector != null) {
                        rounds.add(vector);
                    }
                }
                residuals.computeIfAbsent(set, k -> new ArrayList<>()).add(rounds);
            }
        }
        for (String set : sets()) {
            if (!residuals.containsKey(set)) {
                throw new IllegalArgumentException("no good run among the " + good.size() + " given measured every gated"
                        + " claim of " + set);
            }
        }
        Map<String, Double> centres = new LinkedHashMap<>();
        medians.forEach((id, m) -> centres.put(id, SignedRank.median(m.stream().mapToDouble(Double::doubleValue)
                .sorted().toArray())));
        return new Calibration(centres, residuals, good.size());
    }

    /** The sets of the gated claims, in suite order. */
    static List<String> sets() {
        return GATED.stream().map(Claim::set).distinct().toList();
    }

    /**
     * What the commit under test is.
     *
     * @param name     "good", "undone CLAIM", "peer xF"
     * @param undone   the directional claim whose fix is undone (its centre on its A/A's), or null
     * @param peerMove the factor the peer claim's centre moves by (1: unmoved)
     */
    public record Scenario(String name, String undone, double peerMove) {
        public static Scenario good() {
            return new Scenario("good commit", null, 1);
        }

        public static Scenario undo(Claim c) {
            return new Scenario("fix undone: " + c.id(), c.id(), 1);
        }

        public static Scenario partial(double factor) {
            return new Scenario(String.format(Locale.ROOT, "partial revert: peer x%.2f", factor), null, factor);
        }

        public boolean revert() {
            return undone != null || peerMove != 1;
        }
    }

    /** The scenarios the page shows: the good commit, each directional gated claim undone alone, the partial revert. */
    public static List<Scenario> scenarios() {
        List<Scenario> out = new ArrayList<>(List.of(Scenario.good()));
        GATED.stream().filter(c -> c.expect().directional()).forEach(c -> out.add(Scenario.undo(c)));
        out.add(Scenario.partial(0.90));
        return out;
    }

    /** Out of {@code trials} whole runs: how many exit 0, 1 and 3. */
    public record Rates(int trials, int pass, int fail, int undecided) {}

    /**
     * The whole-run exits of {@code trials} synthetic runs of {@code scenario}, each set's rounds run and stopped as
     * {@code rule} runs and stops them.
     */
    public static Rates rates(Calibration cal, Scenario scenario, Stopping rule, int trials, long seed,
                              double confidence) {
        Map<String, Double> centres = new LinkedHashMap<>(cal.centres());
        centres.put(PEER.id(), centres.get(PEER.id()) + Math.log(scenario.peerMove()));
        Random random = new Random(seed);
        int[] n = new int[4];
        String undoneAa = scenario.undone() == null ? null : aaOf(Suite.claim(scenario.undone())).id();
        for (int t = 0; t < trials; t++) {
            Map<String, double[]> values = new LinkedHashMap<>();
            for (Map.Entry<String, List<List<Map<String, Double>>>> set : cal.residuals().entrySet()) {
                List<Map<String, Double>> run = set.getValue().stream().flatMap(List::stream).toList();
                for (int i = 0; i < rule.cap(); i++) {
                    Map<String, Double> v = run.get(random.nextInt(run.size()));
                    int round = i;
                    v.forEach((id, r) -> values.computeIfAbsent(id, k -> new double[rule.cap()])[round]
                            = centres.get(id) + r);
                    if (scenario.undone() != null && v.containsKey(scenario.undone())) {
                        double aaResidual = run.get(random.nextInt(run.size())).get(undoneAa);
                        values.get(scenario.undone())[round] = centres.get(undoneAa) + aaResidual;
                    }
                }
            }
            n[exit(values, rule, confidence)]++;
        }
        return new Rates(trials, n[0], n[1], n[3]);
    }

    private static Claim aaOf(Claim c) {
        return GATED.stream().filter(a -> a.expect().aaControl() && a.set().equals(c.set())
                && a.metric().equals(c.metric())).findFirst().orElseThrow();
    }

    /**
     * The run's exit where the runner stops: every set runs the rounds {@code rule} gives it, each look judges every
     * gated claim on its set's rounds so far, and the look at which {@code rule} stops the run gives the exit.
     */
    static int exit(Map<String, double[]> values, Stopping rule, double confidence) {
        List<String> running = sets();
        Set<String> gating = new LinkedHashSet<>(running);
        Map<String, Integer> rounds = new LinkedHashMap<>();
        Map<String, Judgment.Verdict> verdicts = new LinkedHashMap<>();
        for (int done = 1; ; done++) {
            running.forEach(s -> rounds.merge(s, 1, Integer::sum));
            Set<String> open = new LinkedHashSet<>();
            if (rule.look(done)) {
                // A stopped set's claims keep the verdict they stopped with: its rounds no longer change.
                verdicts.putAll(verdicts(values, rounds, running, confidence));
                verdicts.forEach((id, v) -> {
                    if (!v.decided()) {
                        open.add(Suite.claim(id).set());
                    }
                });
            }
            List<String> next = rule.next(done, running, gating, open);
            if (next.isEmpty()) {
                return exitCode(List.copyOf(verdicts.values()));     // the rule stops only at a look
            }
            running = next;
        }
    }

    private static int exitCode(List<Judgment.Verdict> verdicts) {
        return Judgment.exitCode(verdicts.stream().map(v -> true).toList(),
                verdicts.stream().map(Judgment.Verdict::status).toList());
    }

    /**
     * The verdicts of the gated claims of the {@code sets} given, by claim id, each on the first rounds its set ran;
     * each claim is judged against its own set's A/A, so the other sets' claims are not needed.
     */
    private static Map<String, Judgment.Verdict> verdicts(Map<String, double[]> values, Map<String, Integer> rounds,
                                                          List<String> sets, double confidence) {
        List<Judgment.Case> cases = new ArrayList<>();
        for (Claim c : GATED) {
            if (!sets.contains(c.set())) {
                continue;
            }
            double[] v = values.get(c.id());
            List<Judgment.Round> out = new ArrayList<>();
            for (int i = 0; i < rounds.getOrDefault(c.set(), 0); i++) {
                out.add(new Judgment.Round(i, new double[] {Math.exp(v[i])}, Double.NaN));
            }
            cases.add(new Judgment.Case(c, out, null));
        }
        return Judgment.judge(cases, confidence);
    }

    /** The Markdown table's header lines. */
    static final String HEADER = "| commit | whole runs | exit 0 (pass) | exit 1 (fail) | exit 3 (no verdict) |\n"
            + "|---|---|---|---|---|\n";

    /** The scenarios' rates as a Markdown table, each row seeded {@code seed + its index}. */
    public static String markdown(Calibration cal, List<Scenario> scenarios, Stopping rule, int trials,
                                  long seed, double confidence) {
        StringBuilder sb = new StringBuilder(HEADER);
        for (int i = 0; i < scenarios.size(); i++) {
            sb.append(row(scenarios.get(i), rates(cal, scenarios.get(i), rule, trials, seed + i, confidence)));
        }
        return sb.toString();
    }

    /** One row of the table. */
    static String row(Scenario scenario, Rates r) {
        return String.format(Locale.ROOT, "| %s | %d | %s | %s | %s |%n", scenario.name(), r.trials(),
                percent(r.pass(), r.trials()), percent(r.fail(), r.trials()), percent(r.undecided(), r.trials()));
    }

    private static String percent(int k, int n) {
        return String.format(Locale.ROOT, "%.2f %%", 100.0 * k / n);
    }
}
