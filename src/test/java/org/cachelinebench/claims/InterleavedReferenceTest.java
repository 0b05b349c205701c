package org.cachelinebench.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        // csd, csd-async, csd-pinned: 4 each; MailboxSets: 4 x 3 + 5 x 2 + 9 x 2; ChunkSets: 2 x (2 x 2 + 1), the
        // pcpu peer claim, and 3 readers' claims per empty-pages occupancy
        assertEquals(3 * 4 + 4 * 3 + 5 * 2 + 9 * 2 + 2 * 5 + 1 + 3 * ChunkSets.EMPTY_PAGES_LIVE.size(), interleaved);
    }

    /** The reference side the rule names has counters of sums and none of medians; every other side has a ratio. */
    @Test
    void theReferenceSideIsTheOneWithoutARatioCounter() throws Exception {
        for (Map.Entry<String, String> e : InterleavedReference.SIDES.entrySet()) {
            Set<String> counters = counters(Class.forName(e.getKey().substring(0, e.getKey().lastIndexOf('.'))));
            List<String> roles = InterleavedReference.ROLES.getOrDefault(e.getKey(), java.util.Collections.singletonList(null));
            Map<String, String> pairs = InterleavedReference.PAIRS.getOrDefault(e.getKey(), Map.of());
            Set<String> ratios = new HashSet<>();
            counters.stream().filter(n -> n.endsWith("RatioMedian")).forEach(ratios::add);
            Set<String> nanos = new HashSet<>();
            counters.stream().filter(n -> n.endsWith("Nanos")).forEach(nanos::add);
            for (String role : roles) {
                String reference = CounterNames.side(e.getValue(), role);
                assertTrue(counters.contains(CounterNames.nanos(reference)), e.getKey() + ": " + counters);
                assertTrue(!counters.contains(CounterNames.ratio(reference)), e.getKey() + ": " + reference);
                pairs.forEach((subject, other) -> assertTrue(counters.contains(CounterNames.ratio(
                        CounterNames.side(subject, role), CounterNames.side(other, role))), e.getKey() + " " + subject));
            }
            assertEquals(nanos.size() - roles.size() + pairs.size() * roles.size(), ratios.size(),
                    e.getKey() + ": a ratio for every side but the reference, and one per pair, in every role");
        }
    }

    /** A role the benchmark does not measure, or a role where it has none, is refused; a reported pair is allowed. */
    @Test
    void rolesAndPairsAreTheBenchmarksOwn() {
        Claim pair = Suite.claim("chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader");
        assertNull(InterleavedReference.problem(pair, Suite.SETS));
        Claim noPair = Claim.interleaved(ChunkSets.CHUNK_INTERLEAVED_SET, Suite.INTERLEAVED_VARIANT, "reader",
                "v2-reorder", "v6.4-rc4", Expect.info(Expect.Direction.FASTER), "claim");
        assertTrue(InterleavedReference.problem(noPair, Suite.SETS).contains("must be its benchmark's reference side"));
        Claim noRole = Claim.interleaved(ChunkSets.CHUNK_INTERLEAVED_SET, Suite.INTERLEAVED_VARIANT, "v6.4-rc4",
                "v6.5-merged", Expect.info(Expect.Direction.SLOWER), "claim");
        assertTrue(InterleavedReference.problem(noRole, Suite.SETS).contains("the roles reader, allocator, not null"));
        Claim csdRole = Claim.interleaved("csd", Suite.INTERLEAVED_VARIANT, "reader", "straddled", "line-aligned",
                Expect.info(Expect.Direction.SLOWER), "claim");
        assertTrue(InterleavedReference.problem(csdRole, Suite.SETS).contains("measures no roles"));
        assertFalse(InterleavedReference.hasFloor(ChunkSets.INTERLEAVED));
        assertTrue(InterleavedReference.hasFloor(MailboxSets.INTERLEAVED));
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
