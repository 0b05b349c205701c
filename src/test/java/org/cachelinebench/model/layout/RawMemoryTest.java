package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/**
 * Every access of {@link RawMemory} reaches the bytes its index names, in native order, and no others; the memory
 * starts on a line and its capacity is whole lines, zeroed. (Its accesses check no bounds: the callers do.)
 */
class RawMemoryTest {
    private static final int LINE = 64;

    @Test
    void startsOnALineWithWholeZeroedLines() {
        for (int lines : new int[] {1, 3, 7}) {
            RawMemory m = RawMemory.allocate(lines, LINE);
            assertEquals(lines * LINE, m.capacity());
            assertEquals(LINE, m.lineSize());
            assertEquals(0, m.addressModulo(0, LINE));
            assertEquals(40, m.addressModulo(40, LINE));
            assertEquals(m.addressModulo(0, 4096) + 100 & 4095, m.addressModulo(100, 4096));
            for (int i = 0; i < m.capacity(); i += Long.BYTES) {
                assertEquals(0L, m.getLong(i), "byte " + i);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> RawMemory.allocate(0, LINE));
        assertThrows(IllegalArgumentException.class, () -> RawMemory.allocate(1, LINE).addressModulo(0, 48));
    }

    /** Each long access writes or reads exactly bytes i..i+7, in native order, whatever its strength. */
    @Test
    void everyLongStrengthReachesItsEightBytes() {
        RawMemory m = RawMemory.allocate(2, LINE);
        int i = 72;
        long v = 0x0102030405060708L;
        String[] writes = {"plain", "release", "volatile", "cas", "cae", "xchg"};
        for (String how : writes) {
            clear(m);
            switch (how) {
                case "plain": m.setLong(i, v); break;
                case "release": m.setLongRelease(i, v); break;
                case "volatile": m.setLongVolatile(i, v); break;
                case "cas": assertTrue(m.compareAndSetLong(i, 0L, v)); break;
                case "cae": assertEquals(0L, m.compareAndExchangeLong(i, 0L, v)); break;
                default: assertEquals(0L, m.getAndSetLong(i, v)); break;
            }
            assertBytes(m, i, Long.BYTES, v, how);
            assertEquals(v, m.getLong(i), how);
            assertEquals(v, m.getLongOpaque(i), how);
            assertEquals(v, m.getLongAcquire(i), how);
            assertEquals(v, m.getLongVolatile(i), how);
        }
        assertFalse(m.compareAndSetLong(i, 0L, 1L), "a failed swap");
        assertEquals(v, m.compareAndExchangeLong(i, 0L, 1L), "a failed exchange returns what it found");
        assertBytes(m, i, Long.BYTES, v, "after the failed swaps");
    }

    /** Each int access writes or reads exactly bytes i..i+3, in native order, whatever its strength. */
    @Test
    void everyIntStrengthReachesItsFourBytes() {
        RawMemory m = RawMemory.allocate(2, LINE);
        int i = 68;
        int v = 0x0a0b0c0d;
        for (String how : new String[] {"plain", "opaque", "release", "cas"}) {
            clear(m);
            switch (how) {
                case "plain": m.setInt(i, v); break;
                case "opaque": m.setIntOpaque(i, v); break;
                case "release": m.setIntRelease(i, v); break;
                default: assertTrue(m.compareAndSetInt(i, 0, v)); break;
            }
            assertBytes(m, i, Integer.BYTES, v, how);
            assertEquals(v, m.getInt(i), how);
            assertEquals(v, m.getIntOpaque(i), how);
            assertEquals(v, m.getIntAcquire(i), how);
            assertEquals(v, m.getIntVolatile(i), how);
        }
        assertFalse(m.compareAndSetInt(i, 0, 1));
    }

    /** A plain int may start at any byte (the pcpu_chunk model reads a bool as the int that starts at it). */
    @Test
    void plainIntsNeedNoAlignment() {
        RawMemory m = RawMemory.allocate(1, LINE);
        m.setInt(13, 0x11223344);
        assertBytes(m, 13, Integer.BYTES, 0x11223344, "unaligned");
    }

    /** The readers' path: the absolute address of a long, loaded with no object in the way. */
    @Test
    void theAbsoluteAddressReadsTheSameLong() {
        RawMemory m = RawMemory.allocate(2, LINE);
        long a = m.addressOfLong(64);
        assertEquals(m.addressModulo(64, 1 << 30), (int) (a & ((1 << 30) - 1)));
        m.setLongVolatile(64, 0x1234_5678_9abcL);
        assertEquals(0x1234_5678_9abcL, RawMemory.getLongVolatileAt(a));
        assertThrows(IllegalArgumentException.class, () -> m.addressOfLong(124));
        assertThrows(IllegalArgumentException.class, () -> m.addressOfLong(2 * LINE));
        assertThrows(IllegalArgumentException.class, () -> m.addressOfLong(-8));
    }

    private static void clear(RawMemory m) {
        for (int i = 0; i < m.capacity(); i += Long.BYTES) {
            m.setLong(i, 0L);
        }
    }

    /** Bytes {@code [i, i + width)} hold {@code v} in native order, every other byte is zero. */
    private static void assertBytes(RawMemory m, int i, int width, long v, String how) {
        for (int b = 0; b < m.capacity(); b++) {
            int expected = 0;
            if (b >= i && b < i + width) {
                int k = b - i;
                int shift = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? k : width - 1 - k;
                expected = (int) (v >>> (8 * shift)) & 0xff;
            }
            assertEquals(expected, byteAt(m, b), how + ": byte " + b);
        }
    }

    /** Byte {@code b}, read through the long that holds it, in native order. */
    private static int byteAt(RawMemory m, int b) {
        long word = m.getLong(b / 8 * 8);
        int k = b % 8;
        int shift = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? k : 7 - k;
        return (int) (word >>> (8 * shift)) & 0xff;
    }
}
