package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** metadata.json's working tree: a patched or added file in the measured code is recorded, with its hash. */
class WorkingTreeTest {
    @TempDir
    Path repo;

    private void git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    }

    private void write(String path, String text) throws IOException {
        Files.createDirectories(repo.resolve(path).getParent());
        Files.writeString(repo.resolve(path), text);
    }

    @Test
    void aCleanTreeIsCleanAndAPatchIsRecordedWithItsHash() throws Exception {
        git("init", "-q");
        write("src/main/A.java", "class A {}\n");
        write("results/latest/summary.json", "{}\n");
        git("add", "-A");
        git("commit", "-q", "-m", "first");

        Metadata.WorkingTree clean = MachineInfo.workingTree(repo);
        assertFalse(clean.dirty());
        assertNull(clean.diffSha256());

        write("results/latest/summary.json", "{\"new\": 1}\n");
        assertFalse(MachineInfo.workingTree(repo).dirty(), "a run's own results do not change the measured code");

        write("src/main/A.java", "class A { int padding; }\n");
        Metadata.WorkingTree patched = MachineInfo.workingTree(repo);
        assertTrue(patched.dirty());
        assertEquals(List.of("src/main/A.java"), patched.changed());
        assertTrue(patched.diffSha256().matches("[0-9a-f]{64}"), patched.diffSha256());
        assertEquals(patched, MachineInfo.workingTree(repo), "the same patch, the same hash");

        write("src/main/A.java", "class A { long padding; }\n");
        assertNotEquals(patched.diffSha256(), MachineInfo.workingTree(repo).diffSha256(), "another patch");

        git("checkout", "-q", "--", "src/main/A.java");
        write("benchmarks/c/new.c", "int x;\n");
        Metadata.WorkingTree added = MachineInfo.workingTree(repo);
        assertTrue(added.dirty(), "an untracked file in the measured code");
        assertEquals(List.of("benchmarks/c/new.c"), added.changed());
    }

    @Test
    void outsideAGitWorkTreeItIsUnknown() {
        assertNull(MachineInfo.workingTree(repo));
    }
}
