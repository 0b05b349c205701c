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
 */
public record Variant(String id, String benchmark, Map<String, String> params) {
    public Variant {
        if (id == null || id.isBlank() || benchmark == null || benchmark.isBlank()) {
            throw new IllegalArgumentException("variant needs an id and a benchmark");
        }
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** "Benchmark -p a=1 -p b=2", as a user would type it. */
    public String describe() {
        StringBuilder sb = new StringBuilder(benchmark);
        params.forEach((k, v) -> sb.append(" -p ").append(k).append('=').append(v));
        return sb.toString();
    }
}
