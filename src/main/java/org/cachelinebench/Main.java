package org.cachelinebench;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Optional;

/**
 * Entry point of {@code target/benchmarks.jar}: JMH's own command line, every option accepted.
 *
 * <p>Three things are added before JMH runs, and one after. A tool's workload ({@link #TOOL_PACKAGES}: the
 * struct tool's {@code StructAccessBenchmark}) is left out unless the user's include patterns ask for it
 * ({@link #asksFor}), so that a run of the suite runs the suite's lessons only. Every {@code -p name=value} given
 * for a benchmark of this suite is checked by that benchmark class's {@code public static void checkParam(String
 * name, String value)}, so that an unknown variant or an impossible offset fails at once, in one line, with exit
 * status 2, instead of as a stack trace deep in a fork. And a benchmark that fails makes the run fail (JMH's
 * {@code -foe true}) unless the user says otherwise. After a run, below JMH's own table, the comparisons of the
 * suite that its results contain, a line each ({@link RunComparisons}), and where to get them paired. {@code -l}
 * and {@code -lp} list every benchmark in the jar, the left-out ones too, and name those on stderr.
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

    /** The command without {@code System.exit} for its own statuses (JMH's 1 still exits in {@link #runJmh}). */
    static int run(String[] args) throws IOException {
        if (args.length == 0) {
            return answer();
        }
        boolean list = asksForList(args);
        String[] withDefaults = withFailOnError(list ? args : withoutToolWorkloads(args));
        String problem = checkParams(withDefaults);
        if (problem == null && !list) {
            problem = checkMachine(withDefaults);
        }
        if (problem != null) {
            System.err.println("benchmarks.jar: " + problem);
            return 2;
        }
        runJmh(withDefaults);
        if (list) {
            String note = leftOutNote(args);
            if (note != null) {
                System.err.println(note);
            }
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

    /** Whether the command line asks JMH for a list ({@code -l}, {@code -lp}): then every benchmark is listed. */
    static boolean asksForList(String[] args) {
        try {
            CommandLineOptions options = new CommandLineOptions(args);
            return options.shouldList() || options.shouldListWithParams();
        } catch (CommandLineOptionException e) {
            return false;
        }
    }

    /**
     * After {@code -l} or {@code -lp}, on stderr so that stdout stays JMH's list ("Benchmarks:", then one name a
     * line) for the scripts that read it: which listed benchmarks the default run leaves out ({@link
     * #TOOL_PACKAGES}) and that naming them runs them; null when the list holds none of them.
     */
    static String leftOutNote(String[] args) {
        return leftOutNote(args, benchmarkNames());
    }

    static String leftOutNote(String[] args, Collection<String> benchmarks) {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            return null;
        }
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
     * What {@code org.openjdk.jmh.Main} of JMH 1.37 does, with its messages and exit statuses (help, the lists,
     * a run; 1 for a bad command line, no matching benchmark, failed profilers or a failed run), except that it
     * keeps the results {@link Runner#run()} returns and prints their comparisons ({@link #printComparisons}).
     */
    static void runJmh(String[] args) throws IOException {
        CommandLineOptions options;
        Runner runner;
        try {
            options = new CommandLineOptions(args);
            runner = new Runner(options);
            if (options.shouldHelp()) {
                options.showHelp();
                return;
            }
            if (options.shouldList()) {
                runner.list();
                return;
            }
            if (options.shouldListWithParams()) {
                runner.listWithParams(options);
                return;
            }
            if (options.shouldListProfilers()) {
                options.listProfilers();
                return;
            }
            if (options.shouldListResultFormats()) {
                options.listResultFormats();
                return;
            }
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line:");
            System.err.println(" " + e.getMessage());
            System.exit(1);
            return;
        }
        Collection<RunResult> results;
        try {
            results = runner.run();
        } catch (NoBenchmarksException e) {
            System.err.println("No matching benchmarks. Miss-spelled regexp?");
            if (options.verbosity().orElse(Defaults.VERBOSITY) != VerboseMode.EXTRA) {
                System.err.println("Use " + VerboseMode.EXTRA + " verbose mode to debug the pattern matching.");
            } else {
                runner.list();
            }
            System.exit(1);
            return;
        } catch (ProfilersFailedException e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                System.err.println(t.getMessage());
                for (Throwable s : t.getSuppressed()) {
                    System.err.println(s.getMessage());
                }
            }
            System.exit(1);
            return;
        } catch (RunnerException e) {
            System.err.print("ERROR: ");
            e.printStackTrace(System.err);
            System.exit(1);
            return;
        }
        if (!results.isEmpty()) {
            printComparisons(options, comparisons(results), System.out);
        }
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
    static void printComparisons(CommandLineOptions options, String text, PrintStream stdout) throws IOException {
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
     * {@code args} plus a JMH {@code -e} for every tool package (see {@link #TOOL_PACKAGES}) whose benchmarks the
     * user did not ask for ({@link #asksFor}); unchanged when JMH cannot read them (it reports that itself).
     */
    static String[] withoutToolWorkloads(String[] args) {
        CommandLineOptions options;
        List<String> names = benchmarkNames();
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            return args;
        }
        if (names.isEmpty()) {
            return args;
        }
        List<String> out = new ArrayList<>(Arrays.asList(args));
        for (String pkg : TOOL_PACKAGES) {
            if (!asksFor(options.getIncludes(), pkg, names)) {
                out.add("-e");
                out.add("^" + Pattern.quote(pkg));
            }
        }
        return out.toArray(String[]::new);
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

    /** Returns a one-line description of the first bad {@code -p} value, or null when all are good. */
    static String checkParams(String[] args) {
        Selection selection = select(args);
        if (selection == null) {
            return null;
        }
        CommandLineOptions options = selection.options();
        SortedSet<BenchmarkListEntry> selected = selection.benchmarks();
        Set<String> declaredByAny = new java.util.TreeSet<>();
        for (BenchmarkListEntry entry : selected) {
            Optional<Map<String, String[]>> declared = entry.getParams();
            if (!declared.hasValue()) {
                continue;
            }
            Set<String> names = declared.get().keySet();
            declaredByAny.addAll(names);
            for (String name : names) {
                Optional<Collection<String>> given = options.getParameter(name);
                if (!given.hasValue()) {
                    continue;
                }
                for (String value : given.get()) {
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
     * the running kernel's BTF), as "NAME: problem", or null; nothing is checked for help or a list.
     */
    static String checkMachine(String[] args) {
        Selection selection = select(args);
        CommandLineOptions options = selection == null ? null : selection.options();
        if (options == null || options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            return null;
        }
        Set<String> asked = new java.util.TreeSet<>();
        for (BenchmarkListEntry entry : selection.benchmarks()) {
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

    /** A command line as JMH reads it, and the benchmarks it selects. */
    private record Selection(CommandLineOptions options, SortedSet<BenchmarkListEntry> benchmarks) {}

    /**
     * The benchmarks {@code args} select, as JMH selects them; null for a command line JMH cannot parse, no benchmark
     * list or a bad pattern (JMH says so itself).
     */
    private static Selection select(String[] args) {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            return null;
        }
        List<String> includes = new ArrayList<>(options.getIncludes());
        if (includes.isEmpty()) {
            includes.add(".*");
        }
        OutputFormat silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        try {
            return new Selection(options, BenchmarkList.defaultList().find(silent, includes, options.getExcludes()));
        } catch (RuntimeException e) {
            return null;
        }
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

    /** A failing benchmark fails the run (non-zero exit) unless the user chose {@code -foe} themselves. */
    static String[] withFailOnError(String[] args) {
        if (Arrays.asList(args).contains("-foe")) {
            return args;
        }
        String[] out = Arrays.copyOf(args, args.length + 2);
        out[args.length] = "-foe";
        out[args.length + 1] = "true";
        return out;
    }
}
