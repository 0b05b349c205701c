package org.cachelinebench.harness.ipi;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/**
 * What the sender and the receiver of one IPI benchmark group share: an {@link IpiMailbox} (the block with the
 * csd and the queue head), and their calls on it, written once for IpiBenchmark and IpiOffsetSweep. A
 * benchmark subclasses it with its own {@code @Param}s and says where its csd goes ({@link #create}).
 *
 * <p>The calls are final, the mailbox a final class, and the calls inlined by force ({@link CompilerControl}), so
 * the compiled benchmark is the same as when each benchmark called the mailbox itself; the one virtual call,
 * {@link #create}, runs once per trial.
 */
@State(Scope.Group)
public abstract class IpiMailboxState {
    private IpiMailbox ipi;

    /** This variant's mailbox: its csd layout, mode and place. Called once per trial. */
    protected abstract IpiMailbox create();

    @Setup(Level.Trial)
    public void allocate(BenchmarkParams params) {
        OnePair.require(params);
        ipi = create();
    }

    /** Runs once both threads have left the iteration: checks the protocol, restores a clean block. */
    @TearDown(Level.Iteration)
    public void checkAndReset() {
        ipi.checkAndReset();
    }

    /** The sender's call: one {@code smp_call_function_single()}; false when the measurement stopped first. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public final boolean send(Control control, SenderSpin spin) {
        return ipi.send(control, spin.spin());
    }

    /** The receiver's call: waits for the IPI and flushes the queue; returns the csds handled. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public final int receive(Control control, ReceiverSpin spin) {
        return ipi.receive(control, spin.spin());
    }
}
