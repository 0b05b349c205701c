package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The issue-9 benchmarks as a user runs them: IpiInterleaved with the doorbell and the flag mailbox,
 * InterleavedOffsetSweep, ObjectMailboxInterleaved, in short forked runs ({@code -f 1 -wi 0 -i 1 -r 200ms}) with
 * 1, 2 and 4 threads (2 cores: -t 4 oversubscribes; all three at 2, ObjectMailboxInterleaved at each), each
 * killed and failed after a bound. Asserts that they finish, exit 0, print where every side's memory is, and report
 * every side's counters consistently; never speed. Bad {@code -p} values exit 2 with one line, before any fork.
 */
class MailboxBenchmarksIT {
    static final String PKG = IpiBenchmarksIT.PKG;
    static final String NEW = "^" + PKG.replace(".", "\\.")
            + "(IpiInterleaved|InterleavedOffsetSweep|ObjectMailboxInterleaved)\\.";
    static final List<String> SHORT = List.of("-f", "1", "-wi", "0", "-i", "1", "-r", "200ms");
    /** Five forks: IpiInterleaved and the sweep with two protocols each, and the object mailbox. */
    static final long FIVE_FORKS_SECONDS = 300;
    static final long NO_FORK_SECONDS = 60;

    /** The thread count at which all three benchmarks run; at the others ObjectMailboxInterleaved alone (one fork). */
    static final int EVERY_BENCHMARK_AT = 2;

    @ParameterizedTest(name = "-t {0}")
    @ValueSource(ints = {1, 2, 4})
    void everyNewBenchmarkRunsToCompletion(int threads, @TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        boolean all = threads == EVERY_BENCHMARK_AT;
        String work = all ? "7" : "0";     // func(info) with work once, without it otherwise
        List<String> args = new ArrayList<>(List.of(all ? NEW : "^" + PKG.replace(".", "\\.") + "ObjectMailboxInterleaved\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", Integer.toString(threads), "-p", "work=" + work, "-p", "pin=off",
                "-rf", "json", "-rff", json.toString()));
        if (all) {
            args.addAll(List.of("-p", "protocol=doorbell,flag"));
        }
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, FIVE_FORKS_SECONDS);
        assertEquals(0, r.exit, r.describe());
        List<JsonObject> runs = new ArrayList<>();
        JsonParser.parseString(Files.readString(json)).getAsJsonArray().forEach(el -> runs.add(el.getAsJsonObject()));
        assertEquals(all ? 5 : 1, runs.size(), r.describe());
        for (JsonObject run : runs) {
            String benchmark = run.get("benchmark").getAsString();
            JsonObject params = run.getAsJsonObject("params");
            assertEquals(work, params.get("work").getAsString(), benchmark);
            List<String> sides = benchmark.endsWith("IpiInterleaved.ipi") ? CsdSides.NAMES
                    : benchmark.endsWith("InterleavedOffsetSweep.ipi") ? SweepSides.NAMES : ObjectMailboxSides.NAMES;
            assertSides(run, threads, sides);
        }
        String out = r.stdout;
        for (String side : ObjectMailboxSides.NAMES) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith("#   " + side + " ")), side + " placement in\n" + r.describe());
        }
        assertTrue(out.lines().anyMatch(l -> l.matches("#   straddled +Mailbox at 0x[0-9a-f]+ \\(fields from \\d+ bytes"
                + " into a \\d+-byte line\\): .* in line 0; .* in line 1")), r.describe());
        assertTrue(out.lines().anyMatch(l -> l.matches("#   contended +ContendedMailbox at 0x.*: [a-z, ]+ in line 0")),
                r.describe());
        assertTrue(out.contains("# all measurement iterations: "), r.describe());
        if (all) {
            assertEquals(List.of("doorbell", "doorbell", "flag", "flag"), runs.stream().filter(j -> j.getAsJsonObject("params")
                    .has("protocol")).map(j -> j.getAsJsonObject("params").get("protocol").getAsString()).sorted().toList());
            assertTrue(out.contains("#   straddled          flag mailbox on the v4.13 csd bytes at offset "), r.describe());
            assertTrue(out.contains("; doorbell in line 1"), r.describe());
            assertTrue(out.contains("#   offset-56      flag mailbox on the v4.13 csd bytes at offset 56: "), r.describe());
        }
    }

    /** Each side's counters under the names the runner reads; every side committed 2N slices a cycle. */
    private static void assertSides(JsonObject e, int threads, List<String> sides) {
        assertNotNull(e, "entry missing");
        assertEquals(Math.max(2, threads + threads % 2), e.get("threads").getAsInt(), "threads: groups of 2");
        JsonObject secondary = e.getAsJsonObject("secondaryMetrics");
        for (String method : List.of("sender", "receiver")) {
            assertTrue(secondary.getAsJsonObject(method).get("score").getAsDouble() > 0, method + " made no progress");
        }
        double cycles = secondary.getAsJsonObject(CounterNames.CYCLES).get("score").getAsDouble();
        for (String side : sides) {
            for (String counter : List.of(CounterNames.nanos(side), CounterNames.calls(side))) {
                assertTrue(secondary.has(counter), counter + " missing from " + secondary.keySet());
            }
            double calls = secondary.getAsJsonObject(CounterNames.calls(side)).get("score").getAsDouble();
            assertEquals(cycles * 2 * sides.size() * InterleavedSchedule.SLICE, calls, side);
        }
        IpiBenchmarksIT.assertMedianCounters(secondary, sides, sides.get(0));
    }

    @ParameterizedTest(name = "{0} -p {1}")
    @CsvSource({
        "IpiInterleaved,           protocol=smoke-signal, smoke-signal",
        "IpiInterleaved,           work=-1,               -1",
        "InterleavedOffsetSweep,   protocol=Flag,         Flag",
        "InterleavedOffsetSweep,   work=1000000001,       1000000001",
        "ObjectMailboxInterleaved, work=lots,             lots",
        "ObjectMailboxInterleaved, pin=maybe,             maybe",
    })
    void badParameterValuesExitTwoInOneLineBeforeAnyFork(String benchmark, String param, String value,
                                                         @TempDir Path dir) throws Exception {
        List<String> args = List.of("^" + PKG.replace(".", "\\.") + benchmark + "\\.", "-p", param);
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, NO_FORK_SECONDS);
        assertEquals(2, r.exit, r.describe());
        List<String> lines = r.stderr.lines().filter(l -> !l.isBlank()).collect(Collectors.toList());
        assertEquals(1, lines.size(), r.describe());
        assertTrue(lines.get(0).startsWith("benchmarks.jar: -p " + param + ": "), r.describe());
        assertTrue(lines.get(0).contains("'" + value + "'"), r.describe());
        assertTrue(r.stdout.isBlank(), "nothing ran: " + r.describe());
    }

}
