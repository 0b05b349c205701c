package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.claims.Suite;

/**
 * Synthetic run directories (summary.json format 2 and metadata.json) holding only what the gate reads: every
 * claim's rounds with their samples and floors, and the machine's fingerprint. The numbers are the test's own.
 */
final class SavedRuns {
    static final Fingerprint MACHINE = new Fingerprint("AMD EPYC", 2, 2, 1, 1, List.of("0-1"), 64, "Debian",
            "17.0.15", true);
    static final double NEAR = 60;
    static final double FAR = 470;

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().create();

    private final int rounds;
    private final double[] floors;
    private Fingerprint fingerprint = MACHINE;
    private String role = "latest";
    private final List<Map<String, Object>> entries = new ArrayList<>();
    private final List<Map<String, Object>> layoutFailures = new ArrayList<>();

    /** A run of {@code floors.length} rounds whose floors (ns; NaN: none) are these. */
    SavedRuns(double... floors) {
        this.rounds = floors.length;
        this.floors = floors.clone();
    }

    SavedRuns fingerprint(Fingerprint f) {
        fingerprint = f;
        return this;
    }

    /** The metadata's role: "latest" (default) or "baseline". */
    SavedRuns role(String r) {
        role = r;
        return this;
    }

    /** Writes the run as a baseline into its fingerprint's folder under the baseline root {@code root}. */
    Path writeBaseline(Path root) throws IOException {
        return role(ResultStore.BASELINE).write(Baselines.dirFor(root, fingerprint));
    }

    /** The suite's claim {@code id}, one sample per round (a comparison of forks). */
    SavedRuns claim(String id, double... ratioPerRound) {
        Claim c = Suite.claim(id);
        if (c == null) {
            throw new IllegalArgumentException("no claim " + id);
        }
        return claim(c, ratioPerRound);
    }

    /** Any claim, one sample per round; NaN: the claim has no sample that round. */
    SavedRuns claim(Claim c, double... ratioPerRound) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", c.id());
        e.put("set", c.set());
        e.put("subject", c.subject());
        e.put("reference", c.reference());
        e.put("metric", c.metric());
        e.put("claim", c.claim());
        e.put("direction", c.expect().direction().name());
        e.put("expected", c.expect().symbol());
        e.put("checked", c.expect().checked());
        List<Map<String, Object>> byRound = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        for (int i = 0; i < ratioPerRound.length; i++) {
            if (Double.isNaN(ratioPerRound[i])) {
                continue;
            }
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("round", i + 1);
            r.put("ratios", new double[] {ratioPerRound[i]});
            if (!Double.isNaN(floors[i])) {
                r.put("floorNanos", floors[i]);
                r.put("state", MachineState.of(floors[i], 200).label());
            }
            byRound.add(r);
            all.add(ratioPerRound[i]);
        }
        e.put("rounds", byRound.size());
        e.put("ratios", all);
        if (!all.isEmpty()) {
            e.put("geoMean", RatioStats.of(all.stream().mapToDouble(Double::doubleValue).toArray()).geoMean());
        }
        e.put("status", "HOLDS");
        e.put("byRound", byRound);
        entries.add(e);
        return this;
    }

    /**
     * A claim whose variant failed its layout check: no round measured it, and the summary's layout failures name
     * the variant (its subject) in round 1.
     */
    SavedRuns layoutFailure(String id, String reason) {
        Claim c = Suite.claim(id);
        layoutFailures.add(Map.of("round", 0, "set", c.set(), "variant", c.subject(), "reason", reason));
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", id);
        e.put("set", c.set());
        e.put("subject", c.subject());
        e.put("reference", c.reference());
        e.put("metric", c.metric());
        e.put("claim", c.claim());
        e.put("direction", c.expect().direction().name());
        e.put("checked", c.expect().checked());
        e.put("rounds", 0);
        e.put("ratios", List.of());
        e.put("status", "FAILS");
        e.put("reason", reason);
        e.put("byRound", List.of());
        entries.add(e);
        return this;
    }

    /** Writes the run into {@code dir} (created) and returns it. */
    Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Map<String, Object>> states = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("round", i + 1);
            if (!Double.isNaN(floors[i])) {
                r.put("floorNanos", floors[i]);
                r.put("state", MachineState.of(floors[i], 200).label());
            }
            states.add(r);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("format", Summary.FORMAT);
        summary.put("profile", "ci");
        summary.put("rounds", rounds);
        summary.put("started", "2026-12-01T10:00:00Z");
        summary.put("comparisons", entries);
        summary.put("roundStates", states);
        summary.put("layoutFailures", layoutFailures);
        Files.writeString(dir.resolve(ResultStore.SUMMARY_JSON), GSON.toJson(summary));
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("role", role);
        meta.put("profile", "ci");
        meta.put("rounds", rounds);
        if (fingerprint != null) {
            meta.put("fingerprint", fingerprint);
        }
        meta.put("machine", Map.of("gitCommit", "0123456789abcdef0123456789abcdef01234567", "l3", List.of()));
        Files.writeString(dir.resolve(ResultStore.METADATA), GSON.toJson(meta));
        return dir;
    }

    /** {@code n} equal values. */
    static double[] times(int n, double v) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    /** {@code a} then {@code b}. */
    static double[] concat(double[] a, double[] b) {
        double[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
