package org.cachelinebench.harness;

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
 * Every interleaved benchmark's {@code @AuxCounters} state declares exactly the counters {@link CounterNames}
 * derives from its sides: the names JMH reports are the names the runner reads.
 */
class CounterNamesTest {
    @Test
    void theNamesAreDerivedFromTheSideNames() {
        assertEquals("lineAlignedAgainNanos", CounterNames.nanos("line-aligned-again"));
        assertEquals("sizeAlignedCalls", CounterNames.calls("size-aligned"));
        assertEquals("offset40RatioSum", CounterNames.ratio("offset-40"));
        assertEquals("straddledExtraSum", CounterNames.extra("straddled"));
        assertEquals(new TreeSet<>(List.of("aNanos", "aCalls", "floorNanos", "floorCalls", "floorRatioSum", "bNanos",
                "bCalls", "bRatioSum", "bExtraSum", "scheduleCycles", "cyclesNotLogged")),
                CounterNames.of(List.of("a", "floor", "b"), "a", "floor"));
    }

    @Test
    void aRoleAndAPairNameTheirCountersAndADotIsDropped() {
        assertEquals("v6.4-rc4-reader", CounterNames.side("v6.4-rc4", "reader"));
        assertEquals("v6.5-merged", CounterNames.side("v6.5-merged", null));
        assertEquals("v64Rc4ReaderNanos", CounterNames.nanos("v6.4-rc4-reader"));
        assertEquals("v64Rc4ReaderVsV2ReorderReaderRatioSum", CounterNames.ratio("v6.4-rc4-reader", "v2-reorder-reader"));
        assertEquals(new TreeSet<>(List.of("aNanos", "aCalls", "bNanos", "bCalls", "bRatioSum", "scheduleCycles",
                "cyclesNotLogged")), CounterNames.of(List.of("a", "b"), "a", null), "no floor: no extra lines");
    }

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
            assertTrue(counters != null && SenderState.class.isAssignableFrom(counters), benchmark.toString());
            Set<String> declared = new TreeSet<>();
            for (Method m : counters.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                    declared.add(m.getName());
                }
            }
            SenderState state = (SenderState) counters.getConstructor().newInstance();
            assertEquals(state.counterNames(), declared, benchmark.getSimpleName());
        }
    }
}
