package org.cachelinebench.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.results.AtomicFiles;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResultReader;
import org.cachelinebench.results.UnusableInputException;

/**
 * {@code benchmarks/compare BASELINE.json CURRENT.json}: the regression gate over two JMH {@code -rf json} files.
 *
 * <p>Prints a table (benchmark, mode, params, metric, baseline, current, change, interval, verdict) on stdout and
 * exits 0 if nothing regressed, 1 if something did, 2 if the input is unusable (missing or unreadable file,
 * malformed JSON, not a JMH result, a primary score that is NaN, zero or negative, nothing in common, a bad
 * option) with one line on stderr naming the problem.
 * Improvements are reported, never failures. How rows are matched and decided: {@link GateComparison}.
 */
public final class Compare {
    public static final int OK = 0;
    public static final int REGRESSION = 1;
    public static final int UNUSABLE = 2;

    static final String USAGE = String.join("\n",
            "Usage: benchmarks/compare [options] BASELINE.json CURRENT.json",
            "",
            "Compares two JMH result files (java -jar benchmarks.jar ... -rf json -rff FILE) benchmark by",
            "benchmark (same name, mode and @Param values; each @Group method too) with Welch's t-test on",
            "per-fork means, and prints one row per metric.",
            "",
            "Options:",
            "  --alpha A       two-sided significance level, 0 < A < 1; intervals are 1 - A (default "
                    + GateComparison.Options.DEFAULT_ALPHA + ")",
            "  --threshold T   smallest change that can be a regression, as 5% or 0.05 (default "
                    + Math.round(100 * GateComparison.Options.DEFAULT_THRESHOLD) + "%): a smaller",
            "                  significant change is reported as 'below threshold', not as a failure",
            "  --json OUT      also write the verdicts as JSON to OUT (atomically)",
            "  --help          this text",
            "",
            "Exit status: 0 no regression (improvements included), 1 regression, 2 unusable input (one line:",
            "a missing or malformed file, a score that is NaN, zero or negative, nothing in common).",
            "");

    private Compare() {}

    public static void main(String[] args) {
        EntryPoint.exit("compare", () -> run(args, System.out, System.err));
    }

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE).value("alpha").value("threshold").value("json");

    /** The command without {@code System.exit}: returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            CommandLine.Parsed p;
            try {
                p = COMMAND_LINE.parse(args);
            } catch (IllegalArgumentException e) {
                throw new UnusableInputException(e.getMessage());
            }
            if (p.help()) {
                out.print(USAGE);
                return OK;
            }
            double alpha = p.value("alpha") == null ? GateComparison.Options.DEFAULT_ALPHA : alpha(p.value("alpha"));
            double threshold = p.value("threshold") == null ? GateComparison.Options.DEFAULT_THRESHOLD
                    : threshold(p.value("threshold"));
            Path json = null;
            if (p.value("json") != null) {
                if (p.value("json").isEmpty()) {
                    throw new UnusableInputException("--json needs a file name");
                }
                json = Paths.get(p.value("json"));
            }
            List<String> files = p.positional();
            if (files.size() != 2) {
                throw new UnusableInputException("expected two files, BASELINE.json CURRENT.json, got "
                        + files.size() + " (see --help)");
            }
            List<JmhResult> baseline = JmhResultReader.read(Paths.get(files.get(0)));
            List<JmhResult> current = JmhResultReader.read(Paths.get(files.get(1)));
            GateComparison c = GateComparison.compare(baseline, current, new GateComparison.Options(alpha, threshold));
            if (json != null) {
                writeAtomically(json, ComparisonReport.json(c, files.get(0), files.get(1)));
            }
            out.print(ComparisonReport.table(c));
            return c.hasRegression() ? REGRESSION : OK;
        } catch (UnusableInputException e) {
            err.println("compare: " + e.getMessage());
            return UNUSABLE;
        }
    }

    static double alpha(String s) throws UnusableInputException {
        double a;
        try {
            a = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new UnusableInputException("--alpha " + s + ": not a number");
        }
        if (!(a > 0 && a < 1)) {
            throw new UnusableInputException("--alpha " + s + ": must be between 0 and 1, e.g. 0.05");
        }
        return a;
    }

    /** "5%" or "0.05"; a bare number of 1 or more is refused as ambiguous (5 = 5 % or 500 %?). */
    static double threshold(String s) throws UnusableInputException {
        String t = s.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1).trim() : t);
        } catch (NumberFormatException e) {
            throw new UnusableInputException("--threshold " + s + ": not a percentage like 5% or a fraction like 0.05");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new UnusableInputException("--threshold " + s + ": must be 0 or more");
        }
        if (!percent && v >= 1) {
            throw new UnusableInputException("--threshold " + s + ": ambiguous, write "
                    + String.format(Locale.ROOT, "%s%%", s) + " or a fraction like 0.05");
        }
        return percent ? v / 100 : v;
    }

    /** Writes all or nothing ({@link AtomicFiles}), into a directory that must exist: a typo must not create one. */
    static void writeAtomically(Path target, String text) throws UnusableInputException {
        Path dir = target.toAbsolutePath().getParent();
        if (Files.isDirectory(target)) {
            throw new UnusableInputException("cannot write --json " + target + ": is a directory");
        }
        if (!Files.isDirectory(dir)) {
            throw new UnusableInputException("cannot write --json " + target + ": no such directory " + dir);
        }
        try {
            AtomicFiles.write(target, AtomicFiles.Content.of(text));
        } catch (AccessDeniedException e) {
            throw new UnusableInputException("cannot write --json " + target + ": permission denied");
        } catch (IOException e) {
            throw new UnusableInputException("cannot write --json " + target + ": " + e.getClass().getSimpleName()
                    + " " + e.getMessage());
        }
    }
}
