package org.cachelinebench;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.cachelinebench.charts.ResultsReport;
import org.cachelinebench.claims.Answer;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.model.layout.QuietJol;
import org.cachelinebench.results.JmhResultReader;
import org.cachelinebench.results.UnusableInputException;
import org.cachelinebench.runner.Paired;
import org.cachelinebench.runner.RunComparisons;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.ProfilersFailedException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Optional;

/**
 * Entry point of {@code target/benchmarks.jar}: JMH's own command line, every option accepted, parsed once and
 * handed to JMH (help and the lists as JMH prints them, a run to JMH's {@link Runner}).
 *
 * <p>The suite adds its defaults to a run's options ({@link #suiteOptions}): a tool's workload ({@link
 * #TOOL_PACKAGES}: the struct tool's {@code StructAccessBenchmark}, the many-CPU shapes) is left out unless the
 * user's include patterns ask for it ({@link #asksFor}), so that a run of the suite runs the suite's lessons only, and
 * a benchmark that fails makes the run fail (JMH's {@code -foe true}) unless the user says otherwise. Before any fork,
 * every {@code -p name=value} given for a selected benchmark is checked by its class's {@code public static void
 * checkParam(String name, String value)}: an unknown variant or an impossible offset is one line and exit status 2,
 * not a stack trace deep in a fork. After a run, below JMH's own table, the comparisons of the suite that its results
 * contain, a line each ({@link RunComparisons}). {@code -l} and {@code -lp} list every benchmark in the jar, the
 * left-out ones too, and name those on stderr.
 */
public final class Main {
    private Main() {}

    /**
     * Packages whose benchmarks are a tool's workload, not one of the suite's lessons: {@code struct}'s
     * {@code StructAccessBenchmark} runs whatever roles file {@code benchmarks/struct --measure} encodes in
     * its {@code -p spec}, and the default run has a time budget it is no part of.
     */
    static final List<String> TOOL_PACKAGES = List.of("org.cachelinebench.struct.",
            // the many-CPU benchmarks: the scaling profile runs them at thread counts it chooses per machine
            "org.cachelinebench.benchmarks.scaling.");

    public static void main(String[] args) {
        EntryPoint.exit("benchmarks.jar", () -> run(args));
    }

    /**
     * The command: the default run without arguments; otherwise JMH's command line, parsed once. Help and the lists
     * are JMH's own; a run is JMH's {@link Runner} on those options with the suite's defaults ({@link #suiteOptions}),
     * after every {@code -p} value is checked ({@link #checkParams}), and ends in the comparisons its results contain.
     * Exit statuses as JMH 1.37's {@code Main} (1 for a bad command line, no matching benchmark, failed profilers or
     * a failed run), and 2 for a bad {@code -p} value.
     */
    static int run(String[] args) throws IOException {
        if (args.length == 0) {
            return answer();
        }
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line:");
            System.err.println(" " + e.getMessage());
            return 1;
        }
        Runner runner = new Runner(options);
        if (options.shouldHelp()) {
            options.showHelp();
        } else if (options.shouldList() || options.shouldListWithParams()) {
            if (options.shouldList()) {
                runner.list();
            } else {
                runner.listWithParams(options);
            }
            String note = leftOutNote(options, benchmarkNames());
            if (note != null) {
                System.err.println(note);
            }
        } else if (options.shouldListProfilers()) {
            options.listProfilers();
        } else if (options.shouldListResultFormats()) {
            options.listResultFormats();
        } else {
            Options suite = suiteOptions(options, benchmarkNames());
            SortedSet<BenchmarkListEntry> selected = selected(suite);
            String problem = selected == null ? null : checkParams(args, options, selected);
            if (problem == null && selected != null) {
                problem = checkMachine(selected);
            }
            if (problem != null) {
                System.err.println("benchmarks.jar: " + problem);
                return 2;
            }
            return runJmh(suite);
        }
        return 0;
    }

    /**
     * The default run: the headline comparisons ({@link Answer}) as interleaved sides with their A/A controls, in
     * rounds of fresh forks (the paired runner), ending with the answer table; the run's files, report and charts
     * go to {@link ResultsReport#LATEST}, which git ignores. Exit 0 once measured, whatever the comparisons read
     * (they are this machine's answer, not a gate), 2 when the run could not be made.
     */
    static int answer() {
        System.out.println("benchmarks.jar: the default run, " + Answer.ROWS.size() + " headline comparisons in "
                + Answer.PROFILE.rounds() + " rounds at most (2 to 3 minutes; leave the machine otherwise idle)."
                + " Any JMH option, e.g. -l or a benchmark's name, runs JMH instead.");
        System.setProperty(Paired.COMMAND_PROPERTY, "java -jar target/benchmarks.jar");
        // JOL, which the predictions beside the ratios use, warns on its first call that it cannot attach an agent
        // that this run does not need: started here with that warning dropped, it stays off the answer's console.
        PrintStream err = System.err;
        System.setErr(new PrintStream(java.io.OutputStream.nullOutputStream()));
        try {
            QuietJol.vm();
        } finally {
            System.setErr(err);
        }
        int status = Paired.run("--profile", Answer.PROFILE.name(), "--out", ResultsReport.LATEST.toString(),
                "--answer");
        if (status == 2) {
            return 2;
        }
        try {
            ResultsReport.write(ResultsReport.LATEST, ResultsReport.BASELINE);
        } catch (IOException | RuntimeException e) {
            System.err.println("benchmarks.jar: the report in " + ResultsReport.LATEST + " was not drawn: "
                    + (e.getMessage() == null ? e : e.getMessage()));
            return 2;
        }
        return 0;
    }

    /**
     * After {@code -l} or {@code -lp}, on stderr so that stdout stays JMH's list ("Benchmarks:", then one name a
     * line) for the scripts that read it: which listed benchmarks the default run leaves out ({@link
     * #TOOL_PACKAGES}) and that naming them runs them; null when the list holds none of them.
     */
    static String leftOutNote(Options options, Collection<String> benchmarks) {
        List<String> left = new ArrayList<>();
        for (String b : benchmarks) {
            boolean listed = (options.getIncludes().isEmpty()
                    || options.getIncludes().stream().anyMatch(i -> finds(i, b)))
                    && options.getExcludes().stream().noneMatch(e -> finds(e, b));
            if (listed && TOOL_PACKAGES.stream().anyMatch(b::startsWith)) {
                left.add(b);
            }
        }
        if (left.isEmpty()) {
            return null;
        }
        return "benchmarks.jar: listed, but left out of the default run unless named (a tool's workload, or a"
                + " many-CPU shape the scaling profile runs): " + String.join(", ", left);
    }

    private static boolean finds(String regex, String name) {
        try {
            return Pattern.compile(regex).matcher(name).find();
        } catch (PatternSyntaxException e) {
            return false;
        }
    }

    /** Every benchmark in the jar, by JMH's name; empty when JMH cannot read its list. */
    static List<String> benchmarkNames() {
        List<String> names = new ArrayList<>();
        try {
            OutputFormat silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
            BenchmarkList.defaultList().getAll(silent, List.of()).forEach(e -> names.add(e.getUsername()));
        } catch (RuntimeException e) {
            names.clear();
        }
        return names;
    }

    /**
     * A run as JMH 1.37's {@code Main} runs one, with its messages and statuses, except that it keeps the results
     * {@link Runner#run()} returns and prints their comparisons after JMH's table ({@link #printComparisons}).
     */
    static int runJmh(Options suite) throws IOException {
        Runner runner = new Runner(suite);
        Collection<RunResult> results;
        try {
            results = runner.run();
        } catch (NoBenchmarksException e) {
            System.err.println("No matching benchmarks. Miss-spelled regexp?");
            if (suite.verbosity().orElse(Defaults.VERBOSITY) != VerboseMode.EXTRA) {
                System.err.println("Use " + VerboseMode.EXTRA + " verbose mode to debug the pattern matching.");
            } else {
                runner.list();
            }
            return 1;
        } catch (ProfilersFailedException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                System.err.println(t.getMessage());
                for (Throwable s : t.getSuppressed()) {
                    System.err.println(s.getMessage());
                }
            }
            return 1;
        } catch (RunnerException e) {
            System.err.print("ERROR: ");
            e.printStackTrace(System.err);
            return 1;
        }
        if (!results.isEmpty()) {
            printComparisons(suite, comparisons(results), System.out);
        }
        return 0;
    }

    /**
     * The comparisons the results contain ({@link RunComparisons}); a problem in forming them is one line and
     * changes nothing else: the exit status stays JMH's.
     */
    static String comparisons(Collection<RunResult> results) {
        try {
            return RunComparisons.text(JmhResultReader.fromRunResults(results));
        } catch (UnusableInputException | RuntimeException e) {
            return RunComparisons.TITLE + ": not formed (" + (e.getMessage() == null ? e : e.getMessage()) + ")\n";
        }
    }

    /**
     * {@code text} after JMH's table, where JMH wrote it: {@code stdout}, or the end of the file of {@code -o};
     * nothing with {@code -v SILENT}.
     */
    static void printComparisons(Options options, String text, PrintStream stdout) throws IOException {
        if (options.verbosity().orElse(Defaults.VERBOSITY) == VerboseMode.SILENT) {
            return;
        }
        if (options.getOutput().hasValue()) {
            try (PrintStream file = new PrintStream(new FileOutputStream(options.getOutput().get(), true), true,
                    StandardCharsets.UTF_8)) {
                file.print("\n" + text);
            }
        } else {
            stdout.print("\n" + text);
            stdout.flush();
        }
    }

    /**
     * The user's options with the suite's defaults: a benchmark that fails makes the run fail ({@code -foe true})
     * unless the user chose {@code -foe}, and a JMH {@code -e} for every tool package (see {@link #TOOL_PACKAGES})
     * whose benchmarks the user did not ask for ({@link #asksFor}); none when JMH cannot read its list.
     */
    static Options suiteOptions(CommandLineOptions options, List<String> benchmarks) {
        ChainedOptionsBuilder suite = new OptionsBuilder().parent(options);
        if (!options.shouldFailOnError().hasValue()) {
            suite.shouldFailOnError(true);
        }
        for (String pkg : TOOL_PACKAGES) {
            if (!benchmarks.isEmpty() && !asksFor(options.getIncludes(), pkg, benchmarks)) {
                suite.exclude("^" + Pattern.quote(pkg));
            }
        }
        return suite.build();
    }

    /**
     * Whether the include patterns ask for the benchmarks of {@code toolPackage}: some pattern selects one of them
     * (as JMH selects: the regular expression found in the benchmark's name) and does not select every one of the
     * suite's lessons (the benchmarks outside the tool packages). No pattern (the whole suite), {@code .*} or
     * {@code org.cachelinebench} ask for the suite, not for a tool's workload; {@code StructAccessBenchmark} or
     * {@code struct\.} ask for it, also beside lessons ({@code StructAccess|LineFloor}).
     */
    static boolean asksFor(Collection<String> includes, String toolPackage, Collection<String> benchmarks) {
        List<String> tool = new ArrayList<>();
        List<String> lessons = new ArrayList<>();
        for (String b : benchmarks) {
            if (b.startsWith(toolPackage)) {
                tool.add(b);
            } else if (TOOL_PACKAGES.stream().noneMatch(b::startsWith)) {
                lessons.add(b);
            }
        }
        for (String include : includes) {
            Pattern p;
            try {
                p = Pattern.compile(include);
            } catch (PatternSyntaxException e) {
                continue;                      // JMH reports it
            }
            boolean selectsTool = tool.stream().anyMatch(b -> p.matcher(b).find());
            boolean selectsEveryLesson = lessons.stream().allMatch(b -> p.matcher(b).find());
            if (selectsTool && !selectsEveryLesson) {
                return true;
            }
        }
        return false;
    }

    /**
     * The benchmarks {@code suite} selects, as JMH selects them; null for no benchmark list or a bad pattern (JMH
     * says so itself).
     */
    static SortedSet<BenchmarkListEntry> selected(Options suite) {
        List<String> includes = new ArrayList<>(suite.getIncludes());
        if (includes.isEmpty()) {
            includes.add(".*");
        }
        OutputFormat silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        try {
            return BenchmarkList.defaultList().find(silent, includes, suite.getExcludes());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * A one-line description of the first bad {@code -p} value ({@code given}'s) for the {@code selected}
     * benchmarks, or null when all are good.
     */
    static String checkParams(String[] args, Options given, SortedSet<BenchmarkListEntry> selected) {
        Set<String> declaredByAny = new java.util.TreeSet<>();
        for (BenchmarkListEntry entry : selected) {
            Optional<Map<String, String[]>> declared = entry.getParams();
            if (!declared.hasValue()) {
                continue;
            }
            Set<String> names = declared.get().keySet();
            declaredByAny.addAll(names);
            for (String name : names) {
                Optional<Collection<String>> values = given.getParameter(name);
                if (!values.hasValue()) {
                    continue;
                }
                for (String value : values.get()) {
                    String problem = ParamHook.problem(entry.getUserClassQName(), name, value);
                    if (problem != null) {
                        return "-p " + name + "=" + value + ": " + problem;
                    }
                }
            }
        }
        // JMH ignores a -p that no benchmark declares: a misspelt name would silently run the defaults.
        for (String name : paramNames(args)) {
            if (!selected.isEmpty() && !declaredByAny.contains(name)) {
                return "-p " + name + ": no selected benchmark has a @Param '" + name + "'"
                        + (declaredByAny.isEmpty() ? " (they have none)" : " (they have: " + String.join(", ", declaredByAny) + ")");
            }
        }
        return null;
    }

    /**
     * What the machine lacks for a selected benchmark that needs something of it ({@link ParamHook#machineProblem}:
     * the running kernel's BTF), as "NAME: problem", or null.
     */
    static String checkMachine(SortedSet<BenchmarkListEntry> selected) {
        Set<String> asked = new java.util.TreeSet<>();
        for (BenchmarkListEntry entry : selected) {
            String benchmark = entry.getUserClassQName();
            if (asked.add(benchmark)) {
                String problem = ParamHook.machineProblem(benchmark);
                if (problem != null) {
                    return benchmark.substring(benchmark.lastIndexOf('.') + 1) + ": " + problem;
                }
            }
        }
        return null;
    }

    /** The names of the {@code -p NAME=VALUE} arguments, in order. */
    static List<String> paramNames(String[] args) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("-p")) {
                int eq = args[i + 1].indexOf('=');
                names.add(eq < 0 ? args[i + 1] : args[i + 1].substring(0, eq));
            }
        }
        return names;
    }
}
