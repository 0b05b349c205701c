package org.cachelinebench.coherence.claim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The interleaved Java-object pcpu_chunk claims are predicted from the same traces as the fork-paired "chunk-object"
 * set's: each side is its class's reader-and-allocator scenario (padded-again padded's), so every claim predicts
 * what its fork-paired twin does, and the A/A nothing.
 */
class ChunkObjectInterleavedPredictionTest {
    private static final Map<String, String> TWINS = Map.of(
            "chunk-object-interleaved.unpadded-vs-padded.reader", "chunk-object.unpadded-vs-padded.reader",
            "chunk-object-interleaved.unpadded-vs-contended.reader", "chunk-object.unpadded-vs-contended.reader",
            "chunk-object-interleaved.unpadded-vs-padded.allocator", "chunk-object.unpadded-vs-padded.allocator",
            "chunk-object-interleaved.unpadded-vs-contended.allocator", "chunk-object.unpadded-vs-contended.allocator",
            "chunk-object-interleaved.padded-again-vs-padded.reader", "chunk-object.padded-again-vs-padded.reader");

    @Test
    void everyInterleavedChunkObjectClaimPredictsWhatItsForkPairedTwinDoes() {
        Predictions p = ChunkInterleavedPredictionTest.assertTwins(TWINS, 0);
        assertTrue(p.of("chunk-object-interleaved.unpadded-vs-padded.reader").extra() > 0, "the false sharing moves lines");
        assertEquals(0.0, p.of("chunk-object-interleaved.padded-again-vs-padded.reader").extra(), 1e-12);
    }
}
