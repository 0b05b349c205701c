package org.cachelinebench.model.percpu;

/**
 * A kernel pointer held by a Java {@code pcpu_chunk} class's reference field ({@code allocMap}, {@code listNext},
 * ...): the field stays a reference, as a Java developer would write it, so the JVM lays the class out as before,
 * and loading the field is the member's load; the address it carries is where {@link PcpuAllocator} goes next in
 * the {@link PcpuAllocatorMemory}. Immutable, made once per address by {@link MetadataPointers}: storing one into
 * a chunk allocates nothing.
 */
public final class MetadataPointer {
    private final long address;

    MetadataPointer(long address) {
        this.address = address;
    }

    /** The kernel address this pointer holds. */
    public long address() {
        return address;
    }
}
