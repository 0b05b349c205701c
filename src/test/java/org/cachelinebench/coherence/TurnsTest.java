package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The scheduler, stepped either way (continuations where the JDK has them, OS threads): one body at a time, in the
 * schedule's order, and a wait that never ends or a body's failure ends the run.
 */
class TurnsTest {
    @Test
    void threadsKeepTheContract() {
        keepsTheContract("threads");
    }

    @Test
    @org.junit.jupiter.api.Tag(TraceStepping.TAG)
    void continuationsKeepTheContract() {
        TraceStepping.assumeOneThread();
        keepsTheContract("continuations");
    }

    private void keepsTheContract(String how) {
        SteppingMatchesThreadsTest.stepped(how, () -> {
            roundRobinAlternatesAccessByAccess();
            aWaitForWhatNeverComesFailsWithinTheStepLimit();
            aBodysFailureIsThrownAndEndsTheOthers();
            return null;
        });
    }

    @Test
    void anUnknownSteppingIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SteppingMatchesThreadsTest.stepped("fibres", () -> {
                    Model.DEFAULT.trace(1).run(List.of(() -> { }), 10);
                    return null;
                }));
        assertTrue(e.getMessage().contains("'fibres'"), e.getMessage());
    }

    @Test
    void roundRobinAlternatesAccessByAccess() {
        Trace trace = Model.DEFAULT.with(Schedule.ROUND_ROBIN).trace(2);
        TracedMemory m = trace.memory(2, false);
        List<String> order = new ArrayList<>();
        trace.run(List.of(() -> {
            for (int i = 0; i < 3; i++) {
                order.add("a" + i);
                m.setInt(0, i);
            }
        }, () -> {
            for (int i = 0; i < 3; i++) {
                order.add("b" + i);
                m.setInt(64, i);
            }
        }), 100);
        assertEquals(List.of("a0", "b0", "a1", "b1", "a2", "b2"), order);
    }

    @Test
    void aWaitForWhatNeverComesFailsWithinTheStepLimit() {
        Trace trace = Model.DEFAULT.trace(2);
        TracedMemory m = trace.memory(2, true);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> org.junit.jupiter.api.Assertions
                .assertTimeoutPreemptively(Duration.ofSeconds(20), () -> trace.run(List.of(() -> {
                    while (m.getIntAcquire(0) == 0) {
                        Thread.onSpinWait();
                    }
                }, () -> {
                    while (m.getIntAcquire(64) == 0) {
                        Thread.onSpinWait();
                    }
                }), 10_000)));
        assertTrue(e.getMessage().contains("no end after 10000"), e.getMessage());
    }

    @Test
    void aBodysFailureIsThrownAndEndsTheOthers() {
        Trace trace = Model.DEFAULT.trace(2);
        TracedMemory m = trace.memory(2, true);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> trace.run(List.of(() -> {
            m.setInt(0, 1);
            throw new IllegalStateException("boom");
        }, () -> {
            while (m.getIntAcquire(64) == 0) {
                Thread.onSpinWait();
            }
        }), 1_000_000));
        assertEquals("boom", e.getMessage());
    }
}
