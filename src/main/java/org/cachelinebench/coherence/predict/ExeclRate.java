package org.cachelinebench.coherence.predict;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cachelinebench.claims.ChunkSets;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.TextTable;
import org.cachelinebench.model.percpu.ExeclSteadyState;

/**
 * {@code benchmarks/predict --execl-rate}: the model's writes of {@code nr_empty_pop_pages} per alloc/free step in an
 * execl-like steady state ({@link ExeclSteadyState}), per process count, with the benchmarks' {@code -p live=N}
 * whose rate (1/N) is nearest, to read the measured cost off the chunk-empty-pages sets' results. A model count: no timing.
 */
final class ExeclRate {
    private ExeclRate() {}

    static final int DEFAULT_EXECS = 100_000;
    static final String USAGE = String.join("\n",
            "usage: benchmarks/predict --execl-rate --processes LIST [--background N] [--seed S] [--execs N]",
            "  --processes LIST  processes alive at once, e.g. 8,64,224,448",
            "  --background N    long-lived 16-byte areas sharing the chunk (default 0)",
            "  --seed S          the seed of the random order of execve steps (default 1)",
            "  --execs N         execve()s counted per process count (default " + DEFAULT_EXECS + ")");

    /** The occupancies the chunk-empty-pages sets measure ({@code -p live=N}): a write every N steps. */
    static final int[] MEASURED_LIVE = ChunkSets.EMPTY_PAGES_LIVE.stream().mapToInt(Integer::intValue)
            .toArray();

    static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine cli = new CommandLine(USAGE).flag("execl-rate").value("processes").value("background")
                .value("seed").value("execs");
        List<ExeclSteadyState.Result> results = new ArrayList<>();
        try {
            CommandLine.Parsed p = cli.parse(args);
            if (p.help()) {
                out.println(USAGE);
                return 0;
            }
            if (!p.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument '" + p.positional().get(0) + "'");
            }
            if (!p.has("processes")) {
                throw new IllegalArgumentException("--execl-rate needs --processes LIST");
            }
            List<Integer> processes = p.value("processes", ExeclRate::processes);
            int background = p.has("background") ? p.intValue("background", 0, 1 << 20) : 0;
            long seed = p.has("seed") ? p.value("seed", ExeclRate::seed) : 1;
            int execs = p.has("execs") ? p.intValue("execs", 1, 100_000_000) : DEFAULT_EXECS;
            for (int n : processes) {
                results.add(ExeclSteadyState.run(n, background, seed, execs));
            }
        } catch (IllegalArgumentException e) {
            err.println("predict: " + e.getMessage());
            return 2;
        }
        TextTable t = new TextTable("processes", "background", "steps", "writes", "writes/step", "nearest live")
                .alignRight(0, 1, 2, 3, 4, 5);
        for (ExeclSteadyState.Result r : results) {
            t.add(Integer.toString(r.processes()), Integer.toString(r.background()), Long.toString(r.steps()),
                    Long.toString(r.writes()), String.format(Locale.ROOT, "%.6f", r.rate()), nearestLive(r.rate()));
        }
        out.println("# model: writes of nr_empty_pop_pages per alloc/free step, execl-like steady state, seed "
                + (results.isEmpty() ? "" : results.get(0).seed()) + " (a model count, not a measurement)");
        out.print(t);
        return 0;
    }

    /** The measured live=N whose rate 1/N is nearest on a log scale; below 1/512, "512 or sparser". */
    static String nearestLive(double rate) {
        int last = MEASURED_LIVE[MEASURED_LIVE.length - 1];
        if (rate <= 1.0 / last) {
            return last + " or sparser";
        }
        int best = MEASURED_LIVE[0];
        for (int live : MEASURED_LIVE) {
            if (Math.abs(Math.log(rate * live)) < Math.abs(Math.log(rate * best))) {
                best = live;
            }
        }
        return Integer.toString(best);
    }

    private static List<Integer> processes(String s) {
        List<Integer> out = new ArrayList<>();
        for (String part : s.split(",", -1)) {
            try {
                int n = Integer.parseInt(part.trim());
                if (n < 1) {
                    throw new NumberFormatException();
                }
                out.add(n);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + s + "': not a list of whole numbers >= 1");
            }
        }
        return out;
    }

    private static long seed(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "': not a whole number");
        }
    }
}
