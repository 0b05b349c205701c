package org.cachelinebench.coherence;

import org.cachelinebench.testing.MachineAssumption;

/**
 * For tests that trace many-CPU points of the kernel's off-heap layouts, or step on continuations themselves: their
 * counts depend on no JDK (no Java object layout enters them), so they run where the traces step on one thread
 * (continuations, JDK 19+); elsewhere each point's OS-thread hand-offs take seconds. Such a test carries the tag
 * {@link #TAG}. Off CI, a JDK without continuations skips it; under CI it fails, saying why, unless the build
 * excluded the tag by name because another JDK of the same CI runs it (.ci/run's JDK 25 step, the workflow's tests on
 * JDK 25). {@link SteppingMatchesThreadsTest} shows on such a JDK that both steppings count the same, so no JDK is
 * left with an untested count.
 */
public final class TraceStepping {
    private TraceStepping() {}

    /** The JUnit tag of the tests that need continuations: {@code -DexcludedGroups=continuations} leaves them out. */
    public static final String TAG = "continuations";

    /** Skips the test on a JDK without continuations, or under CI fails it with the reason. */
    public static void assumeOneThread() {
        MachineAssumption.require(Continuations.AVAILABLE, "this test needs continuations (JDK 19+ with --add-exports"
                + " java.base/jdk.internal.vm=ALL-UNNAMED) to step its traces on one thread: " + Continuations.WHY_NOT
                + "; run it on JDK 21 or 25, or exclude the tag '" + TAG + "' by name where another JDK of the same CI"
                + " runs it");
    }
}
