package org.cachelinebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * What the repository's tracked text files may hold: no path outside the repository (a script or README that names
 * one runs on one machine only), and no JVM warning copied into a report.
 */
class TrackedFilesTest {
    private static final Path ROOT = Path.of("");

    /**
     * The root folders under which a machine keeps its own files: users' homes, scratch and run folders, mounts and
     * local installs. A path that starts with one of them names something of the machine it was written on.
     */
    static final List<String> MACHINE_ROOTS = List.of("home", "root", "Users", "tmp", "var", "run", "mnt", "media",
            "opt", "srv", "boot", "private", "Volumes", "work", "workspace", "scratch", "data");

    /*
     * Not in that list, so allowed: the folders that are the same on every Linux machine, named by the code and its
     * docs on purpose. /usr and /bin (the JDK under /usr/lib/jvm that .ci/run picks, /usr/bin/env and /bin/bash in
     * shebangs), /sbin and /lib (the same kind), /proc and /sys (the kernel's interfaces: /proc/cpuinfo,
     * /sys/devices/system/cpu, /sys/kernel/btf/vmlinux), /dev (/dev/null) and /etc (the system's configuration).
     */

    /**
     * Single paths under a machine root that name no machine's own files: JMH's lock file, the fixed path JMH itself
     * takes on every machine (the benchmark tests explain why a run waits on it).
     */
    static final Set<String> ALLOWED = Set.of("/tmp/jmh.lock");

    /** A path token: a machine root at the start of a word (not inside a relative path, URL or variable). */
    private static final Pattern OUTSIDE = Pattern.compile("(?<![\\w.~$}\\-/\\\\])/(" + String.join("|", MACHINE_ROOTS)
            + ")/[^\\s`'\"()<>|,;:\\]]*");

    /** Each path outside the repository that {@code text} names, as "LINE: PATH". */
    static List<String> outsidePaths(String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = OUTSIDE.matcher(lines[i]);
            while (m.find()) {
                String path = m.group().replaceAll("\\.+$", "");
                if (!ALLOWED.contains(path)) {
                    out.add((i + 1) + ": " + path);
                }
            }
        }
        return out;
    }

    /** The tracked files ({@code git ls-files}); outside a git checkout, every file but target/ and .git/. */
    static List<Path> trackedFiles() throws IOException, InterruptedException {
        if (Files.exists(ROOT.resolve(".git"))) {
            Process p = new ProcessBuilder("git", "ls-files", "-z").redirectErrorStream(false).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), "git ls-files");
            List<Path> files = new ArrayList<>();
            for (String f : out.split("\0")) {
                if (!f.isEmpty() && Files.isRegularFile(ROOT.resolve(f))) {
                    files.add(ROOT.resolve(f));
                }
            }
            return files;
        }
        try (Stream<Path> s = Files.walk(ROOT)) {
            return s.filter(Files::isRegularFile).filter(f -> !f.startsWith("target") && !f.startsWith(".git"))
                    .map(ROOT::relativize).toList();
        }
    }

    /** A file's text, or null for a binary file (a NUL byte in it: images, jars). */
    private static String text(Path f) throws IOException {
        byte[] bytes = Files.readAllBytes(f);
        for (byte b : bytes) {
            if (b == 0) {
                return null;
            }
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void noTrackedFileNamesAPathOutsideTheRepository() throws Exception {
        List<String> found = new ArrayList<>();
        int texts = 0;
        for (Path f : trackedFiles()) {
            String text = text(f);
            if (text != null) {
                texts++;
                outsidePaths(text).forEach(hit -> found.add(f.toString().replace('\\', '/') + ":" + hit));
            }
        }
        assertTrue(texts > 100, "read " + texts + " text files: is the working directory the repository root?");
        assertEquals(List.of(), found, "paths of the machine a file was written on: name them relative to the "
                + "repository root, or as a placeholder such as DIR");
    }

    /** "/" and a root's name: the examples below must not trip the rule in this file itself. */
    private static String under(String root) {
        return "/" + root;
    }

    @Test
    void theRuleNamesMachinePathsAndLeavesSystemAndRepositoryPathsAlone() {
        assertEquals(List.of("1: " + under("work") + "/runs/a/p1", "2: " + under("tmp") + "/h4/show/x.roles",
                "3: " + under("home") + "/me/.m2", "3: " + under("root") + "/x", "4: " + under("Users") + "/me/repo"),
                outsidePaths(String.join("\n",
                        "Command: `benchmarks/ci --out " + under("work") + "/runs/a/p1`",
                        "# for the vector: " + under("tmp") + "/h4/show/x.roles.",
                        "CP=" + under("home") + "/me/.m2:" + under("root") + "/x",
                        "cd \"" + under("Users") + "/me/repo\"")));
        assertEquals(List.of(), outsidePaths(String.join("\n",
                "#!/usr/bin/env bash", "#!/bin/bash", "JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64",
                "read /proc/cpuinfo and /sys/kernel/btf/vmlinux; > /dev/null",
                "JMH's lock (/tmp/jmh.lock) and results/tmp/, /results/tmp/ in .gitignore",
                "https://example.org/tmp/x, $HOME/tmp/x, ~/.m2/repository, src/main/java/x, </li>",
                "a ratio v6.4-rc4 / v6.5-merged, KB/s")));
    }

    /** JOL prints "# WARNING: ..." on stdout (QuietJol's reason); a report that carries it was written around it. */
    @Test
    void noCommittedReportCarriesAJvmWarning() throws Exception {
        List<String> withWarning = new ArrayList<>();
        for (Path f : trackedFiles()) {
            String name = f.getFileName().toString();
            if ((name.endsWith(".md") || name.endsWith(".txt")) && f.startsWith("results")) {
                String text = text(f);
                if (text != null && text.contains("# WARNING")) {
                    withWarning.add(f.toString());
                }
            }
        }
        assertEquals(List.of(), withWarning, "a JVM's warning copied into a report");
    }
}
