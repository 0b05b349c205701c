package org.cachelinebench.coherence.kernel;

import java.util.HashMap;
import java.util.Map;

import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.ObjectFields;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;

/**
 * A Java {@code pcpu_chunk} class's fields, at the offsets JOL reads from this JVM, as a traced chunk: the heap
 * object itself cannot be traced, so its layout is. Every field the classes' allocator path touches is placed (the
 * int members and {@code baseAddr} here, the rest by {@link ObjectChunkMembers}), so the allocator runs the classes'
 * whole path on it; {@code populated[]}, a separate heap object, gets a memory of its own in the same trace. The
 * object starts where ChunkObjectFalseSharing would measure it: for the unpadded class at the first 8-byte place in a
 * line that puts {@code baseAddr} on a line with a field written under the lock, for the fixed classes at a line's
 * start (no place lets them share).
 */
public final class ObjectChunk {
    private ObjectChunk() {}

    /** The variant's object, as a trace's chunk. */
    public static ChunkTrace.ChunkFactory factory(ChunkObjects.Variant variant) {
        return (memory, view) -> in(memory, view, variant);
    }

    /**
     * The variant's object in {@code memory}, its {@code populated[]} in a memory of its own beside it, the
     * accesses to both going to {@code view}'s memories over them.
     */
    static TracedPcpuChunk in(TracedMemory memory, ChunkTrace.MemoryView view, ChunkObjects.Variant variant) {
        int lineSize = memory.lineSize();
        int arrayBytes = ObjectFields.arrayBaseOffset(long.class) + Long.BYTES;
        TracedMemory array = memory.trace().memory((arrayBytes + lineSize - 1) / lineSize, false);
        return in(view.of(memory), memory, view.of(array), variant, lineSize);
    }

    /**
     * The same with the object's accesses going to {@code access} (which sees through to {@code lines}) and its
     * {@code populated[]} at the start of {@code array}.
     */
    static TracedPcpuChunk in(Memory access, TracedMemory lines, Memory array, ChunkObjects.Variant variant,
                              int lineSize) {
        Class<?> type = variant.type();
        Map<String, FieldSlot> fields = ChunkObjects.fields(type);
        int start = start(variant, lineSize);
        Map<String, Integer> offsets = new HashMap<>();
        for (String kernel : PcpuChunkFields.KERNEL_NAMES) {
            offsets.put(kernel, (int) fields.get(ChunkObjects.javaField(kernel)).offset());
        }
        offsets.put(PcpuChunkLayouts.BASE_ADDR, (int) fields.get(ChunkObjects.BASE_ADDR).offset());
        return new TracedPcpuChunk(access, lines, start, offsets)
                .withMembers(new ObjectChunkMembers(access, start, type, array));
    }

    /** Where in a line the variant's object starts (see the class comment); throws where the JVM defeats the rule. */
    static int start(ChunkObjects.Variant variant, int lineSize) {
        Class<?> type = variant.type();
        if (variant.separates()) {
            if (ChunkObjects.gapWrittenToBaseAddr(type) < lineSize) {
                throw new IllegalStateException(type.getSimpleName() + " keeps baseAddr within a line of the written"
                        + " fields on this JVM (is -XX:-RestrictContended missing?): "
                        + ChunkObjects.describeOffsets(type));
            }
            return 0;
        }
        for (int start = 0; start < lineSize; start += 8) {
            if (!ChunkObjects.writtenSharingBaseAddrLine(type, start, lineSize).isEmpty()) {
                return start;
            }
        }
        throw new IllegalStateException(type.getSimpleName() + " never shares baseAddr's line on this JVM: "
                + ChunkObjects.describeOffsets(type));
    }
}
