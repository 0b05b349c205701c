package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Placement;
import org.junit.jupiter.api.Test;

/**
 * The csd block's geometry and placement rules, measured from the real address of freshly allocated
 * blocks. Where each benchmark variant lands: {@code benchmarks.BenchmarkPlacementTest}.
 */
class CsdPlacementTest {
    static final int LINE = CacheLine.SIZE;
    static final int CSD = CallSingleData.V4_13.size();

    @Test
    void allVariantsShareTheBlockGeometry() {
        for (CsdPlacement variant : CsdPlacement.values()) {
            for (CsdLayout layout : CsdLayout.values()) {
                IpiMailbox box = IpiMailbox.create(layout, IpiMode.SYNC, variant);
                CsdBlock block = box.block();
                Placement head = block.placeHead();
                Placement csd = box.placement();
                // The queue head is alone in its line, three lines before the csd lines.
                assertEquals(0, head.startInLine());
                assertEquals(3, csd.firstLine() - head.firstLine(), variant + " " + layout);
                // Same block size and csd lines for every variant; line A starts a 2-line pair.
                assertEquals((CsdBlock.LINES + 1) * LINE, block.memory().capacity());
                assertEquals(LINE, block.memory().addressModulo(block.csdLines(), 2 * LINE));
                assertEquals(0, block.memory().addressModulo(block.head(), 2 * LINE));
            }
        }
    }

    @Test
    void blockRejectsOffsetsOutsideOneLine() {
        assertThrows(IllegalArgumentException.class, () -> CsdBlock.checkOffset(12, CSD, 64));
        assertThrows(IllegalArgumentException.class, () -> CsdBlock.checkOffset(-8, CSD, 64));
        assertThrows(IllegalArgumentException.class, () -> CsdBlock.checkOffset(64, CSD, 64));
        CsdBlock.checkOffset(56, CSD, 64);
        CsdBlock.checkOffset(120, CSD, 128);
    }

    @Test
    void placementNeedsLinesOfTwiceTheCsd() {
        assertEquals(48, CsdPlacement.STRADDLED.offset(64, 32));
        assertEquals(112, CsdPlacement.STRADDLED.offset(128, 32));
        assertEquals(32, CsdPlacement.SIZE_ALIGNED.offset(128, 32));
        assertThrows(IllegalArgumentException.class, () -> CsdPlacement.SIZE_ALIGNED.offset(32, 32));
    }
}
