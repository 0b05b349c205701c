package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The interleaved pcpu_chunk claims are predicted from the same traces as the fork-paired "chunk" set's: each side
 * is its layout's reader-and-allocator scenario, so every claim of the one set predicts what its twin of the other
 * does, and the A/A nothing.
 */
class ChunkInterleavedPredictionTest {
    private static final Map<String, String> TWINS = Map.of(
            "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader", "chunk.v6.4-rc4-vs-v2-reorder.reader",
            "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader", "chunk.v6.4-rc4-vs-v6.5-merged.reader",
            "chunk-interleaved.v6.4-rc4-vs-v2-reorder.allocator", "chunk.v6.4-rc4-vs-v2-reorder.allocator",
            "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.allocator", "chunk.v6.4-rc4-vs-v6.5-merged.allocator",
            "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader", "chunk.v6.5-merged-again-vs-v6.5-merged.reader");

    @Test
    void everyInterleavedChunkClaimPredictsWhatItsForkPairedTwinDoes() {
        Predictions p = assertTwins(TWINS);
        assertTrue(p.of("chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader").extra() > 0, "the false sharing moves lines");
        assertEquals(0.0, p.of("chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader").extra(), 1e-12);
    }

    /** Each interleaved claim of {@code twins} is predicted, and as its fork-paired twin; the predictions. */
    static Predictions assertTwins(Map<String, String> twins) {
        Predictions p = new Predictions(Model.DEFAULT);
        twins.forEach((interleaved, forks) -> {
            ClaimPrediction a = p.of(interleaved);
            ClaimPrediction b = p.of(forks);
            assertFalse(Double.isNaN(a.subject()), interleaved + " is predicted");
            assertEquals(b.unit(), a.unit(), interleaved);
            assertEquals(b.subject(), a.subject(), 1e-12, interleaved);
            assertEquals(b.reference(), a.reference(), 1e-12, interleaved);
        });
        return p;
    }
}
