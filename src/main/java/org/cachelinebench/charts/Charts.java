package org.cachelinebench.charts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.results.AtomicFiles;
import org.cachelinebench.runner.Summary;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * Draws the charts of a session from its summary.json, so they can be redrawn without rerunning:
 * {@code ratios.png} (every comparison); when the session ran the offset sweep, {@code csd-offset-sweep.png};
 * when it ran the mailbox sets ({@code claims.MailboxSets}), {@code extra-line-transfers.png} (by placement:
 * kernel protocol, flag mailbox, Java object) and, with the interleaved sweeps,
 * {@code extra-line-transfers-by-offset.png}. Headless; each PNG is written atomically.
 *
 * <p>Usage: {@code java -Djava.awt.headless=true -cp target/benchmarks.jar
 * org.cachelinebench.charts.Charts SUMMARY.json OUTDIR}
 */
public final class Charts {
    private Charts() {}

    public static final String RATIOS_PNG = "ratios.png";
    public static final String SWEEP_PNG = "csd-offset-sweep.png";
    public static final String EXTRA_PNG = "extra-line-transfers.png";
    public static final String EXTRA_BY_OFFSET_PNG = "extra-line-transfers-by-offset.png";
    public static final int WIDTH = 1100;
    public static final int SWEEP_HEIGHT = 600;

    public static void main(String[] args) {
        EntryPoint.exit("charts", () -> run(args));
    }

    private static int run(String[] args) {
        if (args.length != 2) {
            System.err.println("charts: usage: Charts SUMMARY.json OUTDIR");
            return 2;
        }
        try {
            for (Path p : write(Summary.read(Path.of(args[0])), Path.of(args[1]))) {
                System.out.println("chart: " + p);
            }
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("charts: " + e.getMessage());
            return 2;
        }
    }

    /** Writes the charts of {@code summary} into {@code dir}; returns the files written. */
    public static List<Path> write(Summary summary, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        String subtitle = String.format(Locale.ROOT, "profile %s, %d rounds, forks of %s warmup + %s measurement, %s",
                summary.profile(), summary.rounds(), summary.warmup(), summary.measurement(), summary.finished());
        Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
        List<Path> written = new ArrayList<>();
        // A claim no round measured (its variant failed its layout check) has no ratio to draw.
        List<Summary.Entry> measured = summary.comparisons().stream().filter(Summary.Entry::measured).toList();
        if (!measured.isEmpty()) {
            JFreeChart ratios = RatioChart.create(measured, subtitle);
            Path p = dir.resolve(RATIOS_PNG);
            files.put(p, png(ratios, WIDTH, RatioChart.height(measured.size())));
            written.add(p);
        }
        if (summary.sweep() != null && !summary.sweep().isEmpty()) {
            JFreeChart sweep = SweepChart.create(summary.sweep(), summary.csdBytes(), summary.lineSize(), subtitle);
            Path p = dir.resolve(SWEEP_PNG);
            files.put(p, png(sweep, WIDTH, SWEEP_HEIGHT));
            written.add(p);
        }
        if (ExtraTransfersChart.hasPlacements(summary.comparisons())) {
            JFreeChart extra = ExtraTransfersChart.byPlacement(summary.comparisons(), subtitle);
            Path p = dir.resolve(EXTRA_PNG);
            files.put(p, png(extra, WIDTH, ExtraTransfersChart.placementHeight()));
            written.add(p);
        }
        if (ExtraTransfersChart.hasOffsets(summary.comparisons())) {
            JFreeChart extra = ExtraTransfersChart.byOffset(summary.comparisons(), summary.lineSize(), subtitle);
            Path p = dir.resolve(EXTRA_BY_OFFSET_PNG);
            files.put(p, png(extra, WIDTH, SWEEP_HEIGHT));
            written.add(p);
        }
        AtomicFiles.writeAll(files);
        return written;
    }

    private static AtomicFiles.Content png(JFreeChart chart, int width, int height) {
        return out -> ChartUtils.writeChartAsPNG(out, chart, width, height);
    }
}
