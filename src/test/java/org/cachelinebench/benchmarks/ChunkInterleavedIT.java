package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.chunk.ChunkInterleaving;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ChunkInterleaved as a user runs it, briefly: a warmup and a measurement iteration of {@link #CYCLES} cycles each
 * (JMH's single-shot mode, {@link #fixedCycles}: the iteration ends after its reader batches, not after a time), with
 * one group and with two (-t 4 on 2 cores oversubscribes), each killed and failed after a bound: it exits 0, prints
 * where every side's chunk lies, and reports every side's counters for both roles under the names the runner reads,
 * exactly those cycles in every group, the reader's loads the same for every side; never speed. A bad
 * {@code -p config} exits 2 with one line, before any fork.
 */
class ChunkInterleavedIT {
    static final String BENCH = "^" + IpiBenchmarksIT.PKG.replace(".", "\\.") + "ChunkInterleaved\\.";
    static final String BENCH_EMPTY_PAGES = "^" + IpiBenchmarksIT.PKG.replace(".", "\\.") + "ChunkEmptyPagesInterleaved\\.";
    static final long ONE_FORK_SECONDS = 120;
    /** Cycles of the schedule in each iteration. */
    static final long CYCLES = 2;

    /**
     * One fork, a warmup and a measurement iteration, each of {@link #CYCLES} cycles of a schedule over
     * {@code sides} sides: single-shot mode with a batch of that many reader calls in both.
     */
    static List<String> fixedCycles(int sides) {
        long batches = new InterleavedSchedule(sides, ChunkInterleaving.BATCHES).slicesPerCycle()
                * (long) ChunkInterleaving.BATCHES;
        String calls = Long.toString(CYCLES * batches);
        return List.of("-f", "1", "-bm", "ss", "-wbs", calls, "-bs", calls, "-wi", "1", "-i", "1");
    }

    @ParameterizedTest(name = "-t {0}")
    @ValueSource(ints = {2, 4})
    void itRunsToCompletionAndReportsEveryRolesCounters(int threads, @TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of(BENCH));
        args.addAll(fixedCycles(ChunkInterleaved.SIDES.names().size()));
        args.addAll(List.of("-t", Integer.toString(threads), "-rf", "json", "-rff", json.toString()));
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, ONE_FORK_SECONDS);
        assertEveryRolesCounters(r, json, threads, ChunkInterleaved.SIDES.names(),
                InterleavedCountersTest.withRoles(ChunkInterleaved.SIDES));
        String out = r.stdout;
        for (String side : ChunkInterleaved.SIDES.names()) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith("#   " + side + " ") && l.contains("base_addr (+")),
                    side + "'s placement in\n" + r.describe());
        }
        assertTrue(out.lines().anyMatch(l -> l.startsWith("#   v6.4-rc4 ") && l.contains(" with ") && l.contains("free_bytes")),
                r.describe());
        assertTrue(out.contains("# reader, all measurement iterations: "), r.describe());
        assertTrue(out.contains("# allocator, all measurement iterations: "), r.describe());
    }

    /**
     * ChunkEmptyPagesInterleaved at -p live=8, one group: exits 0, prints every save-memory side's placement, reports its side
     * list's counters, and prints each side's measured nr_empty_pop_pages rate beside live=8.
     */
    @Test
    void theEmptyPagesSidesRunAtAnOccupancyAndPrintTheirRate(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of(BENCH_EMPTY_PAGES));
        args.addAll(fixedCycles(ChunkEmptyPagesInterleaved.SIDES.names().size()));
        args.addAll(List.of("-t", "2", "-p", "live=8", "-rf", "json", "-rff", json.toString()));
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, ONE_FORK_SECONDS);
        assertEveryRolesCounters(r, json, 2, ChunkEmptyPagesInterleaved.SIDES.names(),
                InterleavedCountersTest.withRoles(ChunkEmptyPagesInterleaved.SIDES));
        for (String side : ChunkEmptyPagesInterleaved.SIDES.names()) {
            assertTrue(r.stdout.lines().anyMatch(l -> l.startsWith("#   " + side + " ") && l.contains("base_addr (+")),
                    side + "'s placement in\n" + r.describe());
            assertTrue(r.stdout.lines().anyMatch(l -> l.startsWith("#   " + side + " ")
                    && l.contains("per step (live=8: 1/8)")), side + "'s rate in\n" + r.describe());
        }
    }

    @Test
    void anEmptyPagesRunAtAnImpossibleOccupancyExitsTwoInOneLine(@TempDir Path dir) throws Exception {
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), List.of(BENCH_EMPTY_PAGES, "-p", "live=0"), dir, 60);
        assertExitedTwoInOneLine(r, "benchmarks.jar: -p live=0: ");
    }

    /**
     * The run exited 0 and its one result has every counter of {@code counters}, {@link #CYCLES} cycles for each
     * group of two threads, the reader's loads the same for every side of {@code sides} (its slices' batches), and
     * allocator steps for every side (also for ChunkObjectInterleaved).
     */
    static void assertEveryRolesCounters(IpiBenchmarksIT.Run r, Path json, int threads, List<String> sides,
                                         Set<String> counters) throws Exception {
        assertEquals(0, r.exit, r.describe());
        JsonArray runs = JsonParser.parseString(Files.readString(json)).getAsJsonArray();
        assertEquals(1, runs.size(), r.describe());
        JsonObject secondary = runs.get(0).getAsJsonObject().getAsJsonObject("secondaryMetrics");
        for (String counter : counters) {
            assertTrue(secondary.has(counter), counter + " missing from " + secondary.keySet());
        }
        // Each group's reader ran exactly the iteration's batches; every cycle in them commits (the allocator
        // makes a step in every slice it enters), whatever the machine's speed or load.
        double cycles = score(secondary, CounterNames.CYCLES);
        assertEquals(CYCLES * (threads / 2), cycles, r.describe());
        for (String side : sides) {
            String reader = CounterNames.side(side, ChunkSides.READER);
            assertEquals(cycles * 2 * sides.size() * ChunkInterleaving.BATCHES * PcpuChunkWorkload.OPS,
                    score(secondary, CounterNames.calls(reader)), reader);
            String allocator = CounterNames.side(side, ChunkSides.ALLOCATOR);
            assertTrue(score(secondary, CounterNames.calls(allocator)) > 0, allocator);
        }
    }

    @Test
    void aBadConfigExitsTwoInOneLineBeforeAnyFork(@TempDir Path dir) throws Exception {
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), List.of(BENCH, "-p", "config=tiny"), dir, 60);
        assertExitedTwoInOneLine(r, "benchmarks.jar: -p config=tiny: ");
    }

    /** Exit 2, one line on stderr that starts with {@code start}, and nothing run. */
    static void assertExitedTwoInOneLine(IpiBenchmarksIT.Run r, String start) {
        assertEquals(2, r.exit, r.describe());
        List<String> lines = r.stderr.lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), r.describe());
        assertTrue(lines.get(0).startsWith(start), r.describe());
        assertTrue(r.stdout.isBlank(), "nothing ran: " + r.describe());
    }

    private static double score(JsonObject secondary, String counter) {
        return secondary.getAsJsonObject(counter).get("score").getAsDouble();
    }
}
