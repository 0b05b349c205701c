package org.cachelinebench.struct;

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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * benchmarks/struct as a user runs it, on the packaged jar: the manual's examples, a bad input, and one
 * --measure round with absurdly short iterations (plumbing: every variant forks and ends, never speed).
 */
class StructScriptIT {
    @TempDir
    Path tmp;

    private static final Path ROOT = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"))
            .toAbsolutePath().getParent().getParent();

    record Run(int code, String out, String err) {}

    private Run struct(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("benchmarks/struct").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile());
        Map<String, String> env = pb.environment();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        // Other JMH runs on a shared build machine hold JMH's lock; this is plumbing, not a measurement.
        env.put("CACHELINEBENCH_JAVA_OPTS", ("-Djmh.ignoreLock=true " + System.getProperty("test.jvm.extra", "")).trim());
        Path out = tmp.resolve("out"), err = tmp.resolve("err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("benchmarks/struct did not finish in 240 s");
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void theConnExampleAndItsJson() throws Exception {
        Path json = tmp.resolve("conn.json");
        Run r = struct("benchmarks/examples/conn.h", "--roles", "benchmarks/examples/conn.roles", "--json", json.toString());
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("false sharing, line 0 (bytes 0-63): rx writes rx_packets, rx_bytes and reads fd, mtu; "
                + "tx writes tx_packets, tx_bytes and reads fd, mtu"), r.out());
        assertTrue(r.out().contains("u64 rx_packets ____cacheline_aligned_in_smp;"), r.out());
        assertTrue(r.out().contains("/* hazards of the suggested layout: 64-byte lines, starting at a line boundary */\nnone\n"), r.out());
        assertTrue(Files.readString(json).contains("\"language\": \"C\""));
    }

    @Test
    void theManualsSpscExample() throws Exception {
        Run r = struct("benchmarks/examples/spsc.h", "--roles", "benchmarks/examples/spsc.roles");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("  write-write: producer writes head, tail_cache; consumer writes tail, head_cache\n"), r.out());
        // docs/struct.md shows this output: keep them the same.
        String manual = Files.readString(ROOT.resolve("docs/struct.md"), StandardCharsets.UTF_8);
        assertTrue(manual.contains(r.out().strip()), "docs/struct.md's SPSC output differs from what the tool prints now");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Run r = struct("benchmarks/examples/conn.h", "no_such_struct");
        assertEquals(2, r.code(), r.toString());
        assertEquals("benchmarks/examples/conn.h: defines no struct or union 'no_such_struct' (it defines struct conn)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void oneMeasureRoundRunsEveryVariant() throws Exception {
        Path json = tmp.resolve("measure.json");
        Run r = struct("benchmarks/examples/conn.h", "--roles", "benchmarks/examples/conn.roles", "--measure",
                "--rounds", "1", "--warmup", "1x50ms", "--measurement", "1x50ms", "--json", json.toString());
        assertEquals(0, r.code(), r.toString());
        for (String variant : List.of("original", "suggested", "original-again", "floor")) {
            assertTrue(r.err().contains(" " + variant + " "), variant + " did not run:\n" + r.err());
        }
        assertTrue(r.out().lines().anyMatch(l -> l.matches("rx +1 +\\d.*")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("tx +1 +\\d.*")), r.out());
        assertTrue(r.out().contains("one-line floor: "), r.out());
        assertTrue(r.out().contains("verdict: none (1 round; a verdict needs at least 3)"), r.out());
        assertFalse(Files.readString(json).contains("\"measurement\": null"));
    }
}
