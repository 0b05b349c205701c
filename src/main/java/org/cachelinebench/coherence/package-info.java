/**
 * Coherence: predicted line transfers per operation, from the models' own code. A recording {@link TracedMemory}
 * stands in for the off-heap memory the protocols run on; a deterministic {@link Turns} scheduler runs their
 * CPUs one at a time by a {@link Schedule} (as continuations on one thread where the JDK has them, else as OS
 * threads passing a token); {@link Caches} keeps every line's MESI or MOESI state per CPU
 * ({@link Protocol}) and counts the {@link Traffic} each access causes, on 64-byte lines or with the adjacent-line
 * prefetcher's 128-byte pairs ({@link Prefetch}). {@link Scenarios} traces the suite's sides and workloads,
 * {@link org.cachelinebench.coherence.claim.Predictions} gives each comparison of the suite its prediction by claim id, {@link org.cachelinebench.coherence.role.RolePrediction} serves a
 * layout with roles and rates (the struct tool), and {@link org.cachelinebench.coherence.predict.Predict} is {@code benchmarks/predict}.
 * See docs/coherence.md.
 */
package org.cachelinebench.coherence;
