/**
 * Tool: the two-file regression gate ({@code benchmarks/compare}). {@link Compare} is the command,
 * {@link GateComparison} matches the two files' entries and decides each metric's verdict with
 * {@link Welch}'s t-test on per-fork means, {@link ComparisonReport} prints the table and the JSON.
 * Exit status: 0 no regression, 1 regression, 2 unusable input.
 */
package org.cachelinebench.compare;
