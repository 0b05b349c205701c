package org.cachelinebench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;

import org.cachelinebench.harness.ParamHook;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Optional;

/**
 * Entry point of {@code target/benchmarks.jar}: JMH's own command line, every option accepted.
 *
 * <p>Two things are added before JMH runs. Every {@code -p name=value} given for a benchmark of this
 * suite is checked by that benchmark class's {@code public static void checkParam(String name, String value)},
 * so that an unknown variant or an impossible offset fails at once, in one line, with exit status 2,
 * instead of as a stack trace deep in a fork. And a benchmark that fails makes the run fail (JMH's
 * {@code -foe true}) unless the user says otherwise.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        String problem = checkParams(args);
        if (problem != null) {
            System.err.println("benchmarks.jar: " + problem);
            System.exit(2);
        }
        org.openjdk.jmh.Main.main(withFailOnError(args));
    }

    /** Returns a one-line description of the first bad {@code -p} value, or null when all are good. */
    static String checkParams(String[] args) {
        CommandLineOptions options;
        try {
            options = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            return null; // JMH reports its own parse errors.
        }
        List<String> includes = new ArrayList<>(options.getIncludes());
        if (includes.isEmpty()) {
            includes.add(".*");
        }
        OutputFormat silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        SortedSet<BenchmarkListEntry> selected;
        try {
            selected = BenchmarkList.defaultList().find(silent, includes, options.getExcludes());
        } catch (RuntimeException e) {
            return null; // no benchmark list, or a bad pattern: JMH says so itself.
        }
        for (BenchmarkListEntry entry : selected) {
            Optional<Map<String, String[]>> declared = entry.getParams();
            if (!declared.hasValue()) {
                continue;
            }
            Set<String> names = declared.get().keySet();
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
        return null;
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
