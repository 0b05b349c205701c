package org.cachelinebench.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import java.util.Locale;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.scenario.ScalingCurves;
import org.cachelinebench.coherence.scenario.Shapes;
import org.cachelinebench.runner.Summary;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scaling report from a run's summary: one table row per point and comparison, the extra line transfers from the
 * same set's floor and the predicted extra transfers, both charts with the predicted curves, and one line with exit
 * 2 when there is no run.
 */
class ScalingReportTest {
    @TempDir
    Path dir;

    @Test
    void tableAndChartsFromTheSummary() throws IOException {
        JsonObject summary = fixture("summary-fixture.json");
        JsonObject template = summary.getAsJsonArray("comparisons").get(0).getAsJsonObject();
        JsonArray comparisons = new JsonArray();
        for (int cpus : new int[] {2, 4}) {
            String set = "scaling-ipi-l3-" + cpus;
            comparisons.add(entry(template, set, "size-aligned", "line-aligned", cpus == 2 ? 1.0 : 1.2));
            comparisons.add(entry(template, set, "floor", "line-aligned", 0.5));
            comparisons.add(entry(template, set, "line-aligned-again", "line-aligned", 1.0));
        }
        comparisons.add(entry(template, "scaling-execl-l3-2", "v6.4-rc4", "v6.5-merged", 1.5));
        comparisons.add(entry(template, "csd", "straddled", "line-aligned", 1.4));   // not a scaling set: left out
        summary.add("comparisons", comparisons);
        Files.createDirectories(dir.resolve("latest"));
        Files.writeString(dir.resolve("latest/summary.json"), summary.toString());
        Files.writeString(dir.resolve("latest/metadata.json"), fixture("metadata-fixture.json").toString());

        List<Path> written = ScalingReport.write(dir, List.of(2, 4));
        assertEquals(List.of(dir.resolve("charts/scaling-ratio.png"), dir.resolve("charts/scaling-extra-line-transfers.png"),
                dir.resolve("README.md")), written);
        String readme = Files.readString(dir.resolve("README.md"));
        for (String row : List.of(
                "| 2 | l3 | csd size-aligned / line-aligned | 1.000 |",
                "| 4 | l3 | csd size-aligned / line-aligned | 1.200 |",
                "| 4 | l3 | csd line-aligned-again / line-aligned | 1.000 |",
                "| 2 | l3 | execl v6.4-rc4 / v6.5-merged | 1.500 |",
                "![scaling-ratio.png](charts/scaling-ratio.png)")) {
            assertTrue(readme.contains(row), row + "\n--- in ---\n" + readme);
        }
        // (1.2 - 1) / 0.5 = 0.4 floors of extra cost at 4 CPUs
        assertTrue(readme.contains("| 4 | l3 | csd size-aligned / line-aligned | 1.200 | [1.200, 1.200] | +0.40 |"), readme);
        assertTrue(!readme.contains("csd straddled"), "only the scaling sets: " + readme);
        assertTrue(Files.size(dir.resolve("charts/scaling-ratio.png")) > 1000);
        double predicted = Shapes.CSD_MANY.transfers("extra-32-vs-64", 4, Model.DEFAULT);
        assertTrue(readme.contains("| 4 | l3 | csd size-aligned / line-aligned | 1.200 | [1.200, 1.200] | +0.40 | "
                + String.format(Locale.ROOT, "%+.2f", predicted) + " per call, every CPU's |"), readme);
        assertTrue(readme.contains("| 4 | l3 | csd line-aligned-again / line-aligned | 1.000 | [1.000, 1.000] | +0.00 | — |"),
                "an A/A has no predicted curve: " + readme);
    }

    /**
     * The charts draw each comparison's predicted curve from the shape that traces it, at every CPU count asked
     * for, on an axis of its own; a comparison no shape predicts (the floor, an A/A) has no curve, not a zero one.
     */
    @Test
    void theChartsDrawThePredictedCurveBesideTheMeasuredPoints() throws IOException {
        JsonObject template = fixture("summary-fixture.json").getAsJsonArray("comparisons").get(0).getAsJsonObject();
        List<Summary.Entry> entries = new java.util.ArrayList<>();
        for (JsonObject e : List.of(entry(template, "scaling-ipi-l3-2", "size-aligned", "line-aligned", 1.1),
                entry(template, "scaling-ipi-l3-2", "floor", "line-aligned", 0.5),
                entry(template, "scaling-ipi-l3-2", "line-aligned-again", "line-aligned", 1.0))) {
            JsonObject s = fixture("summary-fixture.json");
            JsonArray one = new JsonArray();
            one.add(e);
            s.add("comparisons", one);
            entries.addAll(Summary.fromJson(s.toString()).comparisons());
        }
        List<ScalingPoints> points = ScalingPoints.of(entries);
        Map<String, ScalingCurves.Curve> predicted = ScalingReport.predicted(points, List.of(2, 4, 6));
        assertEquals(List.of("csd size-aligned / line-aligned"), List.copyOf(predicted.keySet()),
                "only the comparison a shape traces");
        for (JFreeChart chart : List.of(ScalingChart.ratios(points, predicted, "t"),
                ScalingChart.extraTransfers(points, predicted, "t"))) {
            XYPlot plot = chart.getXYPlot();
            XYSeriesCollection curves = (XYSeriesCollection) plot.getDataset(1);
            assertEquals(1, curves.getSeriesCount());
            XYSeries curve = curves.getSeries(0);
            assertTrue(curve.getKey().toString().startsWith("predicted transfers: csd size-aligned / line-aligned"),
                    curve.getKey().toString());
            assertEquals(3, curve.getItemCount(), "2, 4 and 6 CPUs, beyond the one measured");
            for (int i = 0; i < 3; i++) {
                int cpus = curve.getX(i).intValue();
                assertEquals(Shapes.CSD_MANY.transfers("extra-32-vs-64", cpus, Model.DEFAULT),
                        curve.getY(i).doubleValue(), 1e-9, cpus + " CPUs");
            }
            assertEquals(ScalingChart.PREDICTED_AXIS, plot.getRangeAxis(1).getLabel());
            assertEquals(plot.getRangeAxis(1), plot.getRangeAxisForDataset(1), "transfers on their own axis");
        }
    }

    @Test
    void noRunIsOneLineAndExitTwo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ScalingReport.run(new String[] {"--results", dir.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        assertEquals("scaling-report: no run in " + dir.resolve("latest") + " (needs summary.json and metadata.json; run "
                + "benchmarks/results --profile scaling first)", err.toString(StandardCharsets.UTF_8).strip());
    }

    private static JsonObject entry(JsonObject template, String set, String subject, String reference, double ratio) {
        JsonObject e = template.deepCopy();
        e.addProperty("id", set + "." + subject + "-vs-" + reference + ".calls");
        e.addProperty("set", set);
        e.addProperty("subject", subject);
        e.addProperty("reference", reference);
        e.addProperty("geoMean", ratio);
        e.addProperty("low", ratio);
        e.addProperty("high", ratio);
        return e;
    }

    private JsonObject fixture(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/org/cachelinebench/charts/" + name)) {
            return JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8)).getAsJsonObject();
        }
    }
}
