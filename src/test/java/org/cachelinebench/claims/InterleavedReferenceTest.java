package org.cachelinebench.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.CounterNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.annotations.AuxCounters;

/**
 * Every interleaved claim of the suite (Suite and MailboxSets) divides by its benchmark's reference side, the one
 * side whose counters of medians every other side's are measured against; a claim against another side is refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InterleavedReferenceTest {
    @Test
    void everyInterleavedClaimOfTheSuiteNamesItsBenchmarksReferenceSide() {
        int interleaved = 0;
        for (Claim c : Suite.COMPARISONS) {
            assertNull(InterleavedReference.problem(c, Suite.SETS), c.id());
            if (c.interleaved()) {
                interleaved++;
                assertNotNull(InterleavedReference.of(Suite.set(c.set()).variant(c.variant()).benchmark()), c.id());
            }
        }
        // csd, csd-async, csd-pinned: 4 each; MailboxSets: 4 x 3 + 5 x 2 + 9 x 2
        assertEquals(3 * 4 + 4 * 3 + 5 * 2 + 9 * 2, interleaved);
    }

    /** The reference side the rule names has counters of sums and none of medians; every other side has a ratio. */
    @Test
    void theReferenceSideIsTheOneWithoutARatioCounter() throws Exception {
        for (Map.Entry<String, String> e : InterleavedReference.SIDES.entrySet()) {
            Set<String> counters = counters(Class.forName(e.getKey().substring(0, e.getKey().lastIndexOf('.'))));
            String reference = e.getValue();
            assertTrue(counters.contains(CounterNames.nanos(reference)), e.getKey() + ": " + counters);
            Set<String> ratios = new HashSet<>();
            counters.stream().filter(n -> n.endsWith("RatioSum")).forEach(ratios::add);
            Set<String> nanos = new HashSet<>();
            counters.stream().filter(n -> n.endsWith("Nanos")).forEach(nanos::add);
            assertEquals(nanos.size() - 1, ratios.size(), e.getKey() + ": a ratio for every side but the reference");
            assertTrue(!counters.contains(CounterNames.ratio(reference)), e.getKey() + ": " + reference);
        }
    }

    @Test
    void aClaimAgainstAnotherSideIsRefusedInOneLine() {
        Claim wrong = Claim.interleaved("csd", Suite.INTERLEAVED_VARIANT, "size-aligned", "straddled",
                Expect.info(Expect.Direction.SIMILAR), "claim");
        assertEquals("claim csd.size-aligned-vs-straddled: an interleaved claim's reference must be its benchmark's"
                + " reference side, line-aligned, which every side's ratio and extra lines are measured against, not"
                + " straddled", InterleavedReference.problem(wrong, Suite.SETS));
        Claim forks = new Claim("csd-forks", "straddled", "size-aligned", "sender", Expect.info(Expect.Direction.SLOWER),
                "claim");
        assertNull(InterleavedReference.problem(forks, Suite.SETS), "a comparison of forks may divide by any variant");
        Claim noSet = Claim.interleaved("nope", Suite.INTERLEAVED_VARIANT, "straddled", "line-aligned",
                Expect.info(Expect.Direction.SLOWER), "claim");
        assertEquals("claim nope.straddled-vs-line-aligned: no comparison set nope",
                InterleavedReference.problem(noSet, List.of()));
    }

    private static Set<String> counters(Class<?> bench) {
        Set<String> out = new HashSet<>();
        for (Class<?> state : bench.getDeclaredClasses()) {
            if (state.isAnnotationPresent(AuxCounters.class)) {
                for (Method m : state.getMethods()) {
                    if (m.getParameterCount() == 0 && (m.getReturnType() == long.class
                            || m.getReturnType() == double.class)) {
                        out.add(m.getName());
                    }
                }
            }
        }
        return out;
    }
}
