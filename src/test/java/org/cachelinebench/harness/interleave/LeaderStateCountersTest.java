package org.cachelinebench.harness.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.benchmarks.InterleavedOffsetSweep;
import org.cachelinebench.benchmarks.IpiInterleaved;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.AuxCounters;

/**
 * Every interleaved mailbox benchmark's {@code @AuxCounters} state declares exactly the counters its
 * {@link LeaderState} derives from its sides ({@code harness.CounterNames}): the names JMH reports are the names the
 * runner reads. In LeaderState's package: {@code counterNames()} is package-private, for this test.
 */
class LeaderStateCountersTest {
    @Test
    void everyInterleavedBenchmarkDeclaresExactlyItsSidesCounters() throws Exception {
        for (Class<?> benchmark : List.of(IpiInterleaved.class, ObjectMailboxInterleaved.class,
                InterleavedOffsetSweep.class)) {
            Class<?> counters = null;
            for (Class<?> nested : benchmark.getDeclaredClasses()) {
                if (nested.isAnnotationPresent(AuxCounters.class)) {
                    assertEquals(null, counters, benchmark + " has one @AuxCounters state");
                    counters = nested;
                }
            }
            assertTrue(counters != null && LeaderState.class.isAssignableFrom(counters), benchmark.toString());
            Set<String> declared = new TreeSet<>();
            for (Method m : counters.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                    declared.add(m.getName());
                }
            }
            LeaderState state = (LeaderState) counters.getConstructor().newInstance();
            assertEquals(state.counterNames(), declared, benchmark.getSimpleName());
        }
    }
}
