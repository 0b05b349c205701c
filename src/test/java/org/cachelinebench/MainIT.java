package org.cachelinebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code java -jar target/benchmarks.jar -l} lists (nothing runs): every benchmark in the jar, and one line
 * naming those the default run leaves out (the struct tool's workload). What JMH prints and exits with stays JMH's,
 * and a run ends in the comparisons its results contain.
 */
class MainIT {
    static final String WORKLOAD = "org.cachelinebench.struct.measure.StructAccessBenchmark.access";
    static final String LESSON = "org.cachelinebench.benchmarks.LineFloor.floor";

    @TempDir
    Path dir;

    private List<String> list(String... patterns) throws Exception {
        List<String> args = new ArrayList<>(List.of("-l"));
        args.addAll(List.of(patterns));
        Run r = jar(args);
        assertEquals(0, r.exit(), r.out());
        return r.out().lines().map(String::strip).toList();
    }

    /** What a command printed (stdout and stderr together) and its exit status. */
    record Run(String out, int exit) {}

    /** {@code java -jar target/benchmarks.jar ARGS}. */
    private Run jar(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("-jar",
                System.getProperty("benchmarks.jar", "target/benchmarks.jar")));
        cmd.addAll(args);
        return java(cmd);
    }

    /** {@code java -cp target/benchmarks.jar org.openjdk.jmh.Main ARGS}: JMH's own entry point, for comparison. */
    private Run jmh(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("-cp", System.getProperty("benchmarks.jar", "target/benchmarks.jar"),
                "org.openjdk.jmh.Main"));
        cmd.addAll(args);
        return java(cmd);
    }

    private Run java(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 24) {
            cmd.add("--sun-misc-unsafe-memory-access=allow");   // JMH's Unsafe use would warn on stderr
        }
        // Plumbing, not a measurement: go ahead while another JMH run holds JMH's lock. Forks inherit the flag.
        cmd.add("-Djmh.ignoreLock=true");
        cmd.addAll(args);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " did not finish in 60 s");
        }
        return new Run(Files.readString(out, StandardCharsets.UTF_8), p.exitValue());
    }

    /** The line after the list that names what the default run leaves out (on stderr, so stdout stays JMH's). */
    static final String LEFT_OUT = "benchmarks.jar: listed, but left out of the default run unless named";

    @Test
    void theListHoldsEveryBenchmarkAndNamesTheOnesTheDefaultRunLeavesOut() throws Exception {
        for (String[] suite : List.of(new String[0], new String[] {".*"})) {
            List<String> listed = list(suite);
            assertTrue(listed.contains(LESSON) && listed.contains(WORKLOAD), listed.toString());
            List<String> notes = listed.stream().filter(l -> l.startsWith(LEFT_OUT)).toList();
            assertEquals(1, notes.size(), listed.toString());
            assertTrue(notes.get(0).contains(WORKLOAD) && !notes.get(0).contains(LESSON), notes.get(0));
        }
    }

    @Test
    void aPatternListsWhatItMatches() throws Exception {
        assertEquals(List.of("Benchmarks:", WORKLOAD), list("StructAccessBenchmark").stream()
                .filter(l -> !l.startsWith(LEFT_OUT)).toList());
        List<String> lesson = list("LineFloor");
        assertEquals(List.of("Benchmarks:", LESSON), lesson, "no note: nothing listed is left out by default");
        List<String> both = list("StructAccess|LineFloor");
        assertTrue(both.contains(WORKLOAD) && both.contains(LESSON), both.toString());
    }

    @Test
    void whatRunsNoBenchmarkIsJmhsOwnOutputAndExitStatus() throws Exception {
        // Help, the lists that list no benchmark, a bad option, a pattern that matches nothing: JMH's main, byte
        // for byte (the benchmark lists differ by the tool's workload, see above), and no comparisons.
        for (List<String> args : List.of(List.of("-h"), List.of("-lrf"), List.of("-f", "many"),
                List.of("NoSuchBenchmarkAnywhere"))) {
            Run ours = jar(args);
            Run jmhs = jmh(args);
            assertEquals(jmhs, ours, "java -jar benchmarks.jar " + String.join(" ", args));
            assertFalse(ours.out().contains("Comparisons in this run"), ours.out());
        }
        assertEquals(1, jar(List.of("-f", "many")).exit());
        assertEquals(1, jar(List.of("NoSuchBenchmarkAnywhere")).exit());
        Run lp = jar(List.of("-lp", "LineFloor"));
        assertEquals(0, lp.exit(), lp.out());
        assertFalse(lp.out().contains("Comparisons in this run"), lp.out());
    }

    @Test
    void aRunEndsInTheComparisonsItsResultsContain() throws Exception {
        // Two forks of 100 ms: plumbing, not a measurement.
        Run r = jar(List.of("ChunkFalseSharing", "-p", "layout=v6.4-rc4,v6.5-merged", "-f", "1", "-wi", "0", "-i",
                "1", "-r", "100ms"));
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        int table = lines.indexOf(lines.stream().filter(l -> l.startsWith("Benchmark ")).findFirst().orElseThrow());
        int title = lines.indexOf(lines.stream().filter(l -> l.startsWith("Comparisons in this run ")).findFirst()
                .orElseThrow(() -> new AssertionError(r.out())));
        assertTrue(table < title, "after JMH's table:\n" + r.out());
        assertTrue(lines.get(title + 1).startsWith("chunk, v6.4-rc4 / v6.5-merged: reader "), r.out());
        assertTrue(lines.get(lines.size() - 1).startsWith("Paired, drift-robust ratios"), r.out());
    }
}
