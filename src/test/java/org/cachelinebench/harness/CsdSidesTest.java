package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Placement;
import org.junit.jupiter.api.Test;

/**
 * The five csd sides in the five blocks land where they claim, measured from the real addresses, and the
 * handshakes of one block share that block's memory.
 */
class CsdSidesTest {
    static final int LINE = CacheLine.SIZE;

    @Test
    void everySideLandsWhereItClaimsInEveryBlock() {
        for (CsdLayout layout : CsdLayout.values()) {
            HandshakeGrid grid = new HandshakeGrid(CsdSides.of(layout, IpiMode.SYNC));
            assertEquals(CsdSides.NAMES, grid.names());
            for (int b = 0; b < grid.size(); b++) {
                Placement reference = mailbox(grid, CsdSides.REFERENCE_SIDE, b).placement();
                assertEquals(0, reference.startInLine());
                assertEquals(1, reference.lines());
                Placement again = mailbox(grid, CsdSides.LINE_ALIGNED_AGAIN_SIDE, b).placement();
                assertEquals(reference.startInLine(), again.startInLine(), "the A/A side has the reference's placement");
                assertEquals(reference.lines(), again.lines());
                Placement straddled = mailbox(grid, CsdSides.STRADDLED_SIDE, b).placement();
                assertEquals(LINE - 16, straddled.startInLine());
                assertTrue(straddled.straddles());
                Placement sizeAligned = mailbox(grid, CsdSides.SIZE_ALIGNED_SIDE, b).placement();
                assertEquals(32, sizeAligned.startInLine());
                assertEquals(1, sizeAligned.lines());
                Placement flag = ((FlagPingPong) grid.at(CsdSides.FLOOR_SIDE, b)).placement();
                assertEquals(0, flag.startInLine());
                assertFalse(flag.straddles());
            }
        }
    }

    @Test
    void theHandshakesOfOneBlockShareItsMemoryAndBlocksAreDistinct() {
        HandshakeGrid grid = new HandshakeGrid(CsdSides.of(CsdLayout.V4_13, IpiMode.ASYNC));
        for (int b = 0; b < grid.size(); b++) {
            for (int s : List.of(CsdSides.REFERENCE_SIDE, CsdSides.STRADDLED_SIDE, CsdSides.SIZE_ALIGNED_SIDE,
                    CsdSides.LINE_ALIGNED_AGAIN_SIDE)) {
                assertSame(grid.block(b), mailbox(grid, s, b).block());
                assertEquals(IpiMode.ASYNC, mailbox(grid, s, b).mode());
            }
            assertSame(grid.block(b), ((FlagPingPong) grid.at(CsdSides.FLOOR_SIDE, b)).block());
            for (int other = b + 1; other < grid.size(); other++) {
                assertNotSame(grid.block(b), grid.block(other));
            }
        }
    }

    @Test
    void sidesNeedDistinctNames() {
        InterleavedSide floor = new InterleavedSide(CsdSides.FLOOR, FlagPingPong::in);
        assertThrows(IllegalArgumentException.class, () -> new HandshakeGrid(List.of(floor, floor)));
    }

    private static IpiMailbox mailbox(HandshakeGrid grid, int side, int block) {
        return (IpiMailbox) grid.at(side, block);
    }
}
