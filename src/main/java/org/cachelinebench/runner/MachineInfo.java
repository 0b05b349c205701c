package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.model.layout.CacheLine;

/** Facts about the machine and the forks' JVM, for {@link Metadata}. */
final class MachineInfo {
    private MachineInfo() {}

    /** First "model name" (x86) or "Hardware"/"cpu model" line of /proc/cpuinfo, else "unknown". */
    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                String l = line.toLowerCase(java.util.Locale.ROOT);
                if (l.startsWith("model name") || l.startsWith("hardware") || l.startsWith("cpu model")) {
                    int colon = line.indexOf(':');
                    if (colon > 0) {
                        return line.substring(colon + 1).strip();
                    }
                }
            }
        } catch (IOException e) {
            // not Linux, or no procfs
        }
        return "unknown";
    }

    static String os() {
        String release = System.getProperty("os.version");
        try {
            release = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
        } catch (IOException e) {
            // keep os.version
        }
        return System.getProperty("os.name") + " " + release + " " + System.getProperty("os.arch");
    }

    /**
     * java.vendor of the given java executable: this JVM's when it is the same, else asked from it with
     * {@code -XshowSettings:properties -version}; "unknown" when that fails.
     */
    static String vendorOf(String javaPath) {
        Path self = Path.of(System.getProperty("java.home"), "bin", "java");
        try {
            if (javaPath == null || Files.isSameFile(self, Path.of(javaPath))) {
                return System.getProperty("java.vendor");
            }
        } catch (IOException | RuntimeException e) {
            // fall through and ask
        }
        try {
            Process p = new ProcessBuilder(javaPath, "-XshowSettings:properties", "-version")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(20, TimeUnit.SECONDS);
            for (String line : out.split("\\R")) {
                String l = line.strip();
                if (l.startsWith("java.vendor =")) {
                    return l.substring("java.vendor =".length()).strip();
                }
            }
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "unknown";
    }

    /**
     * What builds the measured code, relative to the repository root: a change anywhere else (results/, docs,
     * tests) does not change what was measured, and a run's own results/latest must not make the next one dirty.
     */
    static final List<String> MEASURED_PATHS = List.of("src/main", "pom.xml", "benchmarks");

    /**
     * Whether the measured code in {@code repository} differs from its commit: the changed paths
     * ({@code git status --porcelain} over {@link #MEASURED_PATHS}, untracked files included) and a SHA-256 over
     * {@code git diff HEAD --binary} and each untracked file's name and bytes, so two runs on the same patch
     * can be told apart from runs on different ones. Null outside a git work tree or without git.
     */
    static Metadata.WorkingTree workingTree(Path repository) {
        byte[] status = git(repository, "status", "--porcelain=v1", "--untracked-files=all", "--");
        byte[] diff = git(repository, "diff", "HEAD", "--binary", "--");
        byte[] untracked = git(repository, "ls-files", "-z", "--others", "--exclude-standard", "--");
        if (status == null || diff == null || untracked == null) {
            return null;
        }
        List<String> changed = new String(status, StandardCharsets.UTF_8).lines()
                .filter(l -> l.length() > 3).map(l -> l.substring(3)).toList();
        if (changed.isEmpty()) {
            return new Metadata.WorkingTree(false, null, List.of());
        }
        try {
            java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
            sha.update(diff);
            for (String name : new String(untracked, StandardCharsets.UTF_8).split("\0")) {
                if (!name.isEmpty()) {
                    sha.update(name.getBytes(StandardCharsets.UTF_8));
                    sha.update((byte) 0);
                    sha.update(Files.readAllBytes(repository.resolve(name)));
                }
            }
            return new Metadata.WorkingTree(true, java.util.HexFormat.of().formatHex(sha.digest()), changed);
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            return new Metadata.WorkingTree(true, null, changed);
        }
    }

    /**
     * The work tree's changed paths ({@code git status --porcelain}, untracked files included) outside target/, as
     * "M path" or "?? path": empty when clean, null outside a git work tree or without git. What
     * {@code --update-baseline} needs empty ({@link BaselineUpdate}).
     */
    static List<String> uncommitted(Path repository) {
        List<String> command = List.of("git", "-C", repository.toString(), "status", "--porcelain=v1",
                "--untracked-files=all");
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            return out.lines().filter(l -> l.length() > 3).filter(l -> !l.substring(3).startsWith("target/"))
                    .map(l -> (l.substring(0, 2).strip() + " " + l.substring(3))).toList();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** {@code git ARGS... MEASURED_PATHS} in {@code dir}: its standard output, or null when it failed. */
    private static byte[] git(Path dir, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        MEASURED_PATHS.forEach(p -> command.add(":/" + p)); // from the top of the work tree, wherever dir is
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The line size the forks used: a -Dcacheline.size among their flags wins over this JVM's. */
    static int cacheLineSize(List<String> forkFlags) {
        String given = cacheLineFlag(forkFlags);
        return given == null ? CacheLine.SIZE : CacheLine.validate(given, "-D" + CacheLine.PROPERTY);
    }

    static String cacheLineSource(List<String> forkFlags) {
        return cacheLineFlag(forkFlags) == null ? CacheLine.SOURCE : "property";
    }

    private static String cacheLineFlag(List<String> flags) {
        String prefix = "-D" + CacheLine.PROPERTY + "=";
        String value = null;
        for (String f : flags) {
            if (f.startsWith(prefix)) {
                value = f.substring(prefix.length()); // the JVM takes the last one
            }
        }
        return value;
    }
}
