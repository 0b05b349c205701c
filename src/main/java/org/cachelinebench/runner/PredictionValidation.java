package org.cachelinebench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;

/**
 * {@code benchmarks/predict --validate RESULTS_DIR}: every saved run under the folder (each folder with a
 * summary.json and metadata.json) and every comparison of today's suite it measured, predicted in its measured unit
 * at that run's own costs ({@link UnitPredictions}), inside or outside the measured 95 % interval; as Markdown: the
 * hit rate per comparison kind and CPU (metadata's model name), one line per run, then every row. Rows that need a
 * probe or a floor the run did not record say so and are not counted. A run that measured a patch (its metadata's
 * work tree dirty in the measured code, or, for runs from before that was recorded, listed in
 * {@link #PATCHED_RUNS_FILE}) is named and not counted: the traces are today's unpatched code, so its rows would
 * read "outside" by construction. The model is not tuned to these runs: the traces are today's code, the costs
 * each run's own. Exit 0, or 2 for a folder that holds no run (one line).
 */
public final class PredictionValidation {
    private PredictionValidation() {}

    static final String USAGE = "usage: benchmarks/predict --validate RESULTS_DIR";

    /**
     * The saved runs that measured a patch from before metadata recorded the work tree, relative to results/, one
     * folder prefix a line ('#' starts a comment); read from the working directory, absent is empty.
     */
    static final Path PATCHED_RUNS_FILE = Path.of("results", "patched-runs.txt");

    /** What the run measured a patch of, or null for the commit's own code. */
    static String patch(Path dir, Metadata m, List<String> listed) {
        if (m.workingTree() != null && m.workingTree().dirty()) {
            return String.join(", ", m.workingTree().changed());
        }
        String path = dir.toString().replace('\\', '/');
        for (String prefix : listed) {
            if (path.contains("results/" + prefix) || path.startsWith(prefix)) {
                return "listed in " + PATCHED_RUNS_FILE;
            }
        }
        return null;
    }

    static List<String> patchedRuns(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllLines(file).stream().map(l -> l.replaceFirst("#.*", "").trim())
                    .filter(l -> !l.isEmpty()).toList() : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read", e);
        }
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** One comparison of one run, predicted beside measured. */
    record Row(Path run, String cpu, Claim claim, String measured, UnitPredictions.Row predicted) {
        String kind() {
            return kindOf(claim, predicted);
        }
    }

    static int run(PrintStream out, PrintStream err, String... args) {
        if (args.length != 1 || args[0].startsWith("-")) {
            err.println("predict: " + USAGE);
            return 2;
        }
        Path root = Path.of(args[0]);
        List<Path> runs;
        try (Stream<Path> s = Files.walk(root)) {
            runs = s.filter(p -> p.getFileName().toString().equals(ResultStore.SUMMARY_JSON))
                    .map(Path::getParent).filter(d -> Files.isRegularFile(d.resolve(ResultStore.METADATA)))
                    .sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            err.println("predict: " + root + ": cannot read: " + e.getMessage());
            return 2;
        }
        if (runs.isEmpty()) {
            err.println("predict: " + root + ": no saved run (a folder with summary.json and metadata.json) under it");
            return 2;
        }
        // JOL prints its warnings on stdout when a trace of Java objects first asks it for a layout: stderr, not the report.
        PrintStream stdout = System.out;
        String report;
        try {
            System.setOut(err);
            report = markdown(root, runs, new UnitPredictions(Model.DEFAULT), err);
        } finally {
            System.setOut(stdout);
        }
        out.print(report);
        return 0;
    }

    static String markdown(Path root, List<Path> runs, UnitPredictions units, PrintStream err) {
        List<Row> rows = new ArrayList<>();
        List<String> perRun = new ArrayList<>();
        List<String> listed = patchedRuns(PATCHED_RUNS_FILE);
        int patched = 0;
        for (Path dir : runs) {
            SavedRun saved;
            UnitPredictions.RunCosts costs;
            try {
                saved = SavedRun.read(dir);
                costs = UnitPredictions.RunCosts.of(dir);
            } catch (IllegalArgumentException e) {
                perRun.add("- `" + dir + "`: not read: " + e.getMessage());
                continue;
            }
            String cpu = saved.metadata().cpuModel() == null ? "unknown CPU" : saved.metadata().cpuModel().trim();
            String patch = patch(dir, saved.metadata(), listed);
            if (patch != null) {
                perRun.add("- `" + dir + "` (" + cpu + "): measured a patch (" + patch + "), not counted");
                patched++;
                continue;
            }
            int inside = 0;
            int judged = 0;
            int unpriced = 0;
            for (Summary.Entry e : saved.summary().comparisons()) {
                Claim c = Suite.claim(e.id());
                if (c == null || !e.measured()) {
                    continue;
                }
                UnitPredictions.Row p = units.of(c, costs, e.extraTransfersLow(), e.extraTransfersHigh(), e.low(), e.high());
                if (p.unit().isEmpty() || p.unit().equals(UnitPredictions.ROUND_TRIPS) && e.extraTransfers() == null) {
                    continue;                       // no measured unit for it (forks, allocators, the floor's own row)
                }
                rows.add(new Row(dir, cpu, c, measured(e, p), p));
                if (p.against().isEmpty()) {
                    unpriced++;
                } else {
                    judged++;
                    inside += p.against().equals(UnitPredictions.INSIDE) ? 1 : 0;
                }
            }
            perRun.add("- `" + dir + "` (" + cpu + "): " + inside + " of " + judged + " inside"
                    + (unpriced == 0 ? "" : "; " + unpriced + " without the probes or floor they need"));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# The coherence model against every saved run under ").append(root).append("\n\n")
                .append("Predicted in each comparison's measured unit at the run's own costs (").append(Model.DEFAULT
                        .describe()).append("; docs/coherence.md), against the measured 95 % interval. Written by `")
                .append("benchmarks/predict --validate ").append(root).append("`. ").append(patched)
                .append(" runs that measured a patch are named below and not counted.\n\n");
        sb.append("## Hit rate per comparison kind and CPU\n\n");
        sb.append("| comparison kind | CPU | inside | outside | not priced (no probes / no floor) |\n|---|---|---:|---:|---:|\n");
        Map<String, int[]> byKind = new TreeMap<>();
        for (Row r : rows) {
            int[] n = byKind.computeIfAbsent(r.kind() + " | " + r.cpu(), k -> new int[3]);
            n[r.predicted().against().equals(UnitPredictions.INSIDE) ? 0
                    : r.predicted().against().equals(UnitPredictions.OUTSIDE) ? 1 : 2]++;
        }
        byKind.forEach((k, n) -> sb.append("| ").append(k).append(" | ").append(n[0]).append(" | ").append(n[1])
                .append(" | ").append(n[2]).append(" |\n"));
        sb.append("\n## Per run\n\n");
        perRun.forEach(l -> sb.append(l).append('\n'));
        sb.append("\n## Every row\n\n| run | comparison | measured | predicted | against |\n|---|---|---|---|---|\n");
        for (Row r : rows) {
            sb.append("| `").append(r.run()).append("` | `").append(r.claim().id()).append("` | ").append(r.measured())
                    .append(" | ").append(r.predicted().shown()).append(" | ").append(r.predicted().against()).append(" |\n");
        }
        return sb.toString();
    }

    /** The measured interval in the prediction's unit. */
    private static String measured(Summary.Entry e, UnitPredictions.Row p) {
        if (p.unit().equals(UnitPredictions.RATIO)) {
            return "ratio " + SummaryTable.fmt(e.geoMean()) + (e.low() == null ? ""
                    : " (" + SummaryTable.fmt(e.low()) + " .. " + SummaryTable.fmt(e.high()) + ")");
        }
        return e.extraTransfers() == null ? "none" : SummaryTable.signed(e.extraTransfers())
                + (e.extraTransfersLow() == null ? "" : " (" + SummaryTable.signed(e.extraTransfersLow()) + " .. "
                        + SummaryTable.signed(e.extraTransfersHigh()) + ")");
    }

    /**
     * The comparison's kind for the hit rates: an A/A control, an offset of the sweep (straddling or not, as the
     * model finds: a predicted extra), the pcpu_chunk readers, or the claim's set and sides.
     */
    static String kindOf(Claim c, UnitPredictions.Row p) {
        if (c.subject().endsWith("-again")) {
            return "A/A control";
        }
        if (c.set().contains("sweep")) {
            boolean straddles = p.predicted() == null ? p.why().equals(
                    org.cachelinebench.coherence.unit.MeasuredUnitPrediction.NO_PROBES) : p.predicted().mid() != 0;
            return c.set() + ": " + (straddles ? "offsets the model finds straddling" : "offsets the model finds in one line");
        }
        if (p.unit().equals(UnitPredictions.RATIO)) {
            return c.set() + " readers: " + c.subject() + " vs " + c.reference();
        }
        return c.set() + ": " + c.subject() + " vs " + c.reference();
    }
}
