package org.cachelinebench.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

class ChartsTest {
    @TempDir
    Path dir;

    static Summary fixture() throws IOException {
        try (InputStream in = ChartsTest.class.getResourceAsStream("/org/cachelinebench/charts/summary-fixture.json")) {
            return Summary.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void drawsBothChartsFromASummaryAtTheirSizes() throws IOException {
        Summary s = fixture();
        List<Path> written = Charts.write(s, dir);
        assertEquals(List.of(dir.resolve("ratios.png"), dir.resolve("csd-offset-sweep.png")), written);

        BufferedImage ratios = ImageIO.read(dir.resolve("ratios.png").toFile());
        assertEquals(Charts.WIDTH, ratios.getWidth());
        assertEquals(RatioChart.height(s.comparisons().size()), ratios.getHeight());
        BufferedImage sweep = ImageIO.read(dir.resolve("csd-offset-sweep.png").toFile());
        assertEquals(Charts.WIDTH, sweep.getWidth());
        assertEquals(Charts.SWEEP_HEIGHT, sweep.getHeight());
        assertTrue(hasColour(ratios, RatioChart.FAILS.getRGB()), "the failed claim is drawn in red");
        assertTrue(hasColour(ratios, RatioChart.HOLDS.getRGB()), "held claims in green");
        assertTrue(hasColour(sweep, RatioChart.FAILS.getRGB()), "straddling offsets in red");
    }

    @Test
    void aSessionWithoutTheSweepDrawsOnlyTheRatios() throws IOException {
        Summary s = fixture();
        Summary noSweep = new Summary(s.format(), "ci", s.rounds(), s.started(), s.finished(), s.warmup(),
                s.measurement(), s.lineSize(), null, s.comparisons().subList(0, 3), List.of(), s.forks(), null, null,
                List.of(), List.of());
        assertEquals(List.of(dir.resolve("ratios.png")), Charts.write(noSweep, dir));
        assertFalse(Files.exists(dir.resolve("csd-offset-sweep.png")));
        assertEquals(RatioChart.height(3), ImageIO.read(dir.resolve("ratios.png").toFile()).getHeight());
    }

    private static boolean hasColour(BufferedImage img, int rgb) {
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xffffff) == (rgb & 0xffffff)) {
                    return true;
                }
            }
        }
        return false;
    }
}
