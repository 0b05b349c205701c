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
 * A per-thread JMH state that pins the N threads of a many-CPU benchmark by the {@code place} parameter
 * ({@link Place}): thread {@code i} (JMH's thread index) on the i-th CPU {@link ThreadPlacement} chooses for N
 * threads; thread 0 prints the placement, so every fork's output says where its threads ran. The benchmark class
 * must accept {@code place} in its {@code checkParam} via {@link Place#check(String)}.
 */
@State(Scope.Thread)
public class PlacedThread {
    /** {@code off} (default), {@code smt}, {@code l3}, {@code socket} or {@code all}. */
    @Param({"off"})
    public String place;

    private final TrialPin pinned = new TrialPin();

    @Setup(Level.Trial)
    public void pinThisThread(ThreadParams threads) {
        Place p = Place.parse(place);
        if (p == Place.OFF) {
            if (threads.getThreadIndex() == 0) {
                System.out.println("# place=off: " + threads.getThreadCount() + " threads, not pinned");
            }
            return;
        }
        List<Integer> allowed = TrialPin.allowedCpus("place=" + p.value());
        ThreadPlacement plan;
        try {
            plan = ThreadPlacement.of(p, threads.getThreadCount(), CpuTopology.system(), allowed);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
        if (threads.getThreadIndex() == 0) {
            System.out.println("# " + plan.describe());
        }
        pinned.pin(plan.cpuFor(threads.getThreadIndex()), allowed);
    }

    @TearDown(Level.Trial)
    public void unpinThisThread() {
        pinned.unpin();
    }

    /** The CPU this thread is pinned to, or -1. */
    public int cpu() {
        return pinned.cpu();
    }
}
