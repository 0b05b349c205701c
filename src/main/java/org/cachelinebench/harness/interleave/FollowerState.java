package org.cachelinebench.harness.interleave;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/** The follower thread's position in an interleaved schedule, as the JMH state every follower's method takes. */
@State(Scope.Thread)
public class FollowerState {
    public final Follower clock = new Follower();

    /** Each iteration starts the schedule from its first slice, as the leader's state does. */
    @Setup(Level.Iteration)
    public void restart(BenchmarkParams params) {
        if (params.getMode() == Mode.SingleShotTime) {
            clock.resetFixedLength();
        } else {
            clock.reset();
        }
    }
}
