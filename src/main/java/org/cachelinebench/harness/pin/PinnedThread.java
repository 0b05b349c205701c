package org.cachelinebench.harness.pin;

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
 * {@code pin=same-core|same-l3|cross-l3} and {@code cpus=A:B} choose the pair by topology or by number
 * ({@link PinPlan}); the group's first thread prints the CPUs and how they relate.
 *
 * <p>The benchmark class must accept {@code pin} and {@code cpus} in its {@code checkParam} via
 * {@link Pin#check(String)} and {@link Pin#checkCpus(String)}.
 */
@State(Scope.Thread)
public class PinnedThread {
    /** {@code off} (default), {@code on}, {@code same-core}, {@code same-l3} or {@code cross-l3}. */
    @Param({"off"})
    public String pin;

    /**
     * Empty (default): the CPUs are chosen as {@code pin} says; {@code A:B}: the group's first thread in
     * {@code -tg} order on A (in the ping-pongs the receiver, its method's name sorting first), the second on B.
     */
    @Param({""})
    public String cpus;

    private final TrialPin pinned = new TrialPin();

    @Setup(Level.Trial)
    public void pinThisThread(ThreadParams threads) {
        Pin mode = Pin.parse(pin);
        if (mode == Pin.OFF && PinPlan.parseCpus(cpus) == null) {
            return;
        }
        List<Integer> allowed = TrialPin.allowedCpus(
                PinPlan.parseCpus(cpus) != null ? "cpus=" + cpus.trim() : "pin=" + mode.value());
        PinPlan plan;
        try {
            plan = PinPlan.of(mode, cpus, topologyFor(mode), allowed);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
        int cpu = plan.cpuFor(threads.getGroupIndex(), threads.getGroupThreadCount(), threads.getGroupThreadIndex());
        if (threads.getGroupIndex() == 0 && threads.getGroupThreadIndex() == 0) {
            System.out.println("# " + plan.describe());
        }
        pinned.pin(cpu, allowed);
    }

    /** pin=on needs no topology (it only names the CPUs it used); every other choice does. */
    private CpuTopology topologyFor(Pin mode) {
        try {
            return CpuTopology.system();
        } catch (IllegalStateException e) {
            if (mode == Pin.ON && PinPlan.parseCpus(cpus) == null) {
                return null;
            }
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void unpinThisThread() {
        pinned.unpin();
    }

    /** The CPU this thread is pinned to, or -1 when not pinned. */
    public int cpu() {
        return pinned.cpu();
    }
}
