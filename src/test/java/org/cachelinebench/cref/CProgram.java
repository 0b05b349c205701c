package org.cachelinebench.cref;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.testing.MachineAssumption;

/**
 * What the tests of the C reference programs (benchmarks/c/interleaved.c, benchmarks/c/pcpu.c) share: gcc, the
 * machine they need (Linux, two CPUs: fails in CI, skips elsewhere, {@link MachineAssumption}), the build as
 * benchmarks/c-reference makes it (warnings as errors here), and a run with its output in files.
 */
final class CProgram {
    static final Path ROOT = Paths.get(System.getProperty("user.dir")).toAbsolutePath();
    static final Path DRIVER = ROOT.resolve("benchmarks/c-reference");
    /** Any one process: far above a 0.2 s run plus its last cycle, even on a loaded machine. */
    static final long PROCESS_LIMIT_SECONDS = 90;

    private CProgram() {}

    /** Fails in CI, skips (with the reason) elsewhere, without gcc, off Linux, or on one CPU. */
    static void requireGccLinuxTwoCpus() {
        MachineAssumption.require(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux"),
                "the C reference programs pin threads with Linux calls; os.name is " + System.getProperty("os.name"));
        MachineAssumption.require(gcc() != null, "gcc is not on the PATH: benchmarks/c/*.c not checked");
        MachineAssumption.require(Runtime.getRuntime().availableProcessors() >= 2,
                "the C reference programs need two CPUs for their two pinned threads; this JVM sees "
                        + Runtime.getRuntime().availableProcessors());
    }

    static String gcc() {
        String path = System.getenv("PATH");
        for (String d : path == null ? new String[0] : path.split(File.pathSeparator)) {
            File f = new File(d, "gcc");
            if (!d.isEmpty() && f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }

    /** The builds made in this JVM: (dir, source, -D flags) to the program gcc made of them. */
    private static final Map<List<String>, Path> BUILT = new HashMap<>();

    /**
     * Builds {@code source} into {@code dir/name} as benchmarks/c-reference does, warnings as errors, with -D flags.
     * The same source with the same flags into the same dir is built once per JVM (sources do not change during a
     * test run; gcc -O2 takes seconds): a later call returns the first build's program.
     */
    static synchronized Path compile(Path dir, Path source, String name, String... defines) throws Exception {
        List<String> key = new ArrayList<>(List.of(dir.toAbsolutePath().toString(), source.toAbsolutePath().toString()));
        key.addAll(Arrays.asList(defines));
        Path built = BUILT.get(key);
        if (built != null && Files.isExecutable(built)) {
            return built;
        }
        Path exe = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of(gcc(), "-std=gnu11", "-O2", "-pthread", "-Wall", "-Wextra", "-Werror"));
        cmd.addAll(Arrays.asList(defines));
        cmd.addAll(List.of("-o", exe.toString(), source.toString()));
        Run r = run(dir, cmd, null);
        assertEquals(0, r.exit(), "gcc failed:\n" + r.all());
        BUILT.put(key, exe);
        return exe;
    }

    record Run(int exit, List<String> out, List<String> err) {
        String all() {
            return "stdout:\n" + String.join("\n", out) + "\nstderr:\n" + String.join("\n", err);
        }
    }

    /**
     * Runs a command in the repository root with its output in files of {@code dir} (no pipe to fill up), and
     * {@code stdin} (a file's text) as its input when not null; destroys it when it outlives the limit.
     */
    static Run run(Path dir, List<String> cmd, String stdin) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        if (stdin != null) {
            Path in = Files.createTempFile(dir, "in", ".txt");
            Files.writeString(in, stdin);
            pb.redirectInput(in.toFile());
        }
        Process p = pb.start();
        if (!p.waitFor(PROCESS_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            fail(String.join(" ", cmd) + " did not end within " + PROCESS_LIMIT_SECONDS + " s");
        }
        return new Run(p.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readAllLines(err, StandardCharsets.UTF_8));
    }
}
