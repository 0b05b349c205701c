package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * results/reverts/README.md tells a maintainer to `git apply` each patch to today's code and rerun the gate: every
 * committed patch must still apply, or a rename silently turns the recipe into an error. Checked with git's own
 * `git apply --check` (nothing is changed); git is what the recipe needs, so its absence fails here too.
 */
class RevertPatchesTest {
    private static final Path REVERTS = Path.of("results", "reverts");

    @Test
    void everyRevertPatchAppliesToTodaysCode() throws Exception {
        List<Path> patches;
        try (Stream<Path> s = Files.list(REVERTS)) {
            patches = s.filter(p -> p.getFileName().toString().endsWith(".patch")).sorted().toList();
        }
        assertFalse(patches.isEmpty(), "no patch under " + REVERTS);
        for (Path patch : patches) {
            Process p = new ProcessBuilder("git", "apply", "--check", patch.toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git apply --check " + patch + " did not end in 30 s");
            }
            assertEquals(0, p.exitValue(), patch + " no longer applies to today's code (regenerate it with git diff"
                    + " after making its change by hand):\n" + out);
        }
    }
}
