package org.cachelinebench.model.layout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A C struct laid out by the x86-64 LP64 rules, from its member list alone.
 *
 * <ul>
 *   <li>Each member starts at the next multiple of its alignment: the type's natural alignment,
 *       raised (never lowered) by a member {@code __attribute__((__aligned__(N)))}.</li>
 *   <li>The struct's alignment is the largest member alignment, raised by a type attribute
 *       ({@code struct s {...} __aligned(N)} or an aligned typedef).</li>
 *   <li>The size is the end of the last member rounded up to the struct's alignment (trailing
 *       padding), so that arrays of the struct keep every element aligned.</li>
 *   <li>A flexible array member ({@code T x[]}) must come last, takes T's alignment and adds no size.</li>
 *   <li>A union ({@link #union}) puts every member at offset 0; its size is the largest member's,
 *       rounded up to its alignment.</li>
 *   <li>{@code packed} (on the struct, {@link Builder#packed}, or on one member) makes a member's
 *       natural alignment 1; an {@code aligned} attribute on the same member still raises it.</li>
 *   <li>A bit-field of type T goes at the next free bit unless it would cross a boundary of T's
 *       alignment, then at that boundary (packed: at the next free bit, always); a zero-width one
 *       moves to the next boundary of T. Named bit-fields add T's alignment to the struct's, unnamed
 *       ones do not (the x86-64 psABI), and unnamed ones are not members: they only move the cursor.</li>
 *   <li>An anonymous struct or union member (name "") is one member here; its members are found by
 *       their own names, as C finds them.</li>
 * </ul>
 *
 * Nothing here is typed in: offsets, holes, padding, size and alignment all come from these rules.
 */
public final class StructLayout {

    /**
     * One laid-out member. {@code alignAttr} is the {@code __aligned__(N)} on it, 0 if none. A bit-field
     * has {@code bitWidth >= 0}: its bits start {@code bitOffset} bits after byte {@code offset}, the start
     * of the storage unit of its type that holds them (for a packed bit-field, the byte holding its
     * first bit). Anything else has {@code bitWidth} {@link #NOT_BIT_FIELD}. The name of an anonymous
     * struct or union member is "".
     */
    public record Member(String name, CType type, int offset, int alignAttr, int bitOffset, int bitWidth) {
        public static final int NOT_BIT_FIELD = -1;

        public Member(String name, CType type, int offset, int alignAttr) {
            this(name, type, offset, alignAttr, 0, NOT_BIT_FIELD);
        }

        public int size() { return type.size(); }
        /** One past the last byte the member occupies (a bit-field: the byte of its last bit, plus one). */
        public int end() {
            return isBitField() ? (int) ((firstBit() + bitWidth + 7) / 8) : offset + type.size();
        }
        /** The member's effective alignment: natural, raised by its attribute. */
        public int align() { return Math.max(type.align(), alignAttr); }
        public boolean isBitField() { return bitWidth != NOT_BIT_FIELD; }
        /** The first byte the member occupies (a bit-field: the byte of its first bit). */
        public int start() { return isBitField() ? (int) (firstBit() / 8) : offset; }
        /** The member's first bit, counted from the struct's first byte. */
        public long firstBit() { return 8L * offset + (isBitField() ? bitOffset : 0); }
        /** True for an anonymous struct or union member, whose members belong to the enclosing struct. */
        public boolean isAnonymous() { return name.isEmpty(); }

        Member movedBy(int bytes, String newName) {
            return new Member(newName, type, offset + bytes, alignAttr, bitOffset, bitWidth);
        }
    }

    /** A gap the rules inserted before {@code next} (or before the end, when {@code next} is null). */
    public record Hole(int offset, int size, Member next) {}

    private final String tag;          // "pcpu_chunk" in "struct pcpu_chunk"; "" when anonymous
    private final String typeName;     // what pahole prints as the type: "struct pcpu_chunk" or a typedef
    private final boolean union;
    private final List<Member> members;
    private final int align;
    private final int typeAlignAttr;   // __aligned__(N) on the struct, 0 if none
    private final int typedefAlign;    // __aligned__(N) on a typedef of it, 0 if none
    private final int contentAlign;    // the largest member alignment the rules count
    private final int contentEnd;      // one past the last byte of the members
    private final int size;

    private StructLayout(String tag, String typeName, boolean union, List<Member> members, int typeAlignAttr,
                         int typedefAlign, int contentAlign, int contentEnd) {
        this.tag = tag;
        this.typeName = typeName;
        this.union = union;
        this.members = List.copyOf(members);
        this.typeAlignAttr = typeAlignAttr;
        this.typedefAlign = typedefAlign;
        this.contentAlign = contentAlign;
        this.contentEnd = contentEnd;
        int a = Math.max(Math.max(1, typeAlignAttr), contentAlign);
        // The struct's own alignment pads its size; a typedef's attribute raises only the alignment
        // (gcc: typedef struct { 16 bytes } t __aligned(64) has sizeof 16, _Alignof 64).
        this.size = roundUp(contentEnd, a);
        this.align = Math.max(a, typedefAlign);
    }

    public static Builder builder(String tag) {
        return new Builder(tag, false);
    }

    /** Builds {@code union tag}; tag "" for an anonymous union. */
    public static Builder union(String tag) {
        return new Builder(tag, true);
    }

    /**
     * The same members under a typedef that raises the type's alignment, as in
     * {@code typedef struct __call_single_data call_single_data_t __aligned(sizeof(struct __call_single_data))}.
     * As in gcc, the attribute on a typedef changes the alignment only, never the size: a typedef aligned
     * beyond its size keeps its size (and arrays of it are then rejected by gcc).
     */
    public StructLayout typedefAligned(String typedefName, int alignAttr) {
        checkAlign(alignAttr, "typedef " + typedefName);
        return new StructLayout(tag, typedefName, union, members, typeAlignAttr, Math.max(typedefAlign, alignAttr),
                contentAlign, contentEnd);
    }

    public String tag() { return tag; }
    public String typeName() { return typeName; }
    /** True for a union: every member at offset 0. */
    public boolean isUnion() { return union; }
    /** "struct" or "union". */
    public String keyword() { return union ? "union" : "struct"; }
    /** True for a struct or union without a tag. */
    public boolean isAnonymous() { return tag.isEmpty(); }
    public List<Member> members() { return members; }
    public int size() { return size; }
    public int align() { return align; }
    /** The {@code __aligned__(N)} on the type, struct or typedef (the larger), 0 if none. */
    public int typeAlignAttr() { return Math.max(typeAlignAttr, typedefAlign); }
    /** The {@code __aligned__(N)} on the struct definition itself (it pads the size), 0 if none. */
    public int structAlignAttr() { return typeAlignAttr; }
    /** The {@code __aligned__(N)} of the typedef this layout is named by (alignment only), 0 if none. */
    public int typedefAlignAttr() { return typedefAlign; }

    /**
     * The member called {@code name}; a dotted path ("llist.next") descends into struct members, and
     * the members of an anonymous struct or union are found by their own names, as in C.
     */
    public Member member(String path) {
        Member m = find(path);
        if (m == null) {
            throw new IllegalArgumentException(typeName + " has no member " + path);
        }
        return m;
    }

    /** The member at {@code path} with its offset from this struct's start, or null. */
    private Member find(String path) {
        int dot = path.indexOf('.');
        String head = dot < 0 ? path : path.substring(0, dot);
        for (Member m : members) {
            if (m.name().equals(head) && !head.isEmpty()) {
                if (dot < 0) {
                    return m;
                }
                if (!m.type().isStruct()) {
                    throw new IllegalArgumentException(typeName + "." + head + " is not a struct");
                }
                Member inner = m.type().struct().member(path.substring(dot + 1));
                return inner.movedBy(m.offset(), head + "." + inner.name());
            }
            if (m.isAnonymous() && m.type().isStruct()) {
                Member inner = m.type().struct().find(path);
                if (inner != null) {
                    return inner.movedBy(m.offset(), inner.name());
                }
            }
        }
        return null;
    }

    /** True when {@code name} is a member here or in an anonymous member (C's one name space per struct). */
    boolean declares(String name) {
        for (Member m : members) {
            if (m.name().equals(name) && !name.isEmpty()
                    || m.isAnonymous() && m.type().isStruct() && m.type().struct().declares(name)) {
                return true;
            }
        }
        return false;
    }

    /** Byte offset of a member (dotted paths allowed) from the start of the struct. */
    public int offsetOf(String path) {
        return member(path).offset();
    }

    /** Sum of the member sizes, as pahole's "sum members" (bit-fields count their bits, in whole bytes). */
    public int sumMembers() {
        int s = 0;
        long bits = 0;
        for (Member m : members) {
            if (m.isBitField()) {
                bits += m.bitWidth();
            } else {
                s += m.size();
            }
        }
        return s + (int) (bits / 8);
    }

    /** Gaps of whole bytes between members (not the trailing padding). */
    public List<Hole> holes() {
        List<Hole> out = new ArrayList<>();
        int end = 0;
        for (Member m : members) {
            if (m.start() > end) {
                out.add(new Hole(end, m.start() - end, m));
            }
            end = Math.max(end, m.end());
        }
        return Collections.unmodifiableList(out);
    }

    /** Bytes after the last member up to {@link #size()}. */
    public int trailingPadding() {
        return size - contentEnd;
    }

    /** Number of lines the struct covers when it starts at a line boundary. */
    public int cacheLines(int lineSize) {
        return size == 0 ? 0 : (size + lineSize - 1) / lineSize;
    }

    static int roundUp(int n, int align) {
        return (n + align - 1) / align * align;
    }

    static long roundUp(long n, long align) {
        return (n + align - 1) / align * align;
    }

    static void checkAlign(int n, String what) {
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException(what + ": alignment " + n + " is not a power of two");
        }
    }

    @Override
    public String toString() {
        return typeName + " (size " + size + ", align " + align + ")";
    }

    /** Builds a struct (or union) member by member, in declaration order. */
    public static final class Builder {
        private final String tag;
        private final boolean union;
        private final List<Member> members = new ArrayList<>();
        private int typeAlignAttr;
        private boolean packed;
        private long bitCursor;          // next free bit (structs)
        private int contentAlign = 1;
        private int contentEnd;          // bytes (unions)
        private boolean flexibleSeen;

        private Builder(String tag, boolean union) {
            this.tag = Objects.requireNonNull(tag);
            this.union = union;
        }

        /** {@code type name;} */
        public Builder field(CType type, String name) {
            return add(type, name, 0, false);
        }

        /** {@code type name __attribute__((__aligned__(align)));} e.g. {@code ____cacheline_aligned_in_smp}. */
        public Builder fieldAligned(CType type, String name, int align) {
            checkAlign(align, tag + "." + name);
            return add(type, name, align, false);
        }

        /**
         * Any member that is not a bit-field: {@code alignAttr} its {@code __aligned__(N)} (0 for none),
         * {@code packed} a {@code packed} attribute on the member itself; name "" for an anonymous struct
         * or union. An array of length 0 here is GNU's zero-length array, allowed anywhere.
         */
        public Builder member(CType type, String name, int alignAttr, boolean packed) {
            if (alignAttr != 0) {
                checkAlign(alignAttr, tag + "." + name);
            }
            if (name.isEmpty() && !type.isStruct()) {
                throw new IllegalArgumentException(what() + ": an unnamed member must be a struct or union");
            }
            return add(type, name, alignAttr, packed);
        }

        /** {@code type name[];} the flexible array member, which must be last. */
        public Builder flexibleArray(CType element, String name) {
            return flexibleArray(element, name, 0, false);
        }

        /** A flexible array member with attributes, as {@link #member}. */
        public Builder flexibleArray(CType element, String name, int alignAttr, boolean packed) {
            if (union) {
                throw new IllegalArgumentException(what() + ": flexible array member " + name + " in a union");
            }
            member(CType.array(element, 0), name, alignAttr, packed);
            flexibleSeen = true;
            return this;
        }

        /**
         * {@code type name : width;} name "" for an unnamed bit-field, which pads but is not a member.
         * {@code type} must be an integer type (or an enum, or {@code _Bool}).
         */
        public Builder bitField(CType type, String name, int width, int alignAttr, boolean packed) {
            if (type.isStruct() || type.isArray() || width < 0 || width > 8 * type.size()) {
                throw new IllegalArgumentException(what() + ": bit-field " + (name.isEmpty() ? "(unnamed)" : name)
                        + " of width " + width + " does not fit its type " + type.name());
            }
            if (width == 0 && !name.isEmpty()) {
                throw new IllegalArgumentException(what() + ": named bit-field " + name + " has width 0");
            }
            if (alignAttr != 0) {
                checkAlign(alignAttr, tag + "." + name);
            }
            checkNew(name);
            long unitBits = 8L * type.align();
            long bit;
            if (union) {
                bit = 0;
            } else if (width == 0) {
                bit = roundUp(bitCursor, unitBits);         // even when packed (gcc)
            } else if (packed || this.packed) {
                bit = alignAttr > 0 ? roundUp(bitCursor, 8L * alignAttr) : bitCursor;
            } else {
                bit = alignAttr > 0 ? roundUp(bitCursor, 8L * alignAttr) : bitCursor;
                if (bit / unitBits != (bit + width - 1) / unitBits) {
                    bit = roundUp(bit, unitBits);           // it would cross a unit of its type
                }
            }
            if (!name.isEmpty()) {
                contentAlign = Math.max(contentAlign, Math.max(alignAttr, packed || this.packed ? 1 : type.align()));
                int unit = packed || this.packed ? (int) (bit / 8) : (int) (bit / unitBits * type.align());
                members.add(new Member(name, type, unit, alignAttr, (int) (bit - 8L * unit), width));
            }
            if (union) {
                contentEnd = Math.max(contentEnd, (width + 7) / 8);
            } else {
                bitCursor = bit + width;
            }
            return this;
        }

        /** {@code struct tag { ... } __aligned(align);} */
        public Builder aligned(int align) {
            checkAlign(align, "struct " + tag);
            typeAlignAttr = Math.max(typeAlignAttr, align);
            return this;
        }

        /** {@code struct tag { ... } __packed;}: every member's natural alignment becomes 1. */
        public Builder packed() {
            packed = true;
            return this;
        }

        private String what() {
            return (union ? "union " : "struct ") + (tag.isEmpty() ? "(anonymous)" : tag);
        }

        private void checkNew(String name) {
            if (flexibleSeen) {
                throw new IllegalArgumentException(
                        what() + ": member " + (name.isEmpty() ? "(unnamed)" : name) + " after the flexible array member");
            }
            if (!name.isEmpty() && declaredAlready(name)) {
                throw new IllegalArgumentException(what() + ": duplicate member " + name);
            }
        }

        private boolean declaredAlready(String name) {
            for (Member m : members) {
                if (m.name().equals(name) || m.isAnonymous() && m.type().isStruct() && m.type().struct().declares(name)) {
                    return true;
                }
            }
            return false;
        }

        /** The names an anonymous struct or union brings into the enclosing one. */
        private static List<String> namesIn(StructLayout s) {
            List<String> out = new ArrayList<>();
            for (Member m : s.members()) {
                if (m.isAnonymous()) {
                    out.addAll(namesIn(m.type().struct()));
                } else {
                    out.add(m.name());
                }
            }
            return out;
        }

        private Builder add(CType type, String name, int alignAttr, boolean packedMember) {
            checkNew(name);
            if (name.isEmpty()) {
                for (String inner : namesIn(type.struct())) {
                    if (declaredAlready(inner)) {
                        throw new IllegalArgumentException(what() + ": duplicate member " + inner);
                    }
                }
            }
            int natural = packed || packedMember ? 1 : type.align();
            int align = Math.max(natural, alignAttr);
            int offset = union ? 0 : (int) roundUp((bitCursor + 7) / 8, align);
            members.add(new Member(name, type, offset, alignAttr));
            contentAlign = Math.max(contentAlign, align);
            if (union) {
                contentEnd = Math.max(contentEnd, type.size());
            } else {
                bitCursor = 8L * (offset + type.size());
            }
            return this;
        }

        public StructLayout build() {
            // A struct without members is GNU C: size 0, alignment 1 (gcc and pahole agree).
            int end = union ? contentEnd : (int) ((bitCursor + 7) / 8);
            String keyword = union ? "union" : "struct";
            return new StructLayout(tag, tag.isEmpty() ? keyword : keyword + " " + tag, union, members, typeAlignAttr,
                    0, contentAlign, end);
        }
    }
}
