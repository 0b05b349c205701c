package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.junit.jupiter.api.Test;

/**
 * The move check before and during an iteration: an object found elsewhere than it was last seen, whose relation
 * still holds where it is now, is noted (saying when it moved), kept, and not noted again. The test stands in
 * for the GC by changing where the check last saw the object; the pools are settled by a full GC first, as the
 * benchmark does, so that a real move does not add lines.
 */
class ObjectMailboxSidesMoveTest {
    @Test
    void aMoveThatKeepsItsRelationIsNotedOnceAndKeptBeforeAndDuringAnIteration() {
        ObjectMailboxSides objects = new ObjectMailboxSides(CacheLine.SIZE);
        System.gc();
        List<ObjectMailboxSides.Pick> picks = objects.choose();
        int straddled = 1;
        assertTrue(picks.get(straddled).straddled());
        assertNoted(objects, straddled, "between iterations", notes -> assertFalse(objects.recheck(notes)));
        assertNoted(objects, straddled, "during the iteration", objects::verifyUnmoved);
    }

    private static void assertNoted(ObjectMailboxSides objects, int pick, String when,
                                    java.util.function.Consumer<StringBuilder> check) {
        long now = objects.pickedAt[pick];
        long before = now + 64L * CacheLine.SIZE;
        objects.pickedAt[pick] = before;
        StringBuilder notes = new StringBuilder();
        check.accept(notes);
        assertEquals(String.format("# %s: moved from 0x%x to 0x%x %s; the same relation holds%n",
                objects.picks().get(pick).side(), before, now, when), notes.toString());
        assertEquals(now, objects.pickedAt[pick], "kept at its new address");
        StringBuilder again = new StringBuilder();
        check.accept(again);
        assertEquals("", again.toString(), "nothing moved since");
    }
}
