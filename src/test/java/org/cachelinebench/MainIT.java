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
 * Which benchmarks {@code java -jar target/benchmarks.jar} selects, as JMH lists them ({@code -l}: nothing
 * runs): the suite's lessons by default, the struct tool's workload only when a pattern asks for it.
 */
class MainIT {
    static final String WORKLOAD = "org.cachelinebench.struct.StructAccessBenchmark.access";
    static final String LESSON = "org.cachelinebench.benchmarks.LineFloor.floor";

    @TempDir
    Path dir;

    private List<String> list(String... patterns) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", System.getProperty("benchmarks.jar", "target/benchmarks.jar"), "-l"));
        cmd.addAll(List.of(patterns));
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " did not finish in 60 s");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text.lines().map(String::strip).toList();
    }

    @Test
    void theSuiteWithoutTheToolsWorkload() throws Exception {
        for (String[] suite : List.of(new String[0], new String[] {".*"})) {
            List<String> listed = list(suite);
            assertTrue(listed.contains(LESSON), listed.toString());
            assertFalse(listed.contains(WORKLOAD), "java -jar benchmarks.jar " + String.join(" ", suite) + " lists "
                    + WORKLOAD);
        }
    }

    @Test
    void theWorkloadWhenAPatternAsksForIt() throws Exception {
        assertEquals(List.of("Benchmarks:", WORKLOAD), list("StructAccessBenchmark"));
        List<String> both = list("StructAccess|LineFloor");
        assertTrue(both.contains(WORKLOAD) && both.contains(LESSON), both.toString());
    }
}
