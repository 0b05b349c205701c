package org.cachelinebench.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.CpuTopology.Cpu;
import org.cachelinebench.harness.pin.ThreadPinning;

/**
 * What a result depends on besides the code: the machine's CPUs and caches, whether it is a guest of a
 * hypervisor, and which commit was measured. A ratio measured here is a property of this machine (how many
 * cores, how far apart, how the hypervisor schedules them), so a baseline is only comparable on a machine
 * whose facts match.
 *
 * <p>Every component is a string, number, boolean or list of strings, so the record is its own JSON
 * ({@link #toJson()}). Facts that cannot be read are "unknown", 0 or empty, never a failure.
 *
 * @param cpuModel       first "model name" (x86) or "Hardware"/"cpu model" line of {@code /proc/cpuinfo}
 * @param logicalCpus    CPUs with a topology in sysfs (the online ones)
 * @param cores          distinct cores among them ({@code core_cpus_list})
 * @param threadsPerCore most CPUs of one core: 1 without SMT
 * @param sockets        distinct {@code physical_package_id}s
 * @param l3             each distinct L3 as the CPUs that share it ({@code shared_cpu_list}), e.g. ["0-7", "8-15"]
 * @param cacheLineSize  {@code coherency_line_size} of cpu0's first cache, 0 when sysfs does not say
 * @param hypervisor     whether the machine is a guest, and of what
 * @param gitCommit      {@code git rev-parse HEAD} of the repository, "unknown" outside one
 */
public record MachineFacts(String cpuModel, int logicalCpus, int cores, int threadsPerCore, int sockets,
                           List<String> l3, int cacheLineSize, Hypervisor hypervisor, String gitCommit) {

    public static final String UNKNOWN = "unknown";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public MachineFacts {
        l3 = List.copyOf(l3);
    }

    /**
     * The hypervisor, seen three ways, since each can be missing: the CPU's {@code hypervisor} flag (CPUID
     * leaf 1, ECX bit 31, set by every common hypervisor), {@code /sys/hypervisor/type} (Xen and some others)
     * and {@code systemd-detect-virt}, which also names a container.
     *
     * @param guest         true when any source says this is a virtual machine
     * @param cpuFlag       {@code hypervisor} is among {@code /proc/cpuinfo}'s flags
     * @param sysfsType     content of {@code /sys/hypervisor/type}, "" when absent
     * @param detectVirtVm  {@code systemd-detect-virt --vm}: "kvm", "vmware", ..., "none"; "" when not installed
     * @param container     {@code systemd-detect-virt --container}: "docker", "lxc", ..., "none"; "" when not
     *                      installed
     */
    public record Hypervisor(boolean guest, boolean cpuFlag, String sysfsType, String detectVirtVm, String container) {
        static Hypervisor of(boolean cpuFlag, String sysfsType, String detectVirtVm, String container) {
            boolean guest = cpuFlag || !sysfsType.isEmpty() || !(detectVirtVm.isEmpty() || detectVirtVm.equals("none"));
            return new Hypervisor(guest, cpuFlag, sysfsType, detectVirtVm, container);
        }
    }

    /** Runs a command; tests give a fake. */
    @FunctionalInterface
    public interface Commands {
        /** The exit status and standard output of {@code command} run in {@code dir}; null when it cannot run. */
        Output run(Path dir, String... command);

        record Output(int exit, String stdout) {}
    }

    /**
     * Where the facts come from.
     *
     * @param sysCpu     a tree laid out like {@code /sys/devices/system/cpu}
     * @param cpuinfo    a file laid out like {@code /proc/cpuinfo}
     * @param hypervisor a directory laid out like {@code /sys/hypervisor}
     * @param repository the directory whose git commit is recorded
     * @param commands   how {@code git} and {@code systemd-detect-virt} are run
     */
    public record Sources(Path sysCpu, Path cpuinfo, Path hypervisor, Path repository, Commands commands) {
        /** This machine, and the repository in {@code repository}. */
        public static Sources system(Path repository) {
            return new Sources(CpuTopology.SYSFS, Path.of("/proc/cpuinfo"), Path.of("/sys/hypervisor"), repository,
                    MachineFacts::run);
        }
    }

    /** This machine's facts, with the commit of the repository in the working directory. */
    public static MachineFacts current() {
        return read(Sources.system(Path.of("").toAbsolutePath()));
    }

    public static MachineFacts read(Sources from) {
        List<String> cpuinfo = lines(from.cpuinfo());
        String model = UNKNOWN;
        boolean flag = false;
        for (String line : cpuinfo) {
            String l = line.toLowerCase(Locale.ROOT);
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String value = line.substring(colon + 1).strip();
            if (model.equals(UNKNOWN) && (l.startsWith("model name") || l.startsWith("hardware")
                    || l.startsWith("cpu model"))) {
                model = value;
            }
            if (l.startsWith("flags") && List.of(value.split("\\s+")).contains("hypervisor")) {
                flag = true;
            }
        }

        int logical = 0, cores = 0, threadsPerCore = 0, sockets = 0, line = 0;
        List<String> l3 = new ArrayList<>();
        CpuTopology topology = null;
        try {
            topology = CpuTopology.read(from.sysCpu());
        } catch (IllegalStateException e) {
            // not Linux, or no sysfs: the topology stays unknown
        }
        if (topology != null) {
            List<Integer> ids = topology.cpus().stream().map(Cpu::id).toList();
            logical = ids.size();
            List<List<Integer>> coreGroups = topology.cores(ids);
            cores = coreGroups.size();
            threadsPerCore = coreGroups.stream().mapToInt(List::size).max().orElse(0);
            sockets = (int) topology.cpus().stream().map(Cpu::packageId).distinct().count();
            topology.l3Groups(ids).forEach(g -> l3.add(CpuTopology.formatRanges(g)));
            line = topology.cpus().get(0).lineSize();
        }

        Path type = from.hypervisor().resolve("type");
        String sysfsType = Files.isRegularFile(type) ? text(type) : "";
        Hypervisor hypervisor = Hypervisor.of(flag, sysfsType, detectVirt(from, "--vm"), detectVirt(from, "--container"));

        Commands.Output git = from.commands().run(from.repository(), "git", "rev-parse", "HEAD");
        String commit = git != null && git.exit() == 0 && git.stdout().strip().matches("[0-9a-f]{40,64}")
                ? git.stdout().strip() : UNKNOWN;
        return new MachineFacts(model, logical, cores, threadsPerCore, sockets, l3, line, hypervisor, commit);
    }

    /** systemd-detect-virt prints "none" and exits 1 when it finds nothing; "" when it is not installed. */
    private static String detectVirt(Sources from, String what) {
        Commands.Output out = from.commands().run(from.repository(), "systemd-detect-virt", what);
        return out == null ? "" : out.stdout().strip();
    }

    /** Pretty JSON of every component. */
    public String toJson() {
        return GSON.toJson(this);
    }

    public static MachineFacts fromJson(String json) {
        return GSON.fromJson(json, MachineFacts.class);
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static final long COMMAND_SECONDS = 10;

    /** Runs {@code command} in {@code dir}; null when it is not installed, does not start or does not finish. */
    static Commands.Output run(Path dir, String... command) {
        if (ThreadPinning.findOnPath(command[0]) == null) {
            return null;
        }
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            return null;
        }
        try (InputStream in = p.getInputStream()) {
            p.getOutputStream().close();
            // Wait first, read after: the commands here print one short line, far less than a pipe holds.
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return new Commands.Output(p.exitValue(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            p.destroyForcibly();
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return null;
        }
    }
}
