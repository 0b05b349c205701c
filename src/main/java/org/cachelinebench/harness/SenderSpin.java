package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The sender thread's {@link SpinWait}. Its yield count is reported per iteration as the secondary
 * metric {@code senderYields}: non-zero means the sender waited long enough to give up its CPU (other
 * load, or more threads than cores), and that iteration measured the scheduler too.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class SenderSpin extends ThreadSpin {
    @Setup(Level.Iteration)
    public void clear() {
        spin().resetYields();
    }

    public long senderYields() {
        return spin().yields();
    }
}
