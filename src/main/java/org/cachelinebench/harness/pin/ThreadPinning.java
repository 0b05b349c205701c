package org.cachelinebench.harness.pin;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Pins the calling thread to one CPU on Linux, with the tools a Linux box has: the thread's kernel id
 * from {@code /proc/thread-self} and {@code taskset -pc CPU TID}. No JNI, no extra library.
 *
 * <p>Every failure is an {@link IllegalStateException} whose message is one line naming what failed:
 * a benchmark that asked for pinning must not silently run unpinned.
 */
public final class ThreadPinning {
    static final Path THREAD_SELF = Path.of("/proc/thread-self");
    static final String TASKSET = "taskset";
    private static final long TASKSET_TIMEOUT_SECONDS = 10;

    private ThreadPinning() {}

    /**
     * The kernel's id (TID) of the calling thread. {@code /proc/thread-self} is a link to
     * {@code PID/task/TID} (relative) or {@code /proc/PID/task/TID}.
     */
    public static int currentThreadId() {
        Path target;
        try {
            target = Files.readSymbolicLink(THREAD_SELF);
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalStateException("cannot read " + THREAD_SELF + " (Linux 3.17+ procfs needed): " + e);
        }
        int n = target.getNameCount();
        if (n < 2 || !target.getName(n - 2).toString().equals("task")) {
            throw new IllegalStateException(THREAD_SELF + " points to '" + target + "', not .../task/TID");
        }
        try {
            return Integer.parseInt(target.getName(n - 1).toString());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(THREAD_SELF + " points to '" + target + "': no numeric TID");
        }
    }

    /** The CPUs the calling thread may run on, from its {@code Cpus_allowed_list}. */
    public static List<Integer> allowedCpus() {
        Path status = THREAD_SELF.resolve("status");
        List<String> lines;
        try {
            lines = Files.readAllLines(status, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + status + ": " + e);
        }
        for (String line : lines) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return parseCpuList(line.substring(line.indexOf(':') + 1));
            }
        }
        throw new IllegalStateException(status + " has no Cpus_allowed_list line");
    }

    /**
     * Restricts the calling thread to {@code cpus} and checks that the kernel says so afterwards.
     * The rest of the process is left alone.
     */
    public static void pinCurrentThread(List<Integer> cpus) {
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("no CPU to pin to");
        }
        int tid = currentThreadId();
        String list = formatCpuList(cpus);
        runTaskset(list, tid);
        List<Integer> now = allowedCpus();
        List<Integer> wanted = new ArrayList<>(cpus);
        Collections.sort(wanted);
        if (!now.equals(wanted)) {
            throw new IllegalStateException("taskset -pc " + list + " " + tid + " exited 0 but the thread may run on "
                    + formatCpuList(now));
        }
    }

    /** {@link #pinCurrentThread(List)} to one CPU. */
    public static void pinCurrentThread(int cpu) {
        pinCurrentThread(List.of(cpu));
    }

    /**
     * Why pinning cannot work in this process, or null when it can: procfs must give the thread id and
     * affinity, {@code taskset} must be on the PATH, and at least two CPUs must be allowed (two threads
     * of a group go to distinct CPUs).
     */
    public static String unavailableReason() {
        try {
            currentThreadId();
            List<Integer> cpus = allowedCpus();
            if (cpus.size() < 2) {
                return "this process may run on CPU " + formatCpuList(cpus) + " only; pinning needs two CPUs";
            }
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
        if (findOnPath(TASKSET) == null) {
            return TASKSET + " is not on the PATH (Debian/Ubuntu: util-linux)";
        }
        return null;
    }

    /** Parses the kernel's CPU list syntax: "0-3,8,10-11". */
    public static List<Integer> parseCpuList(String text) {
        List<Integer> out = new ArrayList<>();
        String t = text.trim();
        if (t.isEmpty()) {
            return out;
        }
        for (String part : t.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            try {
                if (dash < 0) {
                    out.add(Integer.parseInt(p));
                } else {
                    int from = Integer.parseInt(p.substring(0, dash));
                    int to = Integer.parseInt(p.substring(dash + 1));
                    if (to < from) {
                        throw new IllegalArgumentException("bad CPU range '" + p + "' in '" + t + "'");
                    }
                    for (int c = from; c <= to; c++) {
                        out.add(c);
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU list '" + t + "'");
            }
        }
        Collections.sort(out);
        return out;
    }

    /** Formats CPUs as taskset accepts them: "0,1,5". */
    public static String formatCpuList(List<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static void runTaskset(String cpuList, int tid) {
        String exe = findOnPath(TASKSET);
        if (exe == null) {
            throw new IllegalStateException(TASKSET + " is not on the PATH (Debian/Ubuntu: util-linux)");
        }
        String command = TASKSET + " -pc " + cpuList + " " + tid;
        Process p;
        try {
            p = new ProcessBuilder(exe, "-pc", cpuList, Integer.toString(tid)).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException(command + " could not start: " + e.getMessage());
        }
        String output;
        try (InputStream in = p.getInputStream()) {
            if (!p.waitFor(TASKSET_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(command + " did not finish in " + TASKSET_TIMEOUT_SECONDS + " s");
            }
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new IllegalStateException(command + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IllegalStateException(command + " interrupted");
        }
        if (p.exitValue() != 0) {
            String first = output.isEmpty() ? "" : ": " + output.lines().findFirst().orElse("");
            throw new IllegalStateException(command + " exited " + p.exitValue() + first);
        }
    }

    /** The executable {@code name} on the PATH, or null; public: MachineFacts (harness) finds its commands so too. */
    public static String findOnPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            File f = new File(dir, name);
            if (f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }
}
