package org.cachelinebench.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The committed runs of {@code benchmarks/ci} as test fixtures (src/test/resources/gate-runs/, trimmed to what the
 * judgment reads), each with what it measured, from the folder's runs.txt.
 */
final class GateRuns {
    private GateRuns() {}

    static final Path ROOT = Path.of("src", "test", "resources", "gate-runs");

    /**
     * One committed run.
     *
     * @param dir    its fixture folder
     * @param kind   what it measured: "good" (an unchanged commit), "good-no-verdict" (an unchanged commit whose
     *               run ended with a gated claim undecided at today's cap) or the patch it ran with ("revert-pcpu", ...)
     * @param source its folder under results/ when it was copied
     */
    record Entry(Path dir, String kind, String source) {
        SavedRun read() {
            return SavedRun.read(dir);
        }

        /** An unchanged commit, whether or not its run reached a verdict. */
        boolean good() {
            return kind.equals("good") || noVerdict();
        }

        /** An unchanged commit whose run ended without a verdict (exit 3) where today's runner stops too. */
        boolean noVerdict() {
            return kind.equals("good-no-verdict");
        }
    }

    /** Every run the manifest lists, in its order. */
    static List<Entry> all() {
        try {
            return Files.readAllLines(ROOT.resolve("runs.txt")).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).map(l -> {
                        String[] f = l.split("\\s+");
                        return new Entry(ROOT.resolve(f[0]), f[1], f[2]);
                    }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The run of fixture folder {@code name} (e.g. "peer-claim-runs/p1"). */
    static Entry of(String name) {
        return all().stream().filter(e -> e.dir().equals(ROOT.resolve(name))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no gate run " + name + " in runs.txt"));
    }
}
