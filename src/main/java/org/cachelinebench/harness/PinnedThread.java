package org.cachelinebench.harness;

import java.util.List;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A per-thread JMH state that brings the {@code pin} parameter to any benchmark that takes it as an
 * argument. With {@code pin=on}, each benchmark thread is pinned for the trial to one allowed CPU: the
 * threads of one {@code @Group} go to distinct CPUs (so the two sides of a ping-pong never share a core's
 * caches through time-slicing), and further groups wrap around the allowed list.
 *
 * <p>The benchmark class must accept {@code pin} in its {@code checkParam} via {@link Pin#check(String)}.
 */
@State(Scope.Thread)
public class PinnedThread {
    /** {@code off} (default) or {@code on}. */
    @Param({"off"})
    public String pin;

    private List<Integer> allowedBefore;
    private int cpu = -1;

    @Setup(Level.Trial)
    public void pinThisThread(ThreadParams threads) {
        if (Pin.parse(pin) == Pin.OFF) {
            return;
        }
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalStateException("pin=on is not possible here: " + why);
        }
        List<Integer> allowed = ThreadPinning.allowedCpus();
        int perGroup = threads.getGroupThreadCount();
        if (perGroup > allowed.size()) {
            throw new IllegalStateException("pin=on: a group of " + perGroup + " threads cannot get distinct CPUs from "
                    + ThreadPinning.formatCpuList(allowed));
        }
        int slot = threads.getGroupIndex() * perGroup + threads.getGroupThreadIndex();
        cpu = allowed.get(slot % allowed.size());
        allowedBefore = allowed;
        ThreadPinning.pinCurrentThread(cpu);
    }

    @TearDown(Level.Trial)
    public void unpinThisThread() {
        if (allowedBefore != null) {
            ThreadPinning.pinCurrentThread(allowedBefore);
            allowedBefore = null;
            cpu = -1;
        }
    }

    /** The CPU this thread is pinned to, or -1 when not pinned. */
    public int cpu() {
        return cpu;
    }
}
