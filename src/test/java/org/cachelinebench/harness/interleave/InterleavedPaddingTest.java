package org.cachelinebench.harness.interleave;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The interleaved harness's bookkeeping, as the running JVM lays it out (JOL): the fields one thread writes
 * keep 128 bytes (a line pair) from both ends of their object and from the other thread's fields, whatever
 * the header size. Relations, never absolute offsets.
 */
@Tag("layout")
class InterleavedPaddingTest {
    static final long PAD = 128;

    @Test
    void theLeadersPositionIsPaddedOnBothSides() {
        assertPadded(Leader.class, "LeaderFields");
    }

    @Test
    void theFollowersPositionIsPaddedOnBothSides() {
        assertPadded(Follower.class, "FollowerFields");
    }

    @Test
    void theBarriersTwoCountersArePaddedFromEachOtherAndFromTheEnds() {
        ClassLayout l = ClassLayout.parseClass(SpinBarrier.class);
        List<FieldLayout> sender = role(l, "SpinBarrierLeaderField");
        List<FieldLayout> receiver = role(l, "SpinBarrierFollowerField");
        assertFalse(sender.isEmpty() || receiver.isEmpty(), l.toPrintable());
        assertTrue(first(sender) >= PAD, l.toPrintable());
        assertTrue(first(receiver) - end(sender) >= PAD, l.toPrintable());
        assertTrue(l.instanceSize() - end(receiver) >= PAD, l.toPrintable());
    }

    private static void assertPadded(Class<?> c, String role) {
        ClassLayout l = ClassLayout.parseClass(c);
        List<FieldLayout> fields = role(l, role);
        assertFalse(fields.isEmpty(), l.toPrintable());
        assertTrue(first(fields) >= PAD, "a written field within " + PAD + " bytes of the object's start:\n" + l.toPrintable());
        assertTrue(l.instanceSize() - end(fields) >= PAD, "a written field within " + PAD + " bytes of the end:\n"
                + l.toPrintable());
    }

    /** The fields declared by the class named {@code simpleName}. */
    private static List<FieldLayout> role(ClassLayout l, String simpleName) {
        return l.fields().stream().filter(f -> f.hostClass().endsWith(simpleName)).toList();
    }

    private static long first(List<FieldLayout> fields) {
        return fields.stream().mapToLong(FieldLayout::offset).min().orElseThrow();
    }

    private static long end(List<FieldLayout> fields) {
        return fields.stream().mapToLong(f -> f.offset() + f.size()).max().orElseThrow();
    }
}
