package org.cachelinebench.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.ParamHook;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Param;

/**
 * The issue-9 sets and claims fit the benchmarks that measure them: every side a claim names has its aux counters
 * on its benchmark's sender state, every variant param is a declared {@code @Param} its benchmark accepts, every
 * claim is informational, and profile {@code full} runs every set while {@code ci} runs none.
 */
class MailboxSetsTest {
    static final List<String> SETS = List.of(MailboxSets.DOORBELL_SET, MailboxSets.MAILBOX_SET,
            MailboxSets.MAILBOX_WORK_SET, MailboxSets.OBJECT_MAILBOX_SET, MailboxSets.OBJECT_MAILBOX_WORK_SET,
            MailboxSets.CSD_SWEEP_SET, MailboxSets.MAILBOX_SWEEP_SET);

    /** The flag mailbox without work, where the straddle is largest, gates the csd straddle (benchmarks/ci). */
    static final Set<String> GATED = Set.of("mailbox.straddled-vs-line-aligned", "mailbox.line-aligned-again-vs-line-aligned");

    @Test
    void everyClaimedSideHasItsCountersOnItsBenchmark() throws Exception {
        int claims = 0;
        for (Claim c : Suite.COMPARISONS) {
            if (!SETS.contains(c.set())) {
                continue;
            }
            claims++;
            assertTrue(c.interleaved(), c.id());
            assertEquals(GATED.contains(c.id()), c.expect().checked(), c.id() + ": only the flag mailbox's straddle and its A/A gate");
            Variant v = Suite.set(c.set()).variant(c.variant());
            Set<String> counters = counters(benchmarkClass(v));
            for (String side : List.of(c.subject(), c.reference(), Claim.FLOOR_SIDE)) {
                assertTrue(counters.contains(CounterNames.nanos(side)) && counters.contains(CounterNames.calls(side)),
                        c.id() + ": no counters for side " + side + " in " + counters);
            }
            assertTrue(counters.contains(CounterNames.CYCLES) && counters.contains(CounterNames.CYCLES_NOT_LOGGED), c.id());
            assertTrue(counters.contains(CounterNames.ratio(c.subject())), c.id() + ": no median ratio in " + counters);
            assertEquals(!c.subject().equals(Claim.FLOOR_SIDE), counters.contains(CounterNames.extra(c.subject())),
                    c.id() + ": extra lines for every side but the floor, their unit");
            assertFalse(counters.contains(CounterNames.ratio(c.reference())), c.id() + ": the reference has no ratio");
        }
        assertEquals(4 * 3 + 5 * 2 + 9 * 2, claims);
    }

    @Test
    void everyVariantParamIsDeclaredAndAccepted() throws Exception {
        for (String id : SETS) {
            for (Variant v : Suite.set(id).variants()) {
                Class<?> bench = benchmarkClass(v);
                Set<String> declared = params(bench);
                for (Map.Entry<String, String> p : v.params().entrySet()) {
                    assertTrue(declared.contains(p.getKey()), v.describe() + ": no @Param " + p.getKey() + " in " + declared);
                    assertEquals(null, ParamHook.problem(bench.getName(), p.getKey(), p.getValue()), v.describe());
                }
            }
        }
    }

    @Test
    void theIdsAreStableAndReadable() {
        Set<String> ids = new HashSet<>();
        for (Claim c : Suite.COMPARISONS) {
            assertTrue(ids.add(c.id()), "duplicate claim id " + c.id());
        }
        for (String id : List.of("mailbox.straddled-vs-line-aligned", "object-mailbox.straddled-vs-one-line",
                "object-mailbox.padded-vs-one-line", "object-mailbox.contended-vs-one-line",
                "object-mailbox.one-line-again-vs-one-line", "csd-doorbell.straddled-vs-line-aligned",
                "mailbox-work.straddled-vs-line-aligned", "mailbox-sweep.offset-48-vs-offset-0",
                "csd-sweep-interleaved.offset-0-again-vs-offset-0")) {
            assertTrue(ids.contains(id), id);
        }
    }

    @Test
    void fullRunsEverySetCiOnlyTheGatedMailbox() {
        assertTrue(Suite.FULL.sets().containsAll(SETS), Suite.FULL.sets().toString());
        for (String id : SETS) {
            assertEquals(id.equals(MailboxSets.MAILBOX_SET), Suite.CI.sets().contains(id), id + " in ci");
            assertEquals(id, Suite.set(id).id(), "the set named " + id + " is in the suite under that id");
        }
    }

    /** "org...IpiInterleaved.ipi" names the class org...IpiInterleaved. */
    private static Class<?> benchmarkClass(Variant v) throws ClassNotFoundException {
        String b = v.benchmark();
        return Class.forName(b.substring(0, b.lastIndexOf('.')));
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

    private static Set<String> params(Class<?> bench) {
        Set<String> out = new HashSet<>();
        out.add("pin");   // PinnedThread's, on every IPI benchmark's threads
        for (Class<?> state : bench.getDeclaredClasses()) {
            for (Field f : state.getFields()) {
                if (f.isAnnotationPresent(Param.class)) {
                    out.add(f.getName());
                }
            }
        }
        return out;
    }
}
