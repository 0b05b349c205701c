package org.cachelinebench.harness.pin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Writes trees laid out like {@code /sys/devices/system/cpu}, with the files {@link CpuTopology} reads and the
 * values Linux writes there, for machines this test machine is not. Public: MachineFactsTest (harness) writes
 * its machines with it too.
 */
public final class FakeSysfs {
    private FakeSysfs() {}

    /** This VM's kind: 2 vCPUs, 2 cores without SMT, one L3 over both (as Linux shows a 2-vCPU KVM guest). */
    public static Path twoVcpuVm(Path root) {
        return machine(root, 2, cpu -> cpu, cpu -> 0, cpu -> String.valueOf(cpu), cpu -> "0-1");
    }

    /** 4 cores × 2 threads, one L3: cpu N and N+4 are siblings, as Linux numbers an Intel client part. */
    public static Path smt(Path root) {
        return machine(root, 8, cpu -> cpu % 4, cpu -> 0, cpu -> (cpu % 4) + "," + (cpu % 4 + 4), cpu -> "0-7");
    }

    /** 8 cores without SMT in one package, two L3s of 4 cores each (two AMD CCXs). */
    public static Path twoL3(Path root) {
        return machine(root, 8, cpu -> cpu, cpu -> 0, cpu -> String.valueOf(cpu), cpu -> cpu < 4 ? "0-3" : "4-7");
    }

    /** Two sockets of 2 cores, one L3 each: core_id repeats across packages. */
    public static Path twoSockets(Path root) {
        return machine(root, 4, cpu -> cpu % 2, cpu -> cpu / 2, cpu -> String.valueOf(cpu), cpu -> cpu < 2 ? "0-1" : "2-3");
    }

    /**
     * One socket of 8 cores x 2 threads (cpu N and N+8 siblings) under two L3s of 4 cores each: cores 0-3 share
     * one (cpus 0-3,8-11), cores 4-7 the other, as a client part with two CCXs.
     */
    public static Path oneSocketTwoL3Smt(Path root) {
        return machine(root, 16, cpu -> cpu % 8, cpu -> 0, cpu -> (cpu % 8) + "," + (cpu % 8 + 8),
                cpu -> cpu % 8 < 4 ? "0-3,8-11" : "4-7,12-15");
    }

    /** Two sockets of 4 cores x 2 threads, one L3 each: the same CPU numbers as {@link #oneSocketTwoL3Smt}. */
    public static Path twoSocketsSmt(Path root) {
        return machine(root, 16, cpu -> cpu % 4, cpu -> (cpu % 8) / 4, cpu -> (cpu % 8) + "," + (cpu % 8 + 8),
                cpu -> cpu % 8 < 4 ? "0-3,8-11" : "4-7,12-15");
    }

    /**
     * {@code cpus} CPUs; for each, its core_id, physical_package_id, core_cpus_list and the L3's shared_cpu_list
     * (null: no L3 described). Every CPU has an L1d, L1i and L2 of its own before its L3, as Linux numbers them.
     */
    public static Path machine(Path root, int cpus, IntFunction<Integer> coreId, IntFunction<Integer> pkg,
                        IntFunction<String> coreCpus, IntFunction<String> l3) {
        for (int cpu = 0; cpu < cpus; cpu++) {
            Path dir = root.resolve("cpu" + cpu);
            write(dir.resolve("topology/core_id"), coreId.apply(cpu) + "\n");
            write(dir.resolve("topology/physical_package_id"), pkg.apply(cpu) + "\n");
            write(dir.resolve("topology/core_cpus_list"), coreCpus.apply(cpu) + "\n");
            write(dir.resolve("topology/thread_siblings_list"), coreCpus.apply(cpu) + "\n");
            List<String[]> caches = List.of(new String[] {"1", "Data"}, new String[] {"1", "Instruction"},
                    new String[] {"2", "Unified"}, new String[] {"3", "Unified"});
            for (int i = 0; i < caches.size(); i++) {
                String level = caches.get(i)[0];
                String shared = level.equals("3") ? l3.apply(cpu) : coreCpus.apply(cpu);
                if (shared == null) {
                    continue;
                }
                Path index = dir.resolve("cache/index" + i);
                write(index.resolve("level"), level + "\n");
                write(index.resolve("type"), caches.get(i)[1] + "\n");
                write(index.resolve("shared_cpu_list"), shared + "\n");
                write(index.resolve("coherency_line_size"), "64\n");
            }
        }
        write(root.resolve("online"), "0-" + (cpus - 1) + "\n");
        return root;
    }

    public static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void delete(Path file) {
        try {
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Integer> range(int from, int to) {
        return java.util.stream.IntStream.rangeClosed(from, to).boxed().toList();
    }
}
