package org.cachelinebench.coherence.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.cachelinebench.coherence.Model;
import org.junit.jupiter.api.Test;

/**
 * The interleaved pcpu_chunk claims are predicted from the same traces as the fork-paired "chunk" set's: each side
 * is its layout's reader-and-allocator scenario, so every claim of the one set predicts what its twin of the other
 * does, and the A/A nothing. The gated interleaved set runs at live=8 and the fork-paired one at live=1: the
 * occupancy changes only the empty-block transitions' writes (nr_empty_pop_pages, the block metadata, the globals),
 * none of them in base_addr's line on these layouts, so the twins agree to within {@link #OCCUPANCY_SHARE}.
 */
class ChunkInterleavedPredictionTest {
    private static final Map<String, String> TWINS = Map.of(
            "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader", "chunk.v6.4-rc4-vs-v2-reorder.reader",
            "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader", "chunk.v6.4-rc4-vs-v6.5-merged.reader",
            "chunk-interleaved.v6.4-rc4-vs-v2-reorder.allocator", "chunk.v6.4-rc4-vs-v2-reorder.allocator",
            "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.allocator", "chunk.v6.4-rc4-vs-v6.5-merged.allocator",
            "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader", "chunk.v6.5-merged-again-vs-v6.5-merged.reader");

    /** The largest relative difference the occupancy may make between the twins' predictions. */
    static final double OCCUPANCY_SHARE = 1e-3;

    @Test
    void everyInterleavedChunkClaimPredictsWhatItsForkPairedTwinDoes() {
        Predictions p = assertTwins(TWINS, OCCUPANCY_SHARE);
        assertTrue(p.of("chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader").extra() > 0, "the false sharing moves lines");
        assertEquals(0.0, p.of("chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader").extra(), 1e-12);
    }

    /**
     * Each interleaved claim of {@code twins} is predicted, and as its fork-paired twin, to within {@code share} of
     * the twin's value; the predictions.
     */
    static Predictions assertTwins(Map<String, String> twins, double share) {
        Predictions p = new Predictions(Model.DEFAULT);
        twins.forEach((interleaved, forks) -> {
            ClaimPrediction a = p.of(interleaved);
            ClaimPrediction b = p.of(forks);
            assertFalse(Double.isNaN(a.subject()), interleaved + " is predicted");
            assertEquals(b.unit(), a.unit(), interleaved);
            assertEquals(b.subject(), a.subject(), 1e-12 + share * Math.abs(b.subject()), interleaved);
            assertEquals(b.reference(), a.reference(), 1e-12 + share * Math.abs(b.reference()), interleaved);
        });
        return p;
    }
}
