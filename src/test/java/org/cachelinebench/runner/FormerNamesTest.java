package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.cachelinebench.claims.Suite;
import org.cachelinebench.results.FormerNames;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResultReader;
import org.junit.jupiter.api.Test;

/**
 * A run written before the renames (the README's evidence run of 7 Dec 04:55, kept as a fixture) keeps its old
 * names and is read with the current ones: the median counters, the save-memory sides and sets, their benchmark, and
 * its claims are all current claims of the suite.
 */
class FormerNamesTest {
    /** The README's evidence run as committed before the renames (summary.json and runs.json). */
    private static final Path RUN = Path.of("src/test/resources/org/cachelinebench/runner/former-names");

    @Test
    void theCommittedRunHoldsTheFormerNames() throws Exception {
        String runs = Files.readString(RUN.resolve(ResultStore.RUNS));
        assertTrue(runs.contains("\"straddledRatioSum\"") && runs.contains("Chunk2026Interleaved")
                && runs.contains("mm2026SizeReaderRatioSum"), "the file this test reads is still an old one");
        assertTrue(Files.readString(RUN.resolve(ResultStore.SUMMARY_JSON))
                .contains("\"chunk-2026-live8.mm-2026-size-vs-v6.5-merged.reader\""));
    }

    @Test
    void itsResultsAreReadWithTheCurrentCounterAndBenchmarkNames() throws Exception {
        List<JmhResult> results = JmhResultReader.read(RUN.resolve(ResultStore.RUNS));
        JmhResult emptyPages = results.stream()
                .filter(r -> r.benchmark().equals("org.cachelinebench.benchmarks.ChunkEmptyPagesInterleaved.chunk"))
                .findFirst().orElseThrow();
        assertTrue(emptyPages.secondary().containsKey("saveMemoryReaderRatioMedian"), emptyPages.secondary().keySet()
                .toString());
        assertTrue(emptyPages.secondary().containsKey("saveMemoryHoleAllocatorNanos"));
        for (JmhResult r : results) {
            for (String counter : r.secondary().keySet()) {
                assertTrue(!counter.endsWith("Sum") && !counter.contains("2026"), r.benchmark() + ": " + counter);
            }
        }
        assertTrue(results.stream().anyMatch(r -> r.secondary().containsKey("straddledExtraMedian")));
    }

    @Test
    void itsClaimsAreTheSuitesCurrentOnes() throws Exception {
        Summary s = Summary.read(RUN.resolve(ResultStore.SUMMARY_JSON));
        Set<String> ids = s.comparisons().stream().map(Summary.Entry::id).collect(Collectors.toSet());
        assertTrue(ids.contains("chunk-empty-pages-live8.save-memory-vs-v6.5-merged.reader"), ids.toString());
        assertTrue(ids.contains("chunk-empty-pages-live8.save-memory-hole-vs-v6.5-merged.reader"), ids.toString());
        Set<String> current = Suite.COMPARISONS.stream().map(c -> c.id()).collect(Collectors.toSet());
        assertEquals(Set.of(), ids.stream().filter(id -> !current.contains(id)).collect(Collectors.toSet()),
                "claims of the committed run the suite no longer has");
        assertTrue(s.forks().stream().allMatch(f -> f.scores().keySet().stream().noneMatch(k -> k.endsWith("Sum"))));
    }

    @Test
    void aCurrentTextReadsUnchanged() {
        String text = "{\"straddledRatioMedian\": 1, \"saveMemoryReaderNanos\": 2, \"set\": \"chunk-empty-pages-live8\","
                + " \"checkSum\": 3, \"started\": \"2026-12-02\"}";
        assertEquals(text, FormerNames.current(text));
        assertEquals("\"v64Rc4ReaderVsV2ReorderReaderRatioMedian\"",
                FormerNames.current("\"v64Rc4ReaderVsV2ReorderReaderRatioSum\""));
    }
}
