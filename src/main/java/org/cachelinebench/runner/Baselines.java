package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The baseline root ({@code results/baseline/}): one folder per machine fingerprint, named
 * {@link Fingerprint#directoryName()}, each a baseline run of the paired runner ({@code benchmarks/ci
 * --update-baseline}) with its README.md ({@link BaselineReadme}).
 *
 * <p>Rules. A run is judged by the folder whose metadata's fingerprint has the run's key ({@link Fingerprint#key()}:
 * the machine, the line size and the JDK's feature release, not its patch release); a root without one says in
 * one line which fingerprints it holds. A folder under the root that is not a baseline (no summary.json, no
 * metadata.json with role "baseline" and a fingerprint, or a name other than its fingerprint's) is ignored, each
 * with one line: a stray copy must neither judge a run nor stop the step. Why one folder per fingerprint: a
 * baseline's ratios belong to the machine class that measured them (docs/ci-gate.md).
 */
public final class Baselines {
    private Baselines() {}

    /**
     * What the root holds for one run.
     *
     * @param match    the matching baseline's folder, or null
     * @param why      when there is no match, one line saying so and which fingerprints the root holds; else null
     * @param ignored  one line per folder that is not a baseline ("ignored DIR: not a baseline (...)")
     * @param existing the fingerprint names of the baselines the root holds, in name order
     */
    public record Lookup(Path match, String why, List<String> ignored, List<String> existing) {}

    /** Where the baseline of {@code fingerprint} lives under {@code root}. */
    public static Path dirFor(Path root, Fingerprint fingerprint) {
        return root.resolve(fingerprint.directoryName());
    }

    /** True when {@code dir} itself holds a run (summary.json): a baseline given directly, or the layout before roots. */
    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(ResultStore.SUMMARY_JSON));
    }

    /** The baseline under {@code root} for a run with fingerprint {@code here} (null: the run has none). */
    public static Lookup find(Path root, Fingerprint here) {
        List<String> ignored = new ArrayList<>();
        List<String> existing = new ArrayList<>();
        Path match = null;
        for (Path dir : folders(root)) {
            Fingerprint f;
            try {
                f = fingerprintOf(dir);
            } catch (IllegalArgumentException e) {
                ignored.add("ignored " + dir + ": not a baseline (" + e.getMessage() + ")");
                continue;
            }
            existing.add(f.directoryName());
            if (f.sameMachine(here)) {
                match = dir;
            }
        }
        String why = null;
        if (here == null) {
            why = "this run has no machine fingerprint";
        } else if (match == null) {
            why = "no baseline in " + root + " for this run's machine fingerprint " + here.directoryName() + "; "
                    + (existing.isEmpty() ? "it holds none" : "it holds " + String.join(", ", existing));
        }
        return new Lookup(match, why, List.copyOf(ignored), List.copyOf(existing));
    }

    /**
     * The fingerprint of the baseline in {@code dir}, checked: a summary.json, a metadata.json with role "baseline"
     * and a fingerprint, and the folder named after it.
     *
     * @throws IllegalArgumentException what is missing, in a few words
     */
    static Fingerprint fingerprintOf(Path dir) {
        if (!isRun(dir)) {
            throw new IllegalArgumentException("no " + ResultStore.SUMMARY_JSON);
        }
        Path meta = dir.resolve(ResultStore.METADATA);
        if (!Files.isRegularFile(meta)) {
            throw new IllegalArgumentException("no " + ResultStore.METADATA);
        }
        Metadata m;
        try {
            m = Metadata.read(meta);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(ResultStore.METADATA + " unreadable");
        }
        if (!ResultStore.BASELINE.equals(m.role())) {
            throw new IllegalArgumentException("its role is '" + m.role() + "'");
        }
        if (m.fingerprint() == null) {
            throw new IllegalArgumentException("no machine fingerprint in its " + ResultStore.METADATA);
        }
        String name = m.fingerprint().directoryName();
        if (!name.equals(dir.getFileName().toString())) {
            throw new IllegalArgumentException("its fingerprint's folder is " + name);
        }
        return m.fingerprint();
    }

    /** The folders directly under {@code root}, by name; none when it is missing. */
    private static List<Path> folders(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
