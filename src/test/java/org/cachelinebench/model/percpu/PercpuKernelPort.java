package org.cachelinebench.model.percpu;

import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's block-hint search of one non-first chunk, ported to Java for a test to hold {@link PcpuAllocator}'s
 * offsets and {@code nr_empty_pop_pages} writes against: {@code pcpu_find_block_fit()} ({@code pcpu_check_block_hint},
 * {@code pcpu_next_hint}, {@code pcpu_next_fit_region}), {@code pcpu_alloc_area()} ({@code pcpu_find_zero_area},
 * {@code pcpu_block_update_scan}), {@code pcpu_free_area()} and the hint updates ({@code pcpu_block_update},
 * {@code pcpu_block_refresh_hint}, {@code pcpu_block_update_hint_alloc/free}, {@code pcpu_chunk_refresh_hint} over
 * {@code pcpu_next_md_free_region}), with {@code pcpu_update_empty_pages()}'s writes logged.
 *
 * <p>Source: mm/percpu.c of the 2026 mm tree, github.com/damonitor/linux 1c358a92dca3 (a mirror of mm-unstable, the
 * tree the model's layouts cite), where {@code pcpu_block_md}'s hints are {@code struct pcpu_region}s. Function by
 * function, branch by branch, in the source's order; each method's comment names the function it ports. Mainline
 * (read in github.com/gregkh/linux 458c3d3d) differs in {@code pcpu_block_update()}, which there also promotes a
 * zero-sized contig hint, and in {@code pcpu_block_update_hint_free()}, which there passes the chunk hint's end as a
 * block offset; this port follows the mm tree, as the model does.
 *
 * <p>Left out, and why: the chunk is fully populated and the allocations are not atomic, so {@code pop_only} is false
 * and {@code pcpu_find_block_fit()} takes the first fit region; there is one chunk, so the slot loop of
 * {@code pcpu_alloc()} reduces to "search it when its slot is at least the size's" ({@link #alloc} throws otherwise:
 * the kernel would make a new chunk); the chunk's list moves and the statistics change no offset.
 */
final class PercpuKernelPort {
    /** {@code PCPU_BITMAP_BLOCK_BITS}: a block is a page of 4-byte units. */
    static final int BLOCK_BITS = PcpuAllocatorMemory.BLOCK_BITS;

    /** A deliberate fault, to show the comparison catches one; {@link #NONE} is the kernel's code. */
    enum Mutation {
        NONE,
        /** {@code pcpu_next_hint()} ignores {@code first_free} and starts every search at the contig hint. */
        SEARCH_FROM_CONTIG_HINT,
        /** {@code pcpu_init_md_block()} sets a block's contig hint one bit short of the block. */
        BLOCK_CONTIG_OFF_BY_ONE
    }

    /** {@code struct pcpu_block_md}: the two {@code pcpu_region} hints, the edges, {@code first_free}, {@code nr_bits}. */
    static final class BlockMd {
        int scanStart;
        int scanSize;
        int contigStart;
        int contigSize;
        int leftFree;
        int rightFree;
        int firstFree;
        int nrBits;
    }

    private final Mutation mutation;
    private final int nrPages;
    private final int mapBits;
    private final int unitSize;
    private final long[] allocMap;
    private final long[] boundMap;
    private final BlockMd chunkMd = new BlockMd();
    private final BlockMd[] mdBlocks;
    private int freeBytes;
    private int nrEmptyPopPages;
    private final List<Integer> emptyPagesWrites = new ArrayList<>();

    /**
     * {@code pcpu_alloc_chunk()} of {@code nrPages} pages and {@code pcpu_init_md_blocks()}, then
     * {@code pcpu_chunk_populated()} of every page: an empty chunk whose pages are all empty and populated.
     */
    PercpuKernelPort(int nrPages, Mutation mutation) {
        this.mutation = mutation;
        this.nrPages = nrPages;
        this.mapBits = nrPages * BLOCK_BITS;
        this.unitSize = nrPages << PcpuAllocator.PAGE_SHIFT;
        this.allocMap = new long[(mapBits + Long.SIZE - 1) / Long.SIZE];
        this.boundMap = new long[(mapBits + 1 + Long.SIZE - 1) / Long.SIZE];
        this.mdBlocks = new BlockMd[nrPages];
        initMdBlock(chunkMd, mapBits);
        for (int i = 0; i < nrPages; i++) {
            mdBlocks[i] = new BlockMd();
            initMdBlock(mdBlocks[i], BLOCK_BITS);
            if (mutation == Mutation.BLOCK_CONTIG_OFF_BY_ONE) {
                mdBlocks[i].contigSize = BLOCK_BITS - 1;
            }
        }
        freeBytes = unitSize;
        nrEmptyPopPages = nrPages;
    }

    /** {@code chunk->nr_empty_pop_pages}. */
    int nrEmptyPopPages() {
        return nrEmptyPopPages;
    }

    /** The {@code nr} of each {@code pcpu_update_empty_pages(chunk, nr)} since the last call, in order. */
    List<Integer> takeEmptyPagesWrites() {
        List<Integer> out = List.copyOf(emptyPagesWrites);
        emptyPagesWrites.clear();
        return out;
    }

    /**
     * {@code pcpu_alloc()}'s part under {@code pcpu_lock} for {@code bits} bits at a multiple of {@code align} bits:
     * {@code pcpu_find_block_fit()} then {@code pcpu_alloc_area()}; the bit offset, or -1 where the kernel would go
     * on to another chunk.
     */
    int alloc(int bits, int align) {
        if (chunkSlot() < sizeToSlot(bits * PcpuAllocator.PCPU_MIN_ALLOC_SIZE)) {
            throw new IllegalStateException("pcpu_alloc() would not search this chunk (slot " + chunkSlot()
                    + "): it would make a new one");
        }
        int off = findBlockFit(bits, align);
        if (off < 0) {
            return -1;
        }
        return allocArea(bits, align, off);
    }

    /** {@code pcpu_free_area()} of the area at bit {@code bitOff}: the bits freed (0 for an invalid free). */
    int free(int bitOff) {
        if (!test(allocMap, bitOff) || !test(boundMap, bitOff)) {
            return 0;
        }
        int end = findNextBit(boundMap, bitOff + 1, mapBits);
        int bits = end - bitOff;
        for (int i = bitOff; i < end; i++) {
            clear(allocMap, i);
        }
        freeBytes += bits * PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        chunkMd.firstFree = Math.min(chunkMd.firstFree, bitOff);
        blockUpdateHintFree(bitOff, bits);
        return bits;
    }

    // ---- pcpu_chunk_slot(), pcpu_size_to_slot() -------------------------------------------------------------------

    /** {@code pcpu_chunk_slot()}: the slot list the chunk is on, which {@code pcpu_chunk_relocate()} moves it to. */
    int chunkSlot() {
        if (freeBytes < PcpuAllocator.PCPU_MIN_ALLOC_SIZE || chunkMd.contigSize == 0) {
            return 0;
        }
        return sizeToSlot(chunkMd.contigSize * PcpuAllocator.PCPU_MIN_ALLOC_SIZE);
    }

    /** {@code __pcpu_size_to_slot()}: {@code max(fls(size) - PCPU_SLOT_BASE_SHIFT + 2, 1)}. */
    private static int sizeToSlotByBits(int size) {
        return Math.max(Integer.SIZE - Integer.numberOfLeadingZeros(size) - 5 + 2, 1);
    }

    /**
     * {@code pcpu_size_to_slot()}: an entirely free chunk goes to {@code pcpu_free_slot}, which
     * {@code pcpu_setup_first_chunk()} puts two above the unit size's slot (the sidelined slot between).
     */
    private int sizeToSlot(int size) {
        return size == unitSize ? sizeToSlotByBits(unitSize) + 2 : sizeToSlotByBits(size);
    }

    // ---- the search -----------------------------------------------------------------------------------------------

    private static int align(int x, int a) {
        return (x + a - 1) & -a;
    }

    private static boolean checkBlockHint(BlockMd block, int bits, int align) {
        int bitOff = align(block.contigStart, align) - block.contigStart;
        return bitOff + bits <= block.contigSize;
    }

    private int nextHint(BlockMd block, int allocBits) {
        if (mutation == Mutation.SEARCH_FROM_CONTIG_HINT) {
            return block.contigStart;
        }
        if (block.scanSize != 0 && block.contigStart > block.scanStart && allocBits > block.scanSize) {
            return block.scanStart + block.scanSize;
        }
        return block.firstFree;
    }

    /** {@code pcpu_next_fit_region()}: {@code region[0]} the offset in and out, {@code region[1]} the bits out. */
    private void nextFitRegion(int allocBits, int align, int[] region) {
        int i = region[0] / BLOCK_BITS;
        int blockOff = region[0] & (BLOCK_BITS - 1);
        region[1] = 0;
        for (; i < nrPages; i++) {
            BlockMd block = mdBlocks[i];
            if (region[1] != 0) {
                region[1] += block.leftFree;
                if (region[1] >= allocBits) {
                    return;
                }
                if (block.leftFree == BLOCK_BITS) {
                    continue;
                }
            }
            region[1] = align(block.contigStart, align) - block.contigStart;
            if (block.contigSize != 0 && block.contigStart >= blockOff
                    && block.contigSize >= region[1] + allocBits) {
                int start = nextHint(block, allocBits);
                region[1] += allocBits + block.contigStart - start;
                region[0] = i * BLOCK_BITS + start;
                return;
            }
            blockOff = 0;
            int off = align(BLOCK_BITS - block.rightFree, align);
            region[1] = BLOCK_BITS - off;
            region[0] = i * BLOCK_BITS + off;
            if (region[1] >= allocBits) {
                return;
            }
        }
        region[0] = mapBits;
    }

    /** {@code pcpu_next_md_free_region()}: {@code region[0]} the offset in and out, {@code region[1]} the bits out. */
    private void nextMdFreeRegion(int[] region) {
        int i = region[0] / BLOCK_BITS;
        int blockOff = region[0] & (BLOCK_BITS - 1);
        region[1] = 0;
        for (; i < nrPages; i++) {
            BlockMd block = mdBlocks[i];
            if (region[1] != 0) {
                region[1] += block.leftFree;
                if (block.leftFree == BLOCK_BITS) {
                    continue;
                }
                return;
            }
            region[1] = block.contigSize;
            if (region[1] != 0 && block.contigStart >= blockOff && region[1] + block.contigStart < BLOCK_BITS) {
                region[0] = i * BLOCK_BITS + block.contigStart;
                return;
            }
            blockOff = 0;
            region[1] = block.rightFree;
            region[0] = (i + 1) * BLOCK_BITS - block.rightFree;
        }
    }

    /** {@code pcpu_find_block_fit()} with {@code pop_only} false: the first fit region's offset, or -1. */
    private int findBlockFit(int allocBits, int align) {
        if (!checkBlockHint(chunkMd, allocBits, align)) {
            return -1;
        }
        int[] region = {nextHint(chunkMd, allocBits), 0};
        nextFitRegion(allocBits, align, region);     // pcpu_for_each_fit_region: its body breaks at once
        return region[0] >= mapBits ? -1 : region[0];
    }

    /**
     * {@code pcpu_find_zero_area()}: the first run of {@code nr} clear bits in {@code [start, size)} at a multiple of
     * {@code alignMask + 1}; the largest run skipped into {@code largest} ({off, bits}). A result past {@code size}
     * means none.
     */
    private int findZeroArea(int size, int start, int nr, int alignMask, int[] largest) {
        while (true) {
            int index = findNextZeroBit(allocMap, start, size);
            index = (index + alignMask) & ~alignMask;
            int areaOff = index;
            int end = index + nr;
            if (end > size) {
                return end;
            }
            int i = findNextBit(allocMap, index, end);
            if (i >= end) {
                return index;
            }
            int areaBits = i - areaOff;
            if (areaBits > largest[1] || (areaBits == largest[1] && largest[0] != 0
                    && (areaOff == 0 || Integer.numberOfTrailingZeros(areaOff) > Integer.numberOfTrailingZeros(largest[0])))) {
                largest[0] = areaOff;
                largest[1] = areaBits;
            }
            start = i + 1;
        }
    }

    /** {@code pcpu_alloc_area()} from bit {@code start}: the area's bit offset, or -1. */
    private int allocArea(int allocBits, int align, int start) {
        int alignMask = align != 0 ? align - 1 : 0;
        int end = Math.min(start + allocBits + BLOCK_BITS, mapBits);
        int[] largest = {0, 0};
        int bitOff = findZeroArea(end, start, allocBits, alignMask, largest);
        if (bitOff >= end) {
            return -1;
        }
        if (largest[1] != 0) {
            blockUpdateScan(largest[0], largest[1]);
        }
        for (int i = bitOff; i < bitOff + allocBits; i++) {
            set(allocMap, i);
        }
        set(boundMap, bitOff);
        for (int i = bitOff + 1; i < bitOff + allocBits; i++) {
            clear(boundMap, i);
        }
        set(boundMap, bitOff + allocBits);
        freeBytes -= allocBits * PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        if (bitOff == chunkMd.firstFree) {
            chunkMd.firstFree = findNextZeroBit(allocMap, bitOff + allocBits, mapBits);
        }
        blockUpdateHintAlloc(bitOff, allocBits);
        return bitOff;
    }

    // ---- the hints --------------------------------------------------------------------------------------------------

    private static void initMdBlock(BlockMd block, int nrBits) {
        block.scanStart = 0;
        block.scanSize = 0;
        block.contigStart = 0;
        block.contigSize = nrBits;
        block.leftFree = nrBits;
        block.rightFree = nrBits;
        block.firstFree = 0;
        block.nrBits = nrBits;
    }

    private void updateEmptyPages(int nr) {
        nrEmptyPopPages += nr;
        emptyPagesWrites.add(nr);
    }

    private static boolean overlap(int aStart, int aSize, int bStart, int bSize) {
        return aStart < bStart + bSize && bStart < aStart + aSize;
    }

    /** {@code pcpu_block_update()}: the free area {@code [start, end)}, all of it within the block. */
    private static void blockUpdate(BlockMd block, int start, int end) {
        int size = end - start;
        block.firstFree = Math.min(block.firstFree, start);
        if (start == 0) {
            block.leftFree = size;
        }
        if (start + size == block.nrBits) {
            block.rightFree = size;
        }
        if (size > block.contigSize) {
            if (block.contigSize != 0 && start > block.contigStart) {
                if (block.contigSize > block.scanSize) {
                    block.scanStart = block.contigStart;
                    block.scanSize = block.contigSize;
                } else if (block.scanSize != 0 && start < block.scanStart) {
                    block.scanSize = 0;
                }
            } else {
                block.scanSize = 0;
            }
            block.contigStart = start;
            block.contigSize = size;
        } else if (size == block.contigSize) {
            if (block.contigStart != 0 && (start == 0
                    || Integer.numberOfTrailingZeros(start) > Integer.numberOfTrailingZeros(block.contigStart))) {
                block.contigStart = start;
                if (block.scanSize != 0 && start < block.scanStart && block.contigSize > block.scanSize) {
                    block.scanSize = 0;
                }
            } else if ((block.scanSize != 0 && start > block.scanStart) || block.contigSize > block.scanSize) {
                block.scanStart = start;
                block.scanSize = size;
            }
        } else if (start < block.contigStart
                && (size > block.scanSize || (size == block.scanSize && start > block.scanStart))) {
            block.scanStart = start;
            block.scanSize = size;
        }
    }

    /** {@code pcpu_block_update_scan()}: a free area the search skipped, widened backwards to its start. */
    private void blockUpdateScan(int bitOff, int bits) {
        int sOff = bitOff & (BLOCK_BITS - 1);
        int eOff = sOff + bits;
        if (eOff > BLOCK_BITS) {
            return;
        }
        int sIndex = bitOff / BLOCK_BITS;
        int lBit = findLastBit(allocMap, sIndex * BLOCK_BITS, sOff);
        sOff = sOff == lBit ? 0 : lBit + 1;
        blockUpdate(mdBlocks[sIndex], sOff, eOff);
    }

    /** {@code pcpu_chunk_refresh_hint()}. */
    private void chunkRefreshHint(boolean fullScan) {
        int bitOff;
        if (!fullScan && chunkMd.scanSize != 0) {
            bitOff = chunkMd.scanStart + chunkMd.scanSize;
            chunkMd.contigStart = chunkMd.scanStart;
            chunkMd.contigSize = chunkMd.scanSize;
            chunkMd.scanSize = 0;
        } else {
            bitOff = chunkMd.firstFree;
            chunkMd.contigSize = 0;
        }
        int[] region = {bitOff, 0};
        for (nextMdFreeRegion(region); region[0] < mapBits; region[0] += region[1] + 1, nextMdFreeRegion(region)) {
            blockUpdate(chunkMd, region[0], region[0] + region[1]);
        }
    }

    /** {@code pcpu_block_refresh_hint()}: the block's free areas from its scan hint or first_free on. */
    private void blockRefreshHint(int index) {
        BlockMd block = mdBlocks[index];
        int base = index * BLOCK_BITS;
        int start;
        if (block.scanSize != 0) {
            start = block.scanStart + block.scanSize;
            block.contigStart = block.scanStart;
            block.contigSize = block.scanSize;
            block.scanSize = 0;
        } else {
            start = block.firstFree;
            block.contigSize = 0;
        }
        block.rightFree = 0;
        // for_each_clear_bitrange_from(start, end, alloc_map, PCPU_BITMAP_BLOCK_BITS)
        for (start = findNextZeroBit(allocMap, base + start, base + BLOCK_BITS) - base;
             start < BLOCK_BITS;
             start = findNextZeroBit(allocMap, base + Math.min(BLOCK_BITS, endOf(base, start) + 1), base + BLOCK_BITS) - base) {
            blockUpdate(block, start, endOf(base, start));
        }
    }

    /** The end of the clear run at block bit {@code start}: {@code find_next_bit(map, BLOCK_BITS, start + 1)}. */
    private int endOf(int base, int start) {
        return findNextBit(allocMap, base + Math.min(BLOCK_BITS, start + 1), base + BLOCK_BITS) - base;
    }

    /** {@code pcpu_block_update_hint_alloc()}. */
    private void blockUpdateHintAlloc(int bitOff, int bits) {
        int nrEmptyPages = 0;
        int sIndex = bitOff / BLOCK_BITS;
        int eIndex = (bitOff + bits - 1) / BLOCK_BITS;
        int sOff = bitOff & (BLOCK_BITS - 1);
        int eOff = ((bitOff + bits - 1) & (BLOCK_BITS - 1)) + 1;
        BlockMd sBlock = mdBlocks[sIndex];
        BlockMd eBlock = mdBlocks[eIndex];

        if (sBlock.contigSize == BLOCK_BITS) {
            nrEmptyPages++;
        }
        if (sOff == sBlock.firstFree) {
            int base = sIndex * BLOCK_BITS;
            sBlock.firstFree = findNextZeroBit(allocMap, base + Math.min(BLOCK_BITS, sOff + bits), base + BLOCK_BITS) - base;
        }
        if (sBlock.scanSize != 0 && overlap(sBlock.scanStart, sBlock.scanSize, sOff, bits)) {
            sBlock.scanSize = 0;
        }
        if (overlap(sBlock.contigStart, sBlock.contigSize, sOff, bits)) {
            if (sOff == 0) {
                sBlock.leftFree = 0;
            }
            blockRefreshHint(sIndex);
        } else {
            sBlock.leftFree = Math.min(sBlock.leftFree, sOff);
            sBlock.rightFree = sIndex == eIndex ? Math.min(sBlock.rightFree, BLOCK_BITS - eOff) : 0;
        }

        if (sIndex != eIndex) {
            if (eBlock.contigSize == BLOCK_BITS) {
                nrEmptyPages++;
            }
            int base = eIndex * BLOCK_BITS;
            eBlock.firstFree = findNextZeroBit(allocMap, base + eOff, base + BLOCK_BITS) - base;
            int endBlock = eIndex;
            if (eOff == BLOCK_BITS) {
                endBlock++;                                   // reset the block
            } else {
                if (eBlock.scanSize != 0 && eOff > eBlock.scanStart) {
                    eBlock.scanSize = 0;
                }
                eBlock.leftFree = 0;
                if (eOff > eBlock.contigStart) {
                    blockRefreshHint(eIndex);
                } else {
                    eBlock.rightFree = Math.min(eBlock.rightFree, BLOCK_BITS - eOff);
                }
            }
            nrEmptyPages += eIndex - sIndex - 1;
            for (int b = sIndex + 1; b < endBlock; b++) {
                mdBlocks[b].scanSize = 0;
                mdBlocks[b].contigSize = 0;
                mdBlocks[b].leftFree = 0;
                mdBlocks[b].rightFree = 0;
            }
        }

        if (nrEmptyPages != 0) {
            updateEmptyPages(-nrEmptyPages);
        }
        if (chunkMd.scanSize != 0 && overlap(chunkMd.scanStart, chunkMd.scanSize, bitOff, bits)) {
            chunkMd.scanSize = 0;
        }
        if (overlap(chunkMd.contigStart, chunkMd.contigSize, bitOff, bits)) {
            chunkRefreshHint(false);
        }
    }

    /** {@code pcpu_block_update_hint_free()}. */
    private void blockUpdateHintFree(int bitOff, int bits) {
        int nrEmptyPages = 0;
        int sIndex = bitOff / BLOCK_BITS;
        int eIndex = (bitOff + bits - 1) / BLOCK_BITS;
        int sOff = bitOff & (BLOCK_BITS - 1);
        int eOff = ((bitOff + bits - 1) & (BLOCK_BITS - 1)) + 1;
        BlockMd sBlock = mdBlocks[sIndex];
        BlockMd eBlock = mdBlocks[eIndex];

        int start = sOff;
        if (sOff == sBlock.contigSize + sBlock.contigStart) {
            start = sBlock.contigStart;
        } else {
            int lBit = findLastBit(allocMap, sIndex * BLOCK_BITS, start);
            start = start == lBit ? 0 : lBit + 1;
        }
        int end;
        if (eOff == eBlock.contigStart) {
            end = eBlock.contigStart + eBlock.contigSize;
        } else {
            int base = eIndex * BLOCK_BITS;
            end = findNextBit(allocMap, base + eOff, base + BLOCK_BITS) - base;
        }

        int sEnd = sIndex == eIndex ? end : BLOCK_BITS;
        if (start == 0 && sEnd == BLOCK_BITS) {
            nrEmptyPages++;
        }
        blockUpdate(sBlock, start, sEnd);
        if (sIndex != eIndex) {
            if (end == BLOCK_BITS) {
                nrEmptyPages++;
            }
            blockUpdate(eBlock, 0, end);
            nrEmptyPages += eIndex - sIndex - 1;
            for (int b = sIndex + 1; b < eIndex; b++) {
                BlockMd block = mdBlocks[b];
                block.firstFree = 0;
                block.scanSize = 0;
                block.contigStart = 0;
                block.contigSize = BLOCK_BITS;
                block.leftFree = BLOCK_BITS;
                block.rightFree = BLOCK_BITS;
            }
        }

        if (nrEmptyPages != 0) {
            updateEmptyPages(nrEmptyPages);
        }
        if (end - start >= BLOCK_BITS || sIndex != eIndex) {
            chunkRefreshHint(true);
        } else {
            blockUpdate(chunkMd, sIndex * BLOCK_BITS + start, eIndex * BLOCK_BITS + end);
        }
    }

    // ---- bitmaps (lib/find_bit.c's semantics: a search that finds nothing returns its end) ---------------------------

    private static boolean test(long[] map, int bit) {
        return (map[bit >>> 6] & 1L << bit) != 0;
    }

    private static void set(long[] map, int bit) {
        map[bit >>> 6] |= 1L << bit;
    }

    private static void clear(long[] map, int bit) {
        map[bit >>> 6] &= ~(1L << bit);
    }

    /** {@code find_next_bit()}: the first set bit in {@code [from, to)}, else {@code to}. */
    private static int findNextBit(long[] map, int from, int to) {
        for (int b = from; b < to; b++) {
            if (test(map, b)) {
                return b;
            }
        }
        return to;
    }

    /** {@code find_next_zero_bit()}: the first clear bit in {@code [from, to)}, else {@code to}. */
    private static int findNextZeroBit(long[] map, int from, int to) {
        for (int b = from; b < to; b++) {
            if (!test(map, b)) {
                return b;
            }
        }
        return to;
    }

    /** {@code find_last_bit()} of the {@code size} bits from {@code base}: the last set one, else {@code size}. */
    private static int findLastBit(long[] map, int base, int size) {
        for (int b = size - 1; b >= 0; b--) {
            if (test(map, base + b)) {
                return b;
            }
        }
        return size;
    }
}
