package org.cachelinebench.runner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Profile;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.cli.CommandLine;

/** The paired runner's options ({@link CommandLine}). Any problem is an {@link IllegalArgumentException} with one line. */
public final class PairedOptions {

    static final String USAGE = """
            usage: Paired [--profile ci|full|calibrate|default|scaling] [--rounds N] [--out DIR] [--only REGEX]
                          [--jvm PATH] [--jvm-args "FLAGS"] [--warmup CxT] [--measurement CxT]
                          [--update-baseline] [--baseline DIR] [--require-baseline]
                          [--order paired|sequential] [--prof NAME[:OPTS]]... [--dry-run] [--list]
                          [--verbose] [--answer]
              --profile NAME      what to run (default ci): ci = every gated claim (csd, pcpu_chunk, Java
                                  objects) within 5 minutes; full = all comparisons, offset sweep, async,
                                  pinned; calibrate = csd and pcpu_chunk beside separate forks and more A/A;
                                  default = the jar's default run, the headline comparisons;
                                  scaling = the many-CPU points this machine can place, informational
              --rounds N          rounds, no set past them (default: the profile's, and a set still undecided
                                  then may run on to its cap); use an even number, drift cancels in pairs
              --out DIR           where the session's files go (default results/latest)
              --only REGEX        only comparisons whose id matches (find), e.g. '^csd\\.' or 'reader'
              --jvm PATH          java executable for the forks (default: this JVM's)
              --jvm-args "FLAGS"  VM flags for the forks, replacing the ones they inherit from this JVM
              --warmup CxT        warmup per fork, e.g. 1x500ms (default: the profile's)
              --measurement CxT   measurement per fork, e.g. 2x500ms (default: the profile's)
              --update-baseline   also write the session as this machine's baseline, DIR/<fingerprint>/ of
                                  --baseline (replacing that one only); refused (exit 2) on a work tree that
                                  is not clean or when a claim failed in the run
              --baseline DIR      the root of the per-machine baselines (default: DIR/../baseline of --out)
              --require-baseline  refuse to run (exit 2) when that root holds no baseline yet
              --order paired      rounds, every variant once per round (default); "sequential" runs each
                                  variant's forks in a row, only to measure what pairing buys
              --prof NAME[:OPTS]  run every fork with this JMH profiler, as JMH's -prof (repeatable), e.g.
                                  gc, stack, perfnorm, perfc2c; its rows go to runs.json, never into a ratio
              --dry-run           print the plan and its time budget, run nothing
              --list              print the profile's comparisons and their claims, run nothing
              --verbose           show JMH's own output of every fork
              --answer            print the short answer table (the jar's default run) instead of every
                                  comparison, and keep the forks' own lines off the console
            exit: 0 claims hold, 1 a claim failed, 2 bad input or no usable result""";

    Profile profile = Suite.CI;
    Integer rounds;
    Path out = Path.of("results", "latest");
    Path baseline;
    Pattern only;
    String jvm;
    List<String> jvmArgs;
    IterationSpec warmup;
    IterationSpec measurement;
    boolean updateBaseline;
    PairedSession.Order order = PairedSession.Order.PAIRED;
    boolean requireBaseline;
    boolean dryRun;
    boolean list;
    boolean verbose;
    /** The answer table instead of every comparison, and the forks' own lines off the console. */
    boolean answer;
    boolean help;
    /** JMH profilers for every fork, as {@code -prof} takes them: "gc", "perfnorm:events=cycles". */
    List<String> profilers = List.of();

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE)
            .value("profile").value("rounds").value("out").value("baseline").value("only").value("jvm")
            .rawValue("jvm-args").value("warmup").value("measurement").value("order").value("prof")
            .flag("update-baseline").flag("require-baseline").flag("dry-run").flag("list").flag("verbose").flag("answer");

    static PairedOptions parse(String... args) {
        CommandLine.Parsed p = COMMAND_LINE.parse(args);
        PairedOptions o = new PairedOptions();
        o.help = p.help();
        if (o.help) {
            return o;
        }
        if (!p.positional().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument " + p.positional().get(0) + " (see --help)");
        }
        if (p.value("profile") != null) {
            o.profile = Suite.profile(p.value("profile"));
        }
        o.rounds = p.intValue("rounds", 1, 1000);
        if (p.value("out") != null) {
            o.out = Path.of(p.value("out"));
        }
        if (p.value("baseline") != null) {
            o.baseline = Path.of(p.value("baseline"));
        }
        if (p.value("only") != null) {
            o.only = regex(p.value("only"));
        }
        if (p.value("jvm") != null) {
            o.jvm = jvm(p.value("jvm"));
        }
        if (p.value("jvm-args") != null) {
            o.jvmArgs = flags(p.value("jvm-args"));
        }
        o.warmup = p.value("warmup", IterationSpec::parse);
        o.measurement = p.value("measurement", IterationSpec::parse);
        if (p.value("order") != null) {
            o.order = order(p.value("order"));
        }
        o.updateBaseline = p.has("update-baseline");
        o.requireBaseline = p.has("require-baseline");
        o.dryRun = p.has("dry-run");
        o.list = p.has("list");
        o.verbose = p.has("verbose");
        o.answer = p.has("answer");
        o.profilers = p.values("prof");
        for (String prof : o.profilers) {
            if (prof.isBlank() || prof.startsWith(":")) {
                throw new IllegalArgumentException("--prof '" + prof
                        + "': NAME[:OPTS], e.g. gc (see -lprof of the jar)");
            }
        }
        return o;
    }

    int rounds() {
        return rounds != null ? rounds : profile.rounds();
    }

    /** The last round an undecided set may run: the profile's cap, or exactly the rounds --rounds asks for. */
    int cap() {
        return rounds != null ? rounds : profile.cap();
    }

    IterationSpec warmup() {
        return warmup != null ? warmup : profile.warmup();
    }

    IterationSpec measurement() {
        return measurement != null ? measurement : profile.measurement();
    }

    Path baselineDir() {
        if (baseline != null) {
            return baseline;
        }
        Path parent = out.toAbsolutePath().normalize().getParent();
        return parent == null ? Path.of(ResultStore.BASELINE) : parent.resolve(ResultStore.BASELINE);
    }

    private static PairedSession.Order order(String text) {
        return switch (text) {
            case "paired" -> PairedSession.Order.PAIRED;
            case "sequential" -> PairedSession.Order.SEQUENTIAL;
            default -> throw new IllegalArgumentException("--order " + text + ": paired or sequential");
        };
    }

    private static Pattern regex(String text) {
        try {
            return Pattern.compile(text);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--only " + text + ": not a regular expression ("
                    + e.getDescription() + ")");
        }
    }

    private static String jvm(String path) {
        Path p = Path.of(path);
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            throw new IllegalArgumentException("--jvm " + path + ": not an executable file");
        }
        return p.toAbsolutePath().toString();
    }

    private static List<String> flags(String text) {
        String t = text.strip();
        return t.isEmpty() ? List.of() : new ArrayList<>(Arrays.asList(t.split("\\s+")));
    }
}
