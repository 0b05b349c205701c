package org.cachelinebench.harness;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A benchmark thread's JMH index, 0..N-1, for a benchmark whose threads take roles by index (the first S send, the
 * rest receive): read once per trial, so the measured path reads a field of the thread's own state.
 */
@State(Scope.Thread)
public class ThreadIndex {
    private int index;

    @Setup(Level.Trial)
    public void read(ThreadParams threads) {
        index = threads.getThreadIndex();
    }

    public int index() {
        return index;
    }
}
