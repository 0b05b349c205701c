package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Placement;
import org.junit.jupiter.api.Test;

/** Where each benchmark variant's csd lands, measured from the real address of freshly allocated blocks. */
class BenchmarkPlacementTest {
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
    void floorFlagSitsWhereALineAlignedCsdStarts() {
        Placement flag = LineFloor.placement();
        assertEquals(0, flag.startInLine());
        assertFalse(flag.straddles());
    }
}
