package org.cachelinebench.coherence.kernel;

import java.util.HashMap;
import java.util.Map;

import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;

/**
 * A Java {@code pcpu_chunk} class's fields, at the offsets JOL reads from this JVM, as a traced chunk: the heap
 * object itself cannot be traced, so its layout is. The object starts where ChunkObjectFalseSharing would measure
 * it: for the unpadded class at the first 8-byte place in a line that puts {@code baseAddr} on a line with a field
 * written under the lock, for the fixed classes at a line's start (no place lets them share).
 */
public final class ObjectChunk {
    private ObjectChunk() {}

    /** The Java field of each member the workload touches, by its kernel name. */
    private static Map<String, String> kernelToJava() {
        Map<String, String> m = new HashMap<>();
        ChunkObjects.WRITTEN_UNDER_LOCK.forEach((java, kernel) -> m.put(kernel, java));
        m.put(PcpuChunkFields.KERNEL_NAMES.get(PcpuChunkFields.NR_BITS), "chunkMdNrBits");
        m.put(PcpuChunkLayouts.BASE_ADDR, ChunkObjects.BASE_ADDR);
        return m;
    }

    public static TracedPcpuChunk in(TracedMemory memory, ChunkObjects.Variant variant, int lineSize) {
        Class<?> type = variant.type();
        Map<String, FieldSlot> fields = ChunkObjects.fields(type);
        if (variant.separates() && ChunkObjects.gapWrittenToBaseAddr(type) < lineSize) {
            throw new IllegalStateException(type.getSimpleName() + " keeps baseAddr within a line of the written"
                    + " fields on this JVM (is -XX:-RestrictContended missing?): " + ChunkObjects.describeOffsets(type));
        }
        int start = 0;
        if (!variant.separates()) {
            while (start < lineSize && ChunkObjects.writtenSharingBaseAddrLine(type, start, lineSize).isEmpty()) {
                start += 8;
            }
            if (start == lineSize) {
                throw new IllegalStateException(type.getSimpleName() + " never shares baseAddr's line on this JVM: "
                        + ChunkObjects.describeOffsets(type));
            }
        }
        Map<String, Integer> offsets = new HashMap<>();
        kernelToJava().forEach((kernel, java) -> offsets.put(kernel, (int) fields.get(java).offset()));
        return new TracedPcpuChunk(memory, start, offsets);
    }
}
