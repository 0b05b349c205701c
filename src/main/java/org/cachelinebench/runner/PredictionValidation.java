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
import org.cachelinebench.coherence.unit.ProbeCosts;

/**
 * {@code benchmarks/predict --validate RESULTS_DIR [--patched FILE]}: every saved run under the folder (each folder
 * with a summary.json and metadata.json) and every comparison of today's suite it measured, predicted in its measured
 * unit at that run's own costs ({@link UnitPredictions}) and scored so that it can miss ({@link #score}): a hit only
 * when the measured point lies in the predicted range and that range is no wider than {@link #PRICED_WIDTH}; a wider
 * range, or none (no probes, no floor), is "not priced". A/A controls are not scored: 1 by construction, they would
 * pad the hits. As Markdown: the hit rate per comparison kind and CPU (metadata's model name), one line per run,
 * then every row. A run that measured a patch (its metadata's work tree dirty in the measured code, or, for runs from
 * before that was recorded, under a folder the {@code --patched} file lists) is named and not counted: the traces
 * are today's unpatched code, so its rows would miss by construction. The model is not tuned to these runs: the
 * traces are today's code, the costs each run's own. Exit 0, or 2 for bad input (one line).
 */
public final class PredictionValidation {
    private PredictionValidation() {}

    static final String USAGE = "usage: benchmarks/predict --validate RESULTS_DIR [--patched FILE]";

    /**
     * The widest predicted range that still prices a comparison, its high end over its low end (extra round trips:
     * over 1 + each end, the cost in floors of a reference of one floor). The gated effects are x1.3 to x2.6 and one
     * line transfer moves a cost by about one floor; a range wider than x1.5 end to end holds one more transfer and
     * none at once, so a measured point inside it confirms nothing.
     */
    static final double PRICED_WIDTH = 1.5;

    /** A scored row: the measured point in the predicted range, which is narrow enough. */
    static final String HIT = "hit";
    /** A scored row whose measured point lies outside its predicted range. */
    static final String MISS = "miss";
    /** No prediction (no probes, no floor), or one wider than {@link #PRICED_WIDTH}. */
    static final String NOT_PRICED = "not priced";

    /**
     * A row's score: {@link #NOT_PRICED} without a range or with one wider than {@link #PRICED_WIDTH}; else
     * {@link #HIT} when the measured point lies in the range, {@link #MISS} otherwise. A range of one value (an exact
     * count, such as no extra transfer) has no width of its own: it is hit when the measured interval holds it.
     *
     * @param unit  {@link UnitPredictions#RATIO} or {@link UnitPredictions#ROUND_TRIPS}
     * @param p     the predicted range, or null
     * @param point the measured point (the ratio's geometric mean, or the extra round trips); null when none
     * @param low   the measured interval's low end (null when none)
     * @param high  its high end
     */
    static String score(String unit, ProbeCosts.Range p, Double point, Double low, Double high) {
        if (p == null || point == null) {
            return NOT_PRICED;
        }
        if (p.low() == p.high()) {
            return low != null && high != null && low <= p.mid() && p.mid() <= high ? HIT : MISS;
        }
        double shift = unit.equals(UnitPredictions.RATIO) ? 0 : 1;
        double width = (shift + p.high()) / (shift + p.low());
        if (!(shift + p.low() > 0) || !(width <= PRICED_WIDTH)) {
            return NOT_PRICED;
        }
        return p.low() <= point && point <= p.high() ? HIT : MISS;
    }

    /** What the run measured a patch of, or null for the commit's own code. */
    static String patch(Path root, Path dir, Metadata m, List<String> listed, Path listFile) {
        if (m.workingTree() != null && m.workingTree().dirty()) {
            return String.join(", ", m.workingTree().changed());
        }
        Path relative = root.relativize(dir);
        for (String prefix : listed) {
            if (relative.startsWith(Path.of(prefix))) {
                return "listed in " + listFile;
            }
        }
        return null;
    }

    /** The folders {@code file} lists, one a line, '#' comments dropped. */
    static List<String> patchedRuns(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--patched " + file + ": no such file");
        }
        try {
            return Files.readAllLines(file).stream().map(l -> l.replaceFirst("#.*", "").trim())
                    .filter(l -> !l.isEmpty()).toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("--patched " + file + ": cannot read: " + e.getMessage(), e);
        }
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** One comparison of one run, predicted beside measured, and its {@link #score}. */
    record Row(Path run, String cpu, Claim claim, String measured, UnitPredictions.Row predicted, String score) {
        String kind() {
            return kindOf(claim, predicted);
        }
    }

    static int run(PrintStream out, PrintStream err, String... args) {
        boolean patchedGiven = args.length == 3 && args[1].equals("--patched");
        if (!(args.length == 1 || patchedGiven) || args[0].startsWith("-")) {
            err.println("predict: " + USAGE);
            return 2;
        }
        Path root = Path.of(args[0]);
        Path listFile = patchedGiven ? Path.of(args[2]) : null;
        List<String> listed;
        try {
            listed = listFile == null ? List.of() : patchedRuns(listFile);
        } catch (IllegalArgumentException e) {
            err.println("predict: " + e.getMessage());
            return 2;
        }
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
            report = markdown(root, runs, new UnitPredictions(Model.DEFAULT), listed, listFile);
        } finally {
            System.setOut(stdout);
        }
        out.print(report);
        return 0;
    }

    static String markdown(Path root, List<Path> runs, UnitPredictions units, List<String> listed, Path listFile) {
        List<Row> rows = new ArrayList<>();
        List<String> perRun = new ArrayList<>();
        int patched = 0;
        int controls = 0;
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
            String patch = patch(root, dir, saved.metadata(), listed, listFile);
            if (patch != null) {
                perRun.add("- `" + dir + "` (" + cpu + "): measured a patch (" + patch + "), not counted");
                patched++;
                continue;
            }
            int hits = 0;
            int scored = 0;
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
                if (c.expect().aaControl() || c.subject().endsWith("-again")) {
                    controls++;                     // 1 by construction: not a prediction that can miss
                    continue;
                }
                boolean ratio = p.unit().equals(UnitPredictions.RATIO);
                String score = score(p.unit(), p.predicted(), ratio ? e.geoMean() : e.extraTransfers(),
                        ratio ? e.low() : e.extraTransfersLow(), ratio ? e.high() : e.extraTransfersHigh());
                rows.add(new Row(dir, cpu, c, measured(e, p), p, score));
                if (score.equals(NOT_PRICED)) {
                    unpriced++;
                } else {
                    scored++;
                    hits += score.equals(HIT) ? 1 : 0;
                }
            }
            perRun.add("- `" + dir + "` (" + cpu + "): " + hits + " of " + scored + " hit"
                    + (unpriced == 0 ? "" : "; " + unpriced + " not priced"));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# The coherence model against every saved run under ").append(root).append("\n\n")
                .append("Predicted in each comparison's measured unit at the run's own costs (").append(Model.DEFAULT
                        .describe())
                .append("; docs/coherence.md). A hit: the measured point lies in the predicted range, and that range")
                .append(" is no wider than x").append(PRICED_WIDTH).append(" end to end (else: not priced). Written by `")
                .append("benchmarks/predict --validate ").append(root)
                .append(listFile == null ? "" : " --patched " + listFile).append("`. ").append(patched)
                .append(" runs that measured a patch are named below and not counted; ").append(controls)
                .append(" A/A rows (1 by construction) are not scored.\n\n");
        int hitsAll = (int) rows.stream().filter(r -> r.score().equals(HIT)).count();
        int scoredAll = (int) rows.stream().filter(r -> !r.score().equals(NOT_PRICED)).count();
        sb.append("Hits: ").append(hitsAll).append(" of ").append(scoredAll).append(" priced rows; ")
                .append(rows.size() - scoredAll).append(" not priced.\n\n");
        sb.append("## Hit rate per comparison kind and CPU\n\n");
        sb.append("| comparison kind | CPU | hit | miss | not priced (too wide, no probes, no floor) |\n"
                + "|---|---|---:|---:|---:|\n");
        Map<String, int[]> byKind = new TreeMap<>();
        for (Row r : rows) {
            int[] n = byKind.computeIfAbsent(r.kind() + " | " + r.cpu(), k -> new int[3]);
            n[r.score().equals(HIT) ? 0 : r.score().equals(MISS) ? 1 : 2]++;
        }
        byKind.forEach((k, n) -> sb.append("| ").append(k).append(" | ").append(n[0]).append(" | ").append(n[1])
                .append(" | ").append(n[2]).append(" |\n"));
        sb.append("\n## Per run\n\n");
        perRun.forEach(l -> sb.append(l).append('\n'));
        sb.append("\n## Every row\n\n| run | comparison | measured | predicted | score |\n|---|---|---|---|---|\n");
        for (Row r : rows) {
            sb.append("| `").append(r.run()).append("` | `").append(r.claim().id()).append("` | ").append(r.measured())
                    .append(" | ").append(r.predicted().shown()).append(" | ").append(r.score()).append(" |\n");
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
