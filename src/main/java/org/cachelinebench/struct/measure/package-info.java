/**
 * {@code --measure}: both layouts run in {@link StructAccessBenchmark}, the tool's workload, on the paired
 * runner ({@link StructMeasure}), giving a {@link Measurement}. The jar's Main leaves that benchmark out of
 * the suite's runs, and nothing it loads refers to {@code coherence}.
 */
package org.cachelinebench.struct.measure;
