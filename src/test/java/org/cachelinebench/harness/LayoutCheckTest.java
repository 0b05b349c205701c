package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The marker of a failed layout check is found however the failure reaches the runner, and only there. */
class LayoutCheckTest {
    private static final String LINE = LayoutCheck.MARKER + "padded: baseAddr shares a 64-byte line with freeBytes";

    @Test
    void theMarkedLineIsFoundInTheFailureItsCausesAndTheirSuppressedExceptions() {
        assertEquals(LINE, LayoutCheck.reasonIn(LayoutCheck.failed("padded: baseAddr shares a 64-byte line with freeBytes")));
        RuntimeException wrapped = new RuntimeException("Benchmark caught the exception",
                new IllegalStateException("outer", LayoutCheck.failed("padded: baseAddr shares a 64-byte line with freeBytes")));
        assertEquals(LINE, LayoutCheck.reasonIn(wrapped));
        RuntimeException suppressing = new RuntimeException("Benchmark had encountered errors");
        suppressing.addSuppressed(new IllegalStateException("java.lang.IllegalStateException: " + LINE
                + "\n\tat org.cachelinebench.benchmarks.ChunkObjectFalseSharing.choose(ChunkObjectFalseSharing.java:1)"));
        assertEquals(LINE, LayoutCheck.reasonIn(suppressing), "the marked line only, without what follows it");
    }

    @Test
    void anOrdinaryFailureCarriesNoMarker() {
        assertNull(LayoutCheck.reasonIn(new IllegalStateException("unpadded: none of 16 instances has baseAddr on a line"
                + " with freeBytes")));
        assertNull(LayoutCheck.reasonIn(new IllegalStateException((String) null)));
        assertNull(LayoutCheck.reasonIn(null));
        RuntimeException loop = new RuntimeException("a");
        RuntimeException other = new RuntimeException("b", loop);
        loop.addSuppressed(other);
        assertNull(LayoutCheck.reasonIn(other), "a cycle of causes and suppressed exceptions ends");
    }
}
