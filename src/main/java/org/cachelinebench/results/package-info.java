/**
 * JMH results: one model, {@link JmhResult} (header, primary and secondary metrics with their per-fork,
 * per-iteration data), one reader of JMH's {@code -rf json} files ({@link JmhResultReader}; bad input is an
 * {@link UnusableInputException} with a one-line message) and one writer of that format
 * ({@link JmhResultWriter}); files are written all or none by {@link AtomicFiles}. The suite's ratios in
 * github-action-benchmark's input format: {@link BenchmarkActionJson}.
 */
package org.cachelinebench.results;
