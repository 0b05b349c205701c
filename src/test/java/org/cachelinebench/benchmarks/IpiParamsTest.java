package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;

import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.harness.pin.PinnedThread;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** checkParam accepts every declared default and the documented extras, and rejects bad values in one line naming them. */
class IpiParamsTest {

    @Test
    void everyDeclaredDefaultIsAccepted() throws Exception {
        assertDefaultsAccepted(IpiBenchmark.class, IpiBenchmark.Mailbox.class);
        assertDefaultsAccepted(IpiOffsetSweep.class, IpiOffsetSweep.Mailbox.class);
        for (Class<?> b : List.of(IpiBenchmark.class, IpiOffsetSweep.class, LineFloor.class)) {
            assertAcceptedAndNearMissRejected(b, "pin", "off", "of");
        }
    }

    /** Values beyond the defaults that the docs name: accepted, and a near miss of each refused. */
    @Test
    void documentedExtrasAreAccepted() {
        assertAcceptedAndNearMissRejected(IpiBenchmark.class, "layout", "current", "currant");
        assertAcceptedAndNearMissRejected(IpiOffsetSweep.class, "mode", "async", "asink");
        // A name the class does not declare is left to the caller: benchmarks.jar refuses a -p no selected
        // benchmark declares (PercpuBenchmarksIT), the paired runner one its variant's benchmark lacks.
    }

    @Test
    void badValuesAreRejectedInOneLineNamingTheValue() {
        assertRejected(() -> IpiBenchmark.checkParam("placement", "diagonal"), "diagonal");
        assertRejected(() -> IpiBenchmark.checkParam("mode", "later"), "later");
        assertRejected(() -> IpiBenchmark.checkParam("layout", "v2.6"), "v2.6");
        assertRejected(() -> IpiBenchmark.checkParam("pin", "maybe"), "maybe");
        assertRejected(() -> LineFloor.checkParam("pin", "maybe"), "maybe");
        assertRejected(() -> IpiOffsetSweep.checkParam("offset", "12"), "12");
        assertRejected(() -> IpiOffsetSweep.checkParam("offset", "-8"), "-8");
        assertRejected(() -> IpiOffsetSweep.checkParam("offset", "x"), "x");
        assertRejected(() -> IpiOffsetSweep.checkParam("mode", "later"), "later");
    }

    /** The issue-9 parameters: protocol and work on the interleaved benchmarks, their defaults and their bounds. */
    @Test
    void protocolAndWorkAreCheckedOnEveryInterleavedBenchmark() throws Exception {
        assertDefaultsAccepted(IpiInterleaved.class, IpiInterleaved.Sides.class);
        assertDefaultsAccepted(InterleavedOffsetSweep.class, InterleavedOffsetSweep.Sides.class);
        assertDefaultsAccepted(ObjectMailboxInterleaved.class, ObjectMailboxInterleaved.Sides.class);
        assertEquals(List.of("kernel"), values(IpiInterleaved.Sides.class, "protocol"), "one default: one fork");
        assertEquals(List.of("0"), values(IpiInterleaved.Sides.class, "work"));
        assertEquals(List.of("kernel", "doorbell", "flag"), values(InterleavedOffsetSweep.Sides.class, "protocol"));
        assertEquals(List.of("0", "100"), values(ObjectMailboxInterleaved.Sides.class, "work"));
        for (String protocol : List.of("kernel", "doorbell", "flag")) {
            assertAcceptedAndNearMissRejected(IpiInterleaved.class, "protocol", protocol, protocol + "s");
            assertAcceptedAndNearMissRejected(InterleavedOffsetSweep.class, "protocol", protocol, protocol + "s");
        }
        assertAcceptedAndNearMissRejected(IpiInterleaved.class, "work", "1000000000", "1000000001");
        assertRejected(() -> IpiInterleaved.checkParam("protocol", "smoke-signal"), "smoke-signal");
        assertRejected(() -> InterleavedOffsetSweep.checkParam("protocol", "Flag"), "Flag");
        assertRejected(() -> IpiInterleaved.checkParam("work", "-1"), "-1");
        assertRejected(() -> InterleavedOffsetSweep.checkParam("work", "1000000001"), "1000000001");
        assertRejected(() -> ObjectMailboxInterleaved.checkParam("work", "lots"), "lots");
        assertRejected(() -> ObjectMailboxInterleaved.checkParam("pin", "maybe"), "maybe");
    }

    /** IpiMany's csd placement among the senders: an assumption, so a parameter, checked like the others. */
    @Test
    void ipiManyPlacementIsAdjacentOrBootApart() throws Exception {
        assertEquals(List.of("adjacent"), values(org.cachelinebench.benchmarks.scaling.IpiMany.class, "placement"));
        for (String good : List.of("adjacent", "boot-apart")) {
            assertAcceptedAndNearMissRejected(org.cachelinebench.benchmarks.scaling.IpiMany.class, "placement", good,
                    good + "s");
        }
    }

    @Test
    void offsetRangeFollowsTheLineSize() {
        assertEquals(56, IpiOffsetSweep.parseOffset("56", 64));
        assertRejected(() -> IpiOffsetSweep.parseOffset("64", 64), "64");
        assertEquals(64, IpiOffsetSweep.parseOffset("64", 128));
        assertEquals(120, IpiOffsetSweep.parseOffset("120", 128));
        assertRejected(() -> IpiOffsetSweep.parseOffset("128", 128), "128");
    }

    @Test
    void defaultsMatchTheDocumentedValues() throws Exception {
        assertEquals(List.of("straddled", "size-aligned", "line-aligned"), values(IpiBenchmark.Mailbox.class, "placement"));
        assertEquals(List.of("sync", "async"), values(IpiBenchmark.Mailbox.class, "mode"));
        assertEquals(List.of("v4.13"), values(IpiBenchmark.Mailbox.class, "layout"));
        assertEquals(List.of("0", "8", "16", "24", "32", "40", "48", "56"), values(IpiOffsetSweep.Mailbox.class, "offset"));
        assertEquals(List.of("sync"), values(IpiOffsetSweep.Mailbox.class, "mode"));
        assertEquals(List.of("off"), values(PinnedThread.class, "pin"));
    }

    private static void assertDefaultsAccepted(Class<?> benchmark, Class<?> state) throws Exception {
        for (Field f : state.getFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p == null) {
                continue;
            }
            for (String v : p.value()) {
                assertEquals(null, ParamHook.problem(benchmark.getName(), f.getName(), v),
                        benchmark.getSimpleName() + " -p " + f.getName() + "=" + v);
            }
            // A hook that accepted anything would pass the loop above: it must refuse what no default is.
            String problem = ParamHook.problem(benchmark.getName(), f.getName(), "no-such-value");
            assertTrue(problem != null && problem.contains("no-such-value"),
                    benchmark.getSimpleName() + " -p " + f.getName() + "=no-such-value: " + problem);
        }
    }

    private static void assertAcceptedAndNearMissRejected(Class<?> benchmark, String name, String good, String bad) {
        assertEquals(null, ParamHook.problem(benchmark.getName(), name, good), name + "=" + good);
        String problem = ParamHook.problem(benchmark.getName(), name, bad);
        assertTrue(problem != null && problem.contains(bad), name + "=" + bad + ": " + problem);
    }

    private static List<String> values(Class<?> state, String name) throws Exception {
        return Arrays.asList(state.getField(name).getAnnotation(Param.class).value());
    }

    private static void assertRejected(org.junit.jupiter.api.function.Executable check, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, check);
        assertTrue(e.getMessage().contains(value), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
