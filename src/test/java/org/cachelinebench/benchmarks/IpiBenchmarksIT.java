package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.Pin;
import org.cachelinebench.harness.pin.PinPlan;
import org.cachelinebench.harness.pin.ThreadPinning;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The IPI benchmarks as a user runs them: {@code java -jar target/benchmarks.jar ...}, short forked runs
 * with 1, 2 and 4 threads (2 cores: -t 4 oversubscribes; every benchmark at 2, IpiBenchmark at all three), each
 * killed and failed after a bound. Asserts that they finish, exit 0 and report both methods; never speed. Bad {@code -p} values must exit non-zero
 * with one line on stderr naming the value.
 */
class IpiBenchmarksIT {
    static final String PKG = IpiBenchmark.class.getPackageName() + ".";
    static final String ALL_THREE = "^" + PKG.replace(".", "\\.") + "(IpiBenchmark|IpiOffsetSweep|LineFloor)\\.";
    static final List<String> SHORT = List.of("-f", "1", "-wi", "1", "-w", "200ms", "-i", "1", "-r", "200ms");
    /** One fork of each of the three benchmarks. */
    static final long ALL_THREE_SECONDS = 120;
    static final long ONE_SECONDS = 60;

    /** The thread count at which all three benchmarks run; at the others IpiBenchmark alone (one fork, not three). */
    static final int EVERY_BENCHMARK_AT = 2;

    @ParameterizedTest(name = "-t {0}")
    @ValueSource(ints = {1, 2, 4})
    void everyBenchmarkRunsToCompletion(int threads, @TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        boolean all = threads == EVERY_BENCHMARK_AT;
        List<String> args = new ArrayList<>(List.of(all ? ALL_THREE : "^" + PKG.replace(".", "\\.") + "IpiBenchmark\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", Integer.toString(threads),
                "-p", "placement=straddled", "-p", "mode=sync", "-p", "layout=v4.13", "-p", "pin=off",
                "-rf", "json", "-rff", json.toString()));
        if (all) {
            args.addAll(List.of("-p", "offset=48"));    // IpiOffsetSweep's alone: JMH refuses a @Param no selected benchmark has
        }
        Run r = run(args, dir, ALL_THREE_SECONDS);
        assertEquals(0, r.exit, r.describe());
        Map<String, JsonObject> entries = entries(json);
        assertEquals(all ? 3 : 1, entries.size(), "one JSON entry per benchmark variant: " + entries.keySet());
        assertGroupReported(entries.get(PKG + "IpiBenchmark.ipi"), threads,
                Map.of("placement", "straddled", "mode", "sync", "layout", "v4.13", "pin", "off", "cpus", ""));
        if (all) {
            assertGroupReported(entries.get(PKG + "IpiOffsetSweep.ipi"), threads,
                    Map.of("offset", "48", "mode", "sync", "pin", "off", "cpus", ""));
            assertGroupReported(entries.get(PKG + "LineFloor.floor"), threads, Map.of("pin", "off", "cpus", ""));
        }
    }

    // -t 1 is left out: it runs the same 2-thread group as -t 2, and -t 1's rounding is checked unpinned above.
    @ParameterizedTest(name = "pin=on -t {0}")
    @ValueSource(ints = {2, 4})
    void pinnedIpiBenchmarkRunsToCompletion(int threads, @TempDir Path dir) throws Exception {
        String why = ThreadPinning.unavailableReason();
        MachineAssumption.require(why == null, "pin=on cannot run here: " + why);
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of("^" + PKG.replace(".", "\\.") + "IpiBenchmark\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", Integer.toString(threads),
                "-p", "placement=size-aligned", "-p", "mode=async", "-p", "layout=current", "-p", "pin=on",
                "-rf", "json", "-rff", json.toString()));
        Run r = run(args, dir, ONE_SECONDS);
        assertEquals(0, r.exit, r.describe());
        Map<String, JsonObject> entries = entries(json);
        assertEquals(1, entries.size(), entries.keySet().toString());
        assertGroupReported(entries.get(PKG + "IpiBenchmark.ipi"), threads,
                Map.of("placement", "size-aligned", "mode", "async", "layout", "current", "pin", "on", "cpus", ""));
    }

    /**
     * The first of same-core, same-l3 and cross-l3 this machine has a pair for: the fork pins to it and prints the
     * pair and how it relates; the JSON records the value.
     */
    @Test
    void pinnedByTopologyPrintsThePairItChose(@TempDir Path dir) throws Exception {
        String why = ThreadPinning.unavailableReason();
        MachineAssumption.require(why == null, "pinning cannot run here: " + why);
        String value = null;
        for (String v : List.of("same-core", "same-l3", "cross-l3")) {
            try {
                Pin.check(v);
                value = v;
                break;
            } catch (IllegalArgumentException e) {
                // this machine has no such pair
            }
        }
        MachineAssumption.require(value != null, "no two CPUs here are related in a way pin names");
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of("^" + PKG.replace(".", "\\.") + "LineFloor\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-p", "pin=" + value, "-rf", "json", "-rff", json.toString()));
        Run r = run(args, dir, ONE_SECONDS);
        assertEquals(0, r.exit, r.describe());
        String expected = "# pin=" + value + ": cpus ";
        assertTrue(r.stdout.lines().anyMatch(l -> l.contains(expected)), expected + " in\n" + r.describe());
        assertGroupReported(entries(json).get(PKG + "LineFloor.floor"), 1, Map.of("pin", value, "cpus", ""));
    }

    /**
     * A relation this machine has no pair for is refused before any fork: exit 2, the one line Pin.check gives. On a
     * machine with a pair for every relation the jar runs under {@code taskset} on two CPUs of separate cores under
     * one L3, which have no same-core pair between them: the refusal then is PinPlan's for those two CPUs. So the
     * test runs on every machine where pinning works, and under CI never skips.
     */
    @Test
    void aRelationThisMachineLacksIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        String why = ThreadPinning.unavailableReason();
        MachineAssumption.require(why == null, "pinning cannot run here: " + why);
        String value = null;
        String message = null;
        for (String v : List.of("same-core", "same-l3", "cross-l3")) {
            try {
                Pin.check(v);
            } catch (IllegalArgumentException e) {
                value = v;
                message = e.getMessage();
                break;
            }
        }
        List<String> prefix = List.of();
        if (value == null) {
            List<Integer> pair = separateCoresUnderOneL3();
            assertNotNull(pair, "a machine with a pair for every relation has two cores under one L3");
            value = Pin.SAME_CORE.value();
            try {
                PinPlan.of(Pin.SAME_CORE, "", CpuTopology.system(), pair);
                throw new AssertionError("cpus " + pair + " hold a same-core pair");
            } catch (IllegalArgumentException e) {
                message = e.getMessage();
            }
            prefix = List.of("taskset", "-c", pair.get(0) + "," + pair.get(1));
        }
        Run r = run(prefix, List.of(), List.of("^" + PKG.replace(".", "\\.") + "LineFloor\\.", "-p", "pin=" + value),
                dir, ONE_SECONDS);
        assertEquals(2, r.exit, r.describe());
        assertEquals(List.of("benchmarks.jar: -p pin=" + value + ": " + message),
                r.stderr.lines().filter(l -> !l.isBlank()).toList(), r.describe());
        assertTrue(r.stdout.isBlank(), r.describe());
    }

    /** Two CPUs this process may use, on separate cores under one L3; null where there are none. */
    private static List<Integer> separateCoresUnderOneL3() {
        CpuTopology topology = CpuTopology.system();
        List<Integer> allowed = ThreadPinning.allowedCpus();
        for (int a : allowed) {
            for (int b : allowed) {
                if (a < b && topology.relation(a, b) == CpuTopology.Relation.SAME_L3) {
                    return List.of(a, b);
                }
            }
        }
        return null;
    }

    /**
     * All five sides run in one schedule; every side's counters are reported under the names the runner reads
     * ({@link CounterNames#nanos}), every side committed the same calls, 2N slices per cycle, and the fork
     * printed its per-side lines. -t 4 oversubscribes the 2 cores.
     */
    @ParameterizedTest(name = "IpiInterleaved -t {0} -p mode={1}")
    @CsvSource({"2, sync", "4, async"})
    void interleavedRunsToCompletion(int threads, String mode, @TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of("^" + PKG.replace(".", "\\.") + "IpiInterleaved\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", Integer.toString(threads), "-p", "mode=" + mode,
                "-p", "layout=v4.13", "-p", "pin=off", "-rf", "json", "-rff", json.toString()));
        Run r = run(args, dir, ONE_SECONDS);
        assertEquals(0, r.exit, r.describe());
        Map<String, JsonObject> entries = entries(json);
        assertEquals(1, entries.size(), entries.keySet().toString());
        JsonObject e = entries.get(PKG + "IpiInterleaved.ipi");
        // protocol and work keep their single defaults: the kernel protocol, no work in func(info).
        assertGroupReported(e, threads, Map.of("mode", mode, "layout", "v4.13", "pin", "off", "cpus", "",
                "protocol", "kernel", "work", "0"));
        JsonObject secondary = e.getAsJsonObject("secondaryMetrics");
        assertTrue(secondary.has(CounterNames.CYCLES), secondary.keySet().toString());
        double cycles = secondary.getAsJsonObject(CounterNames.CYCLES).get("score").getAsDouble();
        for (String side : CsdSides.NAMES) {
            for (String counter : List.of(CounterNames.nanos(side), CounterNames.calls(side))) {
                assertTrue(secondary.has(counter), counter + " missing from " + secondary.keySet());
            }
            double calls = secondary.getAsJsonObject(CounterNames.calls(side)).get("score").getAsDouble();
            assertEquals(cycles * 2 * CsdSides.NAMES.size() * InterleavedSchedule.SLICE, calls,
                    side + ": a committed cycle is 2N slices of every side");
        }
        assertMedianCounters(secondary, CsdSides.NAMES, CsdSides.LINE_ALIGNED);
        for (String side : CsdSides.NAMES) {
            assertTrue(r.stdout.lines().anyMatch(l -> l.startsWith("#   " + side + " ")), side + " line in\n" + r.describe());
        }
        assertTrue(r.stdout.contains("# all measurement iterations: "), r.describe());
    }

    /**
     * The medians over cycles: a ratio for every side but the reference, extra lines for every side but the
     * reference and the floor (their unit), and no cycle left out of the per-cycle log.
     */
    static void assertMedianCounters(JsonObject secondary, List<String> sides, String reference) {
        for (String side : sides) {
            assertEquals(!side.equals(reference), secondary.has(CounterNames.ratio(side)), side + " in "
                    + secondary.keySet());
            assertEquals(!side.equals(reference) && !side.equals(Claim.FLOOR_SIDE),
                    secondary.has(CounterNames.extra(side)), side + " in " + secondary.keySet());
        }
        assertEquals(0.0, secondary.getAsJsonObject(CounterNames.CYCLES_NOT_LOGGED).get("score").getAsDouble(),
                "every committed cycle in the per-cycle log");
    }

    /** The interleaved benchmark refuses -tg other than 1,1 as IpiBenchmark does. */
    @Test
    void interleavedRefusesMoreThanOneSenderPerGroup(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("^" + PKG.replace(".", "\\.") + "IpiInterleaved\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-tg", "2,1"));
        Run r = run(args, dir, ONE_SECONDS);
        assertNotEquals(0, r.exit, r.describe());
        assertTrue((r.stdout + r.stderr).contains("one sender and one receiver per group"), r.describe());
    }

    @ParameterizedTest(name = "{0} -p {1}")
    @CsvSource({
        "IpiBenchmark,   placement=diagonal, diagonal",
        "IpiOffsetSweep, offset=12,          12",
        "IpiOffsetSweep, offset=64,          64",
        "IpiBenchmark,   mode=later,         later",
        "LineFloor,      pin=maybe,          maybe",
        "IpiInterleaved, mode=later,         later",
        "LineFloor,      cpus=0:0,           0:0",
        "IpiBenchmark,   cpus=0,             0",
        "IpiInterleaved, layout=v9,          v9",
    })
    void badParameterValuesFailInOneLine(String benchmark, String param, String value, @TempDir Path dir) throws Exception {
        // offset=64 is bad on 64-byte lines: fix the line size so the test means the same everywhere.
        List<String> args = List.of("^" + PKG.replace(".", "\\.") + benchmark + "\\.", "-p", param);
        Run r = run(List.of("-Dcacheline.size=64"), args, dir, ONE_SECONDS);
        assertNotEquals(0, r.exit, r.describe());
        List<String> lines = r.stderr.lines().filter(l -> !l.isBlank()).collect(java.util.stream.Collectors.toList());
        assertEquals(1, lines.size(), r.describe());
        assertTrue(lines.get(0).contains(value), r.describe());
        assertTrue(lines.get(0).contains(param.substring(0, param.indexOf('='))), r.describe());
    }

    /** Two senders on one csd would corrupt the queue: refused at setup, the run fails, nothing hangs. */
    @Test
    void moreThanOneSenderPerGroupIsRefused(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("^" + PKG.replace(".", "\\.") + "IpiBenchmark\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-tg", "1,2", "-p", "placement=straddled", "-p", "mode=sync"));
        Run r = run(args, dir, ONE_SECONDS);
        assertNotEquals(0, r.exit, r.describe());
        assertTrue((r.stdout + r.stderr).contains("one sender and one receiver per group"), r.describe());
    }

    @Test
    void listShowsTheBenchmarkNamesTheRunnerDependsOn(@TempDir Path dir) throws Exception {
        Run r = run(List.of("-l"), dir, ONE_SECONDS);
        assertEquals(0, r.exit, r.describe());
        for (String name : List.of("IpiBenchmark.ipi", "IpiOffsetSweep.ipi", "LineFloor.floor", "IpiInterleaved.ipi")) {
            assertTrue(r.stdout.lines().anyMatch(l -> l.trim().equals(PKG + name)), name + " in\n" + r.stdout);
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------

    static void assertGroupReported(JsonObject e, int threads, Map<String, String> params) {
        assertNotNull(e, "entry missing");
        assertEquals(Math.max(2, threads + threads % 2), e.get("threads").getAsInt(), "threads: groups of 2");
        JsonObject p = e.getAsJsonObject("params");
        Map<String, String> got = new HashMap<>();
        p.entrySet().forEach(kv -> got.put(kv.getKey(), kv.getValue().getAsString()));
        assertEquals(params, got);
        JsonObject secondary = e.getAsJsonObject("secondaryMetrics");
        for (String method : List.of("sender", "receiver")) {
            JsonObject m = secondary.getAsJsonObject(method);
            assertNotNull(m, method + " missing from " + secondary.keySet());
            assertEquals("ops/us", m.get("scoreUnit").getAsString());
            assertTrue(m.get("score").getAsDouble() > 0, method + " made no progress: " + m);
        }
        assertTrue(secondary.has("senderYields") && secondary.has("receiverYields"), secondary.keySet().toString());
    }

    static Map<String, JsonObject> entries(Path json) throws IOException {
        JsonArray all = JsonParser.parseString(Files.readString(json)).getAsJsonArray();
        Map<String, JsonObject> out = new HashMap<>();
        for (JsonElement el : all) {
            JsonObject o = el.getAsJsonObject();
            assertEquals(null, out.put(o.get("benchmark").getAsString(), o), "duplicate entry " + o.get("benchmark"));
        }
        return out;
    }

    static final class Run {
        final List<String> command;
        final int exit;
        final String stdout;
        final String stderr;

        Run(List<String> command, int exit, String stdout, String stderr) {
            this.command = command;
            this.exit = exit;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        String describe() {
            String out = stdout.length() > 4000 ? "..." + stdout.substring(stdout.length() - 4000) : stdout;
            return String.join(" ", command) + "\nexit " + exit + "\n--- stderr:\n" + stderr + "\n--- stdout (tail):\n" + out;
        }
    }

    private static Run run(List<String> args, Path dir, long seconds) throws Exception {
        return run(List.of(), args, dir, seconds);
    }

    /** Runs the shaded jar in a child JVM; kills it and fails after {@code seconds}. */
    static Run run(List<String> jvmFlags, List<String> args, Path dir, long seconds) throws Exception {
        return run(List.of(), jvmFlags, args, dir, seconds);
    }

    /** The same, the child JVM started through {@code prefix} (a {@code taskset -c ...}), when not empty. */
    static Run run(List<String> prefix, List<String> jvmFlags, List<String> args, Path dir, long seconds)
            throws Exception {
        String jar = System.getProperty("benchmarks.jar");
        assertNotNull(jar, "system property benchmarks.jar (set by failsafe)");
        assertTrue(new File(jar).isFile(), jar + " (run mvn package first)");
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String extra = System.getProperty("test.jvm.extra", "").trim();
        if (!extra.isEmpty()) {
            cmd.addAll(Arrays.asList(extra.split("\\s+")));
        }
        if (Runtime.version().feature() >= 24) {
            cmd.add("--sun-misc-unsafe-memory-access=allow");   // JMH's Unsafe use would warn on stderr
        }
        // JMH refuses to start while another JMH run on the machine holds /tmp/jmh.lock (it protects
        // measurements). These runs assert completion, never speed, and share the machine with other
        // builds, so they go ahead; forks inherit the flag.
        cmd.add("-Djmh.ignoreLock=true");
        cmd.addAll(jvmFlags);
        cmd.add("-jar");
        cmd.add(jar);
        cmd.addAll(args);
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean done = p.waitFor(seconds, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        Run r = new Run(cmd, done ? p.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        assertTrue(done, "did not finish in " + seconds + " s, killed:\n" + r.describe());
        return r;
    }
}
