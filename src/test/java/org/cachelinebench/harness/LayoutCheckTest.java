package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

import org.junit.jupiter.api.Test;

/** A failed layout check is found by its type however the failure reaches the runner, and only there. */
class LayoutCheckTest {
    private static final String REASON = "padded: baseAddr shares a 64-byte line with freeBytes";

    @Test
    void theFailureIsFoundInTheFailureItsCausesAndTheirSuppressedExceptions() {
        LayoutCheck.Failed f = LayoutCheck.failed(REASON);
        assertEquals(LayoutCheck.MARKER + REASON, f.getMessage());
        assertEquals(REASON, f.reason());
        assertSame(f, LayoutCheck.in(f));
        assertSame(f, LayoutCheck.in(new RuntimeException("Benchmark caught the exception",
                new IllegalStateException("outer", f))));
        RuntimeException suppressing = new RuntimeException("Benchmark had encountered errors");
        suppressing.addSuppressed(f);
        assertSame(f, LayoutCheck.in(new RuntimeException("caught", suppressing)));
    }

    @Test
    void itCrossesAForkBoundaryAsDataNotText() throws Exception {
        // JMH sends a fork's exception to the runner by Java serialization.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new RuntimeException("Benchmark error during the run", LayoutCheck.failed(REASON)));
        }
        Object back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = in.readObject();
        }
        assertEquals(REASON, LayoutCheck.in((Throwable) back).reason());
    }

    @Test
    void anOrdinaryFailureIsNone() {
        assertNull(LayoutCheck.in(new IllegalStateException(LayoutCheck.MARKER + "text alone is not a layout check")));
        assertNull(LayoutCheck.in(new IllegalStateException((String) null)));
        assertNull(LayoutCheck.in(null));
        RuntimeException loop = new RuntimeException("a");
        RuntimeException other = new RuntimeException("b", loop);
        loop.addSuppressed(other);
        assertNull(LayoutCheck.in(other), "a cycle of causes and suppressed exceptions ends");
    }
}
