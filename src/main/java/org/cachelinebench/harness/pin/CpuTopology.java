package org.cachelinebench.harness.pin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which CPUs share a core and which share an L3, as Linux's sysfs says under {@code /sys/devices/system/cpu}:
 * {@code cpuN/topology/{core_id, physical_package_id, core_cpus_list}} (or {@code thread_siblings_list} on
 * kernels before 5.7) and, for the cache {@code cpuN/cache/indexM} whose {@code level} is 3, its
 * {@code shared_cpu_list}.
 *
 * <p>Two CPUs share a core when each is in the other's {@code core_cpus_list}: {@code core_id} alone is unique
 * only within a package. A CPU whose {@code topology} directory is missing (offline) is left out. Tests point
 * {@link #read(Path)} at a fake tree.
 */
public final class CpuTopology {
    /** Where Linux describes the CPUs. */
    public static final Path SYSFS = Path.of("/sys/devices/system/cpu");

    private static final Pattern CPU_DIR = Pattern.compile("cpu(\\d+)");
    private static final Pattern CACHE_DIR = Pattern.compile("index\\d+");

    /**
     * One logical CPU.
     *
     * @param id       the kernel's CPU number
     * @param coreId   {@code core_id}
     * @param packageId {@code physical_package_id}
     * @param coreCpus the CPUs of its core, itself included ({@code core_cpus_list})
     * @param l3Cpus   the CPUs that share its L3 ({@code shared_cpu_list}), empty when sysfs names no L3
     * @param lineSize {@code coherency_line_size} of its first cache, 0 when sysfs names none
     */
    public record Cpu(int id, int coreId, int packageId, List<Integer> coreCpus, List<Integer> l3Cpus, int lineSize) {
        public Cpu {
            coreCpus = List.copyOf(coreCpus);
            l3Cpus = List.copyOf(l3Cpus);
        }

        /** True when sysfs describes an L3 for this CPU. */
        public boolean hasL3() {
            return !l3Cpus.isEmpty();
        }
    }

    /** How two CPUs relate, from the closest to the farthest. */
    public enum Relation {
        /** Two hardware threads of one core (SMT siblings): they share L1 and L2. */
        SAME_CORE("same core (SMT siblings)"),
        /** Separate cores under one L3. */
        SAME_L3("separate cores sharing an L3"),
        /** Separate cores whose L3 caches differ: a line moves between them through the interconnect. */
        CROSS_L3("separate L3 caches"),
        /** Separate cores; sysfs describes no L3, so nothing more is known. */
        SEPARATE_CORES("separate cores (no L3 in sysfs)");

        private final String description;

        Relation(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    private final Path root;
    private final Map<Integer, Cpu> cpus;

    private CpuTopology(Path root, Map<Integer, Cpu> cpus) {
        this.root = root;
        this.cpus = Collections.unmodifiableMap(cpus);
    }

    /** This machine's topology, read from {@link #SYSFS}. */
    public static CpuTopology system() {
        return read(SYSFS);
    }

    /**
     * Reads the tree under {@code root} (a directory laid out like {@code /sys/devices/system/cpu}).
     *
     * @throws IllegalStateException one line naming the file, when the tree has no CPU with a topology or a file
     *                               cannot be read or parsed
     */
    public static CpuTopology read(Path root) {
        Map<Integer, Cpu> cpus = new TreeMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root)) {
            for (Path dir : dirs) {
                Matcher m = CPU_DIR.matcher(dir.getFileName().toString());
                if (m.matches() && Files.isRegularFile(dir.resolve("topology/core_id"))) {
                    Cpu cpu = readCpu(Integer.parseInt(m.group(1)), dir);
                    cpus.put(cpu.id(), cpu);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + root + ": " + e);
        }
        if (cpus.isEmpty()) {
            throw new IllegalStateException(root + " describes no CPU (no cpuN/topology/core_id)");
        }
        return new CpuTopology(root, cpus);
    }

    private static Cpu readCpu(int id, Path dir) {
        Path topology = dir.resolve("topology");
        int coreId = readInt(topology.resolve("core_id"));
        int pkg = readInt(topology.resolve("physical_package_id"));
        Path coreList = topology.resolve("core_cpus_list");
        if (!Files.isRegularFile(coreList)) {
            coreList = topology.resolve("thread_siblings_list");
        }
        List<Integer> coreCpus = Files.isRegularFile(coreList) ? readList(coreList) : List.of(id);
        List<Integer> l3 = List.of();
        int lineSize = 0;
        Path cache = dir.resolve("cache");
        if (Files.isDirectory(cache)) {
            List<Path> indexes = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(cache)) {
                for (Path p : entries) {
                    if (CACHE_DIR.matcher(p.getFileName().toString()).matches()) {
                        indexes.add(p);
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot list " + cache + ": " + e);
            }
            indexes.sort((a, b) -> Integer.compare(indexNumber(a), indexNumber(b)));
            for (Path index : indexes) {
                Path line = index.resolve("coherency_line_size");
                if (lineSize == 0 && Files.isRegularFile(line)) {
                    lineSize = readInt(line);
                }
                Path level = index.resolve("level");
                if (l3.isEmpty() && Files.isRegularFile(level) && readInt(level) == 3) {
                    l3 = readList(index.resolve("shared_cpu_list"));
                }
            }
        }
        return new Cpu(id, coreId, pkg, coreCpus, l3, lineSize);
    }

    private static int indexNumber(Path index) {
        return Integer.parseInt(index.getFileName().toString().substring("index".length()));
    }

    static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e);
        }
    }

    private static int readInt(Path file) {
        String text = readText(file);
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(file + ": '" + text + "' is not a number");
        }
    }

    private static List<Integer> readList(Path file) {
        try {
            return ThreadPinning.parseCpuList(readText(file));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(file + ": " + e.getMessage());
        }
    }

    /** The directory this was read from. */
    public Path root() {
        return root;
    }

    /** Every CPU with a topology, by number. */
    public List<Cpu> cpus() {
        return List.copyOf(cpus.values());
    }

    /** The CPU numbered {@code id}, if sysfs describes it. */
    public Optional<Cpu> cpu(int id) {
        return Optional.ofNullable(cpus.get(id));
    }

    private Cpu require(int id) {
        Cpu c = cpus.get(id);
        if (c == null) {
            throw new IllegalArgumentException("cpu " + id + " is not on this machine (cpus "
                    + formatRanges(List.copyOf(cpus.keySet())) + ")");
        }
        return c;
    }

    /** How CPUs {@code a} and {@code b} (distinct) relate. */
    public Relation relation(int a, int b) {
        if (a == b) {
            throw new IllegalArgumentException("cpu " + a + " twice: a pair needs two CPUs");
        }
        Cpu x = require(a);
        Cpu y = require(b);
        if (x.coreCpus().contains(b) || y.coreCpus().contains(a)) {
            return Relation.SAME_CORE;
        }
        if (!x.hasL3() || !y.hasL3()) {
            return Relation.SEPARATE_CORES;
        }
        return x.l3Cpus().contains(b) ? Relation.SAME_L3 : Relation.CROSS_L3;
    }

    /** One line on how {@code a} and {@code b} relate, with the sysfs facts behind it. */
    public String describe(int a, int b) {
        Relation r = relation(a, b);
        Cpu x = require(a);
        Cpu y = require(b);
        StringBuilder s = new StringBuilder(r.description()).append(": core_id ").append(x.coreId()).append(", ")
                .append(y.coreId());
        if (x.packageId() != y.packageId()) {
            s.append(", packages ").append(x.packageId()).append(", ").append(y.packageId());
        }
        if (x.hasL3() && y.hasL3()) {
            s.append(x.l3Cpus().equals(y.l3Cpus()) ? "; L3 shared by cpus " + formatRanges(x.l3Cpus())
                    : "; L3s of cpus " + formatRanges(x.l3Cpus()) + " and " + formatRanges(y.l3Cpus()));
        }
        return s.toString();
    }

    /** The distinct cores among {@code among}, each as the sorted list of its CPUs, in CPU order. */
    public List<List<Integer>> cores(List<Integer> among) {
        return groups(among, c -> c.coreCpus());
    }

    /** The distinct L3 caches among {@code among}, each as the CPUs that share it; empty when sysfs names none. */
    public List<List<Integer>> l3Groups(List<Integer> among) {
        List<Integer> withL3 = among.stream().filter(id -> cpus.containsKey(id) && cpus.get(id).hasL3()).toList();
        return groups(withL3, Cpu::l3Cpus);
    }

    private List<List<Integer>> groups(List<Integer> among, java.util.function.Function<Cpu, List<Integer>> of) {
        Set<List<Integer>> out = new LinkedHashSet<>();
        for (int id : among) {
            Cpu c = cpus.get(id);
            if (c != null) {
                List<Integer> g = new ArrayList<>(of.apply(c));
                g.retainAll(among);
                if (!g.contains(id)) {
                    g.add(id);
                }
                Collections.sort(g);
                out.add(List.copyOf(g));
            }
        }
        return List.copyOf(out);
    }

    /** CPU numbers as the kernel writes lists: "0-3,8,10-11". */
    public static String formatRanges(List<Integer> ids) {
        List<Integer> sorted = new ArrayList<>(ids);
        Collections.sort(sorted);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < sorted.size(); ) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            parts.add(j == i ? String.valueOf(sorted.get(i)) : sorted.get(i) + "-" + sorted.get(j));
            i = j + 1;
        }
        return parts.stream().collect(Collectors.joining(","));
    }
}
