package org.cachelinebench.harness.pin;

import java.util.List;

/**
 * One benchmark thread's pin for a trial, for {@link PinnedThread} and {@link PlacedThread}: the CPU it is pinned
 * to and the CPUs it was allowed before, which {@link #unpin} gives back so that the next trial in the same JVM
 * starts unpinned.
 */
final class TrialPin {
    private List<Integer> allowedBefore;
    private int cpu = -1;

    /** The CPUs this thread may use now; throws, naming {@code asked} (e.g. "pin=on"), where pinning is not possible. */
    static List<Integer> allowedCpus(String asked) {
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalStateException(asked + " is not possible here: " + why);
        }
        return ThreadPinning.allowedCpus();
    }

    /** Pins the calling thread to {@code cpu}; {@code allowed} is what {@link #unpin} restores. */
    void pin(int cpu, List<Integer> allowed) {
        this.cpu = cpu;
        allowedBefore = allowed;
        ThreadPinning.pinCurrentThread(cpu);
    }

    /** Gives the calling thread back the CPUs it had before {@link #pin}; nothing when it was not pinned. */
    void unpin() {
        if (allowedBefore != null) {
            ThreadPinning.pinCurrentThread(allowedBefore);
            allowedBefore = null;
            cpu = -1;
        }
    }

    /** The CPU this thread is pinned to, or -1 when not pinned. */
    int cpu() {
        return cpu;
    }
}
