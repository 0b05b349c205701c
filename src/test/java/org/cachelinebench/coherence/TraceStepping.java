package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * For tests that trace many-CPU points of the kernel's off-heap layouts: their counts depend on no JDK (no Java
 * object layout enters them), so they run where the traces step on one thread (continuations, JDK 19+) and are
 * skipped elsewhere, where each point's OS-thread hand-offs take seconds. {@link SteppingMatchesThreadsTest} shows
 * on such a JDK that both steppings count the same, so no JDK is left with an untested count.
 */
public final class TraceStepping {
    private TraceStepping() {}

    public static void assumeOneThread() {
        assumeTrue(Continuations.AVAILABLE, () -> "kernel-layout traces of many CPUs run where the JDK has"
                + " continuations: " + Continuations.WHY_NOT);
    }
}
