package org.cachelinebench.model.ipi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.FieldLines;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.layout.ObjectFields;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;

/**
 * The Java-object mailboxes ({@link Mailbox}, {@link PaddedMailbox}, {@link ContendedMailbox}): where the running
 * JVM put their four fields (JOL), which fields an instance at a given address has in which line, and which
 * instances of a pool a benchmark measures.
 *
 * <p>The choice, from live addresses (the allocator and the GC decide where an object lands, objects are only
 * 8-byte aligned, and the fields span 24 to 28 bytes, so some instances keep them in one line and some do not):
 * <ul>
 *   <li>{@code straddled}: a plain instance whose {@code flags} lies in another line than at least one payload
 *       field ({@code next}, {@code func}, {@code info}): the receiver's payload loads wait for the flag's line,
 *       then miss again. Of those, the one that splits the fields most evenly between the two lines (as the
 *       straddled csd splits its members two and two), the first in pool order on a tie.</li>
 *   <li>{@code one-line} (the reference) and {@code one-line-again} (the A/A control): two plain instances
 *       whose four fields sit in one line, at the same place in it, so that the A/A pair differs in nothing but
 *       the instance; of the places that have two, the one whose first field is nearest the line's start.</li>
 *   <li>{@code padded}, {@code contended}: an instance whose fields sit in one line, nearest the line's start
 *       (the padding keeps other objects away wherever the instance lands, but does not keep the four fields in
 *       one line, so the benchmark picks one that is, and the comparison is of the padding alone).</li>
 *   <li>The plain instances chosen lie at least {@link #PAD} bytes apart, field to field, so that no two
 *       sides of the measurement share a line or a 128-byte line pair.</li>
 * </ul>
 * A pool that offers no such set is refused, naming every instance's address and fields' lines.
 */
public final class MailboxObjects {
    private MailboxObjects() {}

    public static final String NEXT = "next";
    public static final String FUNC = "func";
    public static final String INFO = "info";
    public static final String FLAGS = "flags";
    /** The four fields, in the v4.13 csd's member order (llist.next, func, info, flags). */
    public static final List<String> FIELDS = List.of(NEXT, FUNC, INFO, FLAGS);
    /** What the padded classes keep between the mailbox's fields and any other object's: HotSpot's @Contended width. */
    public static final int PAD = 128;

    /** The three classes. */
    public enum Kind {
        PLAIN("plain", Mailbox.class, Mailbox::new),
        PADDED("padded", PaddedMailbox.class, PaddedMailbox::new),
        CONTENDED("contended", ContendedMailbox.class, ContendedMailbox::new);

        private final String label;
        private final Class<?> type;
        private final Supplier<Object> factory;

        Kind(String label, Class<?> type, Supplier<Object> factory) {
            this.label = label;
            this.type = type;
            this.factory = factory;
        }

        public String label() { return label; }
        public Class<?> type() { return type; }
        public Object create() { return factory.get(); }

        /** A flag-mailbox handshake on {@code box}, an instance of this kind's class. */
        public FlagMailbox handshake(Object box, long work) {
            switch (this) {
                case PLAIN: return FlagMailbox.on((Mailbox) box, work);
                case PADDED: return FlagMailbox.on((PaddedMailbox) box, work);
                case CONTENDED: return FlagMailbox.on((ContendedMailbox) box, work);
                default: throw new AssertionError(this);
            }
        }

        /** The kind of a mailbox object. */
        public static Kind of(Object box) {
            for (Kind k : values()) {
                if (k.type == box.getClass()) {
                    return k;
                }
            }
            throw new IllegalArgumentException("not a mailbox object: " + box.getClass().getName());
        }
    }

    /**
     * The four fields of one class as the running JVM laid them out, and the bytes an instance takes in the heap
     * (measured from adjacent allocations, so it includes the padding HotSpot adds after {@code @Contended} fields,
     * which the class's field layout does not show).
     */
    public record Layout(Kind kind, Map<String, FieldSlot> fields, long instanceSize) {
        public static Layout of(Kind kind) {
            Map<String, FieldSlot> all = ObjectFields.fields(kind.type());
            Map<String, FieldSlot> four = new LinkedHashMap<>();
            for (String name : FIELDS) {
                FieldSlot s = all.get(name);
                if (s == null) {
                    throw new IllegalStateException(kind.type().getSimpleName() + " has no field " + name);
                }
                four.put(name, s);
            }
            return new Layout(kind, four, HeapAddresses.allocatedSize(kind::create));
        }

        /** Offset of the first byte of the four fields. */
        public long first() {
            return fields.values().stream().mapToLong(FieldSlot::offset).min().getAsLong();
        }

        /** Offset just past the last byte of the four fields. */
        public long end() {
            return fields.values().stream().mapToLong(FieldSlot::end).max().getAsLong();
        }

        /** Bytes of the object before its first mailbox field, header included: another object's fields lie before these. */
        public long gapBefore() {
            return first();
        }

        /** Bytes of the object after its last mailbox field: the next object starts after these. */
        public long gapAfter() {
            return instanceSize - end();
        }

        /** The fields at their real addresses for an instance at {@code address}, in offset order. */
        public List<FieldLines.Field> at(long address) {
            List<FieldLines.Field> out = new ArrayList<>();
            fields.values().stream().sorted(Comparator.comparingLong(FieldSlot::offset))
                    .forEach(s -> out.add(new FieldLines.Field(s.name(), address + s.offset(), s.size())));
            return out;
        }

        /** "flags +12, func +16, info +24, next +32 of a 40-byte instance". */
        public String offsets() {
            StringBuilder sb = new StringBuilder();
            fields.values().stream().sorted(Comparator.comparingLong(FieldSlot::offset))
                    .forEach(s -> sb.append(sb.length() == 0 ? "" : ", ").append(s.name()).append(" +").append(s.offset()));
            return sb + " of a " + instanceSize + "-byte instance";
        }
    }

    private static final Map<Kind, Layout> LAYOUTS = new EnumMap<>(Kind.class);

    /** The layout of {@code kind} on this JVM, read once. */
    public static synchronized Layout layout(Kind kind) {
        return LAYOUTS.computeIfAbsent(kind, Layout::of);
    }

    /** Where the four fields of an instance at {@code address} fall among lines of {@code lineSize}. */
    public record Spot(Layout layout, long address, int lineSize) {
        /** Line (absolute) of each field. */
        public Map<String, Long> lines() {
            Map<String, Long> out = new LinkedHashMap<>();
            for (FieldLines.Field f : layout.at(address)) {
                out.put(f.name(), Math.floorDiv(f.start(), lineSize));
            }
            return out;
        }

        /** All four fields in one line. */
        public boolean oneLine() {
            return FieldLines.lines(layout.at(address), lineSize) == 1;
        }

        /** {@code flags} in another line than at least one payload field: the receiver misses twice, in turn. */
        public boolean flagApartFromPayload() {
            Map<String, Long> l = lines();
            long flag = l.get(FLAGS);
            return l.entrySet().stream().anyMatch(e -> !e.getKey().equals(FLAGS) && e.getValue() != flag);
        }

        /** Fields in the line that holds fewer of them: 0 in one line, 2 for an even split of four. */
        public int split() {
            Map<Long, List<String>> by = FieldLines.byLine(layout.at(address), lineSize);
            return by.size() == 1 ? 0 : by.values().stream().mapToInt(List::size).min().getAsInt();
        }

        /** Where the first of the four fields starts in its line. */
        public long inLine() {
            return Math.floorMod(address + layout.first(), lineSize);
        }

        /** "flags, func in line 0; info, next in line 1", lines counted from the first field's. */
        public String fieldLines() {
            return FieldLines.describe(layout.at(address), lineSize, address + layout.first());
        }

        /** "0x7f10c8 (fields from 52 bytes into a 64-byte line): flags, func in line 0; info, next in line 1". */
        public String describe() {
            return String.format("0x%x (fields from %d bytes into a %d-byte line): %s", address, inLine(), lineSize,
                    fieldLines());
        }
    }

    /** Where the fields of {@code layout}'s instance at {@code address} fall. */
    public static Spot at(Layout layout, long address, int lineSize) {
        return new Spot(layout, address, lineSize);
    }

    /** Of the places an instance can start in a line (every 8 bytes), how many keep the four fields in one line. */
    public static int oneLineStarts(Layout layout, int lineSize) {
        int n = 0;
        for (int start = 0; start < lineSize; start += 8) {
            n += at(layout, start, lineSize).oneLine() ? 1 : 0;
        }
        return n;
    }

    /** Of the places an instance can start in a line, how many put {@code flags} in another line than a payload field. */
    public static int straddlingStarts(Layout layout, int lineSize) {
        int n = 0;
        for (int start = 0; start < lineSize; start += 8) {
            n += at(layout, start, lineSize).flagApartFromPayload() ? 1 : 0;
        }
        return n;
    }

    // ---- choosing the instances ---------------------------------------------------------------------------

    /** The plain instances a fork measures, as indexes into the pool. */
    public record PlainChoice(int oneLine, int straddled, int oneLineAgain) {}

    /**
     * The reference, the straddled instance and the A/A instance from a pool of plain mailboxes at
     * {@code addresses} (see the class comment for the rule). Throws, naming every instance, when the pool has
     * no such set.
     */
    public static PlainChoice choosePlain(Layout layout, long[] addresses, int lineSize) {
        List<Integer> straddled = new ArrayList<>();
        Map<Long, List<Integer>> oneLineByPlace = new TreeMap<>();
        for (int i = 0; i < addresses.length; i++) {
            Spot s = at(layout, addresses[i], lineSize);
            if (s.flagApartFromPayload()) {
                straddled.add(i);
            } else if (s.oneLine()) {
                oneLineByPlace.computeIfAbsent(s.inLine(), k -> new ArrayList<>()).add(i);
            }
        }
        straddled.sort(Comparator.comparingInt((Integer i) -> -at(layout, addresses[i], lineSize).split())
                .thenComparingInt(i -> i));
        for (int s : straddled) {
            for (List<Integer> place : oneLineByPlace.values()) {
                for (int a : place) {
                    if (!apart(layout, addresses[a], addresses[s])) {
                        continue;
                    }
                    for (int b : place) {
                        if (b > a && apart(layout, addresses[b], addresses[s]) && apart(layout, addresses[b], addresses[a])) {
                            return new PlainChoice(a, s, b);
                        }
                    }
                }
            }
        }
        throw new IllegalStateException(String.format("no plain Mailbox instances to measure among %d: needs two whose"
                        + " four fields (%s) sit in one %d-byte line at the same place, and one whose flags lies in"
                        + " another line than a payload field, each at least %d bytes from the others; instances:%s",
                addresses.length, layout.offsets(), lineSize, PAD, list(layout, addresses, lineSize)));
    }

    /**
     * A padded or {@code @Contended} instance whose four fields sit in one line, nearest the line's start, first
     * in pool order. Throws, naming the fields, when the class's padding does not keep other objects away (see
     * {@link #paddingProblem}) or no instance fits.
     */
    public static int chooseOneLine(Layout layout, long[] addresses, int lineSize) {
        String problem = paddingProblem(layout);
        if (problem != null) {
            throw new IllegalStateException(problem + (layout.kind() == Kind.CONTENDED
                    ? " (is -XX:-RestrictContended missing?)" : ""));
        }
        int best = -1;
        for (int i = 0; i < addresses.length; i++) {
            Spot s = at(layout, addresses[i], lineSize);
            if (s.oneLine() && (best < 0 || s.inLine() < at(layout, addresses[best], lineSize).inLine())) {
                best = i;
            }
        }
        if (best < 0) {
            throw new IllegalStateException(String.format("no %s instance among %d has its four fields (%s) in one"
                            + " %d-byte line; instances:%s", layout.kind().type().getSimpleName(), addresses.length,
                    layout.offsets(), lineSize, list(layout, addresses, lineSize)));
        }
        return best;
    }

    /**
     * Why a padded class does not keep every other object's fields at least {@link #PAD} bytes from its four
     * fields (naming them and the gaps), or null when it does. For the plain class this is never null: it has no
     * padding.
     */
    public static String paddingProblem(Layout layout) {
        if (layout.gapBefore() >= PAD && layout.gapAfter() >= PAD) {
            return null;
        }
        return String.format("%s: the mailbox fields (%s) are %d bytes from the object's start and %d bytes from its"
                        + " end; less than %d leaves another object's fields within reach of their lines",
                layout.kind().type().getSimpleName(), layout.offsets(), layout.gapBefore(), layout.gapAfter(), PAD);
    }

    /**
     * True when the relation an instance was chosen for still holds at {@code address}: one line
     * ({@code straddled == false}) or flag apart from the payload ({@code straddled == true}).
     */
    public static boolean holds(Layout layout, long address, int lineSize, boolean straddled) {
        Spot s = at(layout, address, lineSize);
        return straddled ? s.flagApartFromPayload() : s.oneLine();
    }

    /** True when the four fields of instances at {@code a} and {@code b} are at least {@link #PAD} bytes apart. */
    static boolean apart(Layout layout, long a, long b) {
        long lo = Math.min(a, b);
        long hi = Math.max(a, b);
        return hi + layout.first() - (lo + layout.end()) >= PAD;
    }

    private static String list(Layout layout, long[] addresses, int lineSize) {
        StringBuilder sb = new StringBuilder();
        for (long a : addresses) {
            sb.append("\n#   ").append(at(layout, a, lineSize).describe());
        }
        return sb.toString();
    }

    /**
     * "Mailbox at 0x7f10c8 (fields from 52 bytes into a 64-byte line): flags, func in line 0; info, next in
     * line 1", for a live instance, from its address now (JOL, checked by {@link HeapAddresses}).
     */
    public static String describe(Object box) {
        Layout layout = layout(Kind.of(box));
        return box.getClass().getSimpleName() + " at "
                + at(layout, HeapAddresses.addressOf(box), CacheLine.SIZE).describe();
    }
}
