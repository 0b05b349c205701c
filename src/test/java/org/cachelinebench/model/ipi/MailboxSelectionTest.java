package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.cachelinebench.model.ipi.MailboxObjects.Kind;
import org.cachelinebench.model.ipi.MailboxObjects.Layout;
import org.cachelinebench.model.ipi.MailboxObjects.PlainChoice;
import org.cachelinebench.model.ipi.MailboxObjects.Spot;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.junit.jupiter.api.Test;

/**
 * Which instances of a pool the object-mailbox benchmark measures, on made-up addresses and a made-up layout (the
 * JDK 17 one with compressed oops: flags +12, func +16, info +24, next +32, 40-byte instances), so every branch of
 * the rule is exercised whatever JVM runs the test.
 */
class MailboxSelectionTest {
    static final int LINE = 64;
    static final Layout PLAIN = layout(Kind.PLAIN, 40, 12, 16, 24, 32);
    /** A padded class: 128 bytes of padding on both sides of the fields. */
    static final Layout PADDED = layout(Kind.PADDED, 296, 140, 144, 152, 160);

    static Layout layout(Kind kind, long size, long flags, long func, long info, long next) {
        Map<String, FieldSlot> f = new LinkedHashMap<>();
        f.put("next", new FieldSlot("next", next, 4));
        f.put("func", new FieldSlot("func", func, 8));
        f.put("info", new FieldSlot("info", info, 8));
        f.put("flags", new FieldSlot("flags", flags, 4));
        return new Layout(kind, f, size);
    }

    /** {@code n} instances back to back from a line-aligned address, as a TLAB hands them out. */
    static long[] contiguous(long start, int n, long size) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = start + i * size;
        }
        return a;
    }

    @Test
    void aSpotSaysWhichFieldsFallInWhichLine() {
        Spot oneLine = MailboxObjects.at(PLAIN, 0x1000, LINE);
        assertTrue(oneLine.oneLine());
        assertFalse(oneLine.flagApartFromPayload());
        assertEquals(0, oneLine.split());
        assertEquals(12, oneLine.inLine());
        assertEquals("flags, func, info, next in line 0", oneLine.fieldLines());
        Spot straddled = MailboxObjects.at(PLAIN, 0x1000 + 40, LINE);      // fields from 52
        assertTrue(straddled.flagApartFromPayload());
        assertEquals(2, straddled.split());
        assertEquals("flags, func in line 0; info, next in line 1", straddled.fieldLines());
        assertEquals("0x1028 (fields from 52 bytes into a 64-byte line): flags, func in line 0; info, next in line 1",
                straddled.describe());
        Spot flagAlone = MailboxObjects.at(PLAIN, 0x1000 + 48, LINE);     // fields from 60
        assertEquals("flags in line 0; func, info, next in line 1", flagAlone.fieldLines());
        assertEquals(1, flagAlone.split());
    }

    @Test
    void threeOfTheEightStartsStraddleAndFiveKeepTheFieldsInOneLine() {
        assertEquals(3, MailboxObjects.straddlingStarts(PLAIN, LINE));
        assertEquals(5, MailboxObjects.oneLineStarts(PLAIN, LINE));
        assertEquals(3, MailboxObjects.straddlingStarts(PADDED, LINE), "padding keeps others away, not the straddle");
    }

    /**
     * From a contiguous pool: the straddled instance splits the fields two and two (fields from 52); the reference
     * and the A/A instance sit at the same place, the one nearest the line's start (fields from 4: objects at 56);
     * all three at least 128 bytes apart.
     */
    @Test
    void aContiguousPoolGivesTheEvenSplitAndAPairNearestTheLineStart() {
        long[] pool = contiguous(0x10000, 64, 40);
        PlainChoice c = MailboxObjects.choosePlain(PLAIN, pool, LINE);
        Spot s = MailboxObjects.at(PLAIN, pool[c.straddled()], LINE);
        assertTrue(s.flagApartFromPayload());
        assertEquals(2, s.split());
        Spot a = MailboxObjects.at(PLAIN, pool[c.oneLine()], LINE);
        Spot b = MailboxObjects.at(PLAIN, pool[c.oneLineAgain()], LINE);
        assertTrue(a.oneLine() && b.oneLine());
        assertEquals(4, a.inLine());
        assertEquals(a.inLine(), b.inLine(), "the A/A pair sits at the same place in its lines");
        assertTrue(c.oneLine() < c.oneLineAgain());
        assertTrue(MailboxObjects.apart(PLAIN, pool[c.oneLine()], pool[c.straddled()]));
        assertTrue(MailboxObjects.apart(PLAIN, pool[c.oneLineAgain()], pool[c.straddled()]));
        assertTrue(MailboxObjects.apart(PLAIN, pool[c.oneLine()], pool[c.oneLineAgain()]));
        assertFalse(MailboxObjects.apart(PLAIN, pool[0], pool[1]), "neighbours are not apart");
    }

    /** Ties go to pool order; candidates too close to the straddled instance are skipped. */
    @Test
    void instancesTooCloseToTheStraddledOneAreSkipped() {
        // Straddled at 0x2028 (fields from 52); one-line instances at 0x2000 (too close), 0x2400 and 0x2800.
        long[] pool = {0x2000, 0x2028, 0x2400, 0x2800};
        PlainChoice c = MailboxObjects.choosePlain(PLAIN, pool, LINE);
        assertEquals(new PlainChoice(2, 1, 3), c);
    }

    @Test
    void aPoolWithoutAStraddleIsRefusedNamingTheFieldsAndEveryInstance() {
        long[] pool = {0x3000, 0x3400, 0x3800};
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MailboxObjects.choosePlain(PLAIN, pool, LINE));
        String m = e.getMessage();
        assertTrue(m.startsWith("no plain Mailbox instances to measure among 3: needs two whose four fields (flags +12,"
                + " func +16, info +24, next +32 of a 40-byte instance) sit in one 64-byte line"), m);
        assertTrue(m.contains("0x3400 (fields from 12 bytes into a 64-byte line): flags, func, info, next in line 0"), m);
    }

    @Test
    void aPoolWithoutTwoOneLineInstancesAtOnePlaceIsRefused() {
        // One-line instances at two different places (fields from 12 and 20), one straddled.
        long[] pool = {0x4000, 0x4408, 0x4828};
        assertThrows(IllegalStateException.class, () -> MailboxObjects.choosePlain(PLAIN, pool, LINE));
    }

    @Test
    void aPaddedInstanceIsChosenInOneLineNearestTheLineStart() {
        long[] pool = contiguous(0x20000, 16, 296);
        int i = MailboxObjects.chooseOneLine(PADDED, pool, LINE);
        Spot s = MailboxObjects.at(PADDED, pool[i], LINE);
        assertTrue(s.oneLine());
        for (long a : pool) {
            Spot other = MailboxObjects.at(PADDED, a, LINE);
            assertTrue(!other.oneLine() || other.inLine() >= s.inLine(), "nearer the line's start: " + other.describe());
        }
    }

    /** A class whose padding is gone (or a @Contended the JVM ignored) is refused, naming the fields and the gaps. */
    @Test
    void aClassWithoutPaddingIsRefusedNamingItsFields() {
        Layout ignoredContended = new Layout(Kind.CONTENDED, PLAIN.fields(), 40);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MailboxObjects.chooseOneLine(ignoredContended, contiguous(0x5000, 8, 40), LINE));
        assertEquals("ContendedMailbox: the mailbox fields (flags +12, func +16, info +24, next +32 of a 40-byte"
                + " instance) are 12 bytes from the object's start and 4 bytes from its end; less than 128 leaves another"
                + " object's fields within reach of their lines (is -XX:-RestrictContended missing?)", e.getMessage());
        assertEquals(null, MailboxObjects.paddingProblem(PADDED));
    }

    @Test
    void theRelationIsReCheckedAtANewAddress() {
        assertTrue(MailboxObjects.holds(PLAIN, 0x1000, LINE, false));
        assertFalse(MailboxObjects.holds(PLAIN, 0x1028, LINE, false));
        assertTrue(MailboxObjects.holds(PLAIN, 0x1028, LINE, true));
        assertFalse(MailboxObjects.holds(PLAIN, 0x1000, LINE, true));
    }
}
