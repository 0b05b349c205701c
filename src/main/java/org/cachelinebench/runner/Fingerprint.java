package org.cachelinebench.runner;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.cachelinebench.harness.MachineFacts;

/**
 * What must match before a baseline may judge a run: the facts a ratio of this suite depends on. Two runs with the
 * same {@link #key()} ran on machines of one class (same CPU model, topology and L3 sharing, line size, JDK feature
 * release, hypervisor or not); anything else, and the baseline's ratios belong to another machine. The JDK's vendor
 * and patch release are recorded but not part of the key: a patch update changes no object layout and no cache
 * behaviour, and must keep its baseline.
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

    /**
     * The JDK's feature release from a version string: "17" of "17.0.15", "21" of "21-ea", "8" of "1.8.0_392";
     * "unknown" when there is none.
     */
    public static String featureRelease(String version) {
        if (version == null) {
            return "unknown";
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version.strip());
        return m.find() ? Integer.toString(Integer.parseInt(m.group(1))) : "unknown";
    }

    /**
     * What a baseline is keyed by, the machine's facts that change cache behaviour, one per line: CPU model, logical
     * CPUs, cores, threads per core, sockets, the L3 groups joined by ';', the line size, the JDK's feature release,
     * guest or not. Two fingerprints with one key judge each other's runs.
     */
    public String key() {
        return String.join("\n", String.valueOf(cpuModel), Integer.toString(logicalCpus), Integer.toString(cores),
                Integer.toString(threadsPerCore), Integer.toString(sockets), String.join(";", l3),
                Integer.toString(cacheLineSize), featureRelease(jdkVersion), Boolean.toString(hypervisor));
    }

    /** True when {@code other} is of this machine class ({@link #key()}). */
    public boolean sameMachine(Fingerprint other) {
        return other != null && key().equals(other.key());
    }

    /**
     * The folder a baseline of this fingerprint lives in under the baseline root ({@link Baselines}): the readable
     * parts of its key, lower case, then 8 hex digits of a SHA-256 over the whole key, so that two fingerprints that
     * read alike (the same CPU, another L3 sharing) still get two folders. Only {@code [a-z0-9.-]} and {@code _}
     * between components, so it is one path segment on every file system, e.g.
     * {@code amd-epyc_2cpu_2c1t1s_line64_jdk17_guest_0123abcd}.
     */
    public String directoryName() {
        return String.join("_", slug(cpuModel, 40), logicalCpus + "cpu", cores + "c" + threadsPerCore + "t" + sockets
                + "s", "line" + cacheLineSize, "jdk" + featureRelease(jdkVersion), hypervisor ? "guest" : "metal",
                hash());
    }

    /** 8 hex digits of SHA-256 over the key. */
    private String hash() {
        String all = key();
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(all.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e); // every Java SE JVM has it
        }
    }

    /** Lower case, every run of other characters than [a-z0-9.] one '-', trimmed of '-', at most {@code max}. */
    private static String slug(String text, int max) {
        String s = String.valueOf(text).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-")
                .replaceAll("^[-.]+|-+$", "");
        s = s.length() > max ? s.substring(0, max).replaceAll("-+$", "") : s;
        return s.isEmpty() ? "unknown" : s;
    }

    /** Every component of the key that differs, as "CPU model 'A' (baseline) vs 'B' (this run)"; empty when none. */
    public List<String> differences(Fingerprint here) {
        List<String> d = new ArrayList<>();
        differ(d, "CPU model", cpuModel, here.cpuModel);
        differ(d, "logical CPUs", logicalCpus, here.logicalCpus);
        differ(d, "cores", cores, here.cores);
        differ(d, "threads per core", threadsPerCore, here.threadsPerCore);
        differ(d, "sockets", sockets, here.sockets);
        differ(d, "L3 sharing", l3, here.l3);
        differ(d, "cache line", cacheLineSize, here.cacheLineSize);
        differ(d, "JDK feature release", featureRelease(jdkVersion), featureRelease(here.jdkVersion));
        differ(d, "hypervisor", hypervisor ? "guest" : "bare metal", here.hypervisor ? "guest" : "bare metal");
        return d;
    }

    private static void differ(List<String> out, String name, Object baseline, Object here) {
        if (!Objects.equals(baseline, here)) {
            out.add(name + " '" + baseline + "' (baseline) vs '" + here + "' (this run)");
        }
    }
}
