/**
 * Benchmarks: the JMH {@code @Benchmark} classes, one lesson per file. The csd: {@link IpiBenchmark},
 * {@link IpiInterleaved}, {@link IpiOffsetSweep}, {@link InterleavedOffsetSweep} and the one-line floor
 * {@link LineFloor}; the flag mailbox a Java developer writes, on a Java object: {@link ObjectMailboxInterleaved}. pcpu_chunk:
 * {@link ChunkFalseSharing}, the same layouts interleaved in one fork {@link ChunkInterleaved}, {@link ChunkSymmetric} and
 * the Java-object variant {@link ChunkObjectFalseSharing}, its classes interleaved in one fork
 * {@link ChunkObjectInterleaved}. Each with a {@code @Param} declares {@code checkParam}, which {@code Main} runs on
 * every {@code -p} value before any fork.
 */
package org.cachelinebench.benchmarks;
