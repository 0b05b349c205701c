/**
 * Model: {@code struct pcpu_chunk}, to be read next to mm/percpu-internal.h and mm/percpu.c. The layouts per
 * version and config ({@link PcpuChunkLayouts}, {@link ChunkVersion}, {@link KernelConfig}); a layout as the model
 * runs it, modelled or a kernel's own ({@link ChunkStruct}), and what it must give the members the model touches
 * ({@link ChunkModelMembers}); the byte-exact
 * off-heap mirror ({@link OffHeapPcpuChunk}, {@code RawAddressLoad}); the Java-object variants
 * ({@link UnpaddedPcpuChunk}, {@link PaddedPcpuChunk}, {@link ContendedPcpuChunk}, {@link ChunkObjects});
 * and mm/percpu.c's accesses, written once against {@link PcpuChunkFields}
 * ({@link PcpuAllocator}, {@link PcpuLock}, {@link PcpuUnits}).
 */
package org.cachelinebench.model.percpu;
