package org.cachelinebench.harness.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.benchmarks.Chunk2026Interleaved;
import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.harness.interleave.LeaderState;
import org.junit.jupiter.api.Test;

/**
 * Every interleaved {@code pcpu_chunk} benchmark's {@code @AuxCounters} state declares exactly the counters its
 * {@link LeaderState} derives from its sides ({@code harness.CounterNames}): the names JMH reports are the names
 * the runner reads. In LeaderState's package: {@code counterNames()} is package-private, for this test.
 */
class ChunkCountersTest {
    /** ChunkInterleaved's counters (and ChunkObjectInterleaved's), both roles' and the pair's, are the ones ChunkSides names. */
    @Test
    void chunkInterleavedDeclaresExactlyItsRolesCounters() throws Exception {
        for (Class<? extends LeaderState> counters : List.of(ChunkInterleaved.SideCounters.class,
                ChunkObjectInterleaved.SideCounters.class)) {
            Set<String> declared = new TreeSet<>();
            for (Method m : counters.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                    declared.add(m.getName());
                }
            }
            assertEquals(counters.getConstructor().newInstance().counterNames(), declared, counters.getName());
            assertEquals(26, declared.size(), "4 sides x 2 roles x (ns, calls), 3 + 1 ratios per role, 2 cycle counts");
        }
        assertEquals(ChunkObjectSides.counterNames(),
                ((LeaderState) new ChunkObjectInterleaved.SideCounters()).counterNames());
    }

    /** Chunk2026Interleaved's counters are its side list's: no pair besides the reference, so 3 ratios per role. */
    @Test
    void chunk2026InterleavedDeclaresExactlyItsRolesCounters() throws Exception {
        Set<String> declared = new TreeSet<>();
        for (Method m : Chunk2026Interleaved.SideCounters.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                declared.add(m.getName());
            }
        }
        assertEquals(ChunkLayoutSides.MM_2026.counterNames(), declared);
        assertEquals(ChunkLayoutSides.MM_2026.counterNames(), ((LeaderState) new Chunk2026Interleaved.SideCounters()).counterNames());
        assertEquals(24, declared.size(), "4 sides x 2 roles x (ns, calls), 3 ratios per role, 2 cycle counts");
    }
}
