package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * benchmarks/ci and benchmarks/results as a user runs them, on the packaged jar, with the results directory
 * in a temporary place. Runs that fork benchmarks use absurdly short settings: plumbing, never speed.
 */
class ScriptsIT {
    @TempDir
    Path results;

    private static final Path ROOT = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"))
            .toAbsolutePath().getParent().getParent();
    /**
     * A gated pcpu_chunk claim of profile ci (the Java objects, interleaved), measured for 500 ms as
     * ChunkObjectInterleavedIT does: an interleaved iteration much shorter may complete no cycle of its schedule on a
     * busy machine (the runner then has no sample and exits 2).
     */
    private static final String[] SMOKE = {"--only", "^chunk-object-interleaved\\.unpadded-vs-padded\\.reader", "--rounds",
            "2", "--warmup", "1x200ms", "--measurement", "1x500ms"};
    private static final String SMOKE_ID = "chunk-object-interleaved.unpadded-vs-padded.reader";

    record Run(int code, String out, String err) {}

    private Run script(String name, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("benchmarks").resolve(name).toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile());
        Map<String, String> env = pb.environment();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("CACHELINEBENCH_RESULTS", results.toString());
        // Other JMH runs on a shared build machine hold JMH's lock; this is plumbing, not a measurement.
        env.put("CACHELINEBENCH_JAVA_OPTS", ("-Djmh.ignoreLock=true " + System.getProperty("test.jvm.extra", "")).trim());
        Path out = Files.createTempFile("script", ".out"), err = Files.createTempFile("script", ".err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(name + " did not finish in 180 s");
        }
        Run run = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return run;
    }

    private static void assertOneLine(Run run, String start) {
        assertEquals(2, run.code(), run.toString());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith(start), run.err());
    }

    @Test
    void badOptionsAndMissingRunsAreOneLine() throws Exception {
        assertOneLine(script("results", "--bogus"), "paired: unknown option --bogus (see --help)");
        assertOneLine(script("ci", "--profile", "nightly"), "paired: unknown profile 'nightly' (known: ci, full, calibrate, default, scaling)");
        assertOneLine(script("results", "--report-only"), "results-report: no run in " + results.resolve("latest"));
        assertOneLine(script("regate", results.resolve("none").toString()),
                "regate: " + results.resolve("none") + ": no such run directory");
    }

    @Test
    void baselineThenGateThenReport() throws Exception {
        Run list = script("ci", "--list");
        assertEquals(0, list.code(), list.toString());
        assertTrue(list.out().contains("csd.straddled-vs-line-aligned"), list.out());
        Run baseline = script("ci", concat("--update-baseline", SMOKE));
        List<String> tree = MachineInfo.uncommitted(ROOT);
        if (tree == null || !tree.isEmpty()) {
            // A baseline names its commit: on a work tree with changes the script refuses in one line, runs nothing.
            assertOneLine(baseline, "paired: --update-baseline refused: ");
            assertFalse(Files.exists(results.resolve("baseline")), baseline.toString());
            // Off CI a skip; under CI (a checkout, clean) a failure, so that a dirty tree never passes unseen.
            MachineAssumption.require(false, "the work tree is not clean (" + tree + "): the rest needs a baseline,"
                    + " which needs a clean tree");
        }
        // A jar without the benchmarks the suite names is a broken build: it fails here, it is not skipped.
        // The claim's A/A control is left out by --only: nothing gated is judged, and the gated claims --only left
        // out are missing, which fails the run (1).
        assertEquals(1, baseline.code(), baseline.toString());
        assertTrue(baseline.out().contains("NO VERDICT " + SMOKE_ID + ": not judged: no A/A control of"
                + " chunk-object-interleaved"),
                baseline.out());
        Path baselineDir = Baselines.dirFor(results.resolve("baseline"),
                Metadata.read(results.resolve("latest/metadata.json")).fingerprint());
        assertTrue(baseline.out().contains("baseline written: " + baselineDir), baseline.out());
        assertEquals("baseline", Metadata.read(baselineDir.resolve("metadata.json")).role());
        assertTrue(Files.isRegularFile(baselineDir.resolve("README.md")));
        assertTrue(Files.isRegularFile(results.resolve("latest/ratios.json")));

        Run gate = script("ci", SMOKE);
        assertEquals(1, gate.code(), "the claim is not judged without its A/A, the others missing: " + gate);
        assertTrue(gate.out().contains(SMOKE_ID), gate.out());
        assertTrue(gate.out().contains("machine states: no floor measured"), "--only left the csd set out: " + gate.out());
        assertTrue(gate.out().contains("baseline " + baselineDir + " used: its machine fingerprint "
                + "matches this run's"), gate.out());
        assertTrue(gate.out().contains("not compared " + SMOKE_ID + ": 0 rounds with an A/A here, 0 in the baseline"),
                gate.out());
        assertEquals("latest", Metadata.read(results.resolve("latest/metadata.json")).role());
        assertTrue(Metadata.read(results.resolve("latest/metadata.json")).command().startsWith("benchmarks/ci --only"));

        // Without a baseline, the within-run claims alone decide, and one line says how to record one.
        Run none = script("regate", "--only-baseline", "--baseline", results.resolve("elsewhere").toString(),
                results.resolve("latest").toString());
        assertEquals(0, none.code(), none.toString());
        assertTrue(none.out().startsWith("baseline not used: no baseline in " + results.resolve("elsewhere")), none.out());
        assertTrue(none.out().contains("benchmarks/ci --update-baseline"), none.out());
        Run regate = script("regate", results.resolve("latest").toString());
        assertEquals(1, regate.code(), "gated claims missing: " + regate);
        assertTrue(regate.out().contains("NOT JUDGED     " + SMOKE_ID), regate.out());

        Run report = script("results", "--report-only");
        assertEquals(0, report.code(), report.toString());
        assertTrue(Files.readString(results.resolve("latest/README.md")).contains("`" + SMOKE_ID + "`"));
        assertTrue(Files.size(results.resolve("latest/charts/ratios.png")) > 1000);
    }

    private static String[] concat(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
