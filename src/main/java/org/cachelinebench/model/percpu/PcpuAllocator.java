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

import org.openjdk.jmh.annotations.CompilerControl;

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
 * For every chunk with {@link PcpuChunkMembers} (the off-heap kernel layouts and the Java classes alike) the rest
 * of the path too: {@code list} when the chunk changes
 * slot, {@code nr_pages}, {@code isolated}, the bitmap and {@code md_blocks} pointers and what they point to
 * ({@link PcpuAllocatorMemory}), {@code nr_empty_pop_pages} exactly when a block turns empty or stops being empty,
 * the globals {@code pcpu_nr_empty_pop_pages} and {@code pcpu_stats}, {@code populated[]} and {@code obj_exts}; the
 * access table ({@link PcpuChunkAccess}) lists them, and a test holds the two together.
 *
 * The arithmetic on the other hints is not the kernel's bitmap search: the counts move by the area size, and {@code first_free} follows the kernel's rule (advance past an area
 * allocated at it, fall back to {@code min(first_free, freed offset)}), so that when every allocation
 * is freed again all values return to their start, and while {@code n} threads alternate they stay
 * within {@code n} areas of it, however long the run. What is faithful is which members are loaded
 * and stored, how, and under which lock.
 *
 * <p>Every method of the alloc/free step is inlined by force ({@link CompilerControl}), as are the accessors it calls
 * ({@link PcpuLock}, {@link PcpuAllocatorMemory}, {@link OffHeapPcpuChunk}): the step compiles into the benchmark's
 * loop as one piece of code, as the kernel's does into {@code pcpu_alloc()}. Left to its size limits the JIT called
 * several of them (and a member switch of {@code OffHeapPcpuChunk}) out of line on every step.
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

    /** {@code PCPU_EMPTY_POP_PAGES_LOW}: below it pcpu_alloc() schedules the balance work, which the model never runs. */
    static final int EMPTY_POP_PAGES_LOW = 2;
    /** {@code PCPU_EMPTY_POP_PAGES_HIGH}: pcpu_should_reclaim_chunk() compares the global count with it. */
    static final int EMPTY_POP_PAGES_HIGH = 4;

    /**
     * pcpu_alloc()'s part under {@code pcpu_lock}, in the order of the 2026 mm tree (v6.4/v6.5 the same here): takes
     * {@code bits} from the chunk; returns the area's bit offset. Caller holds the lock. For a chunk with
     * {@link PcpuChunkFields#members} (the off-heap layouts and the Java classes, and their traces) every access of
     * the path; without, only the int members'.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static int allocArea(PcpuChunkFields chunk, int bits) {
        PcpuChunkMembers m = chunk.members();
        if (m == null) {
            int nrBits = chunk.getInt(NR_BITS);
            int bitOff = chunk.getInt(FIRST_FREE);
            chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) - bits * PCPU_MIN_ALLOC_SIZE);
            chunk.setInt(FIRST_FREE, Math.min(bitOff + bits, nrBits));
            chunkMdAlloc(chunk, bits);
            chunk.statsAreaAlloc(bits * PCPU_MIN_ALLOC_SIZE);
            return bitOff;
        }
        PcpuAllocatorMemory md = m.metadata();
        // list_for_each_entry_safe() over pcpu_chunk_lists[slot]: the chunk's list.next
        if (m.listNext() == 0) {
            throw new IllegalStateException("chunk not on a slot list");
        }
        // pcpu_alloc_area(): oslot, then the area at first_free (the model's fit: pcpu_find_zero_area finds it free)
        int oslot = PcpuAllocatorMemory.chunkSlot(chunk.getInt(FREE_BYTES), chunk.getInt(CONTIG_HINT));
        int mapBits = m.nrPages() * PcpuAllocatorMemory.BLOCK_BITS;                 // pcpu_chunk_map_bits()
        int bitOff = chunk.getInt(FIRST_FREE);
        long allocMap = m.allocMap();
        if (bitOff + bits > mapBits || md.testBit(allocMap, bitOff)) {
            throw new IllegalStateException("no free area at first_free " + bitOff);
        }
        md.setBit(allocMap, bitOff);                                                // bitmap_set(alloc_map)
        long boundMap = m.boundMap();
        md.setBit(boundMap, bitOff);                                                // set_bit(bit_off, bound_map)
        md.setBit(boundMap, bitOff + bits);                                         // set_bit(end, bound_map)
        chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) - bits * PCPU_MIN_ALLOC_SIZE);
        int nextFree = md.nextZeroBit(allocMap, bitOff + bits, mapBits);           // find_next_zero_bit()
        chunk.setInt(FIRST_FREE, nextFree);
        blockHintAlloc(chunk, m, bitOff, bits, nextFree);
        finishAlloc(chunk, m, bits, oslot);
        return bitOff;
    }

    /**
     * pcpu_alloc_area() as the kernel searches: the first free run of {@code bits} bits at a multiple of
     * {@code alignBits}, from {@code chunk_md.first_free} on ({@code pcpu_find_zero_area()}, first fit), for areas of
     * any size freed in any order ({@link #freeAreaAt}). The kernel moves {@code first_free} only when the area starts
     * there. Only for a chunk with {@link PcpuChunkFields#members}; an area may not span two blocks (the model's block
     * hints cover one), which areas all of one size never do. Caller holds the lock.
     */
    public static int allocAreaFirstFit(PcpuChunkFields chunk, int bits, int alignBits) {
        PcpuChunkMembers m = chunk.members();
        if (m == null || m.listNext() == 0) {
            throw new IllegalStateException(m == null ? "first fit needs the chunk's members" : "chunk not on a slot list");
        }
        PcpuAllocatorMemory md = m.metadata();
        int oslot = PcpuAllocatorMemory.chunkSlot(chunk.getInt(FREE_BYTES), chunk.getInt(CONTIG_HINT));
        int mapBits = m.nrPages() * PcpuAllocatorMemory.BLOCK_BITS;
        long allocMap = m.allocMap();
        int firstFree = chunk.getInt(FIRST_FREE);
        int bitOff = firstFit(md, allocMap, firstFree, bits, alignBits, mapBits);
        if (bitOff < 0) {
            throw new IllegalStateException("no free area of " + bits + " bits: the model's chunk is full");
        }
        if (bitOff / PcpuAllocatorMemory.BLOCK_BITS != (bitOff + bits - 1) / PcpuAllocatorMemory.BLOCK_BITS) {
            throw new IllegalStateException("an area of " + bits + " bits at " + bitOff + " spans two blocks");
        }
        long boundMap = m.boundMap();
        for (int i = 0; i < bits; i++) {
            md.setBit(allocMap, bitOff + i);                                        // bitmap_set(alloc_map)
            if (i > 0) {
                md.clearBit(boundMap, bitOff + i);                                  // bitmap_clear(bound_map)
            }
        }
        md.setBit(boundMap, bitOff);
        md.setBit(boundMap, bitOff + bits);
        chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) - bits * PCPU_MIN_ALLOC_SIZE);
        int nextFree = md.nextZeroBit(allocMap, bitOff + bits, mapBits);
        if (bitOff == firstFree) {
            chunk.setInt(FIRST_FREE, nextFree);
        }
        blockHintAlloc(chunk, m, bitOff, bits, nextFree);
        finishAlloc(chunk, m, bits, oslot);
        return bitOff;
    }

    /** The first run of {@code bits} clear bits at a multiple of {@code align} in {@code [from, size)}, or -1. */
    private static int firstFit(PcpuAllocatorMemory md, long map, int from, int bits, int align, int size) {
        int off = roundUp(from, align);
        while (off + bits <= size) {
            off = roundUp(md.nextZeroBit(map, off, size), align);
            if (off + bits > size) {
                return -1;
            }
            int used = md.nextSetBit(map, off, off + bits);
            if (used == off + bits) {
                return off;
            }
            off = roundUp(used + 1, align);
        }
        return -1;
    }

    private static int roundUp(int x, int align) {
        return (x + align - 1) / align * align;
    }

    /**
     * free_percpu() of the area at {@code bitOff}, its size found as pcpu_free_area() finds it: the next bit set in
     * {@code bound_map}. The area's other bits are cleared here, the rest is {@link #freeArea}. Caller holds the lock.
     */
    public static void freeAreaAt(PcpuChunkFields chunk, int bitOff) {
        PcpuChunkMembers m = chunk.members();
        if (m == null) {
            throw new IllegalStateException("a free by bound_map needs the chunk's members");
        }
        PcpuAllocatorMemory md = m.metadata();
        int mapBits = m.nrPages() * PcpuAllocatorMemory.BLOCK_BITS;
        int bits = md.nextSetBit(m.boundMap(), bitOff + 1, mapBits) - bitOff;
        for (int i = 1; i < bits; i++) {
            md.clearBit(m.allocMap(), bitOff + i);
        }
        freeArea(chunk, bitOff, bits);
    }

    /** pcpu_alloc_area()'s end and pcpu_alloc()'s after it, under the lock: the chunk's hints, slot, stats, balance. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void finishAlloc(PcpuChunkFields chunk, PcpuChunkMembers m, int bits, int oslot) {
        PcpuAllocatorMemory md = m.metadata();
        chunkMdAlloc(chunk, bits);
        relocate(chunk, m, oslot);
        // pcpu_reintegrate_chunk(): only an isolated chunk is moved back
        if (m.isolated()) {
            throw new IllegalStateException("the model's chunk is never isolated");
        }
        // area_found: pcpu_stats_area_alloc() (the chunk's and the global counters), then the balance check
        chunk.statsAreaAlloc(bits * PCPU_MIN_ALLOC_SIZE);
        if (md.globalEmptyPopPages() < EMPTY_POP_PAGES_LOW) {
            throw new IllegalStateException("pcpu_schedule_balance_work(): the model never populates");
        }
        md.countStep();
    }

    /**
     * pcpu_alloc() after {@code pcpu_lock}: a non-atomic allocation checks {@code populated[]} for the area's page
     * ({@code for_each_clear_bitrange_from}), then {@code __addr_to_pcpu_ptr(chunk->base_addr + off)}, then
     * {@code pcpu_memcg_post_alloc_hook()} loads {@code obj_exts} (an accounted allocation, as mm_init()'s). Returns
     * the percpu pointer {@link #freeOffset} takes back. A chunk without members: the pointer, with no load.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static long afterAlloc(PcpuChunkFields chunk, int bitOff) {
        PcpuChunkMembers m = chunk.members();
        int off = bitOff * PCPU_MIN_ALLOC_SIZE;
        if (m == null) {
            return CHUNK_BASE_ADDR + off;
        }
        int page = off >>> PAGE_SHIFT;
        if ((m.populatedWord(page) & 1L << page) == 0) {
            throw new IllegalStateException("page " + page + " unpopulated: the model never populates");
        }
        long ptr = chunk.baseAddrOnce() + off;
        if (m.objExts() == 0 && m.hasObjExts()) {
            throw new IllegalStateException("obj_exts is NULL");
        }
        return ptr;
    }

    /**
     * free_percpu()'s {@code off = addr - chunk->base_addr}, as a bit offset: before {@code pcpu_lock} on current
     * kernels (the 2026 mm tree), where the harness calls it; v6.4/v6.5 did it under the lock (PcpuExecl keeps that
     * order). A chunk without members: no load.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static int freeOffset(PcpuChunkFields chunk, long ptr) {
        long base = chunk.members() == null ? CHUNK_BASE_ADDR : chunk.baseAddrOnce();
        return (int) ((ptr - base) / PCPU_MIN_ALLOC_SIZE);
    }

    /**
     * free_percpu()'s part under {@code pcpu_lock}, in the order of the 2026 mm tree (damonitor/linux 1c358a92):
     * {@code pcpu_free_area()} (the old slot, the test of the area's first bit in {@code alloc_map} and
     * {@code bound_map}, {@code find_next_bit(bound_map)}, then the clears and hints, and
     * {@code pcpu_stats_area_dealloc()} last; v6.4/v6.5 and mainline count the stats first and test no bit), then
     * {@code pcpu_memcg_free_hook()} and the balance check ({@link #freeBalanceCheck}). Caller holds the lock.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static void freeArea(PcpuChunkFields chunk, int bitOff, int bits) {
        PcpuChunkMembers m = chunk.members();
        if (m == null) {
            chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) + bits * PCPU_MIN_ALLOC_SIZE);
            chunk.setInt(FIRST_FREE, Math.min(chunk.getInt(FIRST_FREE), bitOff));
            chunkMdFree(chunk, bits, Integer.MAX_VALUE);
            chunk.statsAreaDealloc();
            return;
        }
        PcpuAllocatorMemory md = m.metadata();
        // pcpu_free_area()
        int oslot = PcpuAllocatorMemory.chunkSlot(chunk.getInt(FREE_BYTES), chunk.getInt(CONTIG_HINT));
        // check invalid free: test_bit(bit_off, alloc_map) || test_bit(bit_off, bound_map)
        if (!md.testBit(m.allocMap(), bitOff) || !md.testBit(m.boundMap(), bitOff)) {
            throw new IllegalStateException("no area starts at " + bitOff);
        }
        long boundMap = m.boundMap();                                               // find_next_bit(bound_map,
        int mapBits = m.nrPages() * PcpuAllocatorMemory.BLOCK_BITS;                 //   pcpu_chunk_map_bits(), ...)
        if (bitOff + bits > mapBits || !md.testBit(boundMap, bitOff + bits)) {
            throw new IllegalStateException("no area of " + bits + " bits at " + bitOff);
        }
        md.clearBit(m.allocMap(), bitOff);                                          // bitmap_clear(alloc_map)
        chunk.setInt(FREE_BYTES, chunk.getInt(FREE_BYTES) + bits * PCPU_MIN_ALLOC_SIZE);
        chunk.setInt(FIRST_FREE, Math.min(chunk.getInt(FIRST_FREE), bitOff));
        blockHintFree(chunk, m, bitOff, bits);
        chunkMdFree(chunk, bits, chunk.getInt(NR_BITS));                           // pcpu_block_update(&chunk_md)
        relocate(chunk, m, oslot);
        chunk.statsAreaDealloc();
        // pcpu_memcg_free_hook(): returns at once without obj_exts
        if (m.objExts() == 0 && m.hasObjExts()) {
            throw new IllegalStateException("obj_exts is NULL");
        }
        freeBalanceCheck(chunk, m, md);
        md.countStep();
    }

    /**
     * free_percpu()'s check after the hooks: {@code if (!chunk->isolated && chunk->free_bytes == pcpu_unit_size)}
     * it walks {@code pcpu_chunk_lists[pcpu_free_slot]} for another entirely free chunk (the head's {@code next},
     * then each entry's {@code list.next}), {@code else if (pcpu_should_reclaim_chunk(chunk))} it isolates the chunk.
     * Either would schedule the balance work, which the model never runs: its one chunk finds only itself in the
     * free slot, and the globals count only it, so it is never reclaimed.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void freeBalanceCheck(PcpuChunkFields chunk, PcpuChunkMembers m, PcpuAllocatorMemory md) {
        if (!m.isolated() && chunk.getInt(FREE_BYTES) == md.unitSize()) {
            long head = md.chunkLists() + (long) md.freeSlot() * PcpuAllocatorMemory.LIST_HEAD_SIZE;
            for (long pos = md.headNext(head); pos != head; pos = m.listNext()) {     // list_for_each_entry()
                if (pos != m.listAddress()) {
                    throw new IllegalStateException("another free chunk in the free slot: the model has one chunk");
                }
            }
        } else if (shouldReclaim(m, md)) {
            throw new IllegalStateException("pcpu_should_reclaim_chunk(): the model never reclaims");
        }
    }

    /**
     * {@code pcpu_should_reclaim_chunk()} (mm/percpu-vm.c): the chunk against {@code pcpu_first_chunk} and
     * {@code pcpu_reserved_chunk} (the model's is neither), then the isolated chunk's or the globals' test.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static boolean shouldReclaim(PcpuChunkMembers m, PcpuAllocatorMemory md) {
        long self = PcpuChunkMembers.STRUCT_ADDR_VALUE;
        if (self == md.firstChunk() || self == md.reservedChunk()) {
            return false;
        }
        if (m.isolated() && m.nrEmptyPopPages() != 0) {
            return true;
        }
        return md.globalEmptyPopPages() > EMPTY_POP_PAGES_HIGH + m.nrEmptyPopPages()
                && m.nrEmptyPopPages() >= m.nrPages() / 4;
    }

    /**
     * pcpu_block_update_hint_alloc() on the area's block (an area here never spans two): the block's md in
     * {@code md_blocks}, and {@code pcpu_update_empty_pages(chunk, -1)} exactly when the block was entirely free
     * ({@code contig_hint == PCPU_BITMAP_BLOCK_BITS}). The model's block contig hint counts the block's free bits: not
     * the kernel's value once areas are freed out of order, but the same on whether the block is entirely free.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void blockHintAlloc(PcpuChunkFields chunk, PcpuChunkMembers m, int bitOff, int bits, int nextFree) {
        PcpuAllocatorMemory md = m.metadata();
        int block = md.block(m.mdBlocks(), bitOff >>> PcpuAllocatorMemory.BLOCK_SHIFT);
        int sOff = bitOff & PcpuAllocatorMemory.BLOCK_BITS - 1;
        int contig = md.blockInt(block, PcpuAllocatorMemory.BLOCK_CONTIG_HINT);
        boolean wasEmpty = contig == PcpuAllocatorMemory.BLOCK_BITS;
        if (sOff == md.blockInt(block, PcpuAllocatorMemory.BLOCK_FIRST_FREE)) {
            int blockStart = bitOff - sOff;                 // the block's first_free: the chunk's next free bit, capped
            md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_FIRST_FREE,
                    Math.min(nextFree - blockStart, PcpuAllocatorMemory.BLOCK_BITS));
        }
        md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_SCAN_HINT, 0);
        md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_CONTIG_HINT, contig - bits);
        md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_LEFT_FREE,
                Math.min(md.blockInt(block, PcpuAllocatorMemory.BLOCK_LEFT_FREE), sOff));
        md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_RIGHT_FREE,
                Math.min(md.blockInt(block, PcpuAllocatorMemory.BLOCK_RIGHT_FREE),
                        PcpuAllocatorMemory.BLOCK_BITS - sOff - bits));
        if (wasEmpty) {
            updateEmptyPages(m, -1);
        }
    }

    /**
     * pcpu_block_update_hint_free() on the area's block: {@code pcpu_update_empty_pages(chunk, +1)} exactly when the
     * free leaves the block entirely free ({@code pcpu_block_update()} over the whole block, which reads its nr_bits).
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void blockHintFree(PcpuChunkFields chunk, PcpuChunkMembers m, int bitOff, int bits) {
        PcpuAllocatorMemory md = m.metadata();
        int block = md.block(m.mdBlocks(), bitOff >>> PcpuAllocatorMemory.BLOCK_SHIFT);
        int sOff = bitOff & PcpuAllocatorMemory.BLOCK_BITS - 1;
        int contig = md.blockInt(block, PcpuAllocatorMemory.BLOCK_CONTIG_HINT) + bits;
        md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_CONTIG_HINT, contig);
        md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_FIRST_FREE,
                Math.min(md.blockInt(block, PcpuAllocatorMemory.BLOCK_FIRST_FREE), sOff));
        if (contig == md.blockInt(block, PcpuAllocatorMemory.BLOCK_NR_BITS)) {
            md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_LEFT_FREE, contig);
            md.setBlockInt(block, PcpuAllocatorMemory.BLOCK_RIGHT_FREE, contig);
            updateEmptyPages(m, 1);
        }
    }

    /**
     * pcpu_update_empty_pages(): a read-modify-write of {@code chunk->nr_empty_pop_pages}, and of the global
     * {@code pcpu_nr_empty_pop_pages} unless the chunk is isolated (the model's is never the reserved chunk).
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void updateEmptyPages(PcpuChunkMembers m, int nr) {
        m.setNrEmptyPopPages(m.nrEmptyPopPages() + nr);
        m.metadata().countEmptyPopPagesWrite();
        if (!m.isolated()) {
            m.metadata().addGlobalEmptyPopPages(nr);
        }
    }

    /**
     * pcpu_chunk_relocate(): the chunk's slot from {@code free_bytes} and {@code chunk_md.contig_hint}
     * ({@link PcpuAllocatorMemory#chunkSlot}); an isolated chunk stays; otherwise, when the slot changed,
     * {@code __pcpu_chunk_move()}'s list_move: loads and stores of the chunk's {@code list}, stores to the heads.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void relocate(PcpuChunkFields chunk, PcpuChunkMembers m, int oslot) {
        int nslot = PcpuAllocatorMemory.chunkSlot(chunk.getInt(FREE_BYTES), chunk.getInt(CONTIG_HINT));
        if (m.isolated() || oslot == nslot) {
            return;
        }
        PcpuAllocatorMemory md = m.metadata();
        long oldHead = md.slotHead(oslot);
        if (m.listPrev() != oldHead || m.listNext() != oldHead) {
            throw new IllegalStateException("chunk not alone in slot " + oslot);
        }
        md.moveListEntry(m.listAddress(), oslot, nslot);
        m.setList(md.slotHead(nslot));
    }

    /** The model's arithmetic on the {@code chunk_md} hints for an allocation (see the class comment). */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void chunkMdAlloc(PcpuChunkFields chunk, int bits) {
        chunk.setInt(CONTIG_HINT, chunk.getInt(CONTIG_HINT) - bits);
        chunk.setInt(CONTIG_HINT_START, chunk.getInt(CONTIG_HINT_START) + bits);
        chunk.setInt(SCAN_HINT, chunk.getInt(SCAN_HINT) + bits);
        chunk.setInt(SCAN_HINT_START, chunk.getInt(SCAN_HINT_START) + bits);
        chunk.setInt(LEFT_FREE, chunk.getInt(LEFT_FREE) - bits);
        chunk.setInt(RIGHT_FREE, chunk.getInt(RIGHT_FREE) - bits);
    }

    /** The same for a free; {@code right_free} is capped at {@code nrBits} (the chunk's, or none). */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private static void chunkMdFree(PcpuChunkFields chunk, int bits, int nrBits) {
        chunk.setInt(CONTIG_HINT, chunk.getInt(CONTIG_HINT) + bits);
        chunk.setInt(CONTIG_HINT_START, chunk.getInt(CONTIG_HINT_START) - bits);
        chunk.setInt(SCAN_HINT, chunk.getInt(SCAN_HINT) - bits);
        chunk.setInt(SCAN_HINT_START, chunk.getInt(SCAN_HINT_START) - bits);
        chunk.setInt(LEFT_FREE, chunk.getInt(LEFT_FREE) + bits);
        chunk.setInt(RIGHT_FREE, Math.min(chunk.getInt(RIGHT_FREE) + bits, nrBits));
    }

    /**
     * {@code pcpu_chunk_addr(chunk, cpu, page)}: {@code chunk->base_addr} (one real load) plus
     * {@code pcpu_unit_page_offset(cpu, page)}, see {@link PcpuUnits#unitPageOffset}. No lock.
     */
    public static long chunkAddr(PcpuChunkFields chunk, long unitPageOffset) {
        return chunk.baseAddrOnce() + unitPageOffset;
    }
}
