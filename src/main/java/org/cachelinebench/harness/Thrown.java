package org.cachelinebench.harness;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Finds an exception of one type among a failure's causes and their suppressed exceptions: JMH wraps what a fork
 * threw both ways (a RunnerException's cause, a BenchmarkException's suppressed), so the runner looks through both.
 */
public final class Thrown {
    private Thrown() {}

    /** The first {@code type} in {@code failure}, its causes or their suppressed exceptions; null when none is one. */
    public static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        if (failure != null) {
            todo.add(failure);
        }
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            Collections.addAll(todo, t.getSuppressed());
        }
        return null;
    }
}
