package org.cachelinebench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchmarks/compare} as a user runs it, after {@code package}: from another directory, with relative file
 * names, through bash and through its own shebang and a symlink; and its rebuild rule, on a copy of the repository
 * layout with a stand-in {@code mvn}.
 */
class CompareScriptIT {
    static final Path ROOT = Paths.get(System.getProperty("user.dir")).toAbsolutePath();
    static final Path SCRIPT = ROOT.resolve("benchmarks/compare");
    static final Path JAR = Paths.get(System.getProperty("benchmarks.jar", "target/benchmarks.jar")).toAbsolutePath();

    @TempDir
    static Path work;

    record Result(int status, String out, String err) {}

    @BeforeAll
    static void copyFixtures() throws IOException {
        for (String f : List.of("baseline.json", "current.json", "real-jmh-1.37.json")) {
            Files.copy(Fixtures.DIR.resolve(f), work.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void theScriptIsExecutableBash() throws IOException {
        assertTrue(Files.isExecutable(SCRIPT));
        List<String> lines = Files.readAllLines(SCRIPT);
        assertEquals("#!/usr/bin/env bash", lines.get(0));
        assertTrue(lines.contains("set -euo pipefail"));
    }

    @Test
    void comparesFromAnotherDirectoryWithRelativeNames() throws Exception {
        Result r = run(work, Map.of(), "bash", SCRIPT.toString(), "baseline.json", "current.json");
        assertEquals(1, r.status(), r.err());
        assertEquals("", r.err(), "the jar is fresh after package: no rebuild, nothing on stderr");
        assertTrue(r.out().contains("REGRESSION"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("example.Chunk.rw") && l.contains("reader")
                && l.endsWith("REGRESSION")), r.out());

        r = run(work, Map.of(), SCRIPT.toString(), "baseline.json", "baseline.json");
        assertEquals(0, r.status(), r.err());
        r = run(work, Map.of(), SCRIPT.toString(), "real-jmh-1.37.json", "real-jmh-1.37.json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("fix.Trivial.sampled"), r.out());

        Path link = work.resolve("compare-link");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, SCRIPT);
        r = run(work, Map.of(), link.toString(), "--threshold", "20%", "baseline.json", "current.json");
        Files.delete(link); // before @TempDir cleanup, which warns about links that lead out of it
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void unusableInputExitsTwoWithOneLine() throws Exception {
        Result r = run(work, Map.of(), "bash", SCRIPT.toString(), "baseline.json", "nope.json");
        assertEquals(2, r.status());
        assertEquals("compare: nope.json: no such file\n", r.err());
        assertEquals("", r.out());
        r = run(work, Map.of(), "bash", SCRIPT.toString(), "--bogus");
        assertEquals(2, r.status());
        assertEquals("compare: unknown option --bogus (see --help)\n", r.err());
    }

    /** A JVM killed (137) or crashed (134) is one line and exit 2, never a status CI reads as a verdict. */
    @Test
    void aJvmThatDiesIsOneLineAndExitTwo() throws Exception {
        Path home = Files.createDirectories(work.resolve("dying-jdk/bin"));
        Path java = home.resolve("java");
        // Answers lib.sh's version question, then dies as the kernel's OOM killer or a crash would end it.
        Files.writeString(java, "#!/usr/bin/env bash\n"
                + "[[ $1 == -XshowSettings:properties ]] && { echo '    java.specification.version = 17'; exit 0; }\n"
                + "kill -${DIE_WITH:-9} $$\n", StandardCharsets.UTF_8);
        assertTrue(java.toFile().setExecutable(true));
        for (Map.Entry<String, String> death : Map.of("9", "137 (killed by signal 9, e.g. out of memory)",
                "6", "134 (killed by signal 6)").entrySet()) {
            Result r = run(work, Map.of("JAVA_HOME", home.getParent().toString(), "DIE_WITH", death.getKey()),
                    "bash", SCRIPT.toString(), "baseline.json", "current.json");
            assertEquals(2, r.status(), r.err());
            assertEquals(List.of("compare: java exited with status " + death.getValue()),
                    r.err().lines().filter(l -> l.startsWith("compare: ")).toList(), r.err());
            assertEquals("", r.out());
        }
    }

    /**
     * The rebuild rule on a copy of the layout (script and its lib.sh, pom.xml, src/main, target/benchmarks.jar) with a stand-in
     * {@code mvn} that logs its arguments and touches the jar, or fails: a fresh jar is used as it is, a stale or
     * missing one is rebuilt, and a failed build is exit status 2, never 1.
     */
    @Test
    void rebuildsOnlyWhenTheJarIsMissingOrStale() throws Exception {
        Path repo = Files.createDirectories(work.resolve("repo"));
        Files.createDirectories(repo.resolve("benchmarks"));
        Files.copy(SCRIPT, repo.resolve("benchmarks/compare"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(SCRIPT.resolveSibling("lib.sh"), repo.resolve("benchmarks/lib.sh"), StandardCopyOption.COPY_ATTRIBUTES);
        Path source = Files.createDirectories(repo.resolve("src/main/java")).resolve("A.java");
        Files.writeString(source, "class A {}");
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Path jar = Files.createDirectories(repo.resolve("target")).resolve("benchmarks.jar");
        Path bin = Files.createDirectories(work.resolve("bin"));
        Path log = work.resolve("mvn.log");
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/usr/bin/env bash\n"
                + "echo \"$PWD $*\" >> '" + log + "'\n"
                + "[[ -n ${FAIL_BUILD:-} ]] && { echo 'BUILD FAILURE'; exit 1; }\n"
                + "cp '" + JAR + "' target/benchmarks.jar\n", StandardCharsets.UTF_8);
        assertTrue(mvn.toFile().setExecutable(true));
        Map<String, String> env = Map.of("PATH", bin + ":" + System.getenv("PATH"));
        String compare = repo.resolve("benchmarks/compare").toString();

        // missing jar: built, then used
        Result r = run(work, env, compare, "baseline.json", "current.json");
        assertEquals(1, r.status(), r.err());
        assertEquals(List.of(repo + " -B -q -DskipTests package"), Files.readAllLines(log));
        assertEquals("compare: building target/benchmarks.jar\n", r.err(), "mvn's output must not reach stdout");

        // fresh jar: not built again
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        r = run(work, env, compare, "baseline.json", "baseline.json");
        assertEquals(0, r.status(), r.err());
        assertEquals(1, Files.readAllLines(log).size());

        // a source newer than the jar: built again
        Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis() + 120_000));
        r = run(work, env, compare, "baseline.json", "baseline.json");
        assertEquals(0, r.status(), r.err());
        assertEquals(2, Files.readAllLines(log).size());

        // a failing build is "unusable", not "regression"
        Files.setLastModifiedTime(source, FileTime.fromMillis(System.currentTimeMillis() + 180_000));
        Map<String, String> failing = new java.util.HashMap<>(env);
        failing.put("FAIL_BUILD", "1");
        r = run(work, failing, compare, "baseline.json", "baseline.json");
        assertEquals(2, r.status());
        assertEquals("", r.out(), "BUILD FAILURE went to stderr");
        assertTrue(r.err().endsWith("compare: building target/benchmarks.jar failed (mvn -B -DskipTests package in "
                + repo + ")\n"), r.err());
        assertFalse(r.err().isEmpty());
    }

    private static Result run(Path dir, Map<String, String> env, String... command) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("benchmarks/compare did not finish in 120 s: " + cmd);
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
