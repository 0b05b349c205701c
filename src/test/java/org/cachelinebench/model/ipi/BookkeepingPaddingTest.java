package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.cachelinebench.model.layout.CacheLine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The sender's and receiver's on-heap counters are written every IPI by different threads; they must
 * not share a line with any other object's fields. Proven with JOL as relations (at least a line between
 * the object's start and the first counter, and between the last counter and the object's end), never
 * absolute offsets, so it holds for any header size. Tagged layout: it runs again under every JVM flag set of
 * .ci/run.
 */
@Tag("layout")
class BookkeepingPaddingTest {

    @Test
    void senderCountersAreAlone() {
        assertPadded(SenderLog.class, Set.of("nextSeq", "expectedSum", "lastTerm", "ipisSent"));
    }

    @Test
    void receiverCountersAreAlone() {
        assertPadded(ReceiverLog.class, Set.of("handled", "checksum", "expectedSeq", "outOfOrder", "protocolErrors",
                "work", "workResult"));
    }

    /** What the padding promises: a line pair (see the padding idiom in model.layout). */
    static final long PAD = 128;

    private static void assertPadded(Class<?> c, Set<String> hot) {
        ClassLayout layout = ClassLayout.parseClass(c);
        long first = Long.MAX_VALUE;
        long end = 0;
        int found = 0;
        for (FieldLayout f : layout.fields()) {
            if (hot.contains(f.name())) {
                first = Math.min(first, f.offset());
                end = Math.max(end, f.offset() + f.size());
                found++;
            }
        }
        assertTrue(found == hot.size(), "fields " + hot + " in " + layout.toPrintable());
        int line = CacheLine.SIZE;
        // Any byte of a previous object lies before our header: first >= PAD keeps it off our first counter's line
        // and its adjacent-line pair; likewise after the counters.
        assertTrue(first >= PAD, c.getSimpleName() + ": first counter at " + first + "\n" + layout.toPrintable());
        assertTrue(layout.instanceSize() - end >= PAD,
                c.getSimpleName() + ": " + (layout.instanceSize() - end) + " bytes after the counters\n" + layout.toPrintable());
        List<String> hotOrder = List.copyOf(hot);
        assertTrue(end - first <= line, c.getSimpleName() + ": counters span " + (end - first) + " bytes " + hotOrder);
    }
}
