package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The percpu benchmarks run from the shaded jar as a user runs them: every benchmark completes a short
 * forked run with 1, 2 and 4 threads (4 is more than this machine's cores), every default layout at 2,
 * within a bounded time, and bad {@code -p} values stop the run with one line naming the value.
 */
class PercpuBenchmarksIT {
    /** A run that takes longer is killed, with its forks, and fails. */
    private static final int TIMEOUT_SECONDS = 60;
    /** The thread count at which every default layout runs; the others run one layout. */
    private static final int EVERY_LAYOUT_AT = 2;
    private static final List<String> SHORT_RUN =
            List.of("-f", "1", "-wi", "1", "-w", "200ms", "-i", "1", "-r", "200ms");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} -t {1}")
    @CsvSource({
            "ChunkFalseSharing, 1", "ChunkFalseSharing, 2", "ChunkFalseSharing, 4",
            "ChunkSymmetric, 1", "ChunkSymmetric, 2", "ChunkSymmetric, 4",
            "ChunkObjectFalseSharing, 1", "ChunkObjectFalseSharing, 2", "ChunkObjectFalseSharing, 4"})
    void completesAShortForkedRun(String benchmark, int threads) throws Exception {
        Path json = dir.resolve(benchmark + "-t" + threads + ".json");
        List<String> args = new ArrayList<>(List.of(pattern(benchmark)));
        args.addAll(SHORT_RUN);
        Set<String> expected = new TreeSet<>(benchmark.equals("ChunkObjectFalseSharing")
                ? List.of("unpadded", "padded", "contended")
                : List.of("v6.4-rc4", "v2-reorder", "v6.5-merged"));
        if (threads != EVERY_LAYOUT_AT) {
            // The thread count is the point here, not the layout: one fork of the first layout (one JVM start, not three).
            expected = new TreeSet<>(List.of(expected.iterator().next()));
            args.addAll(List.of("-p", "layout=" + expected.iterator().next()));
        }
        args.addAll(List.of("-t", Integer.toString(threads), "-rf", "json", "-rff", json.toString()));
        Result r = runJar(args);
        assertEquals(0, r.exit, "exit status; output:\n" + r.out + r.err);

        JsonArray results = JsonParser.parseString(Files.readString(json)).getAsJsonArray();
        Set<String> layouts = new TreeSet<>();
        boolean group = !benchmark.equals("ChunkSymmetric");
        for (JsonElement e : results) {
            JsonObject o = e.getAsJsonObject();
            layouts.add(o.getAsJsonObject("params").get("layout").getAsString());
            assertScore(o.getAsJsonObject("primaryMetric"), benchmark + " primary");
            if (group) {
                JsonObject secondary = o.getAsJsonObject("secondaryMetrics");
                assertTrue(secondary != null && secondary.has("reader") && secondary.has("allocator"),
                        "reader and allocator reported separately: " + o);
                assertScore(secondary.getAsJsonObject("reader"), benchmark + " reader");
                assertScore(secondary.getAsJsonObject("allocator"), benchmark + " allocator");
                assertTrue(o.get("threads").getAsInt() >= 2, "a group has a reader and an allocator");
            }
        }
        assertEquals(expected, layouts, threads == EVERY_LAYOUT_AT ? "every default layout ran" : "the chosen layout ran");
    }

    @ParameterizedTest(name = "{0} -p {1}")
    @CsvSource(delimiter = '|', value = {
            "ChunkFalseSharing|layout=v7|v7",
            "ChunkFalseSharing|layout=|layout=",
            "ChunkSymmetric|config=+lockdep|+lockdep",
            "ChunkFalseSharing|config=|config=",
            "ChunkObjectFalseSharing|layout=v6.5-merged|v6.5-merged",
            "ChunkFalseSharing|layuot=v6.5-merged|no selected benchmark has a @Param 'layuot'"})
    void aBadParamValueStopsTheRunWithOneLineNamingIt(String benchmark, String param, String named) throws Exception {
        Result r = runJar(List.of(pattern(benchmark), "-p", param, "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms"));
        assertNotEquals(0, r.exit, "exit status; output:\n" + r.out + r.err);
        List<String> lines = Arrays.stream(r.err.split("\\R")).filter(l -> !l.isBlank()).collect(Collectors.toList());
        assertEquals(1, lines.size(), "one line on stderr:\n" + r.err);
        assertTrue(lines.get(0).contains(named), lines.get(0));
        assertTrue(!r.out.contains("# Fork"), "no fork started:\n" + r.out);
    }

    @Test
    void theJarListsThePercpuBenchmarks() throws Exception {
        Result r = runJar(List.of("-l", "org\\.cachelinebench\\.benchmarks\\.Chunk"));
        assertEquals(0, r.exit, r.err);
        for (String b : List.of(ChunkFalseSharing.class.getName() + ".chunk", ChunkSymmetric.class.getName() + ".pcpuAllocFree",
                ChunkObjectFalseSharing.class.getName() + ".chunk")) {
            assertTrue(r.out.contains(b), r.out);
        }
    }

    private static String pattern(String benchmark) {
        return ChunkFalseSharing.class.getPackageName().replace(".", "\\.") + "\\." + benchmark + "\\.";
    }

    private record Result(int exit, String out, String err) {}

    private Result runJar(List<String> args) throws IOException, InterruptedException {
        String jar = System.getProperty("benchmarks.jar");
        assertTrue(jar != null && new File(jar).isFile(), "no benchmarks.jar at " + jar);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String extra = System.getProperty("test.jvm.extra", "").trim();
        if (!extra.isEmpty()) {
            command.addAll(Arrays.asList(extra.split("\\s+")));
        }
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");   // JMH's Unsafe use would warn on stderr
        }
        // Another JMH run on the machine holds JMH's lock (/tmp/jmh.lock); these runs check that the
        // benchmarks complete, never their speed, so they go ahead. Forks inherit the flag.
        command.add("-Djmh.ignoreLock=true");
        command.addAll(List.of("-jar", jar));
        command.addAll(args);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            fail("killed after " + TIMEOUT_SECONDS + " s: " + String.join(" ", command) + "\n"
                    + Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static void assertScore(JsonObject metric, String what) {
        assertTrue(metric != null, what + " missing");
        double score = metric.get("score").getAsDouble();
        // A method that never completed an operation scores 0: it ran, but measured nothing.
        assertTrue(score > 0 && Double.isFinite(score), what + " score " + score);
        JsonArray raw = metric.getAsJsonArray("rawData");
        assertEquals(1, raw.size(), what + ": one fork");
        assertEquals(1, raw.get(0).getAsJsonArray().size(), what + ": one measurement iteration");
        double iteration = raw.get(0).getAsJsonArray().get(0).getAsDouble();
        assertEquals(iteration, score, iteration * 1e-9, what + ": the score is the one iteration's");
    }
}
