package org.cachelinebench.harness.chunk;

import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Control;

/**
 * What one execl does to {@code struct pcpu_chunk}: a {@code pcpu_alloc()} and its {@code free_percpu()}, written
 * once for {@code ChunkSymmetric} (every thread) and {@code ChunkExecl} (its allocators):
 * <pre>
 * spin_lock(pcpu_lock);   pcpu_alloc_area(): read-modify-write of free_bytes and the chunk_md hints
 * spin_unlock(pcpu_lock);
 * for_each_possible_cpu(cpu)               the memset of the new area in every unit:
 *     pcpu_chunk_addr(chunk, cpu, 0)       one load of base_addr per possible CPU
 * __addr_to_pcpu_ptr(chunk->base_addr + off)
 * spin_lock(pcpu_lock);   free_percpu(): off = addr - chunk->base_addr; pcpu_free_area()
 * spin_unlock(pcpu_lock);
 * </pre>
 * Inlined by force, as {@link PcpuChunkWorkload}'s steps are, so the compiled benchmark is what it was inline.
 */
public final class PcpuExecl {
    private PcpuExecl() {}

    /**
     * One {@code pcpu_alloc()} + {@code free_percpu()}; {@code unitOffsets} are {@code pcpu_unit_offsets[]} of the
     * possible CPUs. {@code area} holds an area whose {@code free_percpu()} an iteration's end cut short; it is freed
     * first. Returns a value the caller must consume (the addresses computed).
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static long allocFree(PcpuChunkFields c, PcpuLock l, long[] unitOffsets, PendingArea area, Control control) {
        if (area.held() > 0) {
            if (!PcpuChunkWorkload.freeLocked(c, l, area.oldest(), control)) {
                return 0;
            }
            area.removeOldest();
        }
        // pcpu_alloc()
        int bitOff = PcpuChunkWorkload.allocLocked(c, l, control);
        if (bitOff == PcpuChunkWorkload.NONE) {
            return 0;
        }
        int off = bitOff * PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        // memset(pcpu_chunk_addr(chunk, cpu, 0) + off, 0, size) for each possible CPU: one base_addr load each
        long sum = PcpuChunkWorkload.sumChunkAddrs(c, unitOffsets) + (long) off * unitOffsets.length;
        long ptr = c.baseAddrOnce() + off;                        // __addr_to_pcpu_ptr(chunk->base_addr + off)
        area.add(ptr);
        // free_percpu(ptr)
        if (!l.lock(control)) {
            return sum;
        }
        long freeOff = ptr - c.baseAddrOnce();                   // under the lock, as v6.4/v6.5's free_percpu()
        PcpuAllocator.freeArea(c, (int) (freeOff / PcpuAllocator.PCPU_MIN_ALLOC_SIZE), PcpuAllocator.AREA_BITS);
        area.removeOldest();
        l.unlock();
        return sum + ptr;
    }
}
