package org.cachelinebench.coherence.predict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * Traces independent points on every core: each point is a trace of its own (its own caches, memory and
 * scheduler), deterministic whoever runs it, so the values are those of one thread tracing them in order. The
 * costliest points (most CPUs) start first, so that no core is left with a long one at the end.
 */
final class Points {
    private Points() {}

    /** {@code value} of every point, in {@code points}' order; a point's failure is thrown as it was thrown. */
    static <P> Map<P, Double> traced(List<P> points, ToIntFunction<P> cpus, ToDoubleFunction<P> value) {
        List<P> costliestFirst = new ArrayList<>(points);
        costliestFirst.sort(Comparator.comparingInt(cpus).reversed());
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), points.size()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "trace-points");
            t.setDaemon(true);
            return t;
        });
        try {
            Map<P, Future<Double>> futures = new LinkedHashMap<>();
            for (P p : costliestFirst) {
                futures.put(p, pool.submit(() -> value.applyAsDouble(p)));
            }
            Map<P, Double> out = new LinkedHashMap<>();
            for (P p : points) {
                out.put(p, futures.get(p).get());
            }
            return out;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause.toString(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while tracing", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
