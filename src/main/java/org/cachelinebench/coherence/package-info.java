/**
 * Coherence's core: predicted line transfers per operation, from the models' own code. A recording
 * {@link TracedMemory} stands in for the off-heap memory the protocols run on ({@link ObservedMemory}: one that an
 * observer of a traced path sees through); a deterministic {@link Turns}
 * scheduler runs their CPUs one at a time by a {@link Schedule} (as continuations on one thread where the JDK has
 * them, else as OS threads passing a token); {@link Caches} keeps every line's MESI or MOESI state per CPU
 * ({@link Protocol}) and counts the {@link Traffic} each access causes, on 64-byte lines or with the adjacent-line
 * prefetcher's 128-byte pairs ({@link Prefetch}). The rooms below it, each using only the core and the rooms
 * listed before it: {@code role} (a layout with roles and rates, for the struct tool), {@code kernel} (the
 * kernel's code traced), {@code scenario} (the suite's sides, the many-CPU shapes and curves), {@code claim} (each
 * comparison predicted in transfers), {@code unit} (predictions in the measured unit) and {@code predict}
 * ({@code benchmarks/predict}). See docs/coherence.md and docs/code-map.md.
 */
package org.cachelinebench.coherence;
