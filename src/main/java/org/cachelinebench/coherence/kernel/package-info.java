/**
 * The kernel's code traced on the recording memory: the queued spinlock ({@link QueuedSpinlock}), the
 * {@code pcpu_chunk} on the off-heap layouts or the Java objects ({@link TracedPcpuChunk}, {@link ObjectChunk}),
 * its readers and allocators ({@link ChunkTrace}, {@link BaseAddrInvalidations}), and the csd handshake
 * ({@link HandshakeTrace}).
 */
package org.cachelinebench.coherence.kernel;
