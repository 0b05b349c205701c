package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.interleave.LeaderState;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.AuxCounters;

/**
 * Every interleaved benchmark's {@code @AuxCounters} state declares exactly the counters {@link CounterNames} derives
 * from its side list: the names JMH reports are the names the runner reads.
 */
public class InterleavedCountersTest {
    /** The public instance methods of the benchmark's one {@code @AuxCounters} state: JMH's counter names. */
    private static Set<String> declared(Class<?> benchmark) {
        Class<?> counters = null;
        for (Class<?> nested : benchmark.getDeclaredClasses()) {
            if (nested.isAnnotationPresent(AuxCounters.class)) {
                assertEquals(null, counters, benchmark + " has one @AuxCounters state");
                counters = nested;
            }
        }
        assertTrue(counters != null && LeaderState.class.isAssignableFrom(counters), benchmark.toString());
        Set<String> names = new TreeSet<>();
        for (Method m : counters.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                names.add(m.getName());
            }
        }
        return names;
    }

    /** A reader-and-allocator benchmark's counters: each role's sides' (no floor), and each pair's ratio per role. */
    public static Set<String> withRoles(List<String> sides, int reference, List<ChunkSides.Pair> pairs) {
        Set<String> names = new TreeSet<>();
        for (String role : ChunkSides.ROLES) {
            List<String> counterSides = sides.stream().map(s -> CounterNames.side(s, role)).toList();
            names.addAll(CounterNames.of(counterSides, counterSides.get(reference), null));
            for (ChunkSides.Pair p : pairs) {
                names.add(CounterNames.ratio(counterSides.get(p.subject()), counterSides.get(p.reference())));
            }
        }
        return names;
    }

    /** The same for an off-heap side list. */
    static Set<String> withRoles(ChunkSides sides) {
        return withRoles(sides.names(), sides.reference(), sides.pairs());
    }

    @Test
    void everyMailboxBenchmarkDeclaresItsSidesCountersAndTheProbesOverTheFloor() {
        Set<String> csd = new TreeSet<>(CounterNames.of(CsdSides.NAMES, CsdSides.LINE_ALIGNED, CsdSides.FLOOR));
        CsdSides.PROBES.forEach(p -> csd.add(CounterNames.ratio(p, CsdSides.FLOOR)));
        assertEquals(csd, declared(IpiInterleaved.class));
        assertEquals(CounterNames.of(SweepSides.NAMES, SweepSides.REFERENCE, SweepSides.FLOOR),
                declared(InterleavedOffsetSweep.class));
        assertEquals(CounterNames.of(ObjectMailboxSides.NAMES, ObjectMailboxSides.ONE_LINE, ObjectMailboxSides.FLOOR),
                declared(ObjectMailboxInterleaved.class));
    }

    @Test
    void everyChunkBenchmarkDeclaresBothRolesCountersAndItsPairs() {
        assertEquals(withRoles(ChunkInterleaved.SIDES), declared(ChunkInterleaved.class));
        assertEquals(26, declared(ChunkInterleaved.class).size(),
                "4 sides x 2 roles x (ns, calls), 3 + 1 ratios per role, 2 cycle counts");
        assertEquals(withRoles(ChunkEmptyPagesInterleaved.SIDES), declared(ChunkEmptyPagesInterleaved.class));
        assertEquals(24, declared(ChunkEmptyPagesInterleaved.class).size(), "no pair besides the reference");
        assertEquals(withRoles(ChunkObjectSides.NAMES, ChunkObjectSides.REFERENCE_SIDE, ChunkObjectSides.PAIRS),
                declared(ChunkObjectInterleaved.class));
        assertTrue(declared(ChunkObjectInterleaved.class).contains(CounterNames.ratio(
                CounterNames.side(ChunkObjectSides.UNPADDED, ChunkSides.READER),
                CounterNames.side(ChunkObjectSides.CONTENDED, ChunkSides.READER))), "unpadded against contended");
    }
}
