package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** predict --validate over committed runs: a hit line per run, a row per comparison it measured, bad input exit 2. */
class PredictionValidationTest {
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = PredictionValidation.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new String[] {Integer.toString(status), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void aPcpuRunGetsItsReaderRatiosAndItsAaControlsChecked() {
        String[] r = run("results/pcpu-interleaved-2026-12-01/q3");
        assertEquals("0", r[0], r[2]);
        String out = r[1];
        assertTrue(out.startsWith("# The coherence model against"), "no JVM or JOL line in the report");
        assertTrue(out.contains("- `results/pcpu-interleaved-2026-12-01/q3` (Intel(R) Xeon(R) Processor): "), out);
        assertTrue(out.contains("| `chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader` | ratio "), out);
        assertTrue(out.contains("| `chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader` | ratio 0.997 (0.992 .. 1.003) "
                + "| ratio 1.000 | inside |"), out);
        assertTrue(out.contains("| `mailbox.straddled-vs-line-aligned` | +1.40 (+1.24 .. +1.56) | no probes |  |"), out);
        assertTrue(!out.contains("floor-vs-line-aligned"), "the floor's own row has no measured extra: " + out);
    }

    @Test
    void aFolderWithoutRunsIsOneLineAndExitTwo(@TempDir Path empty) {
        String[] r = run(empty.toString());
        assertEquals("2", r[0]);
        assertEquals(1, r[2].lines().count(), r[2]);
        assertEquals("2", run()[0]);
    }

    /**
     * A run that measured a patch is named and not counted, whether its metadata says so (the partial revert of
     * peer-claim-runs) or the list of older patched runs does (ci-reverts); its unpatched twin is counted.
     */
    @Test
    void aRunThatMeasuredAPatchIsNamedAndNotCounted() {
        String[] r = run("results/peer-claim-runs-2026-12-02");
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("- `results/peer-claim-runs-2026-12-02/p1` (AMD EPYC): measured a patch "
                + "(src/main/java/org/cachelinebench/harness/chunk/ChunkSides.java), not counted"), r[1]);
        assertTrue(r[1].contains(" 2 runs that measured a patch are named below and not counted."), r[1]);
        assertTrue(r[1].matches("(?s).*- `results/peer-claim-runs-2026-12-02/g1` \\(AMD EPYC\\): \\d+ of \\d+ inside.*"), r[1]);
        assertTrue(!r[1].contains("| `results/peer-claim-runs-2026-12-02/p1` |"), "no row of the patched run");
        String[] old = run("results/ci-reverts/revert-pcpu/r1");
        assertTrue(old[1].contains("measured a patch (listed in results/patched-runs.txt), not counted"), old[1]);
    }
}
