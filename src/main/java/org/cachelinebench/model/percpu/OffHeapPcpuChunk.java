package org.cachelinebench.model.percpu;

import java.util.List;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.model.layout.Positions;
import org.cachelinebench.model.layout.RawMemory;
import org.cachelinebench.model.layout.StructLayout;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * A {@code struct pcpu_chunk} byte for byte, in off-heap memory, at the start of a line.
 *
 * <p>The kernel kmallocs the struct (plus its {@code populated[]} bitmap); slab objects of this size
 * come from caches whose objects start on a line, so the struct's first byte is line-aligned, which
 * {@link #placement()} proves from the real address. Every member offset is the one its {@link ChunkStruct}'s layout
 * has: {@link PcpuChunkLayouts} computed for a version and config, or a kernel's BTF; none is written here.
 */
public final class OffHeapPcpuChunk implements PcpuChunkFields {
    private final ChunkStruct struct;
    private final StructLayout layout;
    private final RawMemory memory;
    private final Placement placement;
    private final OffHeapPcpuChunkMembers members;

    private final int baseAddr;
    private final long baseAddrAddress;   // absolute, for the readers' raw load
    private final Positions positions;
    /**
     * The int members' positions by {@link PcpuChunkFields} index: one array load, not a switch, so that the
     * allocator's step, inlined whole, stays inside the JIT's budget of inlined bytecode (a switch per access
     * exhausted it).
     */
    private final long[] intPositions;
    private final int nrAlloc;        // -1 without CONFIG_PERCPU_STATS
    private final int maxAllocSize;   // -1 without CONFIG_PERCPU_STATS

    public OffHeapPcpuChunk(ChunkVersion version, KernelConfig config) {
        this(ChunkStruct.of(version, config));
    }

    public OffHeapPcpuChunk(ChunkVersion version, KernelConfig config, int lineSize) {
        this(ChunkStruct.of(version, config), lineSize);
    }

    public OffHeapPcpuChunk(ChunkStruct struct) {
        this(struct, CacheLine.SIZE);
    }

    public OffHeapPcpuChunk(ChunkStruct struct, int lineSize) {
        this(struct, RawMemory.allocate(lines(struct, lineSize), lineSize));
    }

    /**
     * The chunk at byte 0 of {@code memory}, which other chunks may share (one at a time: whichever was
     * {@link #reinitialise}d last is the chunk there), e.g. the blocks of an interleaved schedule.
     */
    public OffHeapPcpuChunk(ChunkVersion version, KernelConfig config, RawMemory memory) {
        this(ChunkStruct.of(version, config), memory);
    }

    /** The chunk {@code struct} lays out, at byte 0 of {@code memory}, as above. */
    public OffHeapPcpuChunk(ChunkStruct struct, RawMemory memory) {
        this.struct = struct;
        this.layout = struct.layout();
        if (memory.capacity() < bytes(layout)) {
            throw new IllegalArgumentException(name() + " needs " + bytes(layout) + " bytes, not " + memory.capacity());
        }
        this.memory = memory;
        this.placement = memory.place(0, layout.size());
        if (placement.startInLine() != 0) {
            throw new IllegalStateException(name() + " does not start on a line: " + placement.describe());
        }
        baseAddr = layout.offsetOf(PcpuChunkLayouts.BASE_ADDR);
        positions = Positions.of(memory);
        long origin = Positions.origin(memory);
        intPositions = KERNEL_NAMES.stream().mapToLong(name -> origin + layout.offsetOf(name)).toArray();
        nrAlloc = struct.percpuStats() ? layout.offsetOf("nr_alloc") : -1;
        maxAllocSize = struct.percpuStats() ? layout.offsetOf("max_alloc_size") : -1;
        members = new OffHeapPcpuChunkMembers(memory, 0, layout, new PcpuAllocatorMemory());
        initialise();
        baseAddrAddress = memory.addressOfLong(baseAddr);
    }

    /** Lines of {@code lineSize} bytes the struct and its {@code populated[]} bitmap take. */
    public static int lines(ChunkVersion version, KernelConfig config, int lineSize) {
        return lines(ChunkStruct.of(version, config), lineSize);
    }

    /** Lines of {@code lineSize} bytes the struct and its {@code populated[]} bitmap take. */
    public static int lines(ChunkStruct struct, int lineSize) {
        return (bytes(struct.layout()) + lineSize - 1) / lineSize;
    }

    private static int bytes(StructLayout layout) {
        return layout.size() + bitmapBytes(PcpuAllocator.CHUNK_PAGES);
    }

    /**
     * Zeroes the struct and its bitmap and sets them up again as a fresh, empty chunk: how a block's memory becomes
     * this chunk after another layout used it (the kernel's chunks come zeroed from {@code pcpu_mem_zalloc()}).
     */
    public void reinitialise() {
        for (int i = 0; i + Long.BYTES <= bytes(layout); i += Long.BYTES) {
            memory.setLong(i, 0L);
        }
        initialise();
    }

    private static int bitmapBytes(int bits) {
        return (bits + Long.SIZE - 1) / Long.SIZE * Long.BYTES;
    }

    /** A fresh, empty, fully populated chunk in its slot's list, as {@code pcpu_create_chunk()} leaves it. */
    private void initialise() {
        PcpuAllocator.initialiseEmpty(this);
        members.initialise();
        memory.setLongVolatile(baseAddr, PcpuAllocator.CHUNK_BASE_ADDR);
    }

    /** The layout and its name. */
    public ChunkStruct struct() { return struct; }
    public StructLayout layout() { return layout; }
    public RawMemory memory() { return memory; }

    /** Where the struct lies among the lines, from the memory's real address. */
    public Placement placement() { return placement; }

    /** Where one member lies among the lines, from the real address. */
    public Placement placementOf(String member) {
        StructLayout.Member m = layout.member(member);
        return memory.place(m.offset() / 8 * 8, m.offset() % 8 + m.size());
    }

    /** The members written on the alloc/free steps that share {@code base_addr}'s line, from the real addresses. */
    public List<String> writtenSharingBaseAddrLine() {
        return PcpuChunkLayouts.sharingLineWith(layout, PcpuChunkLayouts.BASE_ADDR,
                PcpuChunkAccess.writtenOnAllocFreePath(layout), memory.lineSize(), placement.startInLine());
    }

    public String name() {
        return struct.name();
    }

    /** One line for the benchmark log: where the struct is and what {@code base_addr} shares. */
    public String describe() {
        List<String> shared = writtenSharingBaseAddrLine();
        Placement b = placementOf(PcpuChunkLayouts.BASE_ADDR);
        return String.format("%s: %d bytes starting %d bytes into a %d-byte line (lines %d-%d); base_addr (+%d) in line %d%s",
                name(), layout.size(), placement.startInLine(), memory.lineSize(), placement.firstLine(),
                placement.lastLine(), baseAddr, b.firstLine(),
                shared.isEmpty() ? " with no member written on the alloc/free path"
                                 : " with " + String.join(", ", shared));
    }

    // ---- PcpuChunkFields --------------------------------------------------------------------------

    @CompilerControl(CompilerControl.Mode.INLINE)
    @Override
    public int getInt(int member) {
        return positions.getInt(intPositions[member]);
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    @Override
    public void setInt(int member, int value) {
        positions.setInt(intPositions[member], value);
    }

    /**
     * A volatile load from the absolute address, with no object in the way: the readers' loop is this load alone
     * (docs/pcpu-chunk.md). At least as strong as {@code READ_ONCE()}: on x86-64 both are one plain {@code mov}, and
     * the JIT may neither hoist nor merge it.
     */
    @Override
    public long baseAddrOnce() {
        return RawMemory.getLongVolatileAt(baseAddrAddress);
    }

    /** Its own final class, so that the allocator's calls on the members are bound without a type check. */
    @Override
    public OffHeapPcpuChunkMembers members() {
        return members;
    }

    /** The global {@code pcpu_stats}' updates first, then the chunk's, as {@code pcpu_stats_area_alloc()}. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    @Override
    public void statsAreaAlloc(int size) {
        if (nrAlloc >= 0) {
            members.metadata().statsAreaAlloc(size);
            memory.setInt(nrAlloc, memory.getInt(nrAlloc) + 1);
            memory.setLong(maxAllocSize, Math.max(memory.getLong(maxAllocSize), size));
        }
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    @Override
    public void statsAreaDealloc() {
        if (nrAlloc >= 0) {
            members.metadata().statsAreaDealloc();
            memory.setInt(nrAlloc, memory.getInt(nrAlloc) - 1);
        }
    }
}
