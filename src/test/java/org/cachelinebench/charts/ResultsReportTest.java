package org.cachelinebench.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.runner.Baselines;
import org.cachelinebench.runner.Fingerprint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsReportTest {
    @TempDir
    Path results;

    private void copy(String resource, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (InputStream in = getClass().getResourceAsStream("/org/cachelinebench/charts/" + resource)) {
            Files.copy(in, to);
        }
    }

    @Test
    void readmeCarriesMachineTablesBaselineAndCharts() throws IOException {
        copy("summary-fixture.json", results.resolve("latest/summary.json"));
        copy("metadata-fixture.json", results.resolve("latest/metadata.json"));
        copy("summary-fixture.json", results.resolve("baseline/summary.json"));
        copy("metadata-fixture.json", results.resolve("baseline/metadata.json"));

        Path run = results.resolve("latest");
        List<Path> written = ResultsReport.write(run, results.resolve("baseline"));
        assertEquals(List.of(run.resolve("charts/ratios.png"), run.resolve("charts/csd-offset-sweep.png"),
                run.resolve("README.md")), written);
        String readme = Files.readString(run.resolve("README.md"));
        for (String expected : List.of(
                "| CPU | AMD EPYC (2 logical CPUs) |",
                "| JDK | Debian 17.0.15, OpenJDK 64-Bit Server VM 17.0.15+6 |",
                "| VM flags of the forks | `-XX:-RestrictContended -Djava.awt.headless=true` (a benchmark's own",
                "| cache line | 64 bytes (source: sysfs) |",
                "| date | 2023-11-14T22:25:03Z |",
                "| command | `benchmarks/results` |",
                "| profile | full: 6 rounds, each fork 2x500ms warmup + 3x500ms measurement |",
                "| `csd.straddled-vs-line-aligned.sender` | a csd straddling two lines is slower than a line-aligned one | 1.418 | 1.363 .. 1.475 | 1.414 | 6 | 4.5 s |",
                "| FAILS (noisy) |",
                "## Against the baseline",
                "| `csd.straddled-vs-line-aligned.sender` | 1.418 [1.363, 1.475] | 1.418 [1.363, 1.475] | +0.0 % |",
                "![cost ratio of every comparison with its 95 % interval](charts/ratios.png)",
                "![csd offset sweep: IPI rate relative to offset 0, straddling offsets marked](charts/csd-offset-sweep.png)")) {
            assertTrue(readme.contains(expected), expected + "\n--- in ---\n" + readme);
        }
    }

    @Test
    void aBaselineRootGivesTheBaselineOfTheRunsMachine() throws IOException {
        copy("summary-fixture.json", results.resolve("latest/summary.json"));
        copy("metadata-fixture.json", results.resolve("latest/metadata.json"));
        Fingerprint machine = new Fingerprint("AMD EPYC", 2, 2, 1, 1, List.of("0-1"), 64, "Debian", "17.0.15", true);
        JsonObject json = JsonParser.parseString(Files.readString(results.resolve("latest/metadata.json")))
                .getAsJsonObject();
        json.add("fingerprint", new Gson().toJsonTree(machine));
        Files.writeString(results.resolve("latest/metadata.json"), json.toString());
        Path root = results.resolve("baseline");
        Path own = Baselines.dirFor(root, machine);
        copy("summary-fixture.json", own.resolve("summary.json"));
        json.addProperty("role", "baseline");
        Files.writeString(own.resolve("metadata.json"), json.toString());
        ResultsReport.write(results.resolve("latest"), root);
        assertTrue(Files.readString(results.resolve("latest/README.md")).contains("## Against the baseline"));

        Files.move(own, root.resolve("another-machine"));
        ResultsReport.write(results.resolve("latest"), root);
        assertFalse(Files.readString(results.resolve("latest/README.md")).contains("## Against the baseline"),
                "another machine's baseline is no baseline of this run");
    }

    @Test
    void theRunFolderFollowsTheOptionOrAnEqualsSign() throws IOException {
        Path run = results.resolve("full-2023-11-14");
        copy("summary-fixture.json", run.resolve("summary.json"));
        copy("metadata-fixture.json", run.resolve("metadata.json"));
        Path noBaseline = results.resolve("baseline");
        for (String[] args : List.of(new String[] {"--run", run.toString(), "--baseline", noBaseline.toString()},
                new String[] {"--run=" + run, "--baseline=" + noBaseline})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(0, ResultsReport.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8)), err.toString(StandardCharsets.UTF_8));
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("written: " + run.resolve("README.md")));
            assertTrue(Files.isRegularFile(run.resolve("charts/ratios.png")), "the charts go into the run folder");
        }
    }

    @Test
    void helpAndBadArguments() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(0, ResultsReport.run(new String[] {"--help"}, o, e));
        assertEquals(ResultsReport.USAGE, out.toString(StandardCharsets.UTF_8));
        assertEquals(2, ResultsReport.run(new String[] {"--result", "x"}, o, e));
        assertEquals(2, ResultsReport.run(new String[] {"x"}, o, e));
        assertEquals(2, ResultsReport.run(new String[] {"--run"}, o, e));
        assertEquals(String.join(System.lineSeparator(), "results-report: unknown option --result (see --help)",
                "results-report: unexpected argument x (see --help)",
                "results-report: --run needs a value (see --help)", ""), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void withoutARunItSaysWhatIsMissing() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultsReport.write(results.resolve("latest"), results.resolve("baseline")));
        assertEquals("no run in " + results.resolve("latest") + " (needs summary.json and metadata.json; run "
                + "benchmarks/results or benchmarks/ci first)", e.getMessage());
    }
}
