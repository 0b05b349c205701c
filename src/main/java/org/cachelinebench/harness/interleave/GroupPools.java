package org.cachelinebench.harness.interleave;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The object pools of every thread group of a fork, allocated together before one full GC and handed out in
 * arrival order: a group's own GC would otherwise move the objects another group has already chosen by their live
 * address. One per benchmark class, as a static field; {@link #release} at trial's end, so that a trial in the same
 * JVM ({@code -f 0}) allocates its own again.
 */
public final class GroupPools<T> {
    private List<T> pools;

    /** The calling group's pool: the first group to arrive allocates every group's with {@code factory}, then GCs. */
    public synchronized T take(BenchmarkParams params, Supplier<T> factory) {
        if (pools == null) {
            int groups = Math.max(1, params.getThreads() / Arrays.stream(params.getThreadGroups()).sum());
            pools = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                pools.add(factory.get());
            }
            System.gc(); // settle the pools where the measured iterations will find them, before any choice
        }
        if (pools.isEmpty()) {
            throw new IllegalStateException("more groups set up than the " + params.getThreads() + " threads make");
        }
        return pools.remove(0);
    }

    public synchronized void release() {
        pools = null;
    }
}
