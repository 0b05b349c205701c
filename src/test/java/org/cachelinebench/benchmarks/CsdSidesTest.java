package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.harness.interleave.HandshakeGrid;
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.FlagMailbox;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.cachelinebench.model.ipi.LineProbe;
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
            HandshakeGrid grid = new HandshakeGrid(CsdSides.of(IpiProtocol.KERNEL, layout, IpiMode.SYNC, 0));
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
        HandshakeGrid grid = new HandshakeGrid(CsdSides.of(IpiProtocol.KERNEL, CsdLayout.V4_13, IpiMode.ASYNC, 0));
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

    /**
     * With the doorbell and the flag mailbox the sides keep their placements; every side says which members fall in
     * which line, the same in every block, from the real addresses.
     */
    @Test
    void everyProtocolsSidesSayWhichMembersFallInWhichLine() {
        for (IpiProtocol protocol : IpiProtocol.values()) {
            HandshakeGrid grid = new HandshakeGrid(CsdSides.of(protocol, CsdLayout.V4_13, IpiMode.SYNC, 0));
            for (int s = 0; s < grid.size(); s++) {
                String where = grid.whereIs(s);
                assertFalse(where.contains("block 0:"), "the same in every block: " + where);
                for (int b = 0; b < grid.size(); b++) {
                    Handshake h = grid.at(s, b);
                    if (s == CsdSides.FLOOR_SIDE) {
                        assertTrue(h instanceof FlagPingPong, grid.where(s, b));
                    } else if (CsdSides.PROBES.contains(grid.names().get(s))) {
                        assertTrue(h instanceof LineProbe, grid.where(s, b));
                    } else if (protocol == IpiProtocol.FLAG) {
                        assertTrue(h instanceof FlagMailbox, grid.where(s, b));
                    } else {
                        assertEquals(protocol == IpiProtocol.DOORBELL, ((IpiMailbox) h).doorbell(), grid.where(s, b));
                    }
                }
            }
            assertEquals("one 4-byte flag at offset 0 of line 3", grid.whereIs(CsdSides.FLOOR_SIDE));
            // The probes' extra line: another pair's line (B), or line A's buddy in its 128-byte pair (line 2).
            assertTrue(grid.whereIs(CsdSides.NAMES.indexOf(CsdSides.PROBE_SERIAL)).endsWith("(offset 0 of line 4)"));
            assertTrue(grid.whereIs(CsdSides.NAMES.indexOf(CsdSides.PROBE_PAIR)).endsWith("(offset 0 of line 2)"));
            assertTrue(grid.whereIs(CsdSides.NAMES.indexOf(CsdSides.PROBE_PARALLEL)).endsWith("(offset 0 of line 4)"));
            if (LINE == 64) {
                String straddled = grid.whereIs(CsdSides.STRADDLED_SIDE);
                assertTrue(straddled.contains("at offset 48: llist.next, func in line 3; info, flags in line 4"), straddled);
                String aligned = grid.whereIs(CsdSides.REFERENCE_SIDE);
                assertTrue(aligned.contains("at offset 0: llist.next, func, info, flags in line 3"), aligned);
                assertEquals(protocol == IpiProtocol.DOORBELL, aligned.endsWith("doorbell in line 1"), aligned);
                assertEquals(protocol != IpiProtocol.FLAG, aligned.contains("queue head in line 0"), aligned);
            }
        }
    }

    /** The sweep's ten sides: offset 0, the floor, 8..56, offset 0 again; each csd at its offset. */
    @Test
    void theSweepsSidesAreEveryOffsetOfALine() {
        HandshakeGrid grid = new HandshakeGrid(SweepSides.of(IpiProtocol.KERNEL, IpiMode.SYNC, 0));
        assertEquals(List.of("offset-0", "floor", "offset-8", "offset-16", "offset-24", "offset-32", "offset-40",
                "offset-48", "offset-56", "offset-0-again"), grid.names());
        for (int s = 0; s < grid.size(); s++) {
            if (s == SweepSides.FLOOR_SIDE) {
                continue;
            }
            int offset = ((IpiMailbox) grid.at(s, 0)).offset();
            assertEquals(grid.names().get(s).startsWith("offset-0") ? 0 : Integer.parseInt(grid.names().get(s).substring(7)), offset);
            Placement p = ((IpiMailbox) grid.at(s, 0)).placement();
            assertEquals(offset, p.startInLine());
            assertEquals(offset + 32 > LINE, p.straddles(), grid.names().get(s));
        }
        FlagMailbox flag = (FlagMailbox) new HandshakeGrid(SweepSides.of(IpiProtocol.FLAG, IpiMode.SYNC, 0))
                .at(SweepSides.NAMES.indexOf("offset-56"), 0);
        if (LINE == 64) {
            assertTrue(flag.where().endsWith("at offset 56: llist.next in line 3; func, info, flags in line 4"),
                    flag.where());
        }
    }

    @Test
    void sidesNeedDistinctNames() {
        Side floor = new Side(CsdSides.FLOOR, FlagPingPong::in);
        assertThrows(IllegalArgumentException.class, () -> new HandshakeGrid(List.of(floor, floor)));
    }

    private static IpiMailbox mailbox(HandshakeGrid grid, int side, int block) {
        return (IpiMailbox) grid.at(side, block);
    }
}
