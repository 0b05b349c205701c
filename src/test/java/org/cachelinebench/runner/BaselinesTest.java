package org.cachelinebench.runner;

import static org.cachelinebench.runner.SavedRuns.FAR;
import static org.cachelinebench.runner.SavedRuns.MACHINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline root: one folder per machine fingerprint, the run's own chosen, the others named when none matches,
 * and a folder that is not a baseline ignored with a line that says why.
 */
class BaselinesTest {
    @TempDir
    Path root;

    /** The committed EPYC baseline's machine on another CPU: a Xeon VM of the same kind. */
    static final Fingerprint XEON = new Fingerprint("Intel(R) Xeon(R) Processor @ 2.10GHz", 2, 1, 2, 1, List.of("0-1"),
            64, "Debian", "17.0.15", true);

    @Test
    void aFingerprintNamesOneFolderOfSafeCharactersThatEveryComponentChanges() {
        assertEquals("amd-epyc_2cpu_2c1t1s_line64_jdk17_guest_b86afd9e", MACHINE.directoryName(),
                "the committed EPYC baseline's folder");
        assertTrue(XEON.directoryName().startsWith("intel-r-xeon-r-processor-2.10ghz_2cpu_1c2t1s_line64_jdk17_guest_"),
                XEON.directoryName());
        assertEquals("17", Fingerprint.featureRelease("17.0.15"));
        assertEquals("21", Fingerprint.featureRelease("21-ea"));
        assertEquals("8", Fingerprint.featureRelease("1.8.0_392"));
        assertEquals("unknown", Fingerprint.featureRelease(null));
        for (Fingerprint f : List.of(MACHINE, XEON, new Fingerprint("x/../../etc", 1, 1, 1, 1, null, 64, null, null,
                false))) {
            assertTrue(f.directoryName().matches("[a-z0-9][a-z0-9._-]*"), f.directoryName());
            assertEquals(Path.of(f.directoryName()).getNameCount(), 1, f.directoryName());
        }
        Fingerprint otherL3 = new Fingerprint("AMD EPYC", 2, 2, 1, 1, List.of("0", "1"), 64, "Debian", "17.0.15", true);
        assertNotEquals(MACHINE.directoryName(), otherL3.directoryName(), "the hash tells L3 sharings apart");
        assertEquals(MACHINE.directoryName(), new Fingerprint("AMD EPYC", 2, 2, 1, 1, List.of("0-1"), 64, "Debian",
                "17.0.15", true).directoryName(), "deterministic");
    }

    @Test
    void theRunsOwnMachinesBaselineIsChosenAmongSeveral() throws Exception {
        Path epyc = new SavedRuns(FAR, FAR).writeBaseline(root);
        Path xeon = new SavedRuns(FAR, FAR).fingerprint(XEON).writeBaseline(root);
        assertEquals(epyc, Baselines.find(root, MACHINE).match());
        assertEquals(xeon, Baselines.find(root, XEON).match());
        assertEquals(List.of(), Baselines.find(root, XEON).ignored());
        assertNull(Baselines.find(root, XEON).why());
    }

    @Test
    void withNoneMatchingOneLineNamesTheFingerprintsThatExist() throws Exception {
        new SavedRuns(FAR, FAR).writeBaseline(root);
        Baselines.Lookup l = Baselines.find(root, XEON);
        assertNull(l.match());
        assertEquals("no baseline in " + root + " for this run's machine fingerprint " + XEON.directoryName()
                + "; it holds " + MACHINE.directoryName(), l.why());
        assertEquals("no baseline in " + root.resolve("none") + " for this run's machine fingerprint "
                + XEON.directoryName() + "; it holds none", Baselines.find(root.resolve("none"), XEON).why());
    }

    @Test
    void aFolderThatIsNotABaselineIsIgnoredWithALineSayingWhy() throws Exception {
        Files.createDirectories(root.resolve("notes"));
        Files.writeString(root.resolve("notes/README.md"), "not a run");
        new SavedRuns(FAR, FAR).write(root.resolve("copied-latest"));                   // role latest
        new SavedRuns(FAR, FAR).role("baseline").write(root.resolve("renamed"));      // not its fingerprint's name
        new SavedRuns(FAR, FAR).fingerprint(null).role("baseline").write(root.resolve("old"));
        Path xeon = new SavedRuns(FAR, FAR).fingerprint(XEON).writeBaseline(root);
        Baselines.Lookup l = Baselines.find(root, XEON);
        assertEquals(xeon, l.match(), "the stray folders stop nothing");
        assertEquals(List.of(
                "ignored " + root.resolve("copied-latest") + ": not a baseline (its role is 'latest')",
                "ignored " + root.resolve("notes") + ": not a baseline (no summary.json)",
                "ignored " + root.resolve("old") + ": not a baseline (no machine fingerprint in its metadata.json)",
                "ignored " + root.resolve("renamed") + ": not a baseline (its fingerprint's folder is "
                        + MACHINE.directoryName() + ")"), l.ignored());
        assertEquals(List.of(XEON.directoryName()), l.existing());
    }
}
