package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;

import org.junit.jupiter.api.Test;

class LineAlignedMemoryViewTest {
    @Test
    void readOnlyViewSeesTheSameBytesAtTheSameAddresses() {
        LineAlignedMemory m = LineAlignedMemory.allocate(2, 64);
        ByteBuffer view = m.asReadOnlyBuffer();
        assertTrue(view.isDirect());
        assertTrue(view.isReadOnly());
        assertEquals(ByteOrder.nativeOrder(), view.order());
        assertEquals(m.capacity(), view.capacity());
        for (int i : new int[] {0, 8, 56, 64, 120}) {
            assertEquals(m.addressModulo(i, 1 << 30), view.alignmentOffset(i, 1 << 30), "address of byte " + i);
        }
        m.setLong(64, 0x1122334455667788L);
        assertEquals(0x1122334455667788L, view.getLong(64));
        assertThrows(ReadOnlyBufferException.class, () -> view.putLong(0, 1));
    }
}
