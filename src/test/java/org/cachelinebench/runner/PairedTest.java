package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's command line end to end, with fake forks. */
class PairedTest {
    @TempDir
    Path root;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakeForks fake = healthy();

    private static FakeForks healthy() {
        return new FakeForks(t -> 1 + 0.5 * Math.sin(t / 40), 2000)
                .score("straddled", 100).score("size-aligned", 140).score("line-aligned", 140).score("line-aligned-again", 140).score("floor", 400)
                .score("v6.4-rc4", 50).score("v2-reorder", 200).score("v6.5-merged", 200);
    }

    private int run(String... args) {
        return Paired.run(args, o -> fake, fake, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private void assertUsageError(String expectedLine, String... args) {
        assertEquals(2, run(args));
        assertEquals(expectedLine + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        assertUsageError("paired: unknown option --bogus (see --help)", "--bogus");
        errBytes.reset();
        assertUsageError("paired: unknown profile 'nightly' (known: ci, full, calibrate)", "--profile", "nightly");
        errBytes.reset();
        assertUsageError("paired: --rounds 0: not a whole number in 1..1000", "--rounds", "0");
        errBytes.reset();
        assertUsageError("paired: --rounds needs a value (see --help)", "--rounds");
        errBytes.reset();
        assertUsageError("paired: --only 'zzz' matches no comparison of profile ci (see --list)", "--only", "zzz");
        errBytes.reset();
        assertUsageError("paired: --warmup 'lots' is not COUNTxTIME, e.g. 2x500ms or 1x1s", "--warmup", "lots");
        errBytes.reset();
        assertUsageError("paired: --jvm /no/such/java: not an executable file", "--jvm", "/no/such/java");
    }

    @Test
    void dryRunPrintsBudgetAndOrderAndRunsNothing() {
        assertEquals(0, run("--dry-run", "--out", root.resolve("latest").toString()));
        String out = out();
        assertTrue(out.contains("profile ci: 10 rounds x 4 forks = 40 forks (csd 1, chunk 3)"), out);
        assertTrue(out.contains("budget: a fork = 1.0 s start (assumed: JVM, JMH, setup) + 0.5 s warmup (1x500ms)"
                + " + 1.0 s measurement (2x500ms) = 2.5 s; 40 forks = 100 s (1.7 min) of the profile's 300 s"), out);
        assertTrue(out.contains("round 2:  csd: interleaved  chunk: v6.5-merged v2-reorder v6.4-rc4"), out);
        assertTrue(fake.ran.isEmpty());
        assertFalse(Files.exists(root.resolve("latest")));
    }

    @Test
    void calibrationAddsAaControlsAndSequentialOrderIsAvailable() {
        assertEquals(0, run("--profile", "calibrate", "--dry-run"));
        assertTrue(out().contains("= 120 forks (csd 1, csd-forks 4, csd-aa 2, chunk 3, chunk-aa 2)"), out());
        assertTrue(out().contains("csd-aa: line-aligned line-aligned-again"), out());
        outBytes.reset();
        assertEquals(0, run("--profile", "calibrate", "--order", "sequential", "--only", "^csd-forks\\.straddled",
                "--rounds", "3", "--dry-run"));
        assertTrue(out().contains("note: sequential order"), out());
        assertTrue(out().contains("csd-forks: straddled x 3\ncsd-forks: line-aligned x 3\n"), out());
        errBytes.reset();
        assertUsageError("paired: --order zigzag: paired or sequential", "--order", "zigzag");
    }

    @Test
    void optionValuesFollowTheOptionOrAnEqualsSign() {
        assertEquals(0, run("--rounds", "4", "--only", "^chunk\\.", "--dry-run"));
        String spaced = out();
        outBytes.reset();
        assertEquals(0, run("--rounds=4", "--only=^chunk\\.", "--dry-run"));
        assertEquals(spaced, out());
        assertTrue(spaced.contains("profile ci: 4 rounds x 3 forks = 12 forks (chunk 3)"), spaced);
    }

    @Test
    void helpPrintsTheUsageAndRunsNothing() {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("usage: Paired [--profile ci|full|calibrate] [--rounds N]"), out());
        assertTrue(out().contains("--jvm-args \"FLAGS\""), out());
        assertEquals("", err());
        assertTrue(fake.ran.isEmpty());
    }

    @Test
    void theFullProfileFitsItsBudget() {
        assertEquals(0, run("--profile", "full", "--dry-run"));
        assertFalse(out().contains("WARNING"), out());
    }

    @Test
    void onlyCutsTheSetsDownToTheVariantsItNeeds() {
        assertEquals(0, run("--only", "^csd\\.straddled", "--dry-run"));
        // Interleaved: both sides run inside the set's one interleaved fork.
        assertTrue(out().contains("= 10 forks (csd 1)"), out());
        outBytes.reset();
        assertEquals(0, run("--profile", "calibrate", "--only", "^csd-forks\\.straddled", "--dry-run"));
        assertTrue(out().contains("= 20 forks (csd-forks 2)"), out());
    }

    @Test
    void profilersGoToEveryForkAndTheirRowsToRunsJsonNeverIntoARatio() throws IOException {
        List<List<String>> asked = new ArrayList<>();
        fake.profilerRows = true;
        Path latest = root.resolve("latest");
        int code = Paired.run(new String[] {"--rounds", "2", "--only", "^chunk\\.", "--prof", "gc", "--prof",
                "stack:lines=3", "--out", latest.toString()}, o -> {
                    asked.add(o.profilers);
                    return fake;
                }, fake, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err());
        assertEquals(List.of(List.of("gc", "stack:lines=3")), asked, "as JMH's -prof takes them, in order");
        assertTrue(out().contains("note: every fork runs with --prof gc, stack:lines=3; their rows go to runs.json,"
                + " never into a ratio"), out());
        assertFalse(out().contains("gc.alloc.rate"), "a fork's line shows the benchmark's own rows:\n" + out());
        String runs = Files.readString(latest.resolve("runs.json"));
        assertTrue(runs.contains("\"gc.alloc.rate\"") && runs.contains("\"gc.alloc.rate.norm\""), runs);
        String ratios = Files.readString(latest.resolve("ratios.json"));
        assertFalse(ratios.contains("gc."), ratios);
        assertEquals(new TreeSet<>(List.of("pair.chunk.v6.4-rc4-vs-v2-reorder.reader",
                "pair.chunk.v6.4-rc4-vs-v2-reorder.allocator", "pair.chunk.v6.4-rc4-vs-v6.5-merged.reader",
                "pair.chunk.v6.4-rc4-vs-v6.5-merged.allocator")), benchmarks(latest.resolve("ratios.json")));

        errBytes.reset();
        fake = healthy();
        assertUsageError("paired: --prof '': NAME[:OPTS], e.g. gc (see -lprof of the jar)", "--prof", "");
    }

    @Test
    void listShowsClaims() {
        assertEquals(0, run("--list"));
        assertTrue(out().contains("csd.straddled-vs-line-aligned "), out());
        assertTrue(out().contains("> 1 (gate)"));
        assertTrue(out().contains("≈ 1 (info)"));
    }

    @Test
    void aHealthyRunWritesEveryFileAndExitsZero() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(0, run("--rounds", "4", "--out", latest.toString()), err());
        assertEquals(16, fake.ran.size());
        for (String f : List.of("runs.json", "ratios.json", "summary.json", "summary.md", "metadata.json")) {
            assertTrue(Files.isRegularFile(latest.resolve(f)), f);
        }
        Set<String> pairs = benchmarks(latest.resolve("ratios.json"));
        assertEquals(new TreeSet<>(List.of(
                "pair.csd.straddled-vs-line-aligned", "pair.csd.floor-vs-line-aligned",
                "pair.chunk.v6.4-rc4-vs-v2-reorder.reader", "pair.chunk.v6.4-rc4-vs-v2-reorder.allocator",
                "pair.chunk.v6.4-rc4-vs-v6.5-merged.reader", "pair.chunk.v6.4-rc4-vs-v6.5-merged.allocator")), pairs,
                "size-aligned vs line-aligned has no bad direction: summary.json only");
        assertTrue(Summary.read(latest.resolve("summary.json")).comparisons().stream()
                .anyMatch(e -> e.id().equals("csd.size-aligned-vs-line-aligned")));
        JsonArray runs = JsonParser.parseString(Files.readString(latest.resolve("runs.json"))).getAsJsonArray();
        assertEquals(4, runs.size(), "one entry per benchmark and params");
        assertEquals(4, runs.get(0).getAsJsonObject().get("forks").getAsInt());
        Summary s = Summary.read(latest.resolve("summary.json"));
        Summary.Entry straddled = s.comparisons().get(0);
        assertEquals("csd.straddled-vs-line-aligned", straddled.id());
        assertEquals(1.4, straddled.median(), 1e-9, "interleaved: the drift hits both sides, the ratio is exact");
        assertEquals(4, straddled.rounds());
        assertEquals(8, straddled.ratios().length, "2 measurement iterations a fork");
        assertEquals("INFO", straddled.status(), "the straddle is reported, not gated (see Suite)");
        Metadata m = Metadata.read(latest.resolve("metadata.json"));
        assertEquals("latest", m.role());
        assertEquals(16, m.forks());
        assertTrue(out().contains("claims hold: 2"), out());
        assertTrue(Files.readString(latest.resolve("summary.md")).contains("| `csd.straddled-vs-line-aligned` |"));
        // ratios.json: one "fork" per round holding that fork's per-iteration ratios
        JsonArray ratios = JsonParser.parseString(Files.readString(latest.resolve("ratios.json"))).getAsJsonArray();
        for (JsonElement e : ratios) {
            if (e.getAsJsonObject().get("benchmark").getAsString().equals("pair.csd.straddled-vs-line-aligned")) {
                JsonArray raw = e.getAsJsonObject().getAsJsonObject("primaryMetric").getAsJsonArray("rawData");
                assertEquals(4, raw.size());
                assertEquals(2, raw.get(0).getAsJsonArray().size());
            }
        }
    }

    @Test
    void aRevertedFixFailsItsClaimWithExitOne() {
        fake = healthy().score("v6.5-merged", 50); // as if v6.5's relayout were reverted to v6.4-rc4's
        assertEquals(1, run("--rounds", "4", "--out", root.resolve("latest").toString()));
        assertTrue(out().contains("CLAIMS FAILED: 1"), out());
    }

    @Test
    void aFailingForkWritesNothingAndExitsTwo() {
        fake.failOn = "v2-reorder";
        assertEquals(2, run("--rounds", "4", "--out", root.resolve("latest").toString()));
        assertTrue(err().startsWith("paired: fork failed: round 1, chunk/v2-reorder"), err());
        assertTrue(err().trim().endsWith("nothing written"), err());
        assertEquals(1, err().split("\\R").length);
        assertFalse(Files.exists(root.resolve("latest")));
    }

    @Test
    void theBaselineIsRefusedBeforeAnythingRunsAndReplacedOnlyWhenAsked() throws IOException {
        Path baseline = Files.createDirectories(root.resolve("baseline"));
        Files.writeString(baseline.resolve("metadata.json"), "{\"role\": \"baseline\"}");
        Files.writeString(baseline.resolve("ratios.json"), "[]");
        assertEquals(2, run("--out", baseline.toString()));
        assertEquals("paired: " + baseline + " holds the baseline; give --update-baseline to replace it (left unchanged)"
                + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
        assertEquals("[]", Files.readString(baseline.resolve("ratios.json")));

        Path latest = root.resolve("latest");
        assertEquals(0, run("--rounds", "4", "--out", latest.toString(), "--update-baseline"), err());
        assertEquals("baseline", Metadata.read(baseline.resolve("metadata.json")).role());
        assertEquals("latest", Metadata.read(latest.resolve("metadata.json")).role());
        assertEquals(Files.readString(latest.resolve("ratios.json")), Files.readString(baseline.resolve("ratios.json")));
    }

    @Test
    void aRequiredBaselineThatIsMissingStopsTheRunInOneLine() {
        assertEquals(2, run("--out", root.resolve("latest").toString(), "--require-baseline"));
        assertEquals("paired: no baseline (" + root.resolve("baseline").resolve("ratios.json") + " is missing); "
                + "create one on this machine class with --update-baseline, e.g. benchmarks/ci --update-baseline"
                + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
        errBytes.reset();
        assertUsageError("paired: unknown option --bogus (see --help)", "--require-baseline", "--bogus");
        errBytes.reset();
        assertEquals(0, run("--out", root.resolve("latest").toString(), "--require-baseline", "--update-baseline",
                "--rounds", "2"), err());
    }

    private static Set<String> benchmarks(Path jmhJson) throws IOException {
        Set<String> names = new TreeSet<>();
        List<JsonElement> entries = new ArrayList<>();
        JsonParser.parseString(Files.readString(jmhJson)).getAsJsonArray().forEach(entries::add);
        for (JsonElement e : entries) {
            names.add(e.getAsJsonObject().get("benchmark").getAsString());
        }
        return names;
    }
}
