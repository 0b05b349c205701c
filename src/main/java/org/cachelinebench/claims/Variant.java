package org.cachelinebench.claims;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One side of a comparison: a benchmark with every {@code @Param} it is run with.
 *
 * @param id        short name inside its set, e.g. "straddled"; used in comparison ids and output
 * @param benchmark JMH benchmark name ({@code pkg.Class.method} or {@code pkg.Class.group}), or the name of a
 *                  class that holds exactly one benchmark
 * @param params    {@code @Param} values, in the order they are passed to JMH
 * @param threads   JMH's {@code -t}: threads to run it with; {@link #OWN_THREADS} for the benchmark's own count
 *                  (its {@code @Threads}, or its groups' {@code @GroupThreads})
 */
public record Variant(String id, String benchmark, Map<String, String> params, int threads) {
    /** Run with the thread count the benchmark declares. */
    public static final int OWN_THREADS = 0;

    public Variant {
        if (id == null || id.isBlank() || benchmark == null || benchmark.isBlank()) {
            throw new IllegalArgumentException("variant needs an id and a benchmark");
        }
        if (threads < OWN_THREADS) {
            throw new IllegalArgumentException("variant " + id + ": threads must be at least 1, not " + threads);
        }
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** A variant run with the benchmark's own thread count. */
    public Variant(String id, String benchmark, Map<String, String> params) {
        this(id, benchmark, params, OWN_THREADS);
    }

    /** "Benchmark -t 3 -p a=1 -p b=2", as a user would type it. */
    public String describe() {
        StringBuilder sb = new StringBuilder(benchmark);
        if (threads != OWN_THREADS) {
            sb.append(" -t ").append(threads);
        }
        params.forEach((k, v) -> sb.append(" -p ").append(k).append('=').append(v));
        return sb.toString();
    }
}
