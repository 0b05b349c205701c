package org.cachelinebench.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.cachelinebench.runner.Summary;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extra-line-transfers charts, drawn from a fixture summary with every mailbox set (synthetic numbers, for
 * drawing only): written when those claims are present, at their sizes, each protocol in its colour, the model's
 * prediction beside each measured point that has one; not written for a session without them; and named in the
 * run's README.md.
 */
class ExtraTransfersChartTest {
    @TempDir
    Path dir;

    static Summary fixture() throws IOException {
        try (InputStream in = ExtraTransfersChartTest.class.getResourceAsStream(
                "/org/cachelinebench/charts/summary-mailbox-fixture.json")) {
            return Summary.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void bothChartsAreDrawnWithEveryProtocolInItsColour() throws IOException {
        Summary s = fixture();
        List<Path> written = Charts.write(s, dir);
        assertEquals(List.of(dir.resolve(Charts.RATIOS_PNG), dir.resolve(Charts.EXTRA_PNG),
                dir.resolve(Charts.EXTRA_BY_OFFSET_PNG)), written);
        BufferedImage byPlacement = ImageIO.read(dir.resolve(Charts.EXTRA_PNG).toFile());
        assertEquals(Charts.WIDTH, byPlacement.getWidth());
        assertEquals(ExtraTransfersChart.placementHeight(), byPlacement.getHeight());
        for (ExtraTransfersChart.Series p : ExtraTransfersChart.PROTOCOLS) {
            assertTrue(hasColour(byPlacement, p.colour()), p.label() + " drawn");
        }
        BufferedImage byOffset = ImageIO.read(dir.resolve(Charts.EXTRA_BY_OFFSET_PNG).toFile());
        assertEquals(Charts.SWEEP_HEIGHT, byOffset.getHeight());
        for (ExtraTransfersChart.Series p : ExtraTransfersChart.SWEEPS) {
            assertTrue(hasColour(byOffset, p.colour()), p.label() + " drawn");
        }
    }

    /** A CI session (only the kernel's "csd" set) draws neither; the placements map every side the sets claim. */
    @Test
    void aSessionWithoutTheMailboxSetsDrawsNeither() throws IOException {
        Summary s = fixture();
        List<Summary.Entry> csdOnly = s.comparisons().stream().filter(e -> e.set().equals("csd")).toList();
        Summary ci = new Summary(s.format(), "ci", s.rounds(), s.started(), s.finished(), s.warmup(), s.measurement(),
                s.lineSize(), null, csdOnly, List.of(), List.of(), null, null, List.of(), List.of());
        assertEquals(List.of(dir.resolve(Charts.RATIOS_PNG)), Charts.write(ci, dir));
        assertFalse(Files.exists(dir.resolve(Charts.EXTRA_PNG)));
        for (String side : List.of("straddled", "size-aligned", "padded", "contended", "line-aligned-again",
                "one-line-again")) {
            assertTrue(ExtraTransfersChart.row(side) >= 0, side);
        }
        assertEquals(-1, ExtraTransfersChart.row("floor"), "the floor is the unit, not a placement");
        assertEquals(40, ExtraTransfersChart.offset("offset-40"));
        assertEquals(-1, ExtraTransfersChart.offset("offset-0-again"));
    }

    @Test
    void theResultsPageShowsTheCharts(@TempDir Path results) throws IOException {
        Files.createDirectories(results.resolve("latest"));
        try (InputStream in = getClass().getResourceAsStream("/org/cachelinebench/charts/summary-mailbox-fixture.json")) {
            Files.copy(in, results.resolve("latest/summary.json"));
        }
        try (InputStream in = getClass().getResourceAsStream("/org/cachelinebench/charts/metadata-fixture.json")) {
            Files.copy(in, results.resolve("latest/metadata.json"));
        }
        ResultsReport.write(results.resolve("latest"), results.resolve("baseline"));
        String readme = Files.readString(results.resolve("latest/README.md"));
        assertTrue(readme.contains("![extra line transfers by placement: kernel protocol, flag mailbox, Java object]"
                + "(charts/extra-line-transfers.png)"), readme);
        assertTrue(readme.contains("![extra line transfers by offset: kernel protocol and flag mailbox]"
                + "(charts/extra-line-transfers-by-offset.png)"), readme);
    }

    /**
     * Beside each measured point the model's predicted extra round trips, traced for that claim; a point without
     * a prediction is listed and labelled as such, and no predicted point stands at its place (not a 0).
     */
    @Test
    void thePredictionStandsBesideEachMeasuredPointAndAMissingOneIsNotAZero() throws IOException {
        JsonObject json = JsonParser.parseString(fixtureText()).getAsJsonObject();
        Predictions model = new Predictions(Model.DEFAULT);
        String straddled = "mailbox.straddled-vs-line-aligned";
        String aligned = "mailbox.size-aligned-vs-line-aligned";
        String unpredicted = "mailbox-work.straddled-vs-line-aligned";
        for (JsonElement c : json.getAsJsonArray("comparisons")) {
            JsonObject e = c.getAsJsonObject();
            String id = e.get("id").getAsString();
            if (id.equals(straddled) || id.equals(aligned)) {
                ClaimPrediction p = model.of(Suite.claim(id));
                JsonObject prediction = new JsonObject();
                prediction.addProperty("unit", p.unit());
                prediction.addProperty("subject", p.subject());
                prediction.addProperty("reference", p.reference());
                prediction.addProperty("extra", p.extra());
                prediction.addProperty("extraRoundTrips", p.extraRoundTrips());
                prediction.addProperty("model", p.model());
                prediction.addProperty("note", p.differs());
                e.add("prediction", prediction);
            }
        }
        List<Summary.Entry> entries = Summary.fromJson(json.toString()).comparisons();
        ExtraTransfersChart.Points points = ExtraTransfersChart.points(ExtraTransfersChart.PROTOCOLS, entries,
                ExtraTransfersChart::placementAt);

        XYSeries predicted = points.predicted();
        assertEquals(2, predicted.getItemCount(), "the two claims given a prediction");
        double expected = model.of(Suite.claim(straddled)).extraRoundTrips();
        assertEquals(0.5, expected, 1e-9, "the flag mailbox's straddle: one more transfer, half a round trip");
        assertEquals(expected, yAt(predicted, at(entries, straddled, ExtraTransfersChart.PROTOCOLS)), 1e-9);
        assertEquals(0.0, yAt(predicted, at(entries, aligned, ExtraTransfersChart.PROTOCOLS)), 1e-9,
                "a predicted 0 is drawn as one");
        double missing = at(entries, unpredicted, ExtraTransfersChart.PROTOCOLS);
        assertTrue(Double.isNaN(yAt(predicted, missing)), "nothing predicted at the unpredicted point");
        assertTrue(points.unpredicted().stream().anyMatch(p -> p[0] == missing && p[1] == 0.9),
                "listed as unpredicted, at its measured value");

        XYPlot plot = ExtraTransfersChart.byPlacement(entries, "t").getXYPlot();
        assertEquals(ExtraTransfersChart.PREDICTED, plot.getDataset(1).getSeriesKey(0), "in the legend");
        assertEquals(points.unpredicted().size(), plot.getAnnotations().stream()
                .filter(a -> a instanceof XYTextAnnotation t && t.getText().contains(ExtraTransfersChart.NOT_PREDICTED))
                .count());
    }

    /** A run with probes draws the prediction priced at them, not the count: the summary's own number. */
    @Test
    void aRunWithProbesDrawsThePredictionAtItsProbes() throws IOException {
        JsonObject json = JsonParser.parseString(fixtureText()).getAsJsonObject();
        String straddled = "mailbox.straddled-vs-line-aligned";
        for (JsonElement c : json.getAsJsonArray("comparisons")) {
            JsonObject e = c.getAsJsonObject();
            if (e.get("id").getAsString().equals(straddled)) {
                JsonObject prediction = new JsonObject();
                prediction.addProperty("extraRoundTrips", 0.5);
                prediction.addProperty("measuredUnit", "extra round trips");
                prediction.addProperty("predictedLow", 0.7);
                prediction.addProperty("predictedMid", 0.8);
                prediction.addProperty("predictedHigh", 0.9);
                prediction.addProperty("against", "inside");
                e.add("prediction", prediction);
            }
        }
        List<Summary.Entry> entries = Summary.fromJson(json.toString()).comparisons();
        XYSeries predicted = ExtraTransfersChart.points(ExtraTransfersChart.PROTOCOLS, entries,
                ExtraTransfersChart::placementAt).predicted();
        assertEquals(0.8, yAt(predicted, at(entries, straddled, ExtraTransfersChart.PROTOCOLS)), 1e-9);
    }

    /** The place of claim {@code id}'s point in a chart of {@code protocols}. */
    private static double at(List<Summary.Entry> entries, String id, List<ExtraTransfersChart.Series> protocols) {
        Summary.Entry e = entries.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
        for (int k = 0; k < protocols.size(); k++) {
            if (protocols.get(k).set().equals(e.set())) {
                return ExtraTransfersChart.placementAt(e, k);
            }
        }
        throw new AssertionError("no protocol for " + id);
    }

    private static double yAt(XYSeries s, double x) {
        for (int i = 0; i < s.getItemCount(); i++) {
            if (s.getX(i).doubleValue() == x) {
                return s.getY(i).doubleValue();
            }
        }
        return Double.NaN;
    }

    private static String fixtureText() throws IOException {
        try (InputStream in = ExtraTransfersChartTest.class.getResourceAsStream(
                "/org/cachelinebench/charts/summary-mailbox-fixture.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static boolean hasColour(BufferedImage img, Color c) {
        int rgb = c.getRGB() & 0xffffff;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xffffff) == rgb) {
                    return true;
                }
            }
        }
        return false;
    }
}
