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

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scaling report from a run's summary: one table row per point and comparison, the extra line transfers from the
 * same set's floor, both charts, and one line with exit 2 when there is no run.
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

        List<Path> written = ScalingReport.write(dir);
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
