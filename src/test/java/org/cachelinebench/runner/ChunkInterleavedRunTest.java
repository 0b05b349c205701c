package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paired runner and regate over a synthetic chunk-interleaved run (FakeForks' ChunkInterleaved counters): every
 * claim of the set reads its role's counters, v6.4-rc4 vs v2-reorder its pair's own ratio, the rest their ratio to
 * v6.5-merged; no floor, no extra lines; profile ci gates the readers, and regate reaches the runner's exit status
 * from the saved run: 0 for the fix, 1 for its revert. Likewise for chunk-object-interleaved.
 */
class ChunkInterleavedRunTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private int paired(Path latest, FakeForks fake) {
        return paired(latest, fake, "--only", "^chunk-interleaved\\.");
    }

    /** The runner over {@code selection} (its --profile and --only), 8 rounds. */
    private int paired(Path latest, FakeForks fake, String... selection) {
        PrintStream sink = new PrintStream(out, true, StandardCharsets.UTF_8);
        List<String> args = new java.util.ArrayList<>(List.of(selection));
        args.addAll(List.of("--rounds", "8", "--out", latest.toString()));
        return Paired.run(args.toArray(String[]::new), o -> fake, fake, sink, sink);
    }

    private static int regate(Path run) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Regate.run(new String[] {run.toString()}, sink, sink);
    }

    @Test
    void everyClaimOfTheSetReadsItsRolesCountersAndRegateAgrees() throws Exception {
        // v6.4-rc4 50, v2-reorder 100, v6.5-merged and again 200 ops per unit: costs 4 : 2 : 1 : 1.
        FakeForks fake = PairedTest.healthy().score("v2-reorder", 100);
        Path run = dir.resolve("run");
        int status = paired(run, fake);
        Map<String, Summary.Entry> byId = Summary.read(run.resolve("summary.json")).comparisons().stream()
                .collect(Collectors.toMap(Summary.Entry::id, e -> e));
        assertEquals(List.of("chunk-interleaved.v2-reorder-vs-v6.5-merged.reader",
                "chunk-interleaved.v6.4-rc4-vs-v2-reorder.allocator",
                "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader", "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.allocator",
                "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader",
                "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader"), byId.keySet().stream().sorted().toList(),
                out.toString());
        for (String role : List.of("reader", "allocator")) {
            assertEquals(2.0, byId.get("chunk-interleaved.v6.4-rc4-vs-v2-reorder." + role).geoMean(), 1e-9, role);
            assertEquals(4.0, byId.get("chunk-interleaved.v6.4-rc4-vs-v6.5-merged." + role).geoMean(), 1e-9, role);
        }
        // Slices are timed by the reader's loads, 32 x 1,024 a slice: the allocator's claims are as far apart.
        Summary.Entry reader = byId.get("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader");
        Summary.Entry allocator = byId.get("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.allocator");
        assertEquals(reader.medianSecondsApart(), allocator.medianSecondsApart(), 1e-15);
        double meanLoadNanos = (reader.subjectScore() + reader.referenceScore()) / 2;
        assertEquals(meanLoadNanos * 32 * 1024 / 1e9, reader.medianSecondsApart(), 0.2 * reader.medianSecondsApart());
        Summary.Entry aa = byId.get("chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader");
        assertEquals(1.0, aa.geoMean(), 1e-9);
        assertNull(aa.extraTransfers(), "no floor: no extra lines");
        assertNull(aa.floorNanos());
        assertTrue(out.toString().contains("no floor  v6.4-rc4/v2-reorder reader 2.000"), out.toString());
        assertEquals(2.0, byId.get("chunk-interleaved.v2-reorder-vs-v6.5-merged.reader").geoMean(), 1e-9);
        // Profile ci gates the readers against the A/A: the three directional and A/A claims hold; v2-reorder
        // costing twice v6.5-merged's fails the peer claim (exit 1); regate judges the saved run alike.
        assertTrue(out.toString().contains("CLAIMS FAILED: 3 holds, 1 fails, 6 not measured"), out.toString());
        assertEquals(1, status, out.toString());
        assertEquals(1, regate(run), "regate judges the saved run as the runner did");
    }

    @Test
    void aRevertedFixFailsTheReaderClaimAgainstItsAaInEitherSet() {
        // v6.5-merged given v6.4-rc4's order: both v6.5 sides cost what v6.4-rc4 costs.
        assertTheRevertFails(PairedTest.healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50),
                "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader", "^chunk-interleaved\\.");
        // The padding gone: padded and padded-again cost what unpadded costs.
        assertTheRevertFails(PairedTest.healthy().score("padded", 60).score("padded-again", 60),
                "chunk-object-interleaved.unpadded-vs-padded.reader", "^chunk-object-interleaved\\.");
    }

    /** The runner exits 1 naming {@code claim} as the same as its A/A, and regate agrees from the saved run. */
    private void assertTheRevertFails(FakeForks fake, String claim, String only) {
        Path run = dir.resolve("reverted-" + claim);
        assertEquals(1, paired(run, fake, "--only", only), out.toString());
        assertTrue(out.toString().contains("FAILS " + claim + ": SAME as its A/A control"), out.toString());
        assertEquals(1, regate(run));
    }

    /** The same runner path for chunk-object-interleaved (FakeForks' ChunkObjectInterleaved counters). */
    @Test
    void everyChunkObjectClaimReadsItsRolesCountersToo() throws Exception {
        // unpadded 60, padded, contended and padded-again 180 ops per unit: costs 3 : 1 : 1 : 1.
        Path run = dir.resolve("object-run");
        int status = paired(run, PairedTest.healthy(), "--only", "^chunk-object-interleaved\\.");
        Map<String, Summary.Entry> byId = Summary.read(run.resolve("summary.json")).comparisons().stream()
                .collect(Collectors.toMap(Summary.Entry::id, e -> e));
        Map<String, Double> ratios = Map.of("chunk-object-interleaved.padded-again-vs-padded.reader", 1.0,
                "chunk-object-interleaved.unpadded-vs-contended.allocator", 3.0,
                "chunk-object-interleaved.unpadded-vs-contended.reader", 3.0,
                "chunk-object-interleaved.unpadded-vs-padded.allocator", 3.0,
                "chunk-object-interleaved.unpadded-vs-padded.reader", 3.0);
        assertEquals(new java.util.TreeSet<>(ratios.keySet()), new java.util.TreeSet<>(byId.keySet()), out.toString());
        ratios.forEach((id, ratio) -> assertEquals(ratio, byId.get(id).geoMean(), 1e-9, id));
        assertTrue(out.toString().contains("no floor  unpadded/padded reader 3.000  unpadded/padded allocator 3.000  "
                + "unpadded/contended reader 3.000"), out.toString());
        // Profile ci gates the readers against the A/A: the set's three gated claims hold; --only left the other
        // sets' seven missing, so the run fails for them (exit 1), and regate judges the saved run alike.
        assertTrue(out.toString().contains("CLAIMS FAILED: 3 holds, 7 not measured"), out.toString());
        assertEquals(1, status, out.toString());
        assertEquals(1, regate(run), "regate judges the saved run as the runner did");
    }
}
