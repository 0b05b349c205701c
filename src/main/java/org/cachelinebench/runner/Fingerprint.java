package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.cachelinebench.harness.MachineFacts;

/**
 * What must match before a baseline may judge a run: the facts a ratio of this suite depends on. Two runs with
 * equal fingerprints ran on machines of one class (same CPU model, topology and L3 sharing, line size, JDK and
 * hypervisor or not); anything else, and the baseline's ratios belong to another machine.
 *
 * @param cpuModel       CPU model name
 * @param logicalCpus    online CPUs
 * @param cores          cores among them
 * @param threadsPerCore hardware threads per core
 * @param sockets        packages
 * @param l3             each L3 as the CPUs sharing it
 * @param cacheLineSize  the line size the forks ran with
 * @param jdkVendor      java.vendor of the forks' JVM
 * @param jdkVersion     its version
 * @param hypervisor     true on a guest of a hypervisor
 */
public record Fingerprint(String cpuModel, int logicalCpus, int cores, int threadsPerCore, int sockets,
                          List<String> l3, int cacheLineSize, String jdkVendor, String jdkVersion, boolean hypervisor) {

    public Fingerprint {
        l3 = l3 == null ? List.of() : List.copyOf(l3);
    }

    /** The fingerprint of a run on the machine {@code facts} describe, with the forks' line size and JDK. */
    public static Fingerprint of(MachineFacts facts, int cacheLineSize, String jdkVendor, String jdkVersion) {
        return new Fingerprint(facts.cpuModel(), facts.logicalCpus(), facts.cores(), facts.threadsPerCore(),
                facts.sockets(), facts.l3(), cacheLineSize, jdkVendor, jdkVersion,
                facts.hypervisor() != null && facts.hypervisor().guest());
    }

    /** Every component that differs, as "CPU model 'A' (baseline) vs 'B' (this run)"; empty when they match. */
    public List<String> differences(Fingerprint here) {
        List<String> d = new ArrayList<>();
        differ(d, "CPU model", cpuModel, here.cpuModel);
        differ(d, "logical CPUs", logicalCpus, here.logicalCpus);
        differ(d, "cores", cores, here.cores);
        differ(d, "threads per core", threadsPerCore, here.threadsPerCore);
        differ(d, "sockets", sockets, here.sockets);
        differ(d, "L3 sharing", l3, here.l3);
        differ(d, "cache line", cacheLineSize, here.cacheLineSize);
        differ(d, "JDK vendor", jdkVendor, here.jdkVendor);
        differ(d, "JDK version", jdkVersion, here.jdkVersion);
        differ(d, "hypervisor", hypervisor ? "guest" : "bare metal", here.hypervisor ? "guest" : "bare metal");
        return d;
    }

    private static void differ(List<String> out, String name, Object baseline, Object here) {
        if (!Objects.equals(baseline, here)) {
            out.add(name + " '" + baseline + "' (baseline) vs '" + here + "' (this run)");
        }
    }
}
