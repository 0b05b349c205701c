package org.cachelinebench.harness.chunk;

import java.util.List;

import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.model.layout.RawMemory;
import org.cachelinebench.model.percpu.ChunkStruct;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;

/**
 * The memory of the interleaved {@code pcpu_chunk} schedule: N blocks, each a line-aligned off-heap place for one
 * chunk and a {@link PcpuLock} in lines of its own, and every side's chunk in every block, N x N
 * ({@link OffHeapPcpuChunk} on the block's memory). The sides' layouts overlap in a block, so a block holds one
 * side's chunk at a time: {@link #handTo} zeroes it and sets that side's chunk up fresh, and only that chunk can be
 * checked against the memory ({@link #check}). Each chunk keeps its own pending area (the allocator alternates
 * allocate and free per chunk).
 */
public final class ChunkBlocks implements ChunkPlaces {
    private final RawMemory[] memory;
    private final PcpuLock[] locks;
    /** [side][block]. */
    private final OffHeapPcpuChunk[][] chunks;
    private final PendingArea[][] areas;
    /** The side whose chunk each block holds. */
    private final int[] owner;

    /** N blocks for the N {@code layouts}, every side's allocator at occupancy {@code live} ({@link PendingArea#occupy}). */
    public ChunkBlocks(List<ChunkVersion> layouts, KernelConfig config, int lineSize, int live) {
        this(layouts.stream().map(v -> ChunkStruct.of(v, config)).toList(), lineSize, live);
    }

    /** N blocks for the N {@code structs} (a kernel's own layout among them), as above. */
    public ChunkBlocks(List<ChunkStruct> structs, int lineSize, int live) {
        int n = structs.size();
        int lines = structs.stream().mapToInt(v -> OffHeapPcpuChunk.lines(v, lineSize)).max().orElse(1);
        memory = new RawMemory[n];
        locks = new PcpuLock[n];
        chunks = new OffHeapPcpuChunk[n][n];
        areas = new PendingArea[n][n];
        owner = new int[n];
        for (int b = 0; b < n; b++) {
            memory[b] = RawMemory.allocate(lines, lineSize);
            locks[b] = new PcpuLock(lineSize);
        }
        for (int s = 0; s < n; s++) {
            for (int b = 0; b < n; b++) {
                chunks[s][b] = new OffHeapPcpuChunk(structs.get(s), memory[b]);
                areas[s][b] = new PendingArea();
                areas[s][b].occupy(live);
            }
        }
        for (int b = 0; b < n; b++) {
            handTo(0, b);
        }
    }

    @Override
    public int size() {
        return memory.length;
    }

    /** Side {@code side}'s chunk in block {@code block}. */
    public OffHeapPcpuChunk chunk(int side, int block) {
        return chunks[side][block];
    }

    /** The block's {@code pcpu_lock}, in lines of its own. */
    public PcpuLock lock(int block) {
        return locks[block];
    }

    /** The area side {@code side}'s allocator holds in block {@code block}, or none. */
    public PendingArea area(int side, int block) {
        return areas[side][block];
    }

    /** The side whose chunk block {@code block} holds. */
    public int owner(int block) {
        return owner[block];
    }

    /** Block {@code block} becomes side {@code side}'s fresh, empty chunk, with no area pending. Both threads out of it. */
    @Override
    public void handTo(int side, int block) {
        chunks[side][block].reinitialise();
        areas[side][block].clear();
        owner[block] = side;
    }

    /**
     * What is wrong with the chunk block {@code block} holds, naming its side and block, or null: the lock must be
     * free, base_addr as set up (only readers touch it, and they only load it), and free_bytes down by exactly the
     * areas the allocator holds (its every step was an alloc and a free of that chunk, under its lock).
     */
    public String check(int block, List<String> names) {
        int side = owner[block];
        OffHeapPcpuChunk c = chunks[side][block];
        String where = names.get(side) + " in block " + block;
        if (locks[block].isLocked()) {
            return where + ": pcpu_lock still held";
        }
        if (c.baseAddrOnce() != PcpuAllocator.CHUNK_BASE_ADDR) {
            return where + String.format(": base_addr is 0x%x, not 0x%x", c.baseAddrOnce(), PcpuAllocator.CHUNK_BASE_ADDR);
        }
        int full = PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT;
        int expected = full - areas[side][block].held() * PcpuAllocator.AREA_SIZE;
        int free = c.getInt(PcpuChunkFields.FREE_BYTES);
        if (free != expected) {
            return where + ": free_bytes " + free + ", not " + expected + " (an allocator step on another chunk?)";
        }
        return null;
    }

    /** {@link #check(int, List)} for every block; the first problem, or null. */
    @Override
    public String check(List<String> names) {
        for (int b = 0; b < size(); b++) {
            String problem = check(b, names);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Side {@code side}'s allocator steps and writes of {@code nr_empty_pop_pages} in every block, since made. */
    @Override
    public EmptyPagesRate emptyPagesRate(int side) {
        EmptyPagesRate r = new EmptyPagesRate(0, 0);
        for (int b = 0; b < size(); b++) {
            r = r.plus(EmptyPagesRate.of(chunks[side][b].members().metadata()));
        }
        return r;
    }

    /**
     * Where side {@code side}'s chunk lies and what base_addr's line holds, from the real addresses
     * ({@link OffHeapPcpuChunk#describe}): one description when every block gives the same, else one per block.
     */
    @Override
    public String whereIs(int side) {
        return InterleavedReport.sameInEveryBlock(size(), b -> chunks[side][b].describe());
    }
}
