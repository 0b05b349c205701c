package org.cachelinebench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.InterleavedReference;
import org.cachelinebench.claims.Profile;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.harness.MachineFacts;
import org.cachelinebench.results.AtomicFiles;
import org.cachelinebench.results.BenchmarkActionJson;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResultWriter;
import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.runner.fork.JmhForkRunner;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.Pinning;
import org.cachelinebench.runner.fork.SweepPlacements;

/**
 * The paired runner: measures both sides of every comparison close together in time, many times, and
 * reports each ratio with a 95 % interval over the rounds.
 *
 * <p>Why: on small cloud VMs the core-to-core round trip drifts by large factors within minutes, so a
 * sequential JMH comparison ({@code @Param} values one after another) measures the machine as much as the
 * layout. Absolute times cannot be compared with a baseline on such machines; ratios of variants measured
 * seconds apart can. Each round runs every variant of a set once, back to back, in an order that
 * rotates and reverses from round to round ({@link RoundOrder}), and forms the ratios within the round.
 *
 * <p>Every round's one-line floor ({@link Suite#FLOOR_SET}'s interleaved fork) puts the round in a machine
 * state, shown beside every ratio; a fork that fails its layout check ({@link LayoutFailure}) fails every claim
 * using its variant and the rest run on.
 *
 * <p>Usage: {@code java -cp target/benchmarks.jar org.cachelinebench.runner.Paired --help}.
 * Writes runs.json and ratios.json (JMH {@code -rf json} format), summary.json, summary.md, metadata.json and
 * the gated ratios for github-action-benchmark ({@link BenchmarkActionJson}) into {@code --out}, all or none.
 * Exit status (GUIDE's contract): 0 every gated claim decided and holds; 1 one failed (each named in one line);
 * 2 bad input or no usable result; 3 no verdict (a gated claim undecided or with too few rounds, or none gated).
 */
public final class Paired {
    private Paired() {}

    /** Environment variable the scripts set to the command as the user typed it, for the metadata. */
    public static final String COMMAND_ENV = "CACHELINEBENCH_COMMAND";
    /** The same from inside this JVM: the jar's default run names itself. */
    public static final String COMMAND_PROPERTY = "cachelinebench.command";

    public static void main(String[] args) {
        EntryPoint.exit("paired", () -> run(args));
    }

    /** The whole run on JMH, as {@link #main} runs it, without {@code System.exit}; returns the exit status. */
    public static int run(String... args) {
        return run(args, o -> new JmhForkRunner(o.jvm, o.jvmArgs, o.verbose && !o.answer, o.profilers, o.answer),
                System::currentTimeMillis, System.out, System.err,
                () -> MachineInfo.uncommitted(Path.of("").toAbsolutePath()));
    }

    /** The whole run with the work tree taken as clean (tests: their forks are fakes); returns the exit status. */
    static int run(String[] args, Function<PairedOptions, ForkRunner> runners, LongSupplier clock,
                   PrintStream out, PrintStream err) {
        return run(args, runners, clock, out, err, List::of);
    }

    /**
     * The whole run; returns the exit status. {@code uncommitted}: the work tree's changed paths outside target/
     * ({@link MachineInfo#uncommitted}), null when git cannot tell; {@code --update-baseline} needs it empty.
     */
    static int run(String[] args, Function<PairedOptions, ForkRunner> runners, LongSupplier clock,
                   PrintStream out, PrintStream err, Supplier<List<String>> uncommitted) {
        PairedOptions o;
        try {
            o = PairedOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("paired: " + e.getMessage());
            return 2;
        }
        if (o.help) {
            out.println(PairedOptions.USAGE);
            return 0;
        }
        List<Claim> selected = select(o);
        if (selected.isEmpty()) {
            err.println("paired: --only '" + o.only + "' matches no comparison of profile " + o.profile.name()
                    + " (see --list)");
            return 2;
        }
        String badReference = referenceProblem(selected, Suite.SETS);
        if (badReference != null) {
            err.println("paired: " + badReference);
            return 2;
        }
        if (o.list) {
            for (Claim c : selected) {
                out.printf(Locale.ROOT, "%-48s %s%s  %s%n", c.id(), c.expect().symbol(),
                        c.expect().checked() ? " (gate)" : " (info)", c.claim());
            }
            return 0;
        }
        // Only an undecided gated claim takes a set past the rounds, and only in rounds: without one, or in
        // sequential order, the cap is the rounds.
        boolean extension = !gatingSets(selected).isEmpty() && o.order == PairedSession.Order.PAIRED;
        PairedSession.Plan plan = new PairedSession.Plan(sets(o.profile, selected), o.rounds(), o.warmup(),
                o.measurement(), o.order, extension ? o.cap() : o.rounds());
        try {
            ResultStore.checkWritable(o.out, o.updateBaseline);
        } catch (IOException e) {
            err.println("paired: " + e.getMessage());
            return 2;
        }
        Path baselineRoot = o.baselineDir();
        if (o.requireBaseline && !o.updateBaseline && !o.dryRun && !Baselines.isRun(baselineRoot)
                && Baselines.find(baselineRoot, null).existing().isEmpty()) {
            err.println("paired: no baseline (" + baselineRoot + " holds no machine's baseline folder); create one on"
                    + " this machine class with --update-baseline, e.g. benchmarks/ci --update-baseline");
            return 2;
        }
        if (o.updateBaseline && !o.dryRun) {
            String refused = BaselineUpdate.refusalBefore(o.baselineDir(), uncommitted.get());
            if (refused != null) {
                err.println("paired: " + refused);
                return 2;
            }
        }
        out.println(Budget.describe(o.profile, plan));
        if (o.order == PairedSession.Order.SEQUENTIAL) {
            out.println("note: sequential order, each variant's forks in a row: its ratios carry the machine's "
                    + "drift; use it only to measure what pairing buys");
        } else if (o.rounds() % 2 == 1) {
            out.println("note: an odd number of rounds; a linear drift cancels only over pairs of rounds");
        }
        if (!o.profilers.isEmpty()) {
            out.println("note: every fork runs with --prof " + String.join(", ", o.profilers) + "; their rows go to "
                    + ResultStore.RUNS + ", never into a ratio, and a profiler costs the fork time: compare these "
                    + "ratios with a baseline measured the same way");
        }
        if (o.dryRun) {
            out.print(Budget.order(plan));
            return 0;
        }
        ForkRunner runner = runners.apply(o);
        try {
            List<Variant> variants = new ArrayList<>();
            plan.sets().forEach(s -> variants.addAll(s.variants()));
            runner.validate(variants);
        } catch (IllegalArgumentException e) {
            err.println("paired: " + e.getMessage());
            return 2;
        }
        List<ForkRecord> records;
        PairedSession session = new PairedSession(runner, clock, out, selected);
        try {
            records = session.run(plan, gatingSets(selected),
                    soFar -> undecidedSets(selected, soFar, session.layoutFailures()));
        } catch (PairedSession.ForkFailedException e) {
            err.println("paired: " + e.getMessage() + "; nothing written");
            return 2;
        }
        List<LayoutFailure> layoutFailures = session.layoutFailures();
        List<Analysis.ComparisonResult> results;
        try {
            results = Analysis.analyze(selected, records, layoutFailures, GateRule.CONFIDENCE);
        } catch (IllegalArgumentException e) {
            err.println("paired: " + e.getMessage() + "; nothing written");
            return 2;
        }
        List<String> notMeasured = notMeasured(results);
        int code = notMeasured.isEmpty() ? Analysis.exitCode(results) : Regate.worst(Analysis.exitCode(results), 1);
        if (records.isEmpty()) {
            // Every fork failed its layout check: the claims fail, but no fork measured anything to write.
            out.println();
            for (Analysis.ComparisonResult r : results) {
                String line = Judgment.problem(r.comparison().id(), r.comparison().expect().checked(),
                        r.status().name(), r.reason());
                if (line != null) {
                    out.println(line);
                }
            }
            notMeasured.forEach(out::println);
            out.println("nothing written: no fork gave a result");
            out.println(verdict(results, notMeasured.size()));
            String refused = o.updateBaseline ? BaselineUpdate.refusalAfter(results, o.baselineDir()) : null;
            if (refused != null) {
                err.println("paired: " + refused);
                return 2;
            }
            return code;
        }
        ForkRecord first = records.get(0);
        List<String> flags = first.result().info().jvm().args();
        int lineSize = MachineInfo.cacheLineSize(flags);
        int roundsRun = records.stream().mapToInt(ForkRecord::round).max().orElse(-1) + 1;
        Summary summary = Summary.of(o.profile.name(), roundsRun, plan.warmup(), plan.measurement(), lineSize,
                SweepPlacements.of(lineSize), results, records, layoutFailures);
        Metadata meta = metadata(o, plan, records, clock, lineSize, summary);
        Map<String, AtomicFiles.Content> files;
        Map<String, String> actionFiles;
        try {
            actionFiles = BenchmarkActionJson.contents(benchmarkAction(results));
            files = files(summary, meta, results, records, actionFiles);
        } catch (IllegalArgumentException e) {
            err.println("paired: " + e.getMessage() + "; nothing written");
            return 2;
        }
        out.println();
        if (o.answer) {
            out.print(AnswerTable.text(summary, o.out.toString()));
        } else {
            out.print(SummaryTable.text(summary.comparisons()));
            out.println(states(summary));
            String hits = SummaryTable.hitLine(summary.comparisons());
            if (hits != null) {
                out.println(hits);
            }
            SummaryTable.problems(summary.comparisons()).forEach(out::println);
            notMeasured.forEach(out::println);
        }
        out.println(Budget.measured(records, plan));
        String refused = o.updateBaseline ? BaselineUpdate.refusalAfter(results, o.baselineDir()) : null;
        try {
            if (o.updateBaseline && refused == null) {
                Metadata baselineMeta = meta.withRole(ResultStore.BASELINE);
                Map<String, AtomicFiles.Content> baseline = files(summary, baselineMeta, results, records, actionFiles);
                baseline.put(BaselineReadme.FILE, AtomicFiles.Content.of(BaselineReadme.text(baselineMeta, summary)));
                Path dir = Baselines.dirFor(o.baselineDir(), meta.fingerprint());
                boolean replaced = Baselines.isRun(dir);
                boolean outIsBaseline = dir.toAbsolutePath().normalize().equals(o.out.toAbsolutePath().normalize());
                ResultStore.write(dir, baseline, true);
                BenchmarkActionJson.removeOthers(dir, actionFiles);
                out.println((replaced ? "baseline replaced: " : "baseline written: ") + dir);
                String lacking = BaselineUpdate.lacking(results);
                if (lacking != null) {
                    out.println(lacking);
                }
                if (!outIsBaseline) {
                    ResultStore.write(o.out, files, true);
                    BenchmarkActionJson.removeOthers(o.out, actionFiles);
                }
            } else {
                ResultStore.write(o.out, files, false);
                BenchmarkActionJson.removeOthers(o.out, actionFiles);
            }
        } catch (IOException | RuntimeException e) {
            err.println("paired: writing results failed: " + PairedSession.oneLine(e));
            return 2;
        }
        out.println("written: " + o.out.resolve(ResultStore.RATIOS) + ", " + ResultStore.RUNS + ", "
                + ResultStore.SUMMARY_JSON + ", " + ResultStore.SUMMARY_MD + ", " + ResultStore.METADATA
                + actionFiles.keySet().stream().map(f -> ", " + f).collect(Collectors.joining()));
        if (!o.answer) {
            out.println(verdict(results, notMeasured.size()));
        }
        if (refused != null) {
            err.println("paired: " + refused);
            return 2;
        }
        return code;
    }

    /** The sets that hold a gated claim among {@code claims}, in their order. */
    static Set<String> gatingSets(List<Claim> claims) {
        Set<String> sets = new LinkedHashSet<>();
        claims.stream().filter(c -> c.expect().checked()).forEach(c -> sets.add(c.set()));
        return sets;
    }

    /**
     * The sets with a gated claim that {@code records} do not decide at the gate's confidence (undecided, too few
     * rounds, or not measured yet): the sets that need more rounds ({@link Stopping}). Every gating set when the
     * records cannot be analysed yet.
     */
    static Set<String> undecidedSets(List<Claim> claims, List<ForkRecord> records, List<LayoutFailure> failures) {
        Set<String> open = new LinkedHashSet<>();
        try {
            Map<String, Judgment.Verdict> verdicts = new LinkedHashMap<>();
            for (Analysis.ComparisonResult r : Analysis.analyze(claims, records, failures, GateRule.CONFIDENCE)) {
                if (r.comparison().expect().checked()) {
                    verdicts.put(r.comparison().id(), r.verdict());
                }
            }
            for (Claim c : claims) {
                Judgment.Verdict v = verdicts.get(c.id());
                if (c.expect().checked() && (v == null || !v.decided())) {
                    open.add(c.set());
                }
            }
            return open;
        } catch (IllegalArgumentException e) {
            return gatingSets(claims);
        }
    }

    /** The profile's comparisons that --only lets through. */
    static List<Claim> select(PairedOptions o) {
        List<Claim> selected = new ArrayList<>();
        for (Claim c : Suite.COMPARISONS) {
            if (o.profile.sets().contains(c.set()) && (o.only == null || o.only.matcher(c.id()).find())) {
                selected.add(c);
            }
        }
        return selected;
    }

    /**
     * The first interleaved claim whose reference is not its benchmark's reference side, as one line
     * ({@link InterleavedReference}); null when there is none.
     */
    static String referenceProblem(List<Claim> claims, List<ComparisonSet> sets) {
        for (Claim c : claims) {
            String problem = InterleavedReference.problem(c, sets);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** The profile's sets in its order, each cut down to the variants the selected comparisons use. */
    static List<ComparisonSet> sets(Profile profile, List<Claim> selected) {
        List<ComparisonSet> sets = new ArrayList<>();
        for (String id : profile.sets()) {
            Set<String> needed = new LinkedHashSet<>();
            for (Claim c : selected) {
                if (c.set().equals(id) && c.interleaved()) {
                    needed.add(c.variant());         // both sides run inside the interleaved variant's fork
                } else if (c.set().equals(id)) {
                    needed.add(c.subject());
                    needed.add(c.reference());
                }
            }
            if (!needed.isEmpty()) {
                sets.add(Suite.set(id).only(needed));
            }
        }
        return sets;
    }

    private static Map<String, AtomicFiles.Content> files(Summary summary, Metadata meta,
                                                          List<Analysis.ComparisonResult> results,
                                                          List<ForkRecord> records, Map<String, String> actionFiles) {
        Map<String, AtomicFiles.Content> files = new LinkedHashMap<>();
        files.put(ResultStore.RUNS, AtomicFiles.Content.of(JmhResultWriter.write(JmhFiles.runs(records))));
        files.put(ResultStore.RATIOS, AtomicFiles.Content.of(JmhResultWriter.write(JmhFiles.ratios(results, records))));
        files.put(ResultStore.SUMMARY_JSON, AtomicFiles.Content.of(summary.toJson()));
        files.put(ResultStore.SUMMARY_MD, AtomicFiles.Content.of(markdown(summary, meta)));
        files.put(ResultStore.METADATA, AtomicFiles.Content.of(meta.toJson()));
        actionFiles.forEach((name, text) -> files.put(name, AtomicFiles.Content.of(text)));
        return files;
    }

    /**
     * The gated claims with a direction as github-action-benchmark entries: the median the claim was judged on,
     * bigger is better for a SLOWER claim (its effect is a ratio above 1), smaller for a FASTER one. A/A controls
     * have no better side, information is not gated, a claim no round measured has no value: none is charted.
     */
    static List<BenchmarkActionJson.Entry> benchmarkAction(List<Analysis.ComparisonResult> results) {
        List<BenchmarkActionJson.Entry> entries = new ArrayList<>();
        for (Analysis.ComparisonResult r : results) {
            Claim c = r.comparison();
            if (!c.expect().directional() || !r.measured() || Double.isNaN(r.judgedMedian())) {
                continue;
            }
            entries.add(BenchmarkActionJson.ratio(c.id(), c.claim() + "\nverdict: " + r.reason(),
                    r.judgedMedian(), r.data().stats().low(), r.data().stats().high(), r.rounds(),
                    c.expect().direction() == Expect.Direction.FASTER ? BenchmarkActionJson.Better.SMALLER
                            : BenchmarkActionJson.Better.BIGGER));
        }
        return entries;
    }

    /**
     * "machine states (floor of csd's interleaved fork; near below 200 ns): round 1 far 471.2 ns, round 2 near
     * 61.0 ns, ..." or, without the floor set, that no floor was measured.
     */
    static String states(Summary s) {
        if (s.floorSet() == null) {
            return "machine states: " + Judgment.NO_FLOOR + " (no interleaved " + Suite.FLOOR_SET + " set in this run):"
                    + " claims judged without states";
        }
        StringBuilder sb = new StringBuilder(Double.isNaN(s.split())
                ? String.format(Locale.ROOT, "machine states (floor of %s's interleaved fork; no gap in the floors: one"
                        + " state):", s.floorSet())
                : String.format(Locale.ROOT, "machine states (floor of %s's interleaved fork; near below %.0f ns, the"
                        + " gap in this run's floors):", s.floorSet(), s.split()));
        for (Summary.RoundState r : s.roundStates()) {
            sb.append(r.round() == 1 ? " " : ", ").append("round ").append(r.round()).append(' ')
                    .append(r.floorNanos() == null ? "no floor" : String.format(Locale.ROOT, "%s %.1f ns", r.state(),
                            r.floorNanos()));
        }
        return sb.toString();
    }

    static String markdown(Summary s, Metadata m) {
        return "# Paired comparisons, profile " + s.profile() + "\n\n"
                + s.rounds() + " rounds, each fork " + s.warmup() + " warmup + " + s.measurement()
                + " measurement, " + s.started() + " to " + s.finished() + ".  \n"
                + "Ratio = cost(subject) / cost(reference) within a round; geometric mean over rounds, 95 % "
                + "t-interval on the log ratios. Gated claims are judged round by round against their set's A/A control"
                + " at " + Judgment.percent(GateRule.CONFIDENCE) + " (docs/ci-gate.md). Interleaved comparisons (sides of "
                + "one fork) take per iteration the median over its schedule cycles of each cycle's ratio, and also "
                + "give extra line transfers = (cost(subject) - cost(reference)) / cost(floor), likewise a median "
                + "over cycles per iteration, mean with its 95 % t-interval, and the floor's ns per call (median "
                + "over rounds).  \n"
                + "Command: `" + m.command() + "`\n\n"
                + SummaryTable.markdown(s.comparisons()) + "\n"
                + (SummaryTable.hitLine(s.comparisons()) == null ? "" : SummaryTable.hitLine(s.comparisons()) + "\n\n")
                + states(s) + "\n\n"
                + SummaryTable.problems(s.comparisons()).stream().map(l -> "- " + l + "\n").collect(
                        Collectors.joining())
                + (SummaryTable.problems(s.comparisons()).isEmpty() ? "" : "\n") + verdict(s) + "\n";
    }

    /**
     * One line per gated claim of the suite that {@code results} did not measure ("MISSING id: ..."): such a run has
     * not shown that its fix is there, exit 1.
     */
    static List<String> notMeasured(List<Analysis.ComparisonResult> results) {
        List<Judgment.Case> cases = results.stream().map(r -> new Judgment.Case(r.comparison(), r.data().rounds(),
                r.status() == Analysis.Status.FAILS ? r.reason() : null)).toList();
        List<String> out = new ArrayList<>();
        Judgment.notMeasured(cases).forEach((c, v) -> out.add("MISSING " + c.id() + ": " + v.reason()));
        return out;
    }

    static String verdict(List<Analysis.ComparisonResult> results, int notMeasured) {
        return verdictOf(results.stream().map(r -> r.comparison().expect().checked()).toList(),
                results.stream().map(r -> r.status().name()).toList(), notMeasured);
    }

    private static String verdict(Summary s) {
        return verdictOf(s.comparisons().stream().map(Summary.Entry::checked).toList(),
                s.comparisons().stream().map(Summary.Entry::status).toList(), 0);
    }

    /**
     * "claims hold: 9 holds", "CLAIMS FAILED: ..." (a gated claim failed), or "NO VERDICT: ..." with the counts of
     * the gated claims' verdicts, then how many claims that do not gate failed a layout check.
     */
    private static String verdictOf(List<Boolean> checked, List<String> statuses, int notMeasured) {
        Map<String, Long> n = new LinkedHashMap<>();
        long ungatedFailures = 0;
        boolean judged = false;
        for (int i = 0; i < statuses.size(); i++) {
            if (checked.get(i)) {
                judged = true;
                n.merge(Regate.label(Analysis.Status.valueOf(statuses.get(i))).toLowerCase(Locale.ROOT), 1L, Long::sum);
            } else if (statuses.get(i).equals(Analysis.Status.FAILS.name())) {
                ungatedFailures++;
            }
        }
        if (notMeasured > 0) {
            n.merge(Regate.label(Analysis.Status.NOT_MEASURED).toLowerCase(Locale.ROOT), (long) notMeasured, Long::sum);
        }
        String counts = n.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "))
                + (ungatedFailures == 0 ? "" : (n.isEmpty() ? "" : "; ") + ungatedFailures
                + " claim(s) that do not gate failed a layout check");
        if (n.containsKey("fails") || notMeasured > 0) {
            return "CLAIMS FAILED: " + counts;
        }
        if (!judged) {
            return "NO VERDICT: no gated claim was judged in this run" + (counts.isEmpty() ? "" : ": " + counts);
        }
        return n.size() == 1 && n.containsKey("holds") && ungatedFailures == 0 ? "claims hold: " + counts
                : "NO VERDICT: " + counts;
    }

    private static Metadata metadata(PairedOptions o, PairedSession.Plan plan, List<ForkRecord> records,
                                     LongSupplier clock, int lineSize, Summary summary) {
        Jvm jvm = records.get(0).result().info().jvm();
        long start = records.get(0).startMillis();
        long end = records.get(records.size() - 1).endMillis();
        double forkSeconds = records.stream().mapToDouble(ForkRecord::wallSeconds).average().orElse(0);
        String vendor = MachineInfo.vendorOf(jvm.path());
        MachineFacts facts = MachineFacts.current();
        int rounds = records.stream().mapToInt(ForkRecord::round).max().orElse(-1) + 1;
        return new Metadata("latest", o.profile.name(), rounds, Instant.ofEpochMilli(clock.getAsLong()).toString(),
                command(), MachineInfo.cpuModel(), Runtime.getRuntime().availableProcessors(), MachineInfo.os(),
                jvm.path(), vendor, jvm.jdkVersion(), jvm.vmName(), jvm.vmVersion(),
                jvm.args(), jvm.jmhVersion(), lineSize, MachineInfo.cacheLineSource(jvm.args()),
                plan.warmup().toString(), plan.measurement().toString(), records.size(), (end - start) / 1000.0,
                forkSeconds, Budget.meanOverheadSeconds(records, plan), facts,
                Fingerprint.of(facts, lineSize, vendor, jvm.jdkVersion()), Pinning.of(plan.sets()), summary.floorSet(),
                summary.splitNanos(), summary.roundStates(), MachineInfo.workingTree(Path.of("").toAbsolutePath()));
    }

    private static String command() {
        String typed = System.getProperty(COMMAND_PROPERTY, System.getenv(COMMAND_ENV));
        if (typed != null && !typed.isBlank()) {
            return typed;
        }
        return ProcessHandle.current().info().commandLine().orElse("unknown");
    }
}
