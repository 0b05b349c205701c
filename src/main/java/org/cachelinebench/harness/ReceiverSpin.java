package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The receiver thread's {@link SpinWait}; its yields are the secondary metric {@code receiverYields}. */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ReceiverSpin extends ThreadSpin {
    @Setup(Level.Iteration)
    public void clear() {
        spin().resetYields();
    }

    public long receiverYields() {
        return spin().yields();
    }
}
