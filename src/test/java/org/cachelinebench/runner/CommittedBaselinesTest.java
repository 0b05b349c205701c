package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The committed baseline root, results/baseline/: nothing in it but baseline folders, each named after its own
 * machine fingerprint and with a README.md that begins with what {@link BaselineReadme} writes for it.
 */
class CommittedBaselinesTest {
    static final Path ROOT = Path.of("results", "baseline");
    /** The AMD EPYC baseline of 30 Nov, moved here from results/baseline/ itself. */
    static final Path EPYC = ROOT.resolve("amd-epyc_2cpu_2c1t1s_line64_debian-17.0.15_guest_050d4e05");

    @Test
    void everyFolderIsTheBaselineOfItsOwnFingerprintWithItsReadme() throws IOException {
        List<Path> entries;
        try (Stream<Path> s = Files.list(ROOT)) {
            entries = s.sorted().toList();
        }
        assertTrue(entries.contains(EPYC), entries.toString());
        assertEquals(false, Baselines.isRun(ROOT), "no baseline directly in the root");
        for (Path dir : entries) {
            assertTrue(Files.isDirectory(dir), dir + ": the root holds folders only");
            Fingerprint f = Baselines.fingerprintOf(dir);
            assertEquals(dir, Baselines.find(ROOT, f).match());
            SavedRun run = SavedRun.read(dir);
            String readme = Files.readString(dir.resolve(BaselineReadme.FILE));
            assertTrue(readme.startsWith(BaselineReadme.text(run.metadata(), run.summary())), dir + "/README.md");
        }
        assertEquals(List.of(), Baselines.find(ROOT, SavedRuns.MACHINE).ignored());
    }
}
