/**
 * Benchmarks: the JMH {@code @Benchmark} classes, one lesson per file. The csd: {@link IpiBenchmark},
 * {@link IpiInterleaved}, {@link IpiOffsetSweep} and the one-line floor {@link LineFloor}. pcpu_chunk:
 * {@link ChunkFalseSharing}, {@link ChunkSymmetric} and the Java-object variant {@link ChunkObjectFalseSharing}.
 * Each declares {@code checkParam}, which {@code Main} runs on every {@code -p} value before any fork.
 */
package org.cachelinebench.benchmarks;
