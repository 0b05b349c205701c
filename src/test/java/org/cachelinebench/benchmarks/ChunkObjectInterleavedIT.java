package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ChunkObjectInterleaved as a user runs it, briefly (ChunkInterleavedIT's settings: iterations of a fixed number of
 * cycles), with one group and with two, each killed and failed after a bound: it exits 0, prints every side's
 * instance and what its baseAddr's line holds, and reports every side's counters for both roles under the names the
 * runner reads, exactly those cycles, the reader's loads the same for every side; never speed. Without the fork's
 * -XX:-RestrictContended the contended side's layout check fails the run with the marker; any {@code -p} exits 2
 * with one line (the benchmark has no parameters).
 */
class ChunkObjectInterleavedIT {
    static final String BENCH = "^" + IpiBenchmarksIT.PKG.replace(".", "\\.") + "ChunkObjectInterleaved\\.";
    static final List<String> SHORT = ChunkInterleavedIT.fixedCycles(ChunkObjectSides.NAMES.size());

    @ParameterizedTest(name = "-t {0}")
    @ValueSource(ints = {2, 4})
    void itRunsToCompletionAndReportsEveryRolesCounters(int threads, @TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), concat(List.of(BENCH), SHORT, List.of("-t",
                Integer.toString(threads), "-rf", "json", "-rff", json.toString())), dir, ChunkInterleavedIT.ONE_FORK_SECONDS);
        ChunkInterleavedIT.assertEveryRolesCounters(r, json, threads, ChunkObjectSides.NAMES,
                InterleavedCountersTest.withRoles(ChunkObjectSides.NAMES, ChunkObjectSides.REFERENCE_SIDE,
                        ChunkObjectSides.PAIRS));
        for (String side : ChunkObjectSides.NAMES) {
            String placement = side.equals(ChunkObjectSides.UNPADDED) ? "baseAddr shares its line with"
                    : "baseAddr on no line with a written field";
            assertTrue(r.stdout.lines().anyMatch(l -> l.startsWith("#   " + side + " ") && l.contains(placement)),
                    side + "'s instance in\n" + r.describe());
        }
        assertTrue(r.stdout.contains("# reader, all measurement iterations: "), r.describe());
        assertTrue(r.stdout.contains("# allocator, all measurement iterations: "), r.describe());
    }

    @Test
    void withoutTheForksContendedFlagTheLayoutCheckFailsTheRun(@TempDir Path dir) throws Exception {
        // -jvmArgsAppend replaces the class's own, which is where -XX:-RestrictContended comes from.
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), concat(List.of(BENCH), SHORT, List.of("-jvmArgsAppend",
                "-Djol.skipHotspotSAAttach=true -Djol.skipDynamicAttach=true")), dir, ChunkInterleavedIT.ONE_FORK_SECONDS);
        assertNotEquals(0, r.exit, r.describe());
        assertTrue((r.stdout + r.stderr).contains(LayoutCheck.MARKER + ChunkObjectSides.CONTENDED + ": baseAddr shares a "),
                r.describe());
    }

    @Test
    void anyParamExitsTwoInOneLineBeforeAnyFork(@TempDir Path dir) throws Exception {
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), List.of(BENCH, "-p", "layout=padded"), dir, 60);
        ChunkInterleavedIT.assertExitedTwoInOneLine(r, "benchmarks.jar: -p layout: no selected benchmark has a @Param");
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        return java.util.Arrays.stream(parts).flatMap(List::stream).toList();
    }

}
