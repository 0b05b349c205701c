package org.cachelinebench.charts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.cachelinebench.claims.ScalingSets;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.scenario.ScalingCurves;
import org.cachelinebench.results.AtomicFiles;
import org.cachelinebench.runner.Metadata;
import org.cachelinebench.runner.ResultStore;
import org.cachelinebench.runner.Summary;
import org.cachelinebench.runner.SummaryTable;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * Writes the scaling profile's table and charts, {@code README.md} and {@code charts/scaling-*.png}, from the files
 * a scaling run left in {@code DIR/latest/} ({@code benchmarks/results --profile scaling}). Nothing is measured here.
 * Exit 2 with one line when the run's files are missing or hold no scaling comparison.
 */
public final class ScalingReport {
    private ScalingReport() {}

    static final String USAGE = String.join("\n",
            "usage: java -Djava.awt.headless=true -cp target/benchmarks.jar org.cachelinebench.charts.ScalingReport"
                    + " [--results DIR]",
            "  --results DIR   the directory to read latest/ from and write README.md and charts/ into"
                    + " (default results/scaling)",
            "  --predicted-cpus LIST   the CPU counts of the predicted curves, e.g. 2,4,...,64 (default "
                    + "the profile's: " + ScalingSets.CPUS.stream().map(String::valueOf).collect(Collectors.joining(","))
                    + ")",
            "");

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE).value("results").value("predicted-cpus");

    /** The predicted curves' CPU counts unless told otherwise: those the profile measures on a machine that has them. */
    static final List<Integer> PREDICTED_CPUS = ScalingSets.CPUS;

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        System.out.flush();
        if (status != 0) {
            System.exit(status);
        }
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return ReportCommand.run("scaling-report", COMMAND_LINE, args, out, err, p -> write(
                Path.of(p.value("results") == null ? "results/scaling" : p.value("results")),
                p.has("predicted-cpus") ? p.value("predicted-cpus", ScalingCurves::cpus) : PREDICTED_CPUS));
    }

    /** The run folder inside the scaling results folder, as benchmarks/results --profile scaling writes it. */
    static final String LATEST = "latest";

    /**
     * Writes README.md and the charts under {@code dir} from {@code dir/latest}, with each comparison's predicted
     * curve traced at {@code predictedCpus}; returns the files written.
     */
    static List<Path> write(Path dir, List<Integer> predictedCpus) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Path latest = dir.resolve(LATEST);
        RunFiles run = RunFiles.read(latest, "run benchmarks/results --profile scaling first");
        Summary summary = run.summary();
        Metadata meta = run.metadata();
        List<ScalingPoints> points = ScalingPoints.of(summary.comparisons());
        if (points.isEmpty()) {
            throw new IllegalArgumentException(latest.resolve(ResultStore.SUMMARY_JSON)
                    + " holds no measured scaling comparison");
        }
        String subtitle = String.format(Locale.ROOT, "%s, %d logical CPUs; %d rounds, forks of %s warmup + %s measurement",
                meta.cpuModel(), meta.logicalCpus(), summary.rounds(), summary.warmup(), summary.measurement());
        Path charts = dir.resolve(ResultsReport.CHARTS);
        Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
        Map<String, ScalingCurves.Curve> predicted = predicted(points, predictedCpus);
        files.put(charts.resolve(ScalingChart.RATIOS_PNG), png(ScalingChart.ratios(points, predicted, subtitle)));
        if (points.stream().anyMatch(p -> p.extra() != null)) {
            files.put(charts.resolve(ScalingChart.EXTRA_PNG), png(ScalingChart.extraTransfers(points, predicted,
                    subtitle)));
        }
        Path readme = dir.resolve(ResultsReport.README);
        files.put(readme, AtomicFiles.Content.of(readme(points, predicted, meta, summary, dir,
                new ArrayList<>(files.keySet()))));
        AtomicFiles.writeAll(files);
        return new ArrayList<>(files.keySet());
    }

    /**
     * The predicted curve of each comparison of {@code points} that has one, keyed by {@link ScalingPoints#curve()},
     * traced at {@code cpus} and at every count measured.
     */
    static Map<String, ScalingCurves.Curve> predicted(List<ScalingPoints> points, List<Integer> cpus) {
        java.util.SortedSet<Integer> counts = new java.util.TreeSet<>(cpus);
        points.forEach(p -> counts.add(p.cpus()));
        Map<String, ScalingCurves.Curve> out = new LinkedHashMap<>();
        for (ScalingPoints p : points) {
            if (!out.containsKey(p.curve())) {
                ScalingCurves.Curve c = ScalingCurves.of(p.workload(), p.subject(), p.reference(),
                        List.copyOf(counts), Model.DEFAULT);
                if (c != null) {
                    out.put(p.curve(), c);
                }
            }
        }
        return out;
    }

    static String readme(List<ScalingPoints> points, Map<String, ScalingCurves.Curve> predicted, Metadata m,
                         Summary s, Path dir, List<Path> files) {
        StringBuilder sb = new StringBuilder("# Scaling\n\n");
        sb.append("Generated by `ScalingReport` from `latest/summary.json` and `latest/metadata.json` of "
                + "`benchmarks/results --profile scaling`; do not edit by hand.\n\n");
        sb.append(String.format(Locale.ROOT, "Machine: %s, %d logical CPUs; %s; JDK %s %s. Run %s, %d rounds, "
                + "%d forks in %.0f s. Command: `%s`.%n%n", m.cpuModel(), m.logicalCpus(), m.os(), m.jdkVendor(),
                m.jdkVersion(), m.date(), m.rounds(), m.forks(), m.elapsedSeconds(), m.command()));
        sb.append("Each point is a set of forks run round by round with its A/A control (the reference again); "
                + "ratio = cost(subject) / cost(reference), geometric mean over rounds with its 95 % interval. Extra "
                + "lines (csd only) = (ratio - 1) / ratio(floor): the extra cost in units of the floor, one line to "
                + "each target and back. Predicted extra transfers: the coherence model's, traced from the same code "
                + "at the same CPU count (docs/coherence.md), the subject's transfers per operation minus the "
                + "reference's; computed, not measured, and \"—\" where no shape predicts the comparison.\n\n");
        sb.append("| CPUs | place | comparison | ratio | 95 % interval | extra lines | predicted extra transfers |\n"
                + "|---:|---|---|---:|---|---:|---:|\n");
        List<ScalingPoints> sorted = new ArrayList<>(points);
        sorted.sort(Comparator.comparing(ScalingPoints::curve).thenComparing(ScalingPoints::place)
                .thenComparingInt(ScalingPoints::cpus));
        for (ScalingPoints p : sorted) {
            sb.append("| ").append(p.cpus()).append(" | ").append(p.place().value()).append(" | ").append(p.curve())
                    .append(" | ").append(SummaryTable.fmt(p.ratio())).append(" | ")
                    .append(p.low() == null ? "—" : "[" + SummaryTable.fmt(p.low()) + ", " + SummaryTable.fmt(p.high()) + "]")
                    .append(" | ").append(p.extra() == null ? "—" : String.format(Locale.ROOT, "%+.2f", p.extra()))
                    .append(" | ").append(predictedAt(predicted.get(p.curve()), p.cpus())).append(" |\n");
        }
        sb.append('\n');
        for (Path f : files) {
            if (f.toString().endsWith(".png")) {
                String rel = dir.relativize(f).toString().replace('\\', '/');
                sb.append("![").append(f.getFileName()).append("](").append(rel).append(")\n\n");
            }
        }
        return sb.toString();
    }

    private static String predictedAt(ScalingCurves.Curve curve, int cpus) {
        Double x = curve == null ? null : curve.extra().get(cpus);
        return x == null ? "—" : String.format(Locale.ROOT, "%+.2f", x) + " " + curve.unit();
    }

    private static AtomicFiles.Content png(JFreeChart chart) {
        return out -> ChartUtils.writeChartAsPNG(out, chart, Charts.WIDTH, Charts.SWEEP_HEIGHT);
    }
}
