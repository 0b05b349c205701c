package org.cachelinebench.coherence.kernel;

import java.util.Map;

import org.cachelinebench.coherence.TracedMemory;
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
 * or a Java class's (JOL), placed {@code startInLine} bytes into a line. {@code base_addr} is read volatile, as the
 * off-heap struct's readers read it.
 */
public final class TracedPcpuChunk implements PcpuChunkFields {
    private final TracedMemory memory;
    private final int[] intOffsets = new int[KERNEL_NAMES.size()];
    private final int baseAddr;
    /** The kernel layout's other members (null for a Java class's fields); their metadata is not traced. */
    private PcpuChunkMembers members;

    /**
     * @param offsets byte offset of every member named in {@link PcpuChunkFields#KERNEL_NAMES} and of
     *                {@link PcpuChunkLayouts#BASE_ADDR}, from the struct's start
     */
    TracedPcpuChunk(TracedMemory memory, int startInLine, Map<String, Integer> offsets) {
        this.memory = memory;
        for (int m = 0; m < intOffsets.length; m++) {
            intOffsets[m] = startInLine + offset(offsets, KERNEL_NAMES.get(m));
        }
        baseAddr = startInLine + offset(offsets, PcpuChunkLayouts.BASE_ADDR);
        PcpuAllocator.initialiseEmpty(this);
        memory.setLongVolatile(baseAddr, PcpuAllocator.CHUNK_BASE_ADDR);
    }

    /** The kernel struct at the start of a line. */
    public static TracedPcpuChunk of(TracedMemory memory, StructLayout layout) {
        Map<String, Integer> offsets = new java.util.HashMap<>();
        for (String name : KERNEL_NAMES) {
            offsets.put(name, layout.offsetOf(name));
        }
        offsets.put(PcpuChunkLayouts.BASE_ADDR, layout.offsetOf(PcpuChunkLayouts.BASE_ADDR));
        TracedPcpuChunk chunk = new TracedPcpuChunk(memory, 0, offsets);
        chunk.members = new OffHeapPcpuChunkMembers(memory, 0, layout, new PcpuAllocatorMemory());
        chunk.members.initialise();
        return chunk;
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
        return memory.lineOf(baseAddr);
    }

    /** The line number the caches know int member {@code member}'s line by. */
    long lineOfMember(int member) {
        return memory.lineOf(intOffsets[member]);
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
