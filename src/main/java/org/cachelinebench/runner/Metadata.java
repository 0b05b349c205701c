package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import org.cachelinebench.harness.MachineFacts;
import org.cachelinebench.results.FormerNames;
import org.cachelinebench.runner.fork.Pinning;

/**
 * Where and how a session ran (metadata.json): machine, JVM of the forks, cache line, profile, command, the
 * machine's facts and fingerprint, where the threads ran, and every round's floor and state. A baseline keeps
 * its fingerprint, which decides whether it may judge a later run ({@code BaselineGate}).
 *
 * @param role             "latest" or "baseline" (a baseline directory is protected, see {@link ResultStore})
 * @param date             ISO-8601 instant the session finished
 * @param command          the command that produced it, as the user typed it when known
 * @param cpuModel         first "model name" of /proc/cpuinfo
 * @param logicalCpus      CPUs the JVM sees
 * @param os               OS name and kernel release
 * @param jvm              java executable of the forks
 * @param jdkVendor        java.vendor of that JVM
 * @param vmFlags          the flags the first fork ran with, as JMH reports them (a benchmark's
 *                         {@code @Fork(jvmArgsAppend)} adds to them; runs.json has each benchmark's)
 * @param cacheLineSize    line size in force in the forks
 * @param cacheLineSource  where it came from: "sysfs", "default" or "property" ({@code CacheLine.SOURCE})
 * @param forkSeconds      mean wall time of a fork on the host
 * @param forkOverheadSeconds mean of a fork's wall time minus its warmup and measurement: what a fork costs
 *                         beyond the iterations (JVM start, JMH setup, teardown); compare with the profile's
 *                         assumption to re-budget
 * @param machine          the machine's facts (CPUs, caches, hypervisor, git commit of the measured code)
 * @param fingerprint      what a baseline's must match; null in files written before fingerprints
 * @param pinning          per variant: its pin values, the CPUs they chose here and how those relate, or off
 * @param floorSet         the set whose interleaved fork measured each round's floor; null: no floor measured
 * @param splitNanos       the floor below which a round is near
 * @param roundStates      every round's floor and state
 * @param workingTree      whether the measured code differed from {@code machine.gitCommit}, and how; null when
 *                         unknown (no git) and in files written before it was recorded
 */
public record Metadata(String role, String profile, int rounds, String date, String command, String cpuModel,
                       int logicalCpus, String os, String jvm, String jdkVendor, String jdkVersion,
                       String vmName, String vmVersion, List<String> vmFlags, String jmhVersion,
                       int cacheLineSize, String cacheLineSource, String warmup, String measurement, int forks,
                       double elapsedSeconds, double forkSeconds, double forkOverheadSeconds, MachineFacts machine,
                       Fingerprint fingerprint, List<Pinning> pinning, String floorSet, Double splitNanos,
                       List<Summary.RoundState> roundStates, WorkingTree workingTree) {

    /**
     * The measured code's state against its commit ({@code MachineInfo.workingTree}).
     *
     * @param dirty      true when the code that builds the benchmarks (src/main, pom.xml, benchmarks/) had
     *                   uncommitted changes or untracked files: the run measured the commit plus a patch
     * @param diffSha256 SHA-256 of that patch ({@code git diff HEAD --binary} and the untracked files); null
     *                   when clean
     * @param changed    the changed paths, as {@code git status --porcelain} names them
     */
    public record WorkingTree(boolean dirty, String diffSha256, List<String> changed) {}

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public Metadata withRole(String newRole) {
        return new Metadata(newRole, profile, rounds, date, command, cpuModel, logicalCpus, os, jvm, jdkVendor,
                jdkVersion, vmName, vmVersion, vmFlags, jmhVersion, cacheLineSize, cacheLineSource, warmup,
                measurement, forks, elapsedSeconds, forkSeconds, forkOverheadSeconds, machine, fingerprint, pinning,
                floorSet, splitNanos, roundStates, workingTree);
    }

    public String toJson() {
        return GSON.toJson(this) + System.lineSeparator();
    }

    public static Metadata read(Path file) throws IOException {
        try {
            Metadata m = GSON.fromJson(FormerNames.current(Files.readString(file)), Metadata.class);
            if (m == null || m.profile() == null) {
                throw new IllegalArgumentException(file + ": not a metadata file");
            }
            return m;
        } catch (JsonParseException e) {
            throw new IllegalArgumentException(file + ": not a metadata file: " + e.getMessage(), e);
        }
    }
}
