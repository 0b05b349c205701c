package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A holder's positions reach the bytes the memory's own indexes reach, on raw memory (absolute addresses: origin is
 * byte 0's real address) and on any other (indexes: origin 0), with every access kind, each store inside its width.
 */
class PositionsTest {
    private static final int LINE = 64;

    @Test
    void rawPositionsAreTheRealAddresses() {
        RawMemory m = RawMemory.allocate(2, LINE);
        long origin = Positions.origin(m);
        assertEquals(m.addressModulo(0, 1 << 30), (int) (origin & ((1 << 30) - 1)));
        assertEquals(0, origin % LINE, "byte 0 starts a line");
        accessesReachTheSameBytes(m);
    }

    @Test
    void otherMemoryIsReachedByIndex() {
        LineAlignedMemory m = LineAlignedMemory.allocate(2);
        assertEquals(0, Positions.origin(m));
        accessesReachTheSameBytes(m);
    }

    private static void accessesReachTheSameBytes(Memory m) {
        Positions p = Positions.of(m);
        long o = Positions.origin(m);
        m.setInt(68, 0x5566_7788);
        assertEquals(0x5566_7788, p.getInt(o + 68));
        assertEquals(0x5566_7788, p.getIntOpaque(o + 68));
        p.setInt(o + 68, 0x0102_0304);
        assertEquals(0x0102_0304, m.getInt(68));
        assertEquals(0L, m.getLong(72), "the store stays inside its four bytes");
        assertEquals(0, m.getInt(64), "the store stays inside its four bytes");
        p.setIntRelease(o + 68, 7);
        assertEquals(7, m.getInt(68));
        assertFalse(p.compareAndSetInt(o + 68, 0, 1));
        assertTrue(p.compareAndSetInt(o + 68, 7, 0));
        assertEquals(0, m.getInt(68));
        p.setLong(o + 72, 0x0123_4567_89ab_cdefL);
        assertEquals(0x0123_4567_89ab_cdefL, m.getLong(72));
        assertEquals(0, m.getInt(68), "the store stays inside its eight bytes");
        assertEquals(0, m.getInt(80), "the store stays inside its eight bytes");
        m.setLong(88, -2L);
        assertEquals(-2L, p.getLong(o + 88));
    }
}
