package org.cachelinebench.harness.chunk;

import java.util.List;

import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;

/**
 * Where the interleaved schedule finds the Java-object sides ({@link ChunkObjectSides}): each side's chosen
 * instance behind its {@link ChunkObjectHandle} whatever block the schedule gives it (the objects do not overlap, so
 * nothing is handed over between groups and each chunk keeps its state and its one pending area), and a
 * {@link PcpuLock} in lines of its own per block, as the off-heap blocks have, so the schedule rotates every side
 * over the same locks.
 */
public final class ChunkObjectPlaces implements ChunkPlaces {
    private final ChunkObjectSides sides;
    private final ChunkObjectHandle[] handles;
    private final PcpuLock[] locks;
    private final PendingArea[] areas;
    /** Each side's allocator steps and nr_empty_pop_pages writes on the instances it had before the current one. */
    private final EmptyPagesRate[] earlier;
    /** The current instance's counters when it became the side's. */
    private final EmptyPagesRate[] since;

    /**
     * The places of the chosen instances ({@link ChunkObjectSides#choose} first), each set up as a fresh chunk, every
     * side's allocator at occupancy {@code live} ({@link PendingArea#occupy}).
     */
    public ChunkObjectPlaces(ChunkObjectSides sides, int live) {
        int n = ChunkObjectSides.NAMES.size();
        this.sides = sides;
        handles = new ChunkObjectHandle[n];
        locks = new PcpuLock[n];
        areas = new PendingArea[n];
        for (int b = 0; b < n; b++) {
            locks[b] = new PcpuLock(sides.lineSize());
        }
        earlier = new EmptyPagesRate[n];
        since = new EmptyPagesRate[n];
        for (int s = 0; s < n; s++) {
            areas[s] = new PendingArea();
            areas[s].occupy(live);
            earlier[s] = new EmptyPagesRate(0, 0);
        }
        refresh();
    }

    /**
     * Both threads stopped, after the instances were chosen (again): every side's handle on its instance, each a
     * fresh, empty chunk (all its members and metadata: {@link PcpuAllocator#initialiseEmpty},
     * {@link org.cachelinebench.model.percpu.PcpuChunkMembers#initialise}) with no area pending.
     */
    public void refresh() {
        for (int s = 0; s < handles.length; s++) {
            if (handles[s] != null) {
                earlier[s] = earlier[s].plus(counted(s));
            }
            handles[s] = ChunkObjectHandle.of(sides.pick(s));
            PcpuChunkFields chunk = handles[s].chunk();
            PcpuAllocator.initialiseEmpty(chunk);
            chunk.members().initialise();
            areas[s].clear();
            since[s] = EmptyPagesRate.of(chunk.members().metadata());
        }
    }

    /** The current instance's steps and writes since it became side {@code side}'s. */
    private EmptyPagesRate counted(int side) {
        return EmptyPagesRate.of(handles[side].chunk().members().metadata()).minus(since[side]);
    }

    /** Side {@code side}'s allocator steps and writes of {@code nr_empty_pop_pages}, on every instance it had. */
    @Override
    public EmptyPagesRate emptyPagesRate(int side) {
        return earlier[side].plus(counted(side));
    }

    @Override
    public int size() {
        return handles.length;
    }

    /** The side's handle, in every block. */
    public ChunkObjectHandle chunk(int side, int block) {
        return handles[side];
    }

    @Override
    public PcpuLock lock(int block) {
        return locks[block];
    }

    /** The side's one pending area, in every block. */
    @Override
    public PendingArea area(int side, int block) {
        return areas[side];
    }

    /** Nothing to do: each side has its own object. */
    @Override
    public void handTo(int side, int block) {
    }

    /**
     * The first problem, or null: every lock free, and every side's chunk with base_addr as set up and free_bytes
     * down by exactly its pending area (its allocator's every step was an alloc or a free of that chunk).
     */
    @Override
    public String check(List<String> names) {
        for (int b = 0; b < locks.length; b++) {
            if (locks[b].isLocked()) {
                return "block " + b + ": pcpu_lock still held";
            }
        }
        int full = PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT;
        for (int s = 0; s < handles.length; s++) {
            PcpuChunkFields c = handles[s].chunk();
            if (c.baseAddrOnce() != PcpuAllocator.CHUNK_BASE_ADDR) {
                return names.get(s) + String.format(": baseAddr is 0x%x, not 0x%x", c.baseAddrOnce(),
                        PcpuAllocator.CHUNK_BASE_ADDR);
            }
            int expected = full - areas[s].held() * PcpuAllocator.AREA_SIZE;
            int free = c.getInt(PcpuChunkFields.FREE_BYTES);
            if (free != expected) {
                return names.get(s) + ": freeBytes " + free + ", not " + expected + " (an allocator step on another chunk?)";
            }
        }
        return null;
    }

    @Override
    public String whereIs(int side) {
        return sides.describe(side);
    }
}
