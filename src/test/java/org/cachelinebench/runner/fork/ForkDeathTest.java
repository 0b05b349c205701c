package org.cachelinebench.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Variant;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;

/** A fork whose JVM dies (here: halts with 137 in its setup) is named, with its status, in one exception. */
class ForkDeathTest {
    private static final String DYING = "org.cachelinebench.runner.fixture.DyingFixture.measure";

    @Test
    void aForkKilledWith137NamesTheBenchmarkAndTheStatus() {
        JmhForkRunner runner = new JmhForkRunner(null, null, false);
        Variant v = new Variant("dies", DYING, Map.of());
        runner.validate(List.of(v));
        JmhForkRunner.ForkDiedException e = assertThrows(JmhForkRunner.ForkDiedException.class,
                () -> runner.run(v, new IterationSpec(1, 20), new IterationSpec(1, 20)));
        assertEquals(DYING + ": its fork's JVM died with exit status 137 (killed by signal 9, e.g. by the OOM "
                + "killer) before it reported a result", e.getMessage());
    }

    @Test
    void theStatusIsReadFromJmhsWordsAnywhereInTheCauses() {
        RunnerException jmh = new RunnerException("Benchmark caught the exception",
                new RuntimeException(new IllegalStateException("Forked VM failed with exit code 134")));
        assertEquals(134, JmhForkRunner.forkExitStatus(jmh));
        RuntimeException linkBroke = new RuntimeException("Benchmark error");
        linkBroke.addSuppressed(new IllegalStateException("Forked VM failed with exit code 137"));
        assertEquals(137, JmhForkRunner.forkExitStatus(new RunnerException("caught", linkBroke)));
        assertNull(JmhForkRunner.forkExitStatus(new RunnerException("Benchmark caught the exception",
                new IllegalStateException("setup threw"))));
    }
}
