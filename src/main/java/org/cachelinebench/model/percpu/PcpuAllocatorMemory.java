package org.cachelinebench.model.percpu;


import java.util.function.IntFunction;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Positions;
import org.cachelinebench.model.layout.RawMemory;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * What {@link PcpuAllocator} touches outside {@code struct pcpu_chunk}, in off-heap lines of their own: the chunk's
 * {@code alloc_map} and {@code bound_map} bitmaps and its {@code md_blocks} (one {@code struct pcpu_block_md} per
 * page, 32 bytes each), where the struct's pointer members point; and the globals {@code pcpu_nr_empty_pop_pages},
 * {@code pcpu_stats} (CONFIG_PERCPU_STATS), {@code pcpu_chunk_lists[]} (the slot lists' heads) and the
 * {@code __ro_after_init} ones free_percpu() loads ({@link #unitSize}, {@link #chunkLists}, {@link #freeSlot},
 * {@link #firstChunk}, {@link #reservedChunk}: set at boot, never written after). Each section starts on a line, so
 * no access here shares a line with the struct or with another section.
 *
 * <p>The struct holds each section's address as a kernel-style pointer ({@link #address}); the allocator loads the
 * pointer from the struct and reaches the section through it ({@link #index}), so the struct's pointer loads are
 * real loads, and a wrong pointer fails loudly instead of landing elsewhere. The model's chunk is the only chunk its
 * globals count.
 *
 * <p>Also the allocator's counters (allocator-only, updated under {@code pcpu_lock}): its steps and its writes of
 * {@code chunk->nr_empty_pop_pages}, whose ratio the benchmarks print per fork. They too live in a line of their own
 * here, not in Java fields: a Java chunk's metadata is allocated beside the chunk object on the heap, where a written
 * counter could share a line with its {@code baseAddr}.
 */
public final class PcpuAllocatorMemory {
    /** Where the sections pretend to live (the kmalloc/vmalloc'ed metadata), for the struct's pointer members. */
    static final long ADDR_VALUE = 0xffff888100b00000L;

    /** {@code PCPU_BITMAP_BLOCK_SIZE} is {@code PAGE_SIZE}: one block per page, this many map bits each. */
    public static final int BLOCK_BITS = (1 << PcpuAllocator.PAGE_SHIFT) / PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
    /**
     * Bit {@code bit} of a map is in word {@code bit >>> WORD_SHIFT}, at {@code 1L << bit}: a bit is never negative, so
     * shifts, which are what the kernel's unsigned arithmetic compiles to (Java's signed division takes four
     * instructions); a long's shift count is taken modulo 64.
     */
    static final int WORD_SHIFT = 6;
    /** Block {@code bit >>> BLOCK_SHIFT} holds map bit {@code bit} ({@link #BLOCK_BITS} is a power of two). */
    static final int BLOCK_SHIFT = Integer.numberOfTrailingZeros(BLOCK_BITS);
    /** {@code sizeof(struct pcpu_block_md)}: eight ints (scan_hint, ..., nr_bits) in every version here. */
    static final int BLOCK_MD_SIZE = 32;
    static final int BLOCK_SCAN_HINT = 0;
    static final int BLOCK_CONTIG_HINT = 8;
    static final int BLOCK_LEFT_FREE = 16;
    static final int BLOCK_RIGHT_FREE = 20;
    static final int BLOCK_FIRST_FREE = 24;
    static final int BLOCK_NR_BITS = 28;

    /** {@code struct percpu_stats} (mm/percpu-internal.h): u64 nr_alloc, nr_dealloc, nr_cur_alloc, nr_max_alloc; ... */
    static final int STATS_NR_ALLOC = 0;
    static final int STATS_NR_DEALLOC = 8;
    static final int STATS_NR_CUR_ALLOC = 16;
    static final int STATS_NR_MAX_ALLOC = 24;
    static final int STATS_MIN_ALLOC_SIZE = 40;
    static final int STATS_MAX_ALLOC_SIZE = 48;

    /** {@code PCPU_SLOT_BASE_SHIFT}: slot 1 holds chunks whose largest free area is under 32 bytes. */
    static final int SLOT_BASE_SHIFT = 5;
    /** {@code pcpu_unit_size}. */
    static final int UNIT_SIZE = PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT;
    /** pcpu_setup_first_chunk(): sidelined, free and to-depopulate slots follow the size slots. */
    public static final int FREE_SLOT = sizeToSlot(UNIT_SIZE) + 2;
    static final int NR_SLOTS = FREE_SLOT + 2;
    static final int LIST_HEAD_SIZE = 16;

    /**
     * The {@code __ro_after_init} globals free_percpu() reads, in a line of their own (the kernel's
     * {@code .data..ro_after_init}): {@code int pcpu_unit_size, pcpu_free_slot; struct list_head *pcpu_chunk_lists;
     * struct pcpu_chunk *pcpu_first_chunk, *pcpu_reserved_chunk}.
     */
    static final int RO_UNIT_SIZE = 0;
    static final int RO_FREE_SLOT = 4;
    static final int RO_CHUNK_LISTS = 8;
    static final int RO_FIRST_CHUNK = 16;
    static final int RO_RESERVED_CHUNK = 24;
    /** Where the first chunk and the reserved chunk pretend to live: not the model's chunk ({@link PcpuChunkMembers#STRUCT_ADDR_VALUE}). */
    static final long FIRST_CHUNK_VALUE = 0xffff888100a00000L;
    static final long RESERVED_CHUNK_VALUE = 0xffff888100a01000L;

    /** The sections' offsets, each on a line: constants, so that an access is origin plus a constant. */
    private static final int COUNTERS = 0;                        // the model's: kept by reinitialise()
    private static final int EMPTY_POP_PAGES = CacheLine.SIZE;    // int pcpu_nr_empty_pop_pages
    private static final int STATS = 2 * CacheLine.SIZE;          // struct percpu_stats pcpu_stats
    private static final int RO_GLOBALS = 3 * CacheLine.SIZE;     // the __ro_after_init globals (RO_*)
    private static final int SLOT_LISTS = 4 * CacheLine.SIZE;     // struct list_head pcpu_chunk_lists[NR_SLOTS]
    private static final int ALLOC_MAP = SLOT_LISTS + roundUp(NR_SLOTS * LIST_HEAD_SIZE);
    private static final int BOUND_MAP = ALLOC_MAP + roundUp(PcpuAllocator.CHUNK_BITS / Byte.SIZE);
    private static final int MD_BLOCKS = BOUND_MAP + roundUp(PcpuAllocator.CHUNK_BITS / Byte.SIZE + Long.BYTES);
    private static final int BYTES = MD_BLOCKS + roundUp(PcpuAllocator.CHUNK_PAGES * BLOCK_MD_SIZE);

    private static final int COUNTER_STEPS = 0;
    private static final int COUNTER_EMPTY_POP_PAGES_WRITES = 8;

    /** Keeps raw memory allocated while its addresses are in use; the accesses go by the two fields below. */
    private final Memory memory;
    /** Each section is at its position, origin + its offset ({@link Positions}). */
    private final Positions positions;
    private final long origin;

    public PcpuAllocatorMemory() {
        this(bytes -> RawMemory.allocate(bytes / CacheLine.SIZE, CacheLine.SIZE));
    }

    /**
     * The sections on the memory {@code memory} makes of the bytes they need (a whole number of lines): off-heap
     * for the benchmarks, a recording memory for the tests that compare the path's accesses.
     */
    PcpuAllocatorMemory(IntFunction<Memory> memory) {
        Memory made = memory.apply(BYTES);
        if (made.capacity() != BYTES) {
            throw new IllegalArgumentException("the metadata takes " + BYTES + " bytes, not " + made.capacity());
        }
        this.memory = made;
        positions = Positions.of(made);
        origin = Positions.origin(made);
        reinitialise();
    }

    private static int roundUp(int bytes) {
        return (bytes + CacheLine.SIZE - 1) / CacheLine.SIZE * CacheLine.SIZE;
    }

    /**
     * A fresh, empty chunk's metadata, as {@code pcpu_alloc_chunk()} and {@code pcpu_init_md_blocks()} leave it (every
     * block free), the globals counting only it, and every slot list empty. The counters keep counting.
     */
    public void reinitialise() {
        for (long at = origin + EMPTY_POP_PAGES; at < origin + BYTES; at += Long.BYTES) {
            positions.setLong(at, 0L);
        }
        positions.setInt(origin + EMPTY_POP_PAGES, PcpuAllocator.CHUNK_PAGES);
        positions.setLong(origin + STATS + STATS_MIN_ALLOC_SIZE, Long.MAX_VALUE);
        positions.setInt(origin + RO_GLOBALS + RO_UNIT_SIZE, UNIT_SIZE);        // pcpu_setup_first_chunk()
        positions.setInt(origin + RO_GLOBALS + RO_FREE_SLOT, FREE_SLOT);
        positions.setLong(origin + RO_GLOBALS + RO_CHUNK_LISTS, address(SLOT_LISTS));
        positions.setLong(origin + RO_GLOBALS + RO_FIRST_CHUNK, FIRST_CHUNK_VALUE);
        positions.setLong(origin + RO_GLOBALS + RO_RESERVED_CHUNK, RESERVED_CHUNK_VALUE);
        for (int s = 0; s < NR_SLOTS; s++) {
            long head = slotHead(s);
            positions.setLong(origin + SLOT_LISTS + s * LIST_HEAD_SIZE, head);       // INIT_LIST_HEAD
            positions.setLong(origin + SLOT_LISTS + s * LIST_HEAD_SIZE + 8, head);
        }
        for (int b = 0; b < PcpuAllocator.CHUNK_PAGES; b++) {           // pcpu_init_md_block()
            long md = origin + MD_BLOCKS + b * BLOCK_MD_SIZE;
            positions.setInt(md + BLOCK_CONTIG_HINT, BLOCK_BITS);
            positions.setInt(md + BLOCK_LEFT_FREE, BLOCK_BITS);
            positions.setInt(md + BLOCK_RIGHT_FREE, BLOCK_BITS);
            positions.setInt(md + BLOCK_NR_BITS, BLOCK_BITS);
        }
    }

    /** A byte of this memory as the section that holds it (its C name, or "counters": the model's) and the offset in it. */
    record Place(String section, int offset) {}

    /** Where byte {@code index} lies, for a recording of the accesses. */
    Place placeOf(int index) {
        int[] starts = {COUNTERS, EMPTY_POP_PAGES, STATS, RO_GLOBALS, SLOT_LISTS, ALLOC_MAP, BOUND_MAP, MD_BLOCKS};
        String[] names = {"counters", "pcpu_nr_empty_pop_pages", "pcpu_stats", "ro_after_init", "pcpu_chunk_lists",
                "alloc_map", "bound_map", "md_blocks"};
        for (int s = starts.length - 1; s >= 0; s--) {
            if (index >= starts[s]) {
                return new Place(names[s], index - starts[s]);
            }
        }
        throw new IllegalArgumentException("index " + index);
    }

    // ---- pointers the struct holds ----------------------------------------------------------------

    public long allocMapAddress() { return address(ALLOC_MAP); }
    public long boundMapAddress() { return address(BOUND_MAP); }
    public long mdBlocksAddress() { return address(MD_BLOCKS); }

    /** The kernel address of {@code pcpu_chunk_lists[slot]}, what a chunk's {@code list} points to in that slot. */
    public long slotHead(int slot) { return address(SLOT_LISTS + slot * LIST_HEAD_SIZE); }

    private static long address(int index) {
        return ADDR_VALUE + index;
    }

    /**
     * The byte index of a kernel address inside this memory; throws for one outside it (a corrupt pointer), so that
     * no access through a pointer leaves the memory (its accesses check no bounds). The message is built out of line:
     * only the check is inlined into the allocator's step.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    private int index(long address) {
        long i = address - ADDR_VALUE;
        if ((i | BYTES - 1 - i) < 0) {                  // i < 0 or i > BYTES - 1: either sets the sign bit
            throw notMetadata(address);
        }
        return (int) i;
    }

    private static IllegalStateException notMetadata(long address) {
        return new IllegalStateException(String.format("pointer 0x%x is not the allocator's metadata", address));
    }

    // ---- bitmaps ------------------------------------------------------------------------------------

    /** {@code set_bit(bit, map)} / {@code bitmap_set(map, bit, 1)}: a read-modify-write of the word. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void setBit(long map, int bit) {
        long w = origin + index(map) + (bit >>> WORD_SHIFT) * Long.BYTES;
        positions.setLong(w, positions.getLong(w) | 1L << bit);
    }

    /** {@code bitmap_clear(map, bit, 1)}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void clearBit(long map, int bit) {
        long w = origin + index(map) + (bit >>> WORD_SHIFT) * Long.BYTES;
        positions.setLong(w, positions.getLong(w) & ~(1L << bit));
    }

    /** {@code test_bit(bit, map)}: the word's load, as {@code find_next_bit()} makes it. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public boolean testBit(long map, int bit) {
        return (positions.getLong(origin + index(map) + (bit >>> WORD_SHIFT) * Long.BYTES)
                & 1L << bit) != 0;
    }

    /**
     * {@code find_next_zero_bit(map, size, from)}: the first clear bit at or after {@code from}, or {@code size}; it
     * loads the words it scans (one, in the benchmarks' workloads: the areas are taken in order).
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public int nextZeroBit(long map, int from, int size) {
        long base = origin + index(map);
        for (int bit = from; bit < size; bit = ((bit >>> WORD_SHIFT) + 1) * Long.SIZE) {
            long free = ~positions.getLong(base + (bit >>> WORD_SHIFT) * Long.BYTES) >>> bit;
            if (free != 0) {
                return Math.min(bit + Long.numberOfTrailingZeros(free), size);
            }
        }
        return size;
    }

    /** {@code find_next_bit(map, size, from)}: the first set bit at or after {@code from}, or {@code size}. */
    public int nextSetBit(long map, int from, int size) {
        long base = origin + index(map);
        for (int bit = from; bit < size; bit = ((bit >>> WORD_SHIFT) + 1) * Long.SIZE) {
            long set = positions.getLong(base + (bit >>> WORD_SHIFT) * Long.BYTES) >>> bit;
            if (set != 0) {
                return Math.min(bit + Long.numberOfTrailingZeros(set), size);
            }
        }
        return size;
    }

    // ---- md_blocks ----------------------------------------------------------------------------------

    /** The byte index of block {@code block}'s {@code pcpu_block_md}, through the loaded {@code md_blocks} pointer. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public int block(long mdBlocksPointer, int block) {
        return index(mdBlocksPointer) + block * BLOCK_MD_SIZE;
    }

    public int blockInt(int block, int field) { return positions.getInt(origin + block + field); }
    public void setBlockInt(int block, int field, int value) {
        positions.setInt(origin + block + field, value);
    }

    // ---- globals ------------------------------------------------------------------------------------

    /** {@code pcpu_update_empty_pages()}'s update of {@code pcpu_nr_empty_pop_pages}: a read-modify-write. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void addGlobalEmptyPopPages(int nr) {
        positions.setInt(origin + EMPTY_POP_PAGES, positions.getInt(origin + EMPTY_POP_PAGES) + nr);
    }

    /** A load of {@code pcpu_nr_empty_pop_pages}. */
    public int globalEmptyPopPages() {
        return positions.getInt(origin + EMPTY_POP_PAGES);
    }

    /** A load of {@code pcpu_unit_size}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public int unitSize() {
        return positions.getInt(origin + RO_GLOBALS + RO_UNIT_SIZE);
    }

    /** A load of {@code pcpu_free_slot}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public int freeSlot() {
        return positions.getInt(origin + RO_GLOBALS + RO_FREE_SLOT);
    }

    /** A load of the pointer {@code pcpu_chunk_lists}: the kernel address of slot 0's head. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public long chunkLists() {
        return positions.getLong(origin + RO_GLOBALS + RO_CHUNK_LISTS);
    }

    /** A load of {@code pcpu_first_chunk}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public long firstChunk() {
        return positions.getLong(origin + RO_GLOBALS + RO_FIRST_CHUNK);
    }

    /** A load of {@code pcpu_reserved_chunk}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public long reservedChunk() {
        return positions.getLong(origin + RO_GLOBALS + RO_RESERVED_CHUNK);
    }

    /** A load of the {@code next} of the slot list head at kernel address {@code head} (a {@code pcpu_chunk_lists[]} entry). */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public long headNext(long head) {
        return positions.getLong(origin + index(head));
    }

    /** {@code pcpu_stats_area_alloc()}'s updates of the global {@code pcpu_stats}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void statsAreaAlloc(int size) {
        long at = origin + STATS;
        long cur = positions.getLong(at + STATS_NR_CUR_ALLOC) + 1;
        positions.setLong(at + STATS_NR_ALLOC, positions.getLong(at + STATS_NR_ALLOC) + 1);
        positions.setLong(at + STATS_NR_CUR_ALLOC, cur);
        positions.setLong(at + STATS_NR_MAX_ALLOC, Math.max(positions.getLong(at + STATS_NR_MAX_ALLOC), cur));
        positions.setLong(at + STATS_MIN_ALLOC_SIZE, Math.min(positions.getLong(at + STATS_MIN_ALLOC_SIZE), size));
        positions.setLong(at + STATS_MAX_ALLOC_SIZE, Math.max(positions.getLong(at + STATS_MAX_ALLOC_SIZE), size));
    }

    /** {@code pcpu_stats_area_dealloc()}'s updates of the global {@code pcpu_stats}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void statsAreaDealloc() {
        long at = origin + STATS;
        positions.setLong(at + STATS_NR_DEALLOC, positions.getLong(at + STATS_NR_DEALLOC) + 1);
        positions.setLong(at + STATS_NR_CUR_ALLOC, positions.getLong(at + STATS_NR_CUR_ALLOC) - 1);
    }

    /**
     * {@code __pcpu_chunk_move()}'s list_move of a chunk alone in its slot from slot {@code from} to the empty slot
     * {@code to}: the old head points to itself again, the new head to the chunk ({@code entry}, its list's address).
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void moveListEntry(long entry, int from, int to) {
        long oldHead = slotHead(from);
        long old = origin + index(oldHead);
        positions.setLong(old + 8, oldHead);             // __list_del(): next->prev = prev, prev->next = next
        positions.setLong(old, oldHead);
        long head = origin + index(slotHead(to));
        positions.setLong(head + 8, entry);              // list_add(): next->prev = new ... prev->next = new
        positions.setLong(head, entry);
    }

    /** {@code pcpu_chunk_relocate(chunk, -1)} at creation: the chunk alone in the slot list of {@code slot}. */
    void insertListEntry(long entry, int slot) {
        long head = origin + index(slotHead(slot));
        positions.setLong(head + 8, entry);
        positions.setLong(head, entry);
    }

    // ---- slots --------------------------------------------------------------------------------------

    /** {@code __pcpu_size_to_slot()}: {@code max(fls(size) - PCPU_SLOT_BASE_SHIFT + 2, 1)}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    static int sizeToSlot(int size) {
        int fls = Integer.SIZE - Integer.numberOfLeadingZeros(size);
        return Math.max(fls - SLOT_BASE_SHIFT + 2, 1);
    }

    /**
     * {@code pcpu_chunk_slot()}: slot 0 for a chunk with no free area, the free slot for an entirely free one
     * ({@code pcpu_size_to_slot()} of the unit size), else by the largest free area's size.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static int chunkSlot(int freeBytes, int contigHint) {
        if (freeBytes < PcpuAllocator.PCPU_MIN_ALLOC_SIZE || contigHint == 0) {
            return 0;
        }
        int size = contigHint * PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        return size == UNIT_SIZE ? FREE_SLOT : sizeToSlot(size);
    }

    // ---- counters -----------------------------------------------------------------------------------

    void countStep() { count(COUNTER_STEPS); }
    void countEmptyPopPagesWrite() { count(COUNTER_EMPTY_POP_PAGES_WRITES); }

    @CompilerControl(CompilerControl.Mode.INLINE)
    private void count(int counter) {
        positions.setLong(origin + COUNTERS + counter, positions.getLong(origin + COUNTERS + counter) + 1);
    }

    /** Alloc and free steps since the memory was made. */
    public long steps() { return positions.getLong(origin + COUNTERS + COUNTER_STEPS); }

    /** Writes of {@code chunk->nr_empty_pop_pages} since the memory was made. */
    public long emptyPopPagesWrites() {
        return positions.getLong(origin + COUNTERS + COUNTER_EMPTY_POP_PAGES_WRITES);
    }
}
