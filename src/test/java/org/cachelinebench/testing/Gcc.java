package org.cachelinebench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The system's gcc for the tests that check layouts against a C compiler.
 *
 * <p>Where gcc for x86-64 is missing, those tests skip with the reason on a developer's machine, and
 * fail in CI ({@link MachineAssumption#underCi()}, as CI services and {@code .ci/run} set it): there the
 * cross-check is what the run is for, and a skip would pass silently.
 */
public final class Gcc {
    /** A compile or a run of a compiled layout program that takes longer than this fails. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Gcc() {}

    /** The path of gcc for x86-64; otherwise fails the test in CI, or skips it, naming what is missing. */
    public static String require() {
        String why = unavailableReason();
        MachineAssumption.require(why == null, "gcc cross-check cannot run: " + why
                + " (.ci/run installs gcc; elsewhere: apt-get install gcc)");
        return onPath();
    }

    /** Why the cross-check cannot run here, or null. */
    static String unavailableReason() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            return "not x86-64 (os.arch=" + arch + "), the ABI the layout core implements";
        }
        String gcc = onPath();
        if (gcc == null) {
            return "gcc is not on the PATH";
        }
        String machine;
        try {
            machine = run(List.of(gcc, "-dumpmachine"), null).strip();
        } catch (IOException | IllegalStateException e) {
            return gcc + " -dumpmachine failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return machine.startsWith("x86_64") ? null : gcc + " targets " + machine + ", not x86-64";
    }

    /** The path of gcc on the PATH, or null. */
    static String onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, "gcc");
            if (!dir.isEmpty() && f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }

    /**
     * Runs {@code command} in {@code dir} (null: the current directory) and returns its output (stdout
     * and stderr). The output goes to a file while it runs, so a chatty command cannot fill a pipe
     * and block; a command that exits non-zero or outlasts {@link #TIMEOUT} throws, with its output.
     */
    public static String run(List<String> command, Path dir) throws IOException, InterruptedException {
        Path out = Files.createTempFile("gcc-test", ".out");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
            if (dir != null) {
                pb.directory(dir.toFile());
            }
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException(String.join(" ", command) + " did not finish in " + TIMEOUT.toSeconds()
                        + " s:\n" + Files.readString(out, StandardCharsets.UTF_8));
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + text);
            }
            return text;
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
