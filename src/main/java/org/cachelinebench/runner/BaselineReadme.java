package org.cachelinebench.runner;

import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The README.md of one baseline folder, from its metadata.json: which machine, when, by which command, on which
 * commit, and which sets it measured. Written with the baseline, all or none ({@link Paired}); why: a baseline
 * that judges later runs must say what it is without opening its JSON.
 */
public final class BaselineReadme {
    private BaselineReadme() {}

    public static final String FILE = "README.md";

    /** The text for a baseline with metadata {@code m} that measured the claims of {@code summary}. */
    public static String text(Metadata m, Summary summary) {
        Fingerprint f = m.fingerprint();
        String commit = m.machine() == null ? "unknown" : m.machine().gitCommit();
        String tree = m.workingTree() == null ? "" : m.workingTree().dirty()
                ? " plus uncommitted changes (" + String.join(", ", m.workingTree().changed()) + ")" : " (clean)";
        String sets = summary.comparisons().stream().map(Summary.Entry::set)
                .distinct().collect(Collectors.joining(", "));
        return "# Baseline " + (f == null ? "(no fingerprint)" : f.directoryName()) + "\n\n"
                + "The CI baseline of one machine class: `benchmarks/ci` compares a run with it only when the run's"
                + " machine fingerprint equals this one's (docs/ci-gate.md, \"Against a baseline\"). Replace it only"
                + " with `benchmarks/ci --update-baseline` on a clean tree of the commit to record.\n\n"
                + "- machine: " + m.cpuModel() + ", " + m.logicalCpus() + " logical CPUs"
                + (f == null ? "" : String.format(Locale.ROOT, " (%d cores, %d per core, %d socket(s), L3 %s), %s",
                f.cores(), f.threadsPerCore(), f.sockets(), String.join(" | ", f.l3()),
                f.hypervisor() ? "a hypervisor's guest" : "bare metal")) + ", " + m.os() + "\n"
                + "- JVM of the forks: " + m.jdkVendor() + " " + m.jdkVersion() + " (" + m.jvm() + "), cache line "
                + m.cacheLineSize() + " bytes (" + m.cacheLineSource() + ")\n"
                + "- date: " + m.date() + "\n"
                + "- command: `" + m.command() + "`\n"
                + "- commit: " + commit + tree + "\n"
                + "- profile " + m.profile() + ", " + m.rounds() + " rounds, " + m.forks() + " forks; sets: " + sets
                + "\n";
    }
}
