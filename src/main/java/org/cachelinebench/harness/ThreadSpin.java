package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.SpinWait;

/**
 * A benchmark thread's {@link SpinWait}, held for the {@code @AuxCounters} states that report its yields
 * ({@link SenderSpin}, {@link ReceiverSpin}). The accessor is declared here, not in them, because JMH
 * takes every public member an {@code @AuxCounters} class declares as a counter.
 */
public abstract class ThreadSpin {
    private final SpinWait spin = new SpinWait();

    /** The wait this thread spins with. */
    public final SpinWait spin() {
        return spin;
    }
}
