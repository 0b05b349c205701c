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
    /** The committed AMD EPYC baseline (recorded on JDK 17.0.15: its key holds the feature release, 17). */
    static final Path EPYC = ROOT.resolve("amd-epyc_2cpu_2c1t1s_line64_jdk17_guest_b86afd9e");

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

    /**
     * A patch update of the JDK, or another vendor's build of the same feature release, keeps the baseline; another
     * feature release or CPU does not.
     */
    @Test
    void aJdkPatchUpdateKeepsTheBaselineAndAFeatureReleaseDoesNot() {
        Fingerprint recorded = Baselines.fingerprintOf(EPYC);
        assertEquals("17.0.15", recorded.jdkVersion(), "the committed baseline's own JDK");
        Fingerprint patched = new Fingerprint(recorded.cpuModel(), recorded.logicalCpus(), recorded.cores(),
                recorded.threadsPerCore(), recorded.sockets(), recorded.l3(), recorded.cacheLineSize(), "Eclipse Adoptium",
                "17.0.17", recorded.hypervisor());
        assertEquals(EPYC, Baselines.find(ROOT, patched).match());
        Fingerprint next = new Fingerprint(recorded.cpuModel(), recorded.logicalCpus(), recorded.cores(),
                recorded.threadsPerCore(), recorded.sockets(), recorded.l3(), recorded.cacheLineSize(), "Debian",
                "21.0.5", recorded.hypervisor());
        assertEquals(null, Baselines.find(ROOT, next).match());
        assertTrue(Baselines.find(ROOT, next).why().contains("_jdk21_"), Baselines.find(ROOT, next).why());
    }
}
