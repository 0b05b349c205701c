/**
 * The two kernel workloads at the scale they were measured: {@link org.cachelinebench.benchmarks.scaling.IpiMany}
 * (smp_call_function_many from S CPUs to T CPUs) and {@link org.cachelinebench.benchmarks.scaling.ChunkExecl}
 * (execl's pcpu_alloc()/free_percpu() on N CPUs, with readers). Left out of the default run ({@code Main}); the
 * scaling profile ({@code claims.ScalingSets}, {@code benchmarks/results --profile scaling}) runs them at 2, 4, 8, ...
 * CPUs per placement class.
 */
package org.cachelinebench.benchmarks.scaling;
