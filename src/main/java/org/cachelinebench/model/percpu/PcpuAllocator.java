package org.cachelinebench.model.percpu;

import static org.cachelinebench.model.percpu.PcpuChunkFields.CONTIG_HINT;
import static org.cachelinebench.model.percpu.PcpuChunkFields.CONTIG_HINT_START;
import static org.cachelinebench.model.percpu.PcpuChunkFields.FIRST_FREE;
import static org.cachelinebench.model.percpu.PcpuChunkFields.FREE_BYTES;
import static org.cachelinebench.model.percpu.PcpuChunkFields.LEFT_FREE;
import static org.cachelinebench.model.percpu.PcpuChunkFields.NR_BITS;
import static org.cachelinebench.model.percpu.PcpuChunkFields.RIGHT_FREE;
import static org.cachelinebench.model.percpu.PcpuChunkFields.SCAN_HINT;
import static org.cachelinebench.model.percpu.PcpuChunkFields.SCAN_HINT_START;

/**
 * The memory accesses of mm/percpu.c that this model times, written once for every layout.
 *
 * <ul>
 *   <li>{@link #allocArea} / {@link #freeArea}: {@code pcpu_alloc_area()} / {@code pcpu_free_area()},
 *       called with {@code pcpu_lock} held: a read-modify-write of {@code free_bytes} and of the
 *       {@code chunk_md} hints that {@code pcpu_block_update_hint_alloc/free()} maintain, a read of
 *       {@code chunk_md.nr_bits}, and with CONFIG_PERCPU_STATS the per-chunk counters.</li>
 *   <li>{@link #chunkAddr}: {@code pcpu_chunk_addr()}, which runs without {@code pcpu_lock}:
 *       {@code chunk->base_addr + pcpu_unit_offsets[cpu] + (page << PAGE_SHIFT)}.</li>
 * </ul>
 *
 * The arithmetic on the hints is not the kernel's bitmap search (which lives in other memory): the
 * counts move by the area size, and {@code first_free} follows the kernel's rule (advance past an area
 * allocated at it, fall back to {@code min(first_free, freed offset)}), so that when every allocation
 * is freed again all values return to their start, and while {@code n} threads alternate they stay
 * within {@code n} areas of it, however long the run. What is faithful is which members are loaded
 * and stored, how, and under which lock.
 */
public final class PcpuAllocator {
    /** mm/percpu.c: one bit of the allocation map covers this many bytes. */
    public static final int PCPU_MIN_ALLOC_SIZE = 4;
    /** x86-64 base pages. */
    public static final int PAGE_SHIFT = 12;
    /**
     * Bytes per allocation: the {@code s32} per-CPU count of a {@code percpu_counter}, which execl's
     * {@code mm_init()} allocates several of per process.
     */
    public static final int AREA_SIZE = 4;
    /** {@link #AREA_SIZE} in allocation-map bits. */
    public static final int AREA_BITS = AREA_SIZE / PCPU_MIN_ALLOC_SIZE;

    /** A chunk here serves one unit's worth of pages, {@link PcpuUnits#UNIT_PAGES}. */
    public static final int CHUNK_PAGES = PcpuUnits.UNIT_PAGES;
    /** Bits in a chunk's allocation map: {@code pcpu_chunk_map_bits()}. */
    public static final int CHUNK_BITS = (CHUNK_PAGES << PAGE_SHIFT) / PCPU_MIN_ALLOC_SIZE;
    /** A chunk's {@code base_addr}: in the x86-64 vmalloc area, where chunks live. Only ever added to. */
    public static final long CHUNK_BASE_ADDR = 0xffffc90000400000L;

    private PcpuAllocator() {}

    /**
     * The members of a fresh, empty chunk, as {@code pcpu_alloc_chunk()} and
     * {@code pcpu_init_md_block()} leave them: everything free, one contiguous free area.
     */
    public static void initialiseEmpty(PcpuChunkFields chunk) {
        chunk.setInt(FREE_BYTES, CHUNK_PAGES << PAGE_SHIFT);
        chunk.setInt(SCAN_HINT, 0);
        chunk.setInt(SCAN_HINT_START, 0);
        chunk.setInt(CONTIG_HINT, CHUNK_BITS);
        chunk.setInt(CONTIG_HINT_START, 0);
        chunk.setInt(LEFT_FREE, CHUNK_BITS);
        chunk.setInt(RIGHT_FREE, CHUNK_BITS);
        chunk.setInt(FIRST_FREE, 0);
        chunk.setInt(NR_BITS, CHUNK_BITS);
    }

    /** {@code pcpu_alloc_area()}: takes {@code bits} from the chunk; returns the area's bit offset. Caller holds the lock. */
    public static int allocArea(PcpuChunkFields chunk, int bits) {
        int nrBits = chunk.getInt(NR_BITS);
        int bitOff = chunk.getInt(FIRST_FREE);
        chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) - bits * PCPU_MIN_ALLOC_SIZE);
        chunk.setInt(FIRST_FREE, Math.min(bitOff + bits, nrBits));
        chunk.setInt(CONTIG_HINT, chunk.getInt(CONTIG_HINT) - bits);
        chunk.setInt(CONTIG_HINT_START, chunk.getInt(CONTIG_HINT_START) + bits);
        chunk.setInt(SCAN_HINT, chunk.getInt(SCAN_HINT) + bits);
        chunk.setInt(SCAN_HINT_START, chunk.getInt(SCAN_HINT_START) + bits);
        chunk.setInt(LEFT_FREE, chunk.getInt(LEFT_FREE) - bits);
        chunk.setInt(RIGHT_FREE, chunk.getInt(RIGHT_FREE) - bits);
        chunk.statsAreaAlloc(bits * PCPU_MIN_ALLOC_SIZE);
        return bitOff;
    }

    /** {@code pcpu_free_area()}: returns the area at {@code bitOff}. Caller holds the lock. */
    public static void freeArea(PcpuChunkFields chunk, int bitOff, int bits) {
        chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) + bits * PCPU_MIN_ALLOC_SIZE);
        chunk.setInt(FIRST_FREE, Math.min(chunk.getInt(FIRST_FREE), bitOff));
        chunk.setInt(CONTIG_HINT, chunk.getInt(CONTIG_HINT) + bits);
        chunk.setInt(CONTIG_HINT_START, chunk.getInt(CONTIG_HINT_START) - bits);
        chunk.setInt(SCAN_HINT, chunk.getInt(SCAN_HINT) - bits);
        chunk.setInt(SCAN_HINT_START, chunk.getInt(SCAN_HINT_START) - bits);
        chunk.setInt(LEFT_FREE, chunk.getInt(LEFT_FREE) + bits);
        chunk.setInt(RIGHT_FREE, chunk.getInt(RIGHT_FREE) + bits);
        chunk.statsAreaDealloc();
    }

    /**
     * {@code pcpu_chunk_addr(chunk, cpu, page)}: {@code chunk->base_addr} (one real load) plus
     * {@code pcpu_unit_page_offset(cpu, page)}, see {@link PcpuUnits#unitPageOffset}. No lock.
     */
    public static long chunkAddr(PcpuChunkFields chunk, long unitPageOffset) {
        return chunk.baseAddrOnce() + unitPageOffset;
    }
}
