package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * No JOL or JVM warning lands in a report: JOL prints "# WARNING: Unable to attach Serviceability Agent" on stdout
 * the first time it is asked, and the tools write their reports to stdout (redirected into results/ files). Every
 * use of JOL's VM goes through {@link QuietJol}, and a fresh JVM (JOL not yet started, no flag that quiets it)
 * writing a report puts only the report on stdout.
 */
class QuietJolTest {
    private static final Path SOURCE = Path.of("src/main/java");

    @Test
    void noMainCodeAsksJolForItsVmButThroughQuietJol() throws IOException {
        TreeSet<String> direct = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCE)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (!f.getFileName().toString().equals("QuietJol.java") && Files.readString(f).contains("VM.current()")) {
                    direct.add(SOURCE.relativize(f).toString());
                }
            }
        }
        assertEquals(new TreeSet<>(), direct, "JOL's VM.current() prints on stdout: use QuietJol.vm()");
    }

    @Test
    void aFreshJvmsReportIsTheReportAlone() throws IOException, InterruptedException {
        Path err = Files.createTempFile("quiet-jol", ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The test JVM's own flags (-XX:-RestrictContended and the exports the traces need), none that quiets JOL.
        List<String> command = new ArrayList<>(List.of(java));
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-Djol.") && !a.startsWith("-javaagent")).forEach(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                "org.cachelinebench.runner.PredictedVsMeasured", "--against", "src/test/resources/runs/ci-run"));
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out + Files.readString(err));
        Files.delete(err);
        assertTrue(out.startsWith("# Predicted against measured: "), "the report's own first line: " + out.lines()
                .findFirst().orElse(""));
        assertFalse(out.contains("WARNING"), out);
    }
}
