package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.cachelinebench.harness.pin.Pin;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Every benchmark that has {@code pin} (as JMH's own benchmark list says) also has {@code cpus}, and its
 * {@code checkParam} checks both, so that a bad value is one line before any fork.
 */
class PinParamsTest {

    @Test
    void everyPinnedBenchmarkChecksPinAndCpus() throws Exception {
        SortedSet<String> classes = new TreeSet<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().find(
                OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT),
                List.of("org\\.cachelinebench\\..*"), List.of())) {
            Map<String, String[]> params = e.getParams().orElse(Map.of());
            if (params.containsKey(Pin.PARAM)) {
                assertTrue(params.containsKey(Pin.CPUS_PARAM), e.getUsername() + " has pin but not cpus");
                assertEquals(List.of("off"), List.of(params.get(Pin.PARAM)), e.getUsername());
                classes.add(e.getUserClassQName());
            }
        }
        assertEquals(Set.of("IpiBenchmark", "IpiInterleaved", "IpiOffsetSweep", "LineFloor", "InterleavedOffsetSweep",
                        "ObjectMailboxInterleaved"),
                Set.copyOf(classes.stream().map(c -> c.substring(c.lastIndexOf('.') + 1)).toList()));
        for (String c : classes) {
            Method check = Class.forName(c).getMethod("checkParam", String.class, String.class);
            check.invoke(null, Pin.PARAM, "off");
            check.invoke(null, Pin.CPUS_PARAM, "");
            assertRefused(check, Pin.PARAM, "smt", "'smt'");
            assertRefused(check, Pin.CPUS_PARAM, "0", "cpus takes two CPUs as A:B");
            assertRefused(check, Pin.CPUS_PARAM, "1:1", "two different CPUs");
        }
    }

    private static void assertRefused(Method check, String name, String value, String part) {
        InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> check.invoke(null, name, value));
        assertInstanceOf(IllegalArgumentException.class, e.getCause(), check.getDeclaringClass() + " " + name + "=" + value);
        String message = e.getCause().getMessage();
        assertTrue(message.contains(part), message);
        assertFalse(message.contains("\n"), message);
    }
}
