/**
 * {@code --measure}: both layouts run in {@link StructAccessBenchmark}, the tool's workload, on the paired
 * runner ({@link StructMeasure}), giving a {@link Measurement}. The jar's Main leaves that benchmark out of
 * the suite's runs, and nothing it loads refers to {@code coherence}. The running kernel's own {@code pcpu_chunk},
 * read from its BTF ({@link RunningKernelChunk}, which {@code -p layout=running-kernel} finds through
 * {@code harness.chunk.KernelChunkSource}) and measured beside v6.5-merged ({@link RunningKernelChunkInterleaved}),
 * is left out of the suite's runs the same way.
 */
package org.cachelinebench.struct.measure;
