package org.cachelinebench.runner;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateThresholds;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.cli.TextTable;
import org.cachelinebench.harness.LayoutCheck;

/**
 * {@code benchmarks/regate}: the gate of {@code benchmarks/ci} judged again over saved run directories, so that
 * thresholds can be chosen on one set of runs and judged on another, and the verdicts of committed runs can be
 * recomputed with today's thresholds.
 *
 * <p>Three forms:
 * <ul>
 *   <li>{@code regate [--baseline DIR] RUN_DIR...}: every run's gated claims judged within the run
 *       ({@link Judgment}, as the runner judges them), then, with a baseline, the baseline step
 *       ({@link BaselineGate}). Exit 0 all hold, 1 a claim failed or regressed, 2 unusable input.</li>
 *   <li>{@code regate --only-baseline --baseline DIR RUN_DIR}: the baseline step alone, the second step of
 *       {@code benchmarks/ci} (its first, the paired runner, judged the claims).</li>
 *   <li>{@code regate --calibrate [--baseline DIR] RUN_DIR...}: per gated claim and state, each run's median and
 *       rounds, the A/A medians of the same runs, the largest |d| between any two runs, the thresholds those runs
 *       would need, and how many runs the (candidate) thresholds would fail: false alarms when the runs are of a
 *       good commit. Exit 0, or 2 for unusable input.</li>
 * </ul>
 * Candidate thresholds ({@code --min-effect}, {@code --aa-tolerance-forks}, {@code --aa-tolerance-interleaved},
 * {@code --baseline-tolerance}, {@code --split}) replace the committed ones ({@link Thresholds}) in every form.
 */
public final class Regate {
    private Regate() {}

    static final String USAGE = """
            usage: benchmarks/regate [--baseline DIR] [--only-baseline | --calibrate] [candidate thresholds] RUN_DIR...
              Judges saved runs again (each RUN_DIR holds summary.json and metadata.json of the paired runner).
              --baseline DIR              also compare each run with this baseline, where their machine
                                          fingerprints match (a missing DIR: not used, said in one line)
              --only-baseline             only the baseline step, for one RUN_DIR (benchmarks/ci's second step)
              --calibrate                 print the calibration table instead of verdicts: per gated claim and
                                          state, each run's median (rounds), the A/A medians, the largest |d|
                                          between two runs, the thresholds the runs need, and how many runs the
                                          thresholds would fail
            candidate thresholds (default: each claim's committed value, claims.GateThresholds):
              --min-effect X              minimum effect of every gated claim with a direction, e.g. 1.15
              --aa-tolerance-forks X      tolerance of the A/A controls formed from forks (pcpu_chunk)
              --aa-tolerance-interleaved X  tolerance of the A/A controls of interleaved sets (csd)
              --baseline-tolerance T      T against the baseline in log space, e.g. 0.5 (ln 2 = 0.693)
              --split NS                  floor in ns below which a round is near, else far
            exit: 0 every claim holds and no regression (--calibrate: 0), 1 a claim failed or regressed,
                  2 bad input""";

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE)
            .value("baseline").flag("only-baseline").flag("calibrate").value("min-effect")
            .value("aa-tolerance-forks").value("aa-tolerance-interleaved").value("baseline-tolerance").value("split");

    public static void main(String[] args) {
        EntryPoint.exit("regate", () -> run(args, System.out, System.err));
    }

    /** The command without {@code System.exit}: returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine.Parsed p;
        Thresholds thresholds;
        List<SavedRun> runs = new ArrayList<>();
        SavedRun baseline = null;
        String baselineMissing = null;
        try {
            p = COMMAND_LINE.parse(args);
            if (p.help()) {
                out.println(USAGE);
                return 0;
            }
            thresholds = new Thresholds(above(p, "min-effect", 1), above(p, "aa-tolerance-forks", 1),
                    above(p, "aa-tolerance-interleaved", 1), above(p, "baseline-tolerance", 0), above(p, "split", 0));
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
                runs.add(SavedRun.read(Path.of(dir)));
            }
            if (p.value("baseline") != null) {
                Path dir = Path.of(p.value("baseline"));
                if (!Files.isRegularFile(dir.resolve(ResultStore.SUMMARY_JSON))) {
                    baselineMissing = "no baseline in " + dir + " (no " + ResultStore.SUMMARY_JSON + ")";
                } else {
                    baseline = SavedRun.read(dir);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("regate: " + e.getMessage());
            return 2;
        }
        if (p.has("calibrate")) {
            out.print(calibrate(runs, baseline, thresholds));
            return 0;
        }
        int code = 0;
        for (SavedRun run : runs) {
            if (!p.has("only-baseline")) {
                out.println(describe(run, thresholds.splitNanos()));
                List<ClaimVerdict> verdicts = judge(run, thresholds);
                for (ClaimVerdict v : verdicts) {
                    out.printf(Locale.ROOT, "  %-14s %s: %s%n", label(v.verdict().status()), v.claim().id(),
                            v.verdict().reason());
                }
                if (verdicts.stream().anyMatch(v -> v.verdict().status() == Analysis.Status.FAILS)) {
                    code = 1;
                }
            }
            if (p.value("baseline") != null) {
                BaselineGate.Result r = baseline == null ? BaselineGate.notUsed(baselineMissing)
                        : BaselineGate.compare(baseline, run, thresholds);
                String indent = p.has("only-baseline") ? "" : "  ";
                out.println(indent + r.why());
                for (BaselineGate.Comparison c : r.comparisons()) {
                    out.println(indent + "  " + c.line());
                }
                out.println(indent + r.verdict());
                code = Math.max(code, r.exitCode());
            }
        }
        return code;
    }

    /** A gated claim of a saved run and its verdict under some thresholds. */
    record ClaimVerdict(Claim claim, Judgment.Verdict verdict) {}

    /**
     * The gated claims of {@code run} judged within the run under {@code thresholds}, in the summary's order. A
     * claim that failed because a variant it uses failed its layout check keeps that failure: nothing measured it
     * that a threshold could judge again.
     */
    static List<ClaimVerdict> judge(SavedRun run, Thresholds thresholds) {
        List<Claim> claims = new ArrayList<>();
        Map<String, Judgment.Verdict> byId = new HashMap<>();
        for (Summary.Entry e : run.summary().comparisons()) {
            Claim c = thresholds.claim(e);
            boolean layout = e.reason() != null && e.reason().startsWith(LayoutCheck.MARKER);
            if (!c.expect().checked() && !layout) {
                continue;
            }
            Judgment.Verdict v = layout ? new Judgment.Verdict(Analysis.Status.FAILS, e.reason(), Double.NaN, 0,
                    e.states() == null ? Judgment.NO_FLOOR : e.states())
                    : Judgment.judge(c, c.expect(), run.rounds(e), thresholds.splitNanos());
            claims.add(c);
            byId.put(c.id(), v);
        }
        List<ClaimVerdict> out = new ArrayList<>();
        for (Claim c : claims) {
            Judgment.Verdict v = byId.get(c.id());
            if (v.status() == Analysis.Status.FAILS && c.expect().directional() && !v.reason().startsWith(LayoutCheck.MARKER)) {
                v = new Judgment.Verdict(v.status(), v.reason() + Judgment.aaContext(c, claims, byId::get), v.median(),
                        v.rounds(), v.states());
            }
            out.add(new ClaimVerdict(c, v));
        }
        return out;
    }

    private static String label(Analysis.Status s) {
        return s == Analysis.Status.NOT_JUDGED ? "NOT JUDGED" : s.name();
    }

    /** "run DIR: profile ci, 10 rounds from 2026-..., commit 0123abc, far 8/near 2". */
    static String describe(SavedRun run, double split) {
        Summary s = run.summary();
        String commit = run.commit();
        return "run " + run.dir() + ": profile " + s.profile() + ", " + s.rounds() + " rounds from " + s.started()
                + ", commit " + (commit.length() > 12 ? commit.substring(0, 12) : commit) + ", "
                + runStates(run, split);
    }

    /** The run's state mix over all its rounds. */
    static String runStates(SavedRun run, double split) {
        List<Judgment.Round> rounds = new ArrayList<>();
        for (int r = 0; r < run.summary().rounds(); r++) {
            rounds.add(new Judgment.Round(r, new double[0], run.roundFloors().getOrDefault(r, Double.NaN)));
        }
        return Judgment.states(rounds, split);
    }

    // --- calibration ------------------------------------------------------------------------------------------

    /** A row of the calibration table: all rounds the claim judges, or the rounds of one state. */
    private record Row(String label, boolean all, MachineState state) {}

    /** The calibration report (see the class comment). */
    static String calibrate(List<SavedRun> runs, SavedRun baseline, Thresholds t) {
        double split = t.splitNanos();
        StringBuilder sb = new StringBuilder();
        sb.append("calibration over ").append(runs.size()).append(" run").append(runs.size() == 1 ? "" : "s")
                .append("; thresholds: ").append(t.describe()).append('\n');
        Fingerprint first = runs.get(0).metadata().fingerprint();
        for (int i = 0; i < runs.size(); i++) {
            SavedRun r = runs.get(i);
            Fingerprint f = r.metadata().fingerprint();
            String machine = f == null ? "no fingerprint" : first == null ? "" : first.differences(f).isEmpty()
                    ? "same machine as run 1" : "machine differs from run 1: " + String.join("; ", first.differences(f));
            sb.append(String.format(Locale.ROOT, "  run %d: %s (%s rounds, %s; %s)%n", i + 1, r.dir(),
                    r.summary().rounds(), runStates(r, split), machine));
        }
        if (baseline != null) {
            sb.append("  baseline: ").append(baseline.dir()).append(" (").append(runStates(baseline, split))
                    .append(")\n");
        }
        // The gated claims of every run, in the order they first appear.
        Map<String, Claim> claims = new LinkedHashMap<>();
        for (SavedRun r : runs) {
            for (Summary.Entry e : r.summary().comparisons()) {
                Claim c = t.claim(e);
                if (c.expect().checked()) {
                    claims.putIfAbsent(c.id(), c);
                }
            }
        }
        List<List<ClaimVerdict>> verdicts = runs.stream().map(r -> judge(r, t)).toList();
        for (Claim c : claims.values()) {
            sb.append('\n').append(c.id()).append(": ").append(c.expect().direction()).append(", gate median ")
                    .append(c.expect().rule());
            if (c.expect().directional()) {
                sb.append(String.format(Locale.ROOT, ", baseline T %.3f", c.expect().baselineTolerance()));
            }
            if (!c.expect().blindIn().isEmpty()) {
                sb.append(", blind in ").append(c.expect().blindIn().stream().map(MachineState::label).toList());
            }
            Claim aa = aaOf(c, claims.values());
            sb.append(aa == null ? "" : "; A/A: " + aa.id()).append('\n');
            sb.append(table(c, aa, runs, verdicts, baseline, split));
        }
        return sb.toString();
    }

    private static Claim aaOf(Claim c, Iterable<Claim> claims) {
        if (c.expect().aaControl()) {
            return null;
        }
        for (Claim a : claims) {
            if (a.expect().aaControl() && a.set().equals(c.set()) && a.metric().equals(c.metric())) {
                return a;
            }
        }
        return null;
    }

    private static String table(Claim c, Claim aa, List<SavedRun> runs, List<List<ClaimVerdict>> verdicts,
                                SavedRun baseline, double split) {
        List<String> header = new ArrayList<>(List.of("state"));
        for (int i = 0; i < runs.size(); i++) {
            header.add("run " + (i + 1));
        }
        header.addAll(List.of("A/A medians", "max |d|", "needs", "false alarms"));
        TextTable table = new TextTable(header.toArray(String[]::new));
        int[] right = new int[runs.size()];
        for (int i = 0; i < right.length; i++) {
            right[i] = i + 1;
        }
        table.alignRight(right);
        List<Row> rows = new ArrayList<>(List.of(new Row("all", true, null), new Row("far", false, MachineState.FAR),
                new Row("near", false, MachineState.NEAR)));
        if (runs.stream().anyMatch(r -> r.summary().rounds() > 0 && r.roundFloors().size() < r.summary().rounds())) {
            rows.add(new Row("no floor", false, null));
        }
        for (Row row : rows) {
            double[] medians = new double[runs.size()];
            int[] counts = new int[runs.size()];
            List<String> cells = new ArrayList<>(List.of(row.label()));
            List<String> aaCells = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                List<Judgment.Round> rounds = rows(runs.get(i), c, row, split);
                counts[i] = rounds.size();
                medians[i] = rounds.isEmpty() ? Double.NaN : Judgment.median(rounds);
                cells.add(rounds.isEmpty() ? "-" : String.format(Locale.ROOT, "%.3f (%d)", medians[i], counts[i]));
                if (aa != null) {
                    List<Judgment.Round> a = rows(runs.get(i), aa, row, split);
                    aaCells.add(a.isEmpty() ? "-" : String.format(Locale.ROOT, "%.3f", Judgment.median(a)));
                }
            }
            if (Arrays.stream(counts).allMatch(n -> n == 0)) {
                continue;
            }
            int needed = row.all() ? Analysis.MIN_ROUNDS : GateThresholds.MIN_ROUNDS_PER_STATE;
            cells.add(String.join(" ", aaCells));
            double maxD = maxD(medians, counts, needed);
            cells.add(Double.isNaN(maxD) ? "-" : String.format(Locale.ROOT, "%.3f", maxD));
            cells.add(needs(c.expect(), medians, counts, Analysis.MIN_ROUNDS, row.all() ? Double.NaN : maxD));
            cells.add(falseAlarms(c, row, runs, verdicts, medians, counts, baseline, split));
            table.add(cells.toArray(String[]::new));
        }
        return table.toString();
    }

    /** The rounds of {@code c} in {@code run} that {@code row} looks at (the claim's blind states left out of all). */
    private static List<Judgment.Round> rows(SavedRun run, Claim c, Row row, double split) {
        Summary.Entry e = run.entry(c.id());
        if (e == null || !e.measured()) {
            return List.of();
        }
        List<Judgment.Round> rounds = run.rounds(e);
        if (row.all()) {
            return rounds.stream().filter(r -> r.state(split) == null || !c.expect().blindIn().contains(r.state(split)))
                    .toList();
        }
        return Judgment.inState(rounds, row.state(), split);
    }

    /** The largest |ln(m_i / m_j)| over two runs with at least {@code needed} rounds each; NaN with fewer than two. */
    private static double maxD(double[] medians, int[] counts, int needed) {
        double max = Double.NaN;
        for (int i = 0; i < medians.length; i++) {
            for (int j = i + 1; j < medians.length; j++) {
                if (counts[i] >= needed && counts[j] >= needed) {
                    double d = Math.abs(Math.log(medians[i] / medians[j]));
                    max = Double.isNaN(max) ? d : Math.max(max, d);
                }
            }
        }
        return max;
    }

    /**
     * The thresholds under which every run with enough rounds would hold: a minimum effect no larger than the
     * weakest run's median, an A/A tolerance no smaller than the farthest run's distance from 1, and T above the
     * largest |d| between two runs.
     */
    private static String needs(Expect x, double[] medians, int[] counts, int needed, double maxD) {
        double worst = Double.NaN;
        for (int i = 0; i < medians.length; i++) {
            if (counts[i] < needed) {
                continue;
            }
            double m = medians[i];
            double need = switch (x.direction()) {
                case SLOWER -> m;
                case FASTER -> 1 / m;
                case SIMILAR -> Math.max(m, 1 / m);
            };
            worst = Double.isNaN(worst) ? need : x.aaControl() ? Math.max(worst, need) : Math.min(worst, need);
        }
        if (Double.isNaN(worst)) {
            return "-";
        }
        String s = x.aaControl() ? String.format(Locale.ROOT, "tolerance >= %.3f", worst)
                : String.format(Locale.ROOT, "min effect <= %.3f", worst);
        if (x.directional() && !Double.isNaN(maxD)) {
            s += String.format(Locale.ROOT, ", T > %.3f", maxD);
        }
        return s;
    }

    /**
     * How many runs the thresholds would fail. Row "all": the within-run verdict itself. A state row: the state's
     * median alone held against the claim (runs with at least {@link Analysis#MIN_ROUNDS} rounds in it), and for a
     * claim with a direction the baseline step in that state: against {@code baseline} when given, else every
     * ordered pair of runs (one the baseline of the other).
     */
    private static String falseAlarms(Claim c, Row row, List<SavedRun> runs, List<List<ClaimVerdict>> verdicts,
                                      double[] medians, int[] counts, SavedRun baseline, double split) {
        Expect x = c.expect();
        if (row.all()) {
            int judged = 0, failed = 0;
            for (List<ClaimVerdict> vs : verdicts) {
                for (ClaimVerdict v : vs) {
                    if (v.claim().id().equals(c.id()) && v.verdict().status() != Analysis.Status.TOO_FEW_ROUNDS
                            && v.verdict().status() != Analysis.Status.NOT_JUDGED) {
                        judged++;
                        failed += v.verdict().status() == Analysis.Status.FAILS ? 1 : 0;
                    }
                }
            }
            return "within " + failed + "/" + judged;
        }
        int judged = 0, failed = 0;
        for (int i = 0; i < medians.length; i++) {
            if (counts[i] >= Analysis.MIN_ROUNDS) {
                judged++;
                failed += x.holds(medians[i]) ? 0 : 1;
            }
        }
        String s = "within " + failed + "/" + judged;
        if (!x.directional() || Double.isNaN(x.baselineTolerance())) {
            return s;
        }
        int pairs = 0, regressions = 0;
        for (int j = 0; j < runs.size(); j++) {
            List<Judgment.Round> here = rows(runs.get(j), c, row, split);
            List<SavedRun> bases = baseline != null ? List.of(baseline) : runs;
            for (int i = 0; i < bases.size(); i++) {
                if (baseline == null && i == j) {
                    continue;
                }
                List<Judgment.Round> there = rows(bases.get(i), c, row, split);
                BaselineGate.Comparison cmp = BaselineGate.compare(c.id(), row.label(), here, there, x);
                if (cmp.outcome() != BaselineGate.Outcome.TOO_FEW_ROUNDS) {
                    pairs++;
                    regressions += cmp.outcome() == BaselineGate.Outcome.REGRESSION ? 1 : 0;
                }
            }
        }
        return s + (baseline != null ? ", baseline " : ", pairs ") + regressions + "/" + pairs;
    }

    private static Double above(CommandLine.Parsed p, String name, double floor) {
        String v = p.value(name);
        if (v == null) {
            return null;
        }
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " " + v + ": not a number");
        }
        if (!(d > floor) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("--" + name + " " + v + ": must be a number above " + (int) floor);
        }
        return d;
    }
}
