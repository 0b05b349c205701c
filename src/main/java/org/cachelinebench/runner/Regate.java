package org.cachelinebench.runner;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.cli.TextTable;
import org.cachelinebench.coherence.unit.ProbeCosts;

/**
 * {@code benchmarks/regate}: the gate of {@code benchmarks/ci} judged again over saved run directories, with the
 * rule of today's code ({@link Judgment}, {@link BaselineGate}) and the committed or a candidate confidence.
 *
 * <p>Three forms:
 * <ul>
 *   <li>{@code regate [--baseline DIR] RUN_DIR...}: every run's gated claims judged within the run, then, with a
 *       baseline, the baseline step. Exit: the worst over the runs (GUIDE's contract: 0, 3, 1, 2 in rising order).</li>
 *   <li>{@code regate --only-baseline --baseline DIR RUN_DIR}: the baseline step alone, the second step of
 *       {@code benchmarks/ci}.</li>
 *   <li>{@code regate --calibrate RUN_DIR...}: the runs (of a good commit) judged at every candidate confidence
 *       ({@link GateRule#CANDIDATES}): how many gated verdicts each gives of each kind, and the strictest at which
 *       every one holds, the rule {@link GateRule#CONFIDENCE} was chosen by. Exit 0, or 2 for unusable input.</li>
 * </ul>
 */
public final class Regate {
    private Regate() {}

    static final String USAGE = """
            usage: benchmarks/regate [--baseline DIR] [--only-baseline | --calibrate | --table | --simulate-runs]
                                     [--confidence C] RUN_DIR...
                   benchmarks/regate --simulate [--noise SD,...] [--effects R,...] [--effect-sd SD,...]
                                     [--rounds N|N+M,...] [--trials N] [--seed S] [--confidence C]
              Judges saved runs again (each RUN_DIR holds summary.json and metadata.json of the paired runner, or
              is a folder of such runs); over several runs a last line counts the whole runs by exit.
              --baseline DIR     also compare each run with its machine's baseline: DIR/<fingerprint>/ of the
                                 per-fingerprint root DIR (results/baseline), or DIR itself when it holds one run;
                                 used only when the fingerprint matches (none matching, a missing DIR: not used,
                                 said in one line; a folder that is not a baseline: ignored, said in one line)
              --only-baseline    only the baseline step, for one RUN_DIR (benchmarks/ci's second step)
              --calibrate        judge the runs (of a good commit) at every candidate confidence and print which
                                 the runs choose; then judge other runs with the choice
              --table            one Markdown row per run: its exit and each gated claim's verdict
              --simulate-runs    the gate's whole-run exits (0, 1, 3) on synthetic runs of every gated claim,
                                 rounds drawn from the given good runs' residuals: a good commit, each fix
                                 undone, the partial revert (--trials N, --seed S; default 1000, 1), stopped
                                 by the runner's rule: --rounds N every set may run (default the ci profile's),
                                 --cap C the last round one undecided set may run on to (default the ci
                                 profile's; N when only --rounds is given)
              --simulate         the gate's judging code on synthetic rounds: how often a claim and its A/A read
                                 HOLDS, FAILS and UNDECIDED (default: two noise levels, four effects)
                --noise          sd of the A/A's per-round log ratio, each > 0
                --effects        the claim's effect over its A/A as a ratio, each >= 1 (1: a revert)
                --effect-sd      sd of the effect's own per-round scatter (log), each >= 0
                --rounds         rounds judged, each >= 7; N+M: judge at N, stop when decided, else at M
                --trials         synthetic runs per row (default 4000); --seed the first row's seed
              --confidence C     a candidate confidence for each one-sided bound, e.g. 0.95 (default: the
                                 committed one, claims.GateRule)
            exit: 0 every gated claim holds and no regression; 1 a gated claim failed, regressed or is missing
                  (not measured); 2 bad input; 3 no verdict (a gated claim undecided or with too few rounds, or a
                  layout check that failed a claim that does not gate)""";

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE)
            .value("baseline").flag("only-baseline").flag("calibrate").flag("table").value("confidence")
            .flag("simulate").flag("simulate-runs").value("noise").value("effects").value("effect-sd").value("rounds").value("trials")
            .value("seed").value("cap");

    /** The simulation docs/ci-gate.md shows: what {@code --simulate} runs without further options. */
    static final List<Double> SIMULATED_NOISE = List.of(0.004, 0.012);
    static final List<Double> SIMULATED_EFFECTS = List.of(1.0, 1.34, 1.65, 2.5);
    static final List<Double> SIMULATED_EFFECT_SDS = List.of(0.05, 0.15, 0.30);
    static final List<GateSimulation.Looks> SIMULATED_LOOKS = List.of(new GateSimulation.Looks(8, 8),
            new GateSimulation.Looks(10, 10), new GateSimulation.Looks(8, 10));
    static final int SIMULATED_TRIALS = 4000;
    static final long SIMULATED_SEED = 1;
    /**
     * The whole-run simulation's default: synthetic runs per commit, judged with the runner's stopping rule and the
     * ci profile's rounds and cap.
     */
    static final int WHOLE_RUN_TRIALS = 1000;
    static final Stopping WHOLE_RUN_STOPPING = Stopping.of(Suite.CI.rounds(), Suite.CI.cap());

    public static void main(String[] args) {
        EntryPoint.exit("regate", () -> run(args, System.out, System.err));
    }

    /** The command without {@code System.exit}: returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine.Parsed p;
        double confidence;
        List<SavedRun> runs = new ArrayList<>();
        SavedRun baseline = null;
        Path baselineRoot = null;
        String baselineMissing = null;
        try {
            p = COMMAND_LINE.parse(args);
            if (p.help()) {
                out.println(USAGE);
                return 0;
            }
            confidence = confidence(p.value("confidence"));
            if (p.value("cap") != null && !p.has("simulate-runs")) {
                throw new IllegalArgumentException("--cap needs --simulate-runs");
            }
            if (p.has("simulate")) {
                if (!p.positional().isEmpty()) {
                    throw new IllegalArgumentException("--simulate takes no RUN_DIR");
                }
                out.print(GateSimulation.markdown(simulate(p, confidence)));
                return 0;
            }
            for (String option : p.has("simulate-runs") ? List.of("noise", "effects", "effect-sd")
                    : List.of("noise", "effects", "effect-sd", "rounds", "trials", "seed")) {
                if (p.value(option) != null) {
                    throw new IllegalArgumentException("--" + option + " needs --simulate");
                }
            }
            if (p.positional().isEmpty()) {
                throw new IllegalArgumentException("no RUN_DIR given (see --help)");
            }
            if (p.has("only-baseline") && p.has("calibrate")) {
                throw new IllegalArgumentException("--only-baseline and --calibrate exclude each other");
            }
            if (p.has("only-baseline") && (p.value("baseline") == null || p.positional().size() != 1)) {
                throw new IllegalArgumentException("--only-baseline needs --baseline DIR and one RUN_DIR");
            }
            for (String dir : p.positional()) {
                for (Path run : runDirs(Path.of(dir))) {
                    runs.add(SavedRun.read(run));
                }
            }
            if (p.value("baseline") != null) {
                baselineRoot = Path.of(p.value("baseline"));
                if (Baselines.isRun(baselineRoot)) {
                    baseline = SavedRun.read(baselineRoot); // one baseline given directly
                } else if (!Files.isDirectory(baselineRoot)) {
                    baselineMissing = "no baseline in " + baselineRoot + " (no " + ResultStore.SUMMARY_JSON + ")";
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("regate: " + e.getMessage());
            return 2;
        }
        if (p.has("calibrate")) {
            out.print(calibrate(runs));
            return 0;
        }
        if (p.has("simulate-runs")) {
            try {
                WholeRunSimulation.Calibration cal = WholeRunSimulation.calibrate(runs);
                int trials = (int) whole(p, "trials", WHOLE_RUN_TRIALS);
                if (trials < 1) {
                    throw new IllegalArgumentException("--trials " + trials + ": at least 1");
                }
                out.print(WholeRunSimulation.markdown(cal, WholeRunSimulation.scenarios(), wholeRunStopping(p), trials,
                        whole(p, "seed", SIMULATED_SEED), confidence));
            } catch (IllegalArgumentException e) {
                err.println("regate: " + e.getMessage());
                return 2;
            }
            return 0;
        }
        if (p.has("table")) {
            out.print(table(runs, confidence));
            return 0;
        }
        int code = 0;
        Map<Integer, Integer> exits = new java.util.TreeMap<>();
        for (SavedRun run : runs) {
            if (!p.has("only-baseline")) {
                out.println(describe(run));
                List<ClaimVerdict> verdicts = judge(run, confidence);
                for (ClaimVerdict v : verdicts) {
                    out.printf(Locale.ROOT, "  %-14s %s: %s%n", label(v.verdict().status()), v.claim().id(),
                            v.verdict().reason());
                }
                int runCode = exitCode(verdicts);
                out.println("  " + verdictLine(verdicts, runCode));
                exits.merge(runCode, 1, Integer::sum);
                code = worst(code, runCode);
            }
            if (p.value("baseline") != null) {
                String indent = p.has("only-baseline") ? "" : "  ";
                BaselineGate.Result r;
                if (baseline != null) {
                    r = BaselineGate.compare(baseline, run, confidence);
                } else if (baselineMissing != null) {
                    r = BaselineGate.notUsed(baselineMissing);
                } else {
                    try {
                        r = fromRoot(baselineRoot, run, confidence, line -> out.println(indent + line));
                    } catch (IllegalArgumentException e) {
                        err.println("regate: " + e.getMessage());
                        return 2;
                    }
                }
                out.println(indent + r.why());
                for (BaselineGate.Comparison c : r.comparisons()) {
                    out.println(indent + "  " + c.line());
                }
                out.println(indent + r.verdict());
                code = worst(code, r.exitCode());
            }
        }
        if (runs.size() > 1 && !exits.isEmpty()) {
            out.println(wholeRuns(exits));
        }
        return code;
    }

    /**
     * "whole runs: 22 of 24 hold (exit 0), 1 failed (exit 1), 1 no verdict (exit 3)": each run's within-run exit,
     * counted, so that the rate of good runs that end undecided can be read off a folder of runs.
     */
    static String wholeRuns(Map<Integer, Integer> exits) {
        int total = exits.values().stream().mapToInt(Integer::intValue).sum();
        return "whole runs: " + exits.getOrDefault(0, 0) + " of " + total + " hold (exit 0), "
                + exits.getOrDefault(1, 0) + " failed (exit 1), " + exits.getOrDefault(3, 0) + " no verdict (exit 3)";
    }

    /**
     * The runs {@code dir} names: its sub-folders that hold a summary.json when it holds none itself (a folder of
     * runs, in name order, one level down); else itself, which {@link SavedRun#read} then checks.
     */
    static List<Path> runDirs(Path dir) {
        if (!Files.isDirectory(dir) || Files.isRegularFile(dir.resolve(ResultStore.SUMMARY_JSON))) {
            return List.of(dir);                        // SavedRun.read names what is wrong with it
        }
        List<Path> out;
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            out = s.filter(d -> Files.isRegularFile(d.resolve(ResultStore.SUMMARY_JSON))).sorted().toList();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(dir + ": cannot list: " + e.getMessage(), e);
        }
        return out.isEmpty() ? List.of(dir) : out;
    }

    /**
     * The baseline step against the root of per-fingerprint baselines ({@link Baselines}): every folder that is not a
     * baseline named in one line to {@code notes}, then the matching baseline's comparison, or the one line that says
     * there is none and which fingerprints the root holds.
     */
    static BaselineGate.Result fromRoot(Path root, SavedRun run, double confidence,
                                        java.util.function.Consumer<String> notes) {
        Baselines.Lookup found = Baselines.find(root, run.metadata().fingerprint());
        found.ignored().forEach(notes);
        if (found.match() == null) {
            return BaselineGate.notUsed(found.why());
        }
        return BaselineGate.compare(SavedRun.read(found.match()), run, confidence);
    }

    /** The simulation's rows from the command line's options, each a list with the defaults of the page. */
    private static List<GateSimulation.Row> simulate(CommandLine.Parsed p, double confidence) {
        List<Double> noise = numbers(p, "noise", SIMULATED_NOISE);
        List<Double> effects = numbers(p, "effects", SIMULATED_EFFECTS);
        List<Double> effectSds = numbers(p, "effect-sd", SIMULATED_EFFECT_SDS);
        List<GateSimulation.Looks> looks = p.value("rounds") == null ? SIMULATED_LOOKS
                : java.util.Arrays.stream(p.value("rounds").split(",")).map(GateSimulation.Looks::parse).toList();
        int trials = (int) whole(p, "trials", SIMULATED_TRIALS);
        long seed = whole(p, "seed", SIMULATED_SEED);
        // Each value checked before any trial runs: a bad one is one line, not a table cut short.
        for (double sd : noise) {
            new GateSimulation.Scenario(sd, 1, 0);
        }
        for (double e : effects) {
            new GateSimulation.Scenario(1, e, 0);
        }
        for (double sd : effectSds) {
            new GateSimulation.Scenario(1, 1, sd);
        }
        if (trials < 1) {
            throw new IllegalArgumentException("--trials " + trials + ": at least 1");
        }
        return GateSimulation.table(noise, effects, effectSds, looks, trials, seed, confidence);
    }

    private static List<Double> numbers(CommandLine.Parsed p, String option, List<Double> defaults) {
        String text = p.value(option);
        if (text == null) {
            return defaults;
        }
        List<Double> out = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                out.add(Double.parseDouble(part.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + option + " " + text + ": '" + part + "' is not a number");
            }
        }
        return out;
    }

    /** The whole-run simulation's stopping rule: --rounds and --cap, else the ci profile's (both at least 7). */
    static Stopping wholeRunStopping(CommandLine.Parsed p) {
        int rounds = (int) whole(p, "rounds", WHOLE_RUN_STOPPING.rounds());
        int cap = (int) whole(p, "cap", p.value("rounds") == null ? WHOLE_RUN_STOPPING.cap() : rounds);
        if (rounds < GateSimulation.MIN_ROUNDS || cap < rounds) {
            throw new IllegalArgumentException("--rounds " + rounds + " --cap " + cap + ": at least "
                    + GateSimulation.MIN_ROUNDS + " rounds, the cap not below them");
        }
        return Stopping.of(rounds, cap);
    }

    private static long whole(CommandLine.Parsed p, String option, long fallback) {
        String text = p.value(option);
        try {
            return text == null ? fallback : Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + option + " " + text + ": not a whole number");
        }
    }

    /**
     * One Markdown row per run: its folder (relative to results/), its exit under today's rule, and each gated
     * claim of today's suite as a short verdict ("holds", "FAILS", "undecided", "not measured", ...).
     */
    static String table(List<SavedRun> runs, double confidence) {
        List<Claim> gated = Suite.COMPARISONS.stream().filter(c -> c.expect().checked()).toList();
        StringBuilder sb = new StringBuilder("| run | exit |");
        gated.forEach(c -> sb.append(' ').append(c.id()).append(" |"));
        sb.append("\n|---|---|").append("---|".repeat(gated.size())).append('\n');
        for (SavedRun run : runs) {
            List<ClaimVerdict> verdicts = judge(run, confidence);
            String dir = run.dir().toString().replace('\\', '/').replaceFirst("^results/", "");
            sb.append("| ").append(dir).append(" | ").append(exitCode(verdicts)).append(" |");
            for (Claim c : gated) {
                Analysis.Status s = verdicts.stream().filter(v -> v.claim().id().equals(c.id())).findFirst()
                        .map(v -> v.verdict().status()).orElseThrow();
                sb.append(' ').append(s == Analysis.Status.FAILS ? "FAILS" : label(s).toLowerCase(Locale.ROOT))
                        .append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** GUIDE's exit statuses by severity: 0 &lt; 3 (no verdict) &lt; 1 (a claim failed) &lt; 2 (our failure). */
    static int worst(int a, int b) {
        List<Integer> order = List.of(0, 3, 1, 2);
        return order.indexOf(a) >= order.indexOf(b) ? a : b;
    }

    private static double confidence(String value) {
        if (value == null) {
            return GateRule.CONFIDENCE;
        }
        double c;
        try {
            c = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--confidence " + value + ": not a number");
        }
        if (!(c > 0.5 && c < 1)) {
            throw new IllegalArgumentException("--confidence " + value + ": must lie between 0.5 and 1, e.g. 0.99");
        }
        return c;
    }

    /** A gated claim of a saved run and its verdict. */
    record ClaimVerdict(Claim claim, Judgment.Verdict verdict) {}

    /**
     * Every claim of {@code run} as the judging pass takes it: the suite's claim of that id when it has one (today's
     * claim), else the claim as the summary recorded it; its rounds; and the layout failure that hit it, from the
     * summary's layout failures.
     */
    static List<Judgment.Case> cases(SavedRun run) {
        List<Judgment.Case> cases = new ArrayList<>();
        List<LayoutFailure> failures = run.summary().layoutFailures() == null ? List.of()
                : run.summary().layoutFailures();
        for (Summary.Entry e : run.summary().comparisons()) {
            Claim c = claimOf(e);
            List<LayoutFailure> hit = failures.stream().filter(f -> f.hits(c)).toList();
            String layout = hit.isEmpty() ? null : hit.get(0).reason() + " (" + hit.get(0).variant() + ")";
            cases.add(new Judgment.Case(c, e.measured() ? run.rounds(e) : List.of(), layout));
        }
        return cases;
    }

    /** The claim behind a summary entry: the suite's of that id, else the claim as the summary recorded it. */
    static Claim claimOf(Summary.Entry e) {
        Claim c = Suite.claim(e.id());
        if (c != null) {
            return c;
        }
        Expect x = new Expect(Expect.Direction.valueOf(e.direction()), e.checked());
        return Claim.INTERLEAVED.equals(e.metric())
                ? Claim.interleaved(e.set(), Suite.INTERLEAVED_VARIANT, e.subject(), e.reference(), x, e.claim())
                : new Claim(e.set(), e.subject(), e.reference(), e.metric(), x, e.claim());
    }

    /**
     * The gated claims of {@code run}, and any a layout check failed, with their verdicts, in the summary's order;
     * then every gated claim of today's suite the run did not measure, NOT_MEASURED.
     */
    static List<ClaimVerdict> judge(SavedRun run, double confidence) {
        List<Judgment.Case> cases = cases(run);
        Map<String, Judgment.Verdict> verdicts = Judgment.judge(cases, confidence, bounds(run, cases));
        List<ClaimVerdict> out = new ArrayList<>();
        for (Judgment.Case k : cases) {
            boolean gated = k.claim().expect().checked();
            if ((gated && !k.rounds().isEmpty()) || k.layoutFailure() != null) {
                out.add(new ClaimVerdict(k.claim(), verdicts.get(k.claim().id())));
            }
        }
        Judgment.notMeasured(cases).forEach((c, v) -> out.add(new ClaimVerdict(c, v)));
        return out;
    }

    /**
     * The model's lower bounds ({@link MechanismBound}, named in the verdict lines, deciding nothing) for {@code run}:
     * its probes from its runs.json (none: no bound), each claim's reference in floors from its summary entry.
     */
    static Map<String, MechanismBound.Bound> bounds(SavedRun run, List<Judgment.Case> cases) {
        if (cases.stream().noneMatch(c -> MechanismBound.of(c.claim().id()) != null)) {
            return Map.of();
        }
        Map<String, Summary.Entry> entries = new java.util.HashMap<>();
        run.summary().comparisons().forEach(e -> entries.put(e.id(), e));
        ProbeCosts probes;
        try {
            probes = UnitPredictions.RunCosts.of(run.dir()).probes();
        } catch (IllegalArgumentException e) {
            probes = null;                              // an unreadable runs.json has no probes to price with
        }
        return MechanismBound.of(cases, probes, id -> {
            Summary.Entry e = entries.get(id);
            return e == null || e.referenceScore() == null || e.floorNanos() == null ? Double.NaN
                    : e.referenceScore() / e.floorNanos();
        });
    }

    /** A run's exit status from its verdicts: 1 a claim failed or is missing, 3 one has no verdict, else 0. */
    static int exitCode(List<ClaimVerdict> verdicts) {
        return Judgment.exitCode(verdicts.stream().map(v -> v.claim().expect().checked()).toList(),
                verdicts.stream().map(v -> v.verdict().status()).toList());
    }

    /**
     * "verdict: 9 holds" / "verdict: FAILED, 1 fails, 8 holds" / "no verdict: 2 undecided, 7 holds" / "verdict:
     * FAILED, 10 not measured (no gated claim in this run)".
     */
    static String verdictLine(List<ClaimVerdict> verdicts, int code) {
        Map<Analysis.Status, Integer> n = new EnumMap<>(Analysis.Status.class);
        verdicts.stream().filter(v -> v.claim().expect().checked())
                .forEach(v -> n.merge(v.verdict().status(), 1, Integer::sum));
        long ungated = verdicts.stream().filter(v -> !v.claim().expect().checked()).count();
        String layout = ungated == 0 ? "" : "; " + ungated + " claim" + (ungated == 1 ? "" : "s")
                + " that do" + (ungated == 1 ? "es" : "") + " not gate failed a layout check";
        if (verdicts.stream().allMatch(v -> !v.claim().expect().checked()
                || v.verdict().status() == Analysis.Status.NOT_MEASURED)) {
            return "verdict: FAILED, " + n.getOrDefault(Analysis.Status.NOT_MEASURED, 0)
                    + " not measured (no gated claim in this run)" + layout;
        }
        List<String> parts = new ArrayList<>();
        n.forEach((s, k) -> parts.add(k + " " + label(s).toLowerCase(Locale.ROOT)));
        return (code == 0 ? "verdict: " : code == 1 ? "verdict: FAILED, " : "no verdict: ") + String.join(", ", parts)
                + layout;
    }

    static String label(Analysis.Status s) {
        return switch (s) {
            case NOT_JUDGED -> "NOT JUDGED";
            case TOO_FEW_ROUNDS -> "TOO FEW ROUNDS";
            case NOT_MEASURED -> "NOT MEASURED";
            default -> s.name();
        };
    }

    /** "run DIR: profile ci, 20 rounds from 2026-..., commit 0123abc, far 2/near 8". */
    static String describe(SavedRun run) {
        Summary s = run.summary();
        String commit = run.commit();
        double[] floors = new double[s.rounds()];
        for (int r = 0; r < floors.length; r++) {
            floors[r] = run.roundFloors().getOrDefault(r, Double.NaN);
        }
        return "run " + run.dir() + ": profile " + s.profile() + ", " + s.rounds() + " rounds from " + s.started()
                + ", commit " + (commit.length() > 12 ? commit.substring(0, 12) : commit) + ", "
                + org.cachelinebench.claims.MachineState.mix(floors,
                org.cachelinebench.claims.MachineState.split(run.roundFloors().values()));
    }

    // --- calibration ------------------------------------------------------------------------------------------

    /**
     * The strictest candidate confidence at which every gated claim of every run holds; the weakest when none
     * does. Runs of a good commit: every other verdict would be a false alarm or a missed verdict.
     */
    static double choose(List<SavedRun> runs) {
        double chosen = GateRule.CANDIDATES.get(0);
        for (double c : GateRule.CANDIDATES) {
            double level = c;
            boolean all = runs.stream().allMatch(r -> measuredGated(judge(r, level)).stream()
                    .allMatch(v -> v.verdict().status() == Analysis.Status.HOLDS));
            if (all) {
                chosen = c;
            }
        }
        return chosen;
    }

    /** The calibration report: per candidate confidence, each run's gated verdicts by kind; then the choice. */
    static String calibrate(List<SavedRun> runs) {
        StringBuilder sb = new StringBuilder();
        sb.append("calibration over ").append(runs.size()).append(" run").append(runs.size() == 1 ? "" : "s")
                .append(" (of a good commit: every gated claim should hold)\n");
        List<String> header = new ArrayList<>(List.of("confidence", "min rounds"));
        for (int i = 0; i < runs.size(); i++) {
            header.add("run " + (i + 1));
        }
        header.add("all hold");
        TextTable table = new TextTable(header.toArray(String[]::new));
        for (double c : GateRule.CANDIDATES) {
            List<String> cells = new ArrayList<>(List.of(Judgment.percent(c), Integer.toString(SignedRank.minRounds(c))));
            boolean all = true;
            for (SavedRun r : runs) {
                List<ClaimVerdict> vs = measuredGated(judge(r, c));
                long held = vs.stream().filter(v -> v.verdict().status() == Analysis.Status.HOLDS).count();
                all &= held == vs.size();
                cells.add(held + "/" + vs.size() + (held == vs.size() ? "" : " " + notHeld(vs)));
            }
            cells.add(all ? "yes" : "no");
            table.add(cells.toArray(String[]::new));
        }
        for (int i = 0; i < runs.size(); i++) {
            sb.append(String.format(Locale.ROOT, "  run %d: %s%n", i + 1, runs.get(i).dir()));
        }
        sb.append(table);
        double chosen = choose(runs);
        sb.append(String.format(Locale.ROOT, "chosen: %s, the strictest candidate at which every gated claim of every"
                + " run holds (committed: %s)%n", Judgment.percent(chosen), Judgment.percent(GateRule.CONFIDENCE)));
        return sb.toString();
    }

    /** The gated verdicts of claims the run measured: a claim a run lacks is no evidence either way. */
    private static List<ClaimVerdict> measuredGated(List<ClaimVerdict> verdicts) {
        return verdicts.stream().filter(v -> v.claim().expect().checked()
                && v.verdict().status() != Analysis.Status.NOT_MEASURED).toList();
    }

    private static String notHeld(List<ClaimVerdict> vs) {
        Set<String> out = new java.util.TreeSet<>();
        vs.stream().filter(v -> v.verdict().status() != Analysis.Status.HOLDS)
                .forEach(v -> out.add(v.claim().id() + " " + label(v.verdict().status()).toLowerCase(Locale.ROOT)));
        return "(" + String.join("; ", out) + ")";
    }
}
