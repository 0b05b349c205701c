package org.cachelinebench.harness.interleave;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The receiver thread's position in an interleaved schedule, as the JMH state every interleaved benchmark's
 * receiver method takes: the receiver's side is the same whatever the sides are, so it is written once here.
 */
@State(Scope.Thread)
public class ReceiverState {
    public final ReceiverCursor cursor = new ReceiverCursor();

    /** Each iteration starts the schedule from its first slice, as the sender's state does. */
    @Setup(Level.Iteration)
    public void restart() {
        cursor.reset();
    }
}
