package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.model.layout.Placement;
import org.junit.jupiter.api.Test;

/**
 * The per-cpu units of smp_call_function_many_cond(): each sender's csd for a target at consecutive offsets of the
 * target's unit, rounded up to the alignment, and which csds share or straddle lines, from the real addresses.
 */
class PercpuCsdUnitsTest {
    private static final int LINE = 64;

    @Test
    void alignedToTheLineEverySenderHasALineOfItsOwn() {
        PercpuCsdUnits u = PercpuCsdUnits.allocate(4, 2, 64, 0, LINE);
        for (int t = 0; t < 2; t++) {
            for (int s = 0; s < 4; s++) {
                Placement p = u.place(s, t);
                assertEquals(0, p.startInLine(), "sender " + s + " target " + t);
                assertFalse(p.straddles());
                assertEquals(List.of(s), u.sendersInLine(t, PercpuCsdUnits.CSD_LINE + s));
            }
        }
        assertEquals(1, u.mostSendersPerLine());
        assertEquals(64, PercpuCsdUnits.stride(64));
    }

    @Test
    void mainlinesSizeAlignmentPutsTwoSendersInALine() {
        PercpuCsdUnits u = PercpuCsdUnits.allocate(4, 1, 32, 0, LINE);
        assertEquals(32, PercpuCsdUnits.stride(32));
        assertEquals(List.of(0, 1), u.sendersInLine(0, 3));
        assertEquals(List.of(2, 3), u.sendersInLine(0, 4));
        assertEquals(List.of(), u.straddling(0));
        assertEquals(2, u.mostSendersPerLine());
        assertEquals(32, u.place(1, 0).startInLine());
        // a first csd in the second half of its line pairs the next two instead
        PercpuCsdUnits late = PercpuCsdUnits.allocate(3, 1, 32, 32, LINE);
        assertEquals(List.of(0), late.sendersInLine(0, 3));
        assertEquals(List.of(1, 2), late.sendersInLine(0, 4));
    }

    @Test
    void v413sEightByteAlignmentStraddlesEveryOtherCsd() {
        PercpuCsdUnits u = PercpuCsdUnits.allocate(4, 1, 8, 48, LINE);
        assertEquals(32, PercpuCsdUnits.stride(8));
        assertEquals(List.of(0, 2), u.straddling(0));
        assertEquals(List.of(0), u.sendersInLine(0, 3));
        assertEquals(List.of(0, 1, 2), u.sendersInLine(0, 4));
        assertEquals(List.of(2, 3), u.sendersInLine(0, 5));
        assertEquals(3, u.mostSendersPerLine());
        assertTrue(u.place(0, 0).straddles());
        assertEquals(48, u.place(0, 0).startInLine());
        assertEquals("align 8, first csd at byte 48 of its line, 4 sender(s), 1 target(s): lines of target 0's unit: "
                + "line 3 senders 0; line 4 senders 0,1,2; line 5 senders 2,3; straddling: senders 0,2; queue head in "
                + "line 0, doorbell in line 1, idle flags in line 2; csds adjacent (assumed)", u.describe());
    }

    /** boot-apart: the boot CPU's csd alone on the line after the others', which stay adjacent from start. */
    @Test
    void bootApartPutsSenderZeroAloneAfterTheOthers() {
        PercpuCsdUnits u = PercpuCsdUnits.allocate(4, 1, 32, 0, CsdAllocationOrder.BOOT_APART, 64);
        assertEquals(List.of(1, 2), u.sendersInLine(0, 3));
        assertEquals(List.of(3), u.sendersInLine(0, 4));
        assertEquals(List.of(0), u.sendersInLine(0, 5));
        PercpuCsdUnits adjacent = PercpuCsdUnits.allocate(4, 1, 32, 0, CsdAllocationOrder.ADJACENT, 64);
        assertEquals(List.of(0, 1), adjacent.sendersInLine(0, 3));
        assertEquals(List.of(2, 3), adjacent.sendersInLine(0, 4));
    }

    @Test
    void unitsStartOnALinePairAndShareNoLine() {
        PercpuCsdUnits u = PercpuCsdUnits.allocate(3, 3, 32, 0, LINE);
        int previousEnd = -1;
        for (int t = 0; t < 3; t++) {
            assertEquals(0, u.memory().addressModulo(u.queue(t), 2 * LINE), "unit " + t + " on a 128-byte boundary");
            assertEquals(LINE, u.doorbell(t) - u.queue(t));
            int first = u.queue(t) / LINE;
            assertTrue(first > previousEnd, "unit " + t + " starts after the previous unit's last line");
            previousEnd = (u.csd(2, t) + 31) / LINE;
            assertEquals(PercpuCsdUnits.CSD_LINE, u.unitLine(t, u.csd(0, t)));
        }
    }

    /** With one sender and one target, the csd sits where IpiInterleaved's CsdBlock puts it, relative to the queue. */
    @Test
    void oneSenderOneTargetIsTheInterleavedBlocksGeometry() {
        CsdBlock block = CsdBlock.allocate(LINE);
        for (int[] alignStart : new int[][] {{64, 0}, {32, 32}, {8, 48}}) {
            PercpuCsdUnits u = PercpuCsdUnits.allocate(1, 1, alignStart[0], alignStart[1], LINE);
            int size = PercpuCsdUnits.LAYOUT.struct().size();
            assertEquals(block.csd(alignStart[1], size) - block.head(), u.csd(0, 0) - u.queue(0));
            assertEquals(block.doorbell() - block.head(), u.doorbell(0) - u.queue(0));
            assertEquals(block.placeCsd(alignStart[1], size).straddles(), u.place(0, 0).straddles());
        }
    }

    @Test
    void badShapesAreOneLine() {
        assertEquals("align 16 is not 8 (v4.13), 32 (mainline) or 64 (the 2017 series)",
                assertThrows(IllegalArgumentException.class, () -> PercpuCsdUnits.allocate(1, 1, 16, 0, LINE)).getMessage());
        assertEquals("start 16 is not a multiple of align 32 inside a 64-byte line",
                assertThrows(IllegalArgumentException.class, () -> PercpuCsdUnits.allocate(1, 1, 32, 16, LINE)).getMessage());
        assertEquals("need at least one sender and one target, not 0 and 1",
                assertThrows(IllegalArgumentException.class, () -> PercpuCsdUnits.allocate(0, 1, 32, 0, LINE)).getMessage());
    }
}
