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
