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

    private List<Integer> allowedBefore;
    private int cpu = -1;

    @Setup(Level.Trial)
    public void pinThisThread(ThreadParams threads) {
        Place p = Place.parse(place);
        if (p == Place.OFF) {
            if (threads.getThreadIndex() == 0) {
                System.out.println("# place=off: " + threads.getThreadCount() + " threads, not pinned");
            }
            return;
        }
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalStateException("place=" + p.value() + " is not possible here: " + why);
        }
        List<Integer> allowed = ThreadPinning.allowedCpus();
        ThreadPlacement plan;
        try {
            plan = ThreadPlacement.of(p, threads.getThreadCount(), CpuTopology.system(), allowed);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage());
        }
        if (threads.getThreadIndex() == 0) {
            System.out.println("# " + plan.describe());
        }
        cpu = plan.cpuFor(threads.getThreadIndex());
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

    /** The CPU this thread is pinned to, or -1. */
    public int cpu() {
        return cpu;
    }
}
