package org.cachelinebench.coherence.unit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.junit.jupiter.api.Test;

/**
 * The pcpu_chunk reader ratio's model: which layouts' base_addr lines the allocator's own steps take from a reader
 * (traced), and the ratio that follows from a run's rates.
 */
class ReaderRatioTest {
    private static ReaderRatio of(String id) {
        return ReaderRatio.of(Suite.claim(id), Model.DEFAULT);
    }

    @Test
    void v64Rc4sStepsTakeBaseAddrsLineAndTheMergedFixsNever() {
        ReaderRatio r = of("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader");
        assertEquals("", r.why());
        // Every step stores free_bytes, in base_addr's line in v6.4-rc4: a reader loading between steps loses its copy each step.
        assertEquals(1.0, r.subject().low(), 1e-9);
        assertTrue(r.subject().high() >= r.subject().low());
        assertTrue(r.reference().none());
        assertTrue(!r.exact());
        // The unmerged v2 moved bound_map in front of base_addr: no step writes its line either.
        assertTrue(of("chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader").reference().none());
    }

    @Test
    void saveMemoryLineIsTakenAtTheSetsOccupancyAndTheHolesNever() {
        // nr_empty_pop_pages shares base_addr's line in save-memory: written on 2 of 16 steps at the set's live=8.
        ReaderRatio r = of("chunk-empty-pages-live8.save-memory-vs-v6.5-merged.reader");
        assertEquals("", r.why());
        assertEquals(2.0 / 16, r.subject().low(), 1e-12);
        assertTrue(r.reference().none());
        assertTrue(!r.exact());
        assertEquals(1.0, of("chunk-empty-pages-live1.save-memory-vs-v6.5-merged.reader").subject().low(), 1e-12);
        assertTrue(of("chunk-empty-pages-live8.save-memory-hole-vs-v6.5-merged.reader").exact());
    }

    @Test
    void theAaControlIsExactlyOne() {
        ReaderRatio r = of("chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader");
        assertTrue(r.exact());
        double[] b = r.bounds(new ReaderRatio.Rates(2, 0.1, 0.1), 50, 60);
        assertEquals(1.0, b[0], 1e-12);
        assertEquals(1.0, b[1], 1e-12);
    }

    @Test
    void javaObjectsUnpaddedLoseTheLinePaddedNever() {
        ReaderRatio r = of("chunk-object-interleaved.unpadded-vs-padded.reader");
        assertTrue(r.subject().low() > 0);
        assertTrue(r.reference().none());
        assertTrue(of("chunk-object-interleaved.padded-again-vs-padded.reader").exact());
    }

    @Test
    void aMissPerInvalidationAtMostOnePerLoad() {
        ReaderRatio r = of("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader");
        // 1 ns a hit, a 40 ns hop, 0.05 steps a load: 1 + 0.05 x (1 .. high) x 40 over 1.
        double[] b = r.bounds(new ReaderRatio.Rates(1, 0.05, 0.05), 40, 40);
        assertEquals(1 + 0.05 * 40, b[0], 1e-9);
        assertEquals(1 + Math.min(1, 0.05 * r.subject().high()) * 40, b[1], 1e-9);
        double[] saturated = r.bounds(new ReaderRatio.Rates(1, 5, 5), 40, 40);
        assertEquals(41, saturated[0], 1e-9);
        assertEquals(41, saturated[1], 1e-9);
    }

    @Test
    void allocatorClaimsAndHandshakesHaveNoReaderRatio() {
        assertNull(of("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.allocator"));
        assertNull(of("mailbox.straddled-vs-line-aligned"));
    }
}
