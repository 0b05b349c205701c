package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.cachelinebench.ipi.IpiBenchmark;
import org.cachelinebench.ipi.IpiOffsetSweep;
import org.cachelinebench.ipi.LineFloor;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Placement;
import org.junit.jupiter.api.Test;

/** Where the csd lands, measured from the real address of freshly allocated blocks. */
class CsdPlacementTest {
    static final int LINE = CacheLine.SIZE;
    static final int CSD = CallSingleData.V4_13.size();

    @Test
    void variantsLandWhereTheyClaim() {
        Map<String, Placement> p = IpiBenchmark.placements();
        assertEquals(java.util.List.of("straddled", "size-aligned", "line-aligned"), java.util.List.copyOf(p.keySet()));

        Placement straddled = p.get("straddled");
        assertEquals(LINE - 16, straddled.startInLine());
        assertEquals(2, straddled.lines());
        assertTrue(straddled.straddles());

        Placement sizeAligned = p.get("size-aligned");
        assertEquals(32, sizeAligned.startInLine());
        assertNotEquals(0, sizeAligned.startInLine() % LINE, "size-aligned must not be a line boundary");
        assertEquals(1, sizeAligned.lines());

        Placement lineAligned = p.get("line-aligned");
        assertEquals(0, lineAligned.startInLine());
        assertEquals(1, lineAligned.lines());
    }

    @Test
    void straddledSplitsV4_13BetweenFuncAndInfo() {
        Placement s = IpiBenchmark.placements().get("straddled");
        int boundary = LINE - s.startInLine();          // struct offset where line B starts
        assertEquals(CallSingleData.V4_13.offsetOf("info"), boundary);
        assertTrue(CallSingleData.V4_13.member("func").end() <= boundary);
    }

    @Test
    void everySweepOffsetStraddlesExactlyWhenItRunsPastTheLine() {
        Map<Integer, Placement> sweep = IpiOffsetSweep.placements();
        assertEquals(LINE / 8, sweep.size());
        for (Map.Entry<Integer, Placement> e : sweep.entrySet()) {
            int offset = e.getKey();
            Placement p = e.getValue();
            assertEquals(offset, p.startInLine(), "offset " + offset);
            assertEquals(offset + CSD > LINE ? 2 : 1, p.lines(), "offset " + offset);
        }
    }

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
    void floorFlagSitsWhereALineAlignedCsdStarts() {
        Placement flag = LineFloor.placement();
        assertEquals(0, flag.startInLine());
        assertFalse(flag.straddles());
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
