package org.cachelinebench.cref;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.cref.CProgram.Run;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C calibration program (benchmarks/c/interleaved.c) and its driver (benchmarks/c-reference): built
 * with gcc, each protocol run for a fraction of a second must pass the program's own protocol checks and
 * print a line per side; bad arguments give one line and exit 2; the checks and the watchdog must fire on
 * a build with a fault put in (exit 1 and 3); the driver never overwrites a results file without
 * {@code --append}. Nothing here asserts a speed: the runs are far too short, on a shared machine.
 *
 * <p>The program needs gcc, and pins two threads, so Linux and two CPUs: without them this fails in CI
 * ({@link MachineAssumption}: CI must build and check the program) and is skipped, saying why, elsewhere.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CReferenceProgramTest {
    static final Path SOURCE = CProgram.ROOT.resolve("benchmarks/c/interleaved.c");
    static final Path DRIVER = CProgram.DRIVER;
    static final int SLICE = 256;

    /**
     * "interleaved: protocol P (MODE), work W, CPUs A,B, N sides, C cycles of N groups x 2N slices x 256 calls, S s;
     * ratio and extra lines: medians over the cycles" (or "over the first L cycles (M more not logged)")
     */
    static final Pattern HEADER = Pattern.compile("interleaved: protocol (\\S+)(?: \\((sync|async)\\))?, work (\\d+), "
            + "CPUs (\\d+),(\\d+), (\\d+) sides, (\\d+) cycles of (\\d+) groups x (\\d+) slices x (\\d+) calls, ([0-9.]+) s; "
            + "ratio and extra lines: medians over the (?:cycles|first (\\d+) cycles \\((\\d+) more not logged\\))");
    /** "SIDE  csd@OFFSET (or flag@0)  COST ns/call  ratio R  extra lines X  calls C  check ok", padded with spaces */
    static final Pattern SIDE = Pattern.compile("(\\S+)\\s+(csd|flag)@(\\d+)\\s+([0-9.]+) ns/call\\s+ratio\\s+(-?[0-9.]+)"
            + "\\s+extra lines\\s+(-?[0-9.]+)\\s+calls (\\d+)\\s+check (\\S+)");

    @TempDir
    static Path dir;
    static Path program;

    /** Per test, so that a skip is reported with its reason on every test (a class-level skip shows none). */
    @BeforeEach
    void build() throws Exception {
        CProgram.requireGccLinuxTwoCpus();
        if (program == null) {
            program = compile("interleaved");
        }
    }

    /** Builds the program as benchmarks/c-reference does, warnings as errors, with extra -D flags. */
    static Path compile(String name, String... defines) throws Exception {
        return CProgram.compile(dir, SOURCE, name, defines);
    }

    static Run run(List<String> cmd) throws IOException, InterruptedException {
        return CProgram.run(dir, cmd, null);
    }

    static Run run(List<String> cmd, String stdin) throws IOException, InterruptedException {
        return CProgram.run(dir, cmd, stdin);
    }

    static Run program(Path exe, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(Arrays.asList(args));
        return run(cmd);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kernel", "kernel async", "doorbell", "doorbell async", "flag"})
    void eachProtocolPassesItsOwnChecksAndPrintsALinePerSide(String protocolAndMode) throws Exception {
        String[] pm = protocolAndMode.split(" ");
        List<String> args = new ArrayList<>(List.of("--protocol", pm[0]));
        if (pm.length > 1) {
            args.addAll(List.of("--mode", pm[1]));
        }
        args.addAll(List.of("--seconds", "0.2", "straddled", "aa"));
        Run r = program(program, args.toArray(new String[0]));
        assertEquals(0, r.exit(), r.all());
        assertEquals(List.of(), r.err(), r.all());
        assertEquals(5, r.out().size(), "a header and four sides (reference, floor, straddled, aa):\n" + r.all());

        Matcher h = HEADER.matcher(r.out().get(0));
        assertTrue(h.matches(), "header: " + r.out().get(0));
        assertEquals(pm[0], h.group(1));
        assertEquals(pm[0].equals("flag") ? null : pm.length > 1 ? pm[1] : "sync", h.group(2));
        assertEquals("4", h.group(6), "sides");
        long cycles = Long.parseLong(h.group(7));
        assertTrue(cycles >= 1, "at least one whole cycle");
        assertEquals(List.of("4", "8", "256"), List.of(h.group(8), h.group(9), h.group(10)),
                "a cycle is N groups of 2N slices of 256 calls");

        String[][] expected = {{"reference", "csd", "0"}, {"floor", "flag", "0"}, {"straddled", "csd", "48"}, {"aa", "csd", "0"}};
        for (int s = 0; s < expected.length; s++) {
            String line = r.out().get(1 + s);
            Matcher m = SIDE.matcher(line);
            assertTrue(m.matches(), "side line: " + line);
            assertEquals(List.of(expected[s]), List.of(m.group(1), m.group(2), m.group(3)), line);
            long calls = Long.parseLong(m.group(7));
            assertTrue(calls > 0, line);
            // The schedule gives every side 2 slices in each of the N groups of a cycle: equal calls.
            assertEquals(cycles * 2 * 4 * SLICE, calls, "calls of " + line);
            assertEquals("ok", m.group(8), line);
        }
        assertEquals(null, h.group(12), "every cycle of a short run is in the medians");
        assertEquals("1.000", SIDE.matcher(r.out().get(1)).results().findFirst().orElseThrow().group(5),
                "the reference's ratio to itself");
        assertEquals("0.000", SIDE.matcher(r.out().get(1)).results().findFirst().orElseThrow().group(6),
                "the reference's extra lines over itself");
    }

    /** Half a unit of the text's third place plus half of the JSON's fifth: -0.129 and -0.12950 can both be -0.129496. */
    private static final double TEXT_VS_JSON = 0.0005 + 0.000005 + 1e-9;

    @Test
    void jsonIsOneObjectOnStdoutWithTheSameNumbers() throws Exception {
        Run r = program(program, "--json", "--work", "50", "--seconds", "0.2", "straddled");
        assertEquals(0, r.exit(), r.all());
        assertEquals(1, r.out().size(), "one JSON line on stdout:\n" + r.all());
        assertEquals(4, r.err().size(), "the text lines on stderr:\n" + r.all());
        JsonObject o = JsonParser.parseString(r.out().get(0)).getAsJsonObject();
        assertEquals("kernel", o.get("protocol").getAsString());
        assertEquals("sync", o.get("mode").getAsString());
        assertEquals(50, o.get("work").getAsInt(), "func(info) ran 50 multiply-adds, and the checksum still matched");
        assertEquals("ok", o.get("check").getAsString());
        assertTrue(o.get("utc").getAsString().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), o.toString());
        assertTrue(o.get("cycles").getAsLong() >= 1, o.toString());
        assertEquals(o.get("cycles").getAsLong(), o.get("cycles_logged").getAsLong(), "every cycle in the medians");
        assertEquals(0, o.get("cycles_not_logged").getAsLong());
        JsonArray sides = o.getAsJsonArray("sides");
        assertEquals(3, sides.size());
        List<String> names = new ArrayList<>();
        for (int s = 0; s < sides.size(); s++) {
            JsonObject side = sides.get(s).getAsJsonObject();
            names.add(side.get("side").getAsString());
            assertTrue(side.get("calls").getAsLong() > 0, side.toString());
            assertTrue(side.get("nanos_sum").getAsLong() > 0, side.toString());
            Matcher m = SIDE.matcher(r.err().get(1 + s));
            assertTrue(m.matches(), r.err().get(1 + s));
            assertEquals(m.group(7), side.get("calls").getAsString(), "the text and the JSON give the same calls");
            // The text rounds to 3 places and the JSON to 5, so they may differ by half of each last place.
            assertEquals(Double.parseDouble(m.group(5)), side.get("ratio").getAsDouble(), TEXT_VS_JSON,
                    "the text's ratio is the JSON's median");
            assertEquals(Double.parseDouble(m.group(6)), side.get("extra_line_transfers").getAsDouble(), TEXT_VS_JSON,
                    "the text's extra lines are the JSON's median");
            // the ratio of the sums, from the sums the JSON holds
            double sums = (double) side.get("nanos_sum").getAsLong() / side.get("calls").getAsLong()
                    / (sides.get(0).getAsJsonObject().get("nanos_sum").getAsDouble()
                            / sides.get(0).getAsJsonObject().get("calls").getAsLong());
            assertEquals(sums, side.get("ratio_sum").getAsDouble(), 1e-4, side.toString());
            assertTrue(side.has("extra_line_transfers_sum"), side.toString());
        }
        assertEquals(List.of("reference", "floor", "straddled"), names);
        assertEquals(1.0, sides.get(0).getAsJsonObject().get("ratio").getAsDouble(), 0.0);
        assertEquals(0.0, sides.get(0).getAsJsonObject().get("extra_line_transfers").getAsDouble(), 0.0);
    }

    /**
     * The estimator on cycles worked out by hand (a build that reads cycles from stdin and runs no threads,
     * MEDIAN_INPUT=1): sides reference, floor, straddled; 3 cycles, nanos (100, 50, 150), (200, 80, 240),
     * (300, 20, 330). Straddled: ratios 1.5, 1.2, 1.1, median 1.200; extra lines (150-100)/50 = 1.0,
     * (240-200)/80 = 0.5, (330-300)/20 = 1.5, median 1.000; ratio of the sums 720/600 = 1.2, extra of the sums
     * (720-600)/150 = 0.8. Floor: ratios 0.5, 0.4, 0.0667, median 0.400; extras -1, -1.5, -14, median -1.500.
     * Each side makes 2 x 3 x 256 = 1,536 calls a cycle, 4,608 in all.
     */
    @Test
    void theMediansOverCyclesOnHandComputedCycles() throws Exception {
        Path medians = compile("interleaved-median-input", "-DMEDIAN_INPUT=1");
        Run r = run(List.of(medians.toString(), "--json", "straddled"), "100 50 150\n200 80 240\n300 20 330\n");
        assertEquals(0, r.exit(), r.all());
        JsonObject o = JsonParser.parseString(r.out().get(0)).getAsJsonObject();
        assertEquals(3, o.get("cycles_logged").getAsLong());
        JsonObject floor = o.getAsJsonArray("sides").get(1).getAsJsonObject();
        JsonObject straddled = o.getAsJsonArray("sides").get(2).getAsJsonObject();
        assertEquals(1.2, straddled.get("ratio").getAsDouble(), 1e-9);
        assertEquals(1.0, straddled.get("extra_line_transfers").getAsDouble(), 1e-9);
        assertEquals(1.2, straddled.get("ratio_sum").getAsDouble(), 1e-9);
        assertEquals(0.8, straddled.get("extra_line_transfers_sum").getAsDouble(), 1e-9);
        assertEquals(720, straddled.get("nanos_sum").getAsLong());
        assertEquals(4608, straddled.get("calls").getAsLong());
        assertEquals(0.4, floor.get("ratio").getAsDouble(), 1e-9);
        assertEquals(-1.5, floor.get("extra_line_transfers").getAsDouble(), 1e-9);
        Matcher m = SIDE.matcher(r.err().get(3));
        assertTrue(m.matches(), r.err().get(3));
        assertEquals(List.of("straddled", "1.200", "1.000", "none"), List.of(m.group(1), m.group(5), m.group(6),
                m.group(8)), "no protocol ran, so no check");
    }

    /**
     * An A/A pair (side aa) whose times are swapped from cycle to cycle, and a cycle preempted for 10 us on the aa
     * side: ratios 1.2, 1/1.2, 1.3, 1/1.3, 1, 100, so sorted 0.769, 0.833, 1, 1.2, 1.3, 100: median (1 + 1.2) / 2
     * = 1.100, where the sums give 10555 / 655 = 16.1; extra lines +-0.4, +-0.6, 0, 198: median
     * (0 + 0.4) / 2 = 0.200. With 7 cycles (one more equal one) the median ratio is exactly 1 and the extra 0.
     * With a log of 4 cycles (LOG_CYCLES=4) the medians cover the first 4 (ratios sorted 0.769, 0.833, 1.2, 1.3:
     * (0.833 + 1.2) / 2 = 1.017; extras -0.6, -0.4, 0.4, 0.6: 0) and the header says 3 more were not logged.
     */
    @Test
    void anAaPairsMedianIgnoresAPreemptedCycleAndTheLogCapIsSaid() throws Exception {
        String swapped = "100 50 120\n120 50 100\n100 50 130\n130 50 100\n105 50 105\n100 50 10000\n";
        Path medians = compile("interleaved-median-aa", "-DMEDIAN_INPUT=1");
        Run r = run(List.of(medians.toString(), "aa"), swapped);
        assertEquals(0, r.exit(), r.all());
        Matcher aa = SIDE.matcher(r.out().get(3));
        assertTrue(aa.matches(), r.all());
        assertEquals(List.of("1.100", "0.200"), List.of(aa.group(5), aa.group(6)), r.all());

        Run seven = run(List.of(medians.toString(), "aa"), swapped + "110 50 110\n");
        Matcher aa7 = SIDE.matcher(seven.out().get(3));
        assertTrue(aa7.matches(), seven.all());
        assertEquals(List.of("1.000", "0.000"), List.of(aa7.group(5), aa7.group(6)), seven.all());

        Path capped = compile("interleaved-median-cap", "-DMEDIAN_INPUT=1", "-DLOG_CYCLES=4");
        Run c = run(List.of(capped.toString(), "aa"), swapped + "110 50 110\n");
        assertEquals(0, c.exit(), c.all());
        Matcher h = HEADER.matcher(c.out().get(0));
        assertTrue(h.matches(), c.all());
        assertEquals(List.of("7", "4", "3"), List.of(h.group(7), h.group(12), h.group(13)), c.all());
        Matcher aa4 = SIDE.matcher(c.out().get(3));
        assertTrue(aa4.matches(), c.all());
        assertEquals(List.of("1.017", "0.000"), List.of(aa4.group(5), aa4.group(6)), c.all());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--protocol nope", "12", "64", "--work -1", "--seconds 0", "--cpus 0,0", "--cpus 0",
            "--mode async --protocol flag", "--bogus", "floor", "straddled straddled", "--seconds"})
    void badArgumentsAreOneLineAndExit2(String args) throws Exception {
        Run r = program(program, args.split(" "));
        assertEquals(2, r.exit(), r.all());
        assertEquals(List.of(), r.out(), r.all());
        assertEquals(1, r.err().size(), "one line:\n" + r.all());
        assertTrue(r.err().get(0).startsWith("interleaved: "), r.err().get(0));
    }

    @Test
    void aWrongFuncResultFailsTheChecks() throws Exception {
        Path faulty = compile("interleaved-fault1", "-DFAULT=1");
        Run r = program(faulty, "--seconds", "0.1", "straddled");
        assertEquals(1, r.exit(), r.all());
        assertEquals(List.of(), r.out(), r.all());
        assertEquals(1, r.err().size(), r.all());
        assertTrue(r.err().get(0).contains("checksum of func(info)"), r.err().get(0));
    }

    @Test
    void aReceiverThatStopsAnsweringTripsTheWatchdog() throws Exception {
        Path faulty = compile("interleaved-fault2", "-DFAULT=2", "-DWATCHDOG_SECONDS=1");
        Run r = program(faulty, "--seconds", "0.1", "straddled");
        assertEquals(3, r.exit(), r.all());
        assertEquals(1, r.err().size(), r.all());
        String line = r.err().get(0);
        assertTrue(line.startsWith("interleaved: no slice completed for 1 s: sender in group 1, slice 0"), line);
        assertTrue(line.contains("receiver in group 1, slice 0") && line.contains("FAULT=2"), line);
    }

    @Test
    void theDriverWritesJsonLinesAndNeverOverwritesWithoutAppend() throws Exception {
        Path results = dir.resolve("runs.jsonl");
        List<String> first = List.of("bash", DRIVER.toString(), "--runs", "1", "--seconds", "0.1", "--out", results.toString(), "aa");
        Run r = run(first);
        assertEquals(0, r.exit(), r.all());
        List<String> written = Files.readAllLines(results);
        assertEquals(1, written.size(), r.all());
        assertEquals("ok", JsonParser.parseString(written.get(0)).getAsJsonObject().get("check").getAsString());

        Run refused = run(first);
        assertEquals(2, refused.exit(), refused.all());
        assertEquals(1, refused.err().size(), refused.all());
        assertTrue(refused.err().get(0).contains("--append"), refused.err().get(0));
        assertEquals(written, Files.readAllLines(results), "the existing file is left as it was");

        List<String> append = new ArrayList<>(first);
        append.add(append.size() - 1, "--append");
        Run appended = run(append);
        assertEquals(0, appended.exit(), appended.all());
        List<String> both = Files.readAllLines(results);
        assertEquals(2, both.size());
        assertEquals(written.get(0), both.get(0), "--append keeps the old lines");

        Run bad = run(List.of("bash", DRIVER.toString(), "--runs", "1", "--out", dir.resolve("never.jsonl").toString(), "13"));
        assertEquals(2, bad.exit(), bad.all());
        assertEquals(1, bad.err().size(), "one line:\n" + bad.all());
        assertTrue(Files.notExists(dir.resolve("never.jsonl")), "nothing written for a bad subject");
    }
}
