package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.RawMemory;
import org.junit.jupiter.api.Test;

/**
 * A pointer the allocator follows must land inside the metadata: its accesses check no bounds, so a corrupt pointer
 * fails here, before any access, at either end of the memory.
 */
class PcpuAllocatorMemoryPointerTest {
    @Test
    void aPointerOutsideTheMetadataFailsAtEitherEnd() {
        int[] bytes = new int[1];
        PcpuAllocatorMemory md = new PcpuAllocatorMemory(n -> {
            bytes[0] = n;
            return RawMemory.allocate(n / CacheLine.SIZE, CacheLine.SIZE);
        });
        long first = PcpuAllocatorMemory.ADDR_VALUE;
        long last = first + bytes[0] - 1;
        assertEquals(0, md.block(first, 0));
        assertEquals(bytes[0] - 1, md.block(last, 0));
        assertThrows(IllegalStateException.class, () -> md.block(first - 1, 0));
        assertThrows(IllegalStateException.class, () -> md.block(last + 1, 0));
        assertThrows(IllegalStateException.class, () -> md.block(0L, 0));
        assertThrows(IllegalStateException.class, () -> md.block(Long.MAX_VALUE, 0));
    }
}
