package org.cachelinebench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResultReader;
import org.junit.jupiter.api.Test;

/**
 * Profiler results in a real JMH 1.37 {@code -prof gc} run ({@code real-jmh-1.37-prof-gc.json}; how it was made
 * is in the {@code .txt} beside it) are not compared, and the benchmarks' own rows are.
 */
class GateComparisonProfilerTest {
    static final String FILE = Fixtures.DIR.resolve("real-jmh-1.37-prof-gc.json").toString();
    static final Set<String> PROFILER = Set.of("gc.alloc.rate", "gc.alloc.rate.norm", "gc.count");

    @Test
    void theRealRunHasTheProfilersRowsUnprefixed() throws Exception {
        List<JmhResult> results = JmhResultReader.read(Path.of(FILE));
        assertEquals(2, results.size());
        for (JmhResult r : results) {
            assertTrue(r.secondary().keySet().containsAll(PROFILER), r.benchmark() + ": " + r.secondary().keySet());
            assertTrue(r.secondary().keySet().stream().noneMatch(n -> n.startsWith("\u00b7")), r.secondary().keySet().toString());
        }
    }

    @Test
    void profilerRowsAreNotComparedTheBenchmarksOwnAre() throws Exception {
        List<JmhResult> run = JmhResultReader.read(Path.of(FILE));
        GateComparison c = GateComparison.compare(run, run, GateComparison.Options.defaults());
        List<String> compared = new ArrayList<>();
        c.rows().forEach(r -> compared.add(r.benchmark().replace("org.cachelinebench.benchmarks.", "") + " " + r.metric()));
        assertEquals(List.of("ChunkFalseSharing.chunk primary", "ChunkFalseSharing.chunk allocator",
                "ChunkFalseSharing.chunk reader", "LineFloor.floor primary", "LineFloor.floor receiver",
                "LineFloor.floor sender"), compared);
        assertEquals(Set.of("gc.alloc.rate", "gc.alloc.rate.norm", "gc.count", "receiverYields", "senderYields"),
                c.notCompared());
        c.rows().forEach(r -> assertEquals(GateComparison.Verdict.NOT_SIGNIFICANT, r.verdict(), r.toString()));
    }

    /**
     * The rule by name and unit, on every name in the real file: a profiler result is not the benchmark's own even
     * where its unit were the primary's, which a rule that looks for JMH's old {@code ·} prefix would take for one.
     */
    @Test
    void aProfilerNameIsNeverTheBenchmarksOwnWhateverItsUnit() throws Exception {
        for (JmhResult r : JmhResultReader.read(Path.of(FILE))) {
            String unit = r.primary().unit();
            for (String name : r.secondary().keySet()) {
                boolean profiler = PROFILER.contains(name);
                assertEquals(!profiler, GateComparison.ownMetric(name, unit, unit), name);
            }
        }
        // Names JMH 1.37's other profilers write (its jmh-core sources), and 1.36's prefixed ones.
        for (String name : List.of("gc.time", "gc.churn.G1_Eden_Space", "compiler.time.profiled", "class.load.norm",
                "mempool.total.used", "safepoints.ttsp", "pauses.p0.99", "L1-dcache-loads", "\u00b7gc.alloc.rate",
                "p0.99", "reader:p0.99", "")) {
            assertFalse(GateComparison.ownMetric(name, "ops/us", "ops/us"), name);
        }
        // The few profiler names that are identifiers carry units no benchmark mode has.
        assertFalse(GateComparison.ownMetric("pauses", "ms", "ms/op"));
        assertFalse(GateComparison.ownMetric("ipc", "insns/clk", "ops/us"));
        assertFalse(GateComparison.ownMetric("senderYields", "#", "ops/us"), "a counter of events");
        assertTrue(GateComparison.ownMetric("reader", "ops/us", "ops/us"));
        assertTrue(GateComparison.ownMetric("allocator$1", "us/op", "us/op"));
    }
}
