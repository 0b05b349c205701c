package org.cachelinebench.harness.interleave;

import java.util.List;

import org.cachelinebench.harness.OnePair;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The group state of an interleaved handshake benchmark, what its sender and receiver share: the schedule over the
 * sides' handshakes ({@link HandshakeGrid}), built, reported and checked the same way for every such benchmark. A
 * benchmark subclasses it with its own {@code @Param}s and says what its sides are ({@link #sides}) and how its report
 * names them ({@link #title}); its methods read {@link #run}, written only at trial setup.
 */
@State(Scope.Group)
public abstract class HandshakeGridState {
    /** The schedule; null until the trial's setup. */
    public HandshakeGrid run;

    /** This variant's sides, in schedule order, from its {@code @Param}s. Called once per trial. */
    protected abstract List<Side> sides();

    /** The first line of the fork's report, e.g. "IpiInterleaved protocol=flag work=0 (...)". */
    protected abstract String title();

    @Setup(Level.Trial)
    public void allocate(BenchmarkParams params) {
        OnePair.require(params);
        run = new HandshakeGrid(sides());
        System.out.print(InterleavedReport.sides(title(), run));
    }

    /** After JMH's all-thread barrier: checks every handshake's protocol, restores clean blocks. */
    @TearDown(Level.Iteration)
    public void checkAndReset() {
        run.checkAndReset();
    }
}
