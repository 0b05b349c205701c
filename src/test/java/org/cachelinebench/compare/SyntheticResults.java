package org.cachelinebench.compare;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.results.JmhResultWriter;

/** JMH results with scores the test chooses, in files written by the suite's one writer ({@link JmhResultWriter}). */
final class SyntheticResults {
    private SyntheticResults() {}

    /** The JVM every synthetic entry ran on. */
    static final Jvm JVM = new Jvm("/usr/lib/jvm/java-17-openjdk-amd64/bin/java", List.of("-XX:-RestrictContended"),
            "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6-Debian-1deb12u1", "1.37");

    /**
     * Per-iteration scores around {@code mean}: each fork has its own offset (relative sd {@code forkCv}: a
     * fresh JVM's JIT and placement), each iteration its own noise (relative sd {@code iterCv}).
     */
    static double[][] noisy(Random rnd, double mean, int forks, int iterations, double forkCv, double iterCv) {
        double[][] raw = new double[forks][iterations];
        for (int f = 0; f < forks; f++) {
            double forkMean = mean * (1 + forkCv * rnd.nextGaussian());
            for (int i = 0; i < iterations; i++) {
                raw[f][i] = forkMean * (1 + iterCv * rnd.nextGaussian());
            }
        }
        return raw;
    }

    /** The header of an entry: {@link #JVM}, 5 warmup iterations, {@code iterations} measured, 1 s each. */
    static Header header(String benchmark, String mode, int threads, int iterations, Map<String, String> params) {
        return new Header(benchmark, Mode.ofLabel(mode), threads, params, new Iterations(5, "1 s"),
                new Iterations(iterations, "1 s"), JVM);
    }

    /** One result entry. */
    static JmhResult entry(String benchmark, String mode, int threads, int iterations, Map<String, String> params,
                           Metric primary, Map<String, Metric> secondary) {
        return new JmhResult(header(benchmark, mode, threads, iterations, params), primary, secondary);
    }

    /** A thrpt/avgt entry with no secondary metrics, 1 thread. */
    static JmhResult simple(String benchmark, String mode, Map<String, String> params, String unit, double[][] raw) {
        return entry(benchmark, mode, 1, raw.length == 0 ? 0 : raw[0].length, params, Metric.of(unit, raw), Map.of());
    }

    /** The file: what {@code -rf json} would hold. */
    static String file(List<JmhResult> entries) {
        return JmhResultWriter.write(entries);
    }
}
