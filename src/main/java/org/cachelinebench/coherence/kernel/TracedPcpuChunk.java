package org.cachelinebench.coherence.kernel;

import java.util.Map;

import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.OffHeapPcpuChunkMembers;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuAllocatorMemory;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.model.percpu.PcpuChunkMembers;

/**
 * A {@code pcpu_chunk}'s members at their byte offsets in a recording memory: the accessor the allocator and
 * readers ({@link PcpuAllocator}, {@code harness.chunk.PcpuChunkWorkload}) already go through, implemented once more so
 * their accesses can be traced. The offsets come from a layout: the kernel struct's ({@link StructLayout}, C rules)
 * or a Java class's (JOL), placed {@code startInLine} bytes into a line; the other members the allocator's whole path
 * touches are the layout's {@link PcpuChunkMembers} ({@link OffHeapPcpuChunkMembers}, {@code ObjectChunkMembers}).
 * {@code base_addr} is read volatile, as the off-heap struct's readers read it.
 */
public final class TracedPcpuChunk implements PcpuChunkFields {
    private final Memory memory;
    private final TracedMemory lines;
    private final int[] intOffsets = new int[KERNEL_NAMES.size()];
    private final int baseAddr;
    /** The layout's other members; their metadata is not traced. */
    private PcpuChunkMembers members;

    /**
     * @param memory  where the accesses go: {@code lines} itself, or a memory that sees through to it
     * @param lines   the recording memory whose line numbers the caches know the accesses by
     * @param offsets byte offset of every member named in {@link PcpuChunkFields#KERNEL_NAMES} and of
     *                {@link PcpuChunkLayouts#BASE_ADDR}, from the struct's start
     */
    TracedPcpuChunk(Memory memory, TracedMemory lines, int startInLine, Map<String, Integer> offsets) {
        this.memory = memory;
        this.lines = lines;
        for (int m = 0; m < intOffsets.length; m++) {
            intOffsets[m] = startInLine + offset(offsets, KERNEL_NAMES.get(m));
        }
        baseAddr = startInLine + offset(offsets, PcpuChunkLayouts.BASE_ADDR);
        PcpuAllocator.initialiseEmpty(this);
        memory.setLongVolatile(baseAddr, PcpuAllocator.CHUNK_BASE_ADDR);
    }

    /** The kernel struct {@code layout} at the start of a line, as a trace's chunk. */
    public static ChunkTrace.ChunkFactory factory(StructLayout layout) {
        return (memory, view) -> of(memory, view, layout);
    }

    /** The kernel struct at the start of a line of {@code lines}, its accesses going to {@code view}'s memory. */
    static TracedPcpuChunk of(TracedMemory lines, ChunkTrace.MemoryView view, StructLayout layout) {
        Map<String, Integer> offsets = new java.util.HashMap<>();
        for (String name : KERNEL_NAMES) {
            offsets.put(name, layout.offsetOf(name));
        }
        offsets.put(PcpuChunkLayouts.BASE_ADDR, layout.offsetOf(PcpuChunkLayouts.BASE_ADDR));
        Memory memory = view.of(lines);
        TracedPcpuChunk chunk = new TracedPcpuChunk(memory, lines, 0, offsets);
        chunk.withMembers(new OffHeapPcpuChunkMembers(memory, 0, layout, new PcpuAllocatorMemory()));
        return chunk;
    }

    /** Gives the chunk its other members, set up fresh. */
    TracedPcpuChunk withMembers(PcpuChunkMembers m) {
        members = m;
        members.initialise();
        return this;
    }

    @Override
    public PcpuChunkMembers members() {
        return members;
    }

    private static int offset(Map<String, Integer> offsets, String name) {
        Integer o = offsets.get(name);
        if (o == null) {
            throw new IllegalArgumentException("no offset for pcpu_chunk member " + name);
        }
        return o;
    }

    /** The line number the caches know {@code base_addr}'s line by. */
    long baseAddrLine() {
        return lines.lineOf(baseAddr);
    }

    @Override
    public int getInt(int member) {
        return memory.getInt(intOffsets[member]);
    }

    @Override
    public void setInt(int member, int value) {
        memory.setInt(intOffsets[member], value);
    }

    @Override
    public long baseAddrOnce() {
        return memory.getLongVolatile(baseAddr);
    }
}
