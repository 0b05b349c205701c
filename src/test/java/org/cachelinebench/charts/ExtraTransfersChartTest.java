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

import org.cachelinebench.runner.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extra-line-transfers charts, drawn from a fixture summary with every issue-9 set (synthetic numbers, for
 * drawing only): written when those claims are present, at their sizes, each protocol in its colour; not written
 * for a session without them; and named in the run's README.md.
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
