package org.cachelinebench.runner;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.IterationSpec;

/**
 * What JMH writes about a benchmark run besides its scores (the header of a JMH JSON entry).
 *
 * @param benchmark   full benchmark name
 * @param mode        JMH's short mode label: "thrpt", "avgt", "sample", "ss"
 * @param threads     total threads (for a group: the sum over its methods)
 * @param params      {@code @Param} values in JMH's order
 * @param warmup      warmup iterations
 * @param measurement measurement iterations
 */
public record BenchmarkInfo(String benchmark, String mode, int threads, Map<String, String> params,
                            IterationSpec warmup, IterationSpec measurement, JvmInfo jvm) {
    public BenchmarkInfo {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * The JVM a fork ran on, as JMH reports it.
     *
     * @param path       the java executable
     * @param args       every VM flag the fork got
     * @param jdkVersion e.g. "17.0.15"
     * @param vmName     e.g. "OpenJDK 64-Bit Server VM"
     * @param vmVersion  e.g. "17.0.15+6-Debian-1deb12u1"
     * @param jmhVersion e.g. "1.37"
     */
    public record JvmInfo(String path, List<String> args, String jdkVersion, String vmName, String vmVersion,
                          String jmhVersion) {
        public JvmInfo {
            args = List.copyOf(args);
        }
    }

    /** Cost goes up with the score for time modes and down for throughput. */
    public boolean higherIsFaster() {
        return "thrpt".equals(mode);
    }

    /** Key of a JMH JSON entry: one per benchmark and params. */
    public String key() {
        return benchmark + params;
    }
}
