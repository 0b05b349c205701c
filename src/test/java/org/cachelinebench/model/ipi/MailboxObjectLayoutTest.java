package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.cachelinebench.model.ipi.MailboxObjects.Kind;
import org.cachelinebench.model.ipi.MailboxObjects.Layout;
import org.cachelinebench.model.layout.FieldLines;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.layout.ObjectFields;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * The three mailbox classes as the running JVM lays them out (JOL), asserted as relations, never offsets: headers
 * are 12 bytes on JDK 17, 8 with compact headers, references 4 or 8. Tagged layout: {@code .ci/run} runs it on
 * JDK 17 and 25, with and without {@code -XX:+UseCompactObjectHeaders} and {@code -XX:-UseCompressedOops}.
 */
@Tag("layout")
class MailboxObjectLayoutTest {
    static final int LINE = 64;

    /**
     * The plain class packs the four fields within 32 bytes, so that, placed every 8 bytes in a line, some
     * instances keep them in one line and some split the flag from the payload: the benchmark finds both.
     */
    @Test
    void thePlainClassPutsTheFourFieldsBackToBack() {
        Layout l = MailboxObjects.layout(Kind.PLAIN);
        assertTrue(l.end() - l.first() <= 32, "the four fields span " + (l.end() - l.first()) + " bytes: " + l.offsets()
                + "\n" + ClassLayout.parseClass(Mailbox.class).toPrintable());
        assertTrue(MailboxObjects.oneLineStarts(l, LINE) > 0, l.offsets());
        int straddling = MailboxObjects.straddlingStarts(l, LINE);
        assertTrue(straddling == 2 || straddling == 3, "docs/straddle-and-protocols.md says two or three of eight, not " + straddling
                + ": " + l.offsets());
        assertEquals(LINE / 8, MailboxObjects.oneLineStarts(l, LINE) + MailboxObjects.straddlingStarts(l, LINE));
        assertTrue(l.gapBefore() < MailboxObjects.PAD && l.gapAfter() < MailboxObjects.PAD,
                "nothing keeps the neighbours away: " + l.offsets());
    }

    /** Padding keeps other objects 128 bytes away; the four fields stay packed, and can still straddle a line. */
    @Test
    void thePaddedClassesKeepEveryOtherObject128BytesAwayButDoNotAlignTheFields() {
        for (Kind kind : new Kind[] {Kind.PADDED, Kind.CONTENDED}) {
            Layout l = MailboxObjects.layout(kind);
            String what = kind.label() + ": " + l.offsets() + "\n" + ClassLayout.parseClass(kind.type()).toPrintable();
            assertTrue(l.gapBefore() >= MailboxObjects.PAD, what);
            assertTrue(l.gapAfter() >= MailboxObjects.PAD, what);
            assertTrue(l.end() - l.first() <= 32, "the four fields span " + (l.end() - l.first()) + " bytes: " + what);
            assertTrue(MailboxObjects.straddlingStarts(l, LINE) > 0,
                    "padding does not keep the four fields in one line wherever the object lands: " + what);
            assertTrue(MailboxObjects.oneLineStarts(l, LINE) > 0, what);
        }
    }

    /** The padding bytes of PaddedMailbox all lie outside the four fields, before or after them. */
    @Test
    void paddingBytesLieBeforeAndAfterTheFields() {
        Map<String, FieldSlot> all = ObjectFields.fields(PaddedMailbox.class);
        Layout l = MailboxObjects.layout(Kind.PADDED);
        int before = 0;
        int after = 0;
        for (FieldSlot s : all.values()) {
            if (s.name().matches("p\\d{3}")) {
                assertTrue(s.end() <= l.first(), s.name() + " at +" + s.offset() + " is not before the fields " + l.offsets());
                before++;
            } else if (s.name().matches("q\\d{3}")) {
                assertTrue(s.offset() >= l.end(), s.name() + " at +" + s.offset() + " is not after the fields " + l.offsets());
                after++;
            }
        }
        assertEquals(MailboxObjects.PAD, before);
        assertEquals(MailboxObjects.PAD, after);
    }

    @Test
    void theThreeClassesHaveTheSameFourFields() {
        Map<String, String> plain = types(Mailbox.class);
        assertEquals(MailboxObjects.FIELDS.stream().sorted().toList(), plain.keySet().stream().toList());
        Map<String, String> padded = types(PaddedMailbox.class);
        padded.keySet().removeIf(n -> n.matches("[pq]\\d{3}"));
        assertEquals(plain.keySet(), padded.keySet());
        assertEquals(plain.keySet(), types(ContendedMailbox.class).keySet());
        for (Map<String, String> m : java.util.List.of(padded, types(ContendedMailbox.class))) {
            assertEquals(plain.get("func"), m.get("func"));
            assertEquals(plain.get("info"), m.get("info"));
            assertEquals(plain.get("flags"), m.get("flags"));
        }
    }

    /**
     * The size measured from adjacent allocations is a whole number of object alignments and covers the fields;
     * for a class without @Contended it is JOL's instance size.
     */
    @Test
    void theAllocatedSizeCoversTheFieldsAndTheContendedTail() {
        for (Kind kind : Kind.values()) {
            Layout l = MailboxObjects.layout(kind);
            assertEquals(0, l.instanceSize() % VM.current().objectAlignment(), kind.label());
            assertTrue(l.instanceSize() >= l.end(), kind.label());
            if (kind != Kind.CONTENDED) {
                assertEquals(ClassLayout.parseClass(kind.type()).instanceSize(), l.instanceSize(), kind.label());
            }
        }
    }

    /**
     * At a live instance's address (JOL, corrected by {@link HeapAddresses}), the lines worked out here from JOL's
     * instance layout and plain division are the ones {@link MailboxObjects} reports.
     */
    @Test
    void theLiveRelationsFollowTheOffsets() {
        for (Kind kind : Kind.values()) {
            Object o = kind.create();
            long address = HeapAddresses.addressOf(o);
            Map<String, Long> lines = new TreeMap<>();
            for (FieldLayout f : ClassLayout.parseInstance(o).fields()) {
                if (MailboxObjects.FIELDS.contains(f.name())) {
                    lines.put(f.name(), Math.floorDiv(address + f.offset(), LINE));
                }
            }
            MailboxObjects.Spot spot = MailboxObjects.at(MailboxObjects.layout(kind), address, LINE);
            assertEquals(lines, new TreeMap<>(spot.lines()), kind.label() + " at 0x" + Long.toHexString(address));
            assertEquals(lines.values().stream().distinct().count() == 1, spot.oneLine());
            assertEquals(FieldLines.lines(MailboxObjects.layout(kind).at(address), LINE), lines.values().stream().distinct().count());
        }
    }

    private static Map<String, String> types(Class<?> type) {
        Map<String, String> out = new TreeMap<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    out.put(f.getName(), f.getType().isPrimitive() ? f.getType().getName() : "reference");
                }
            }
        }
        return out;
    }
}
