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
 * </ul>
 *
 * Nothing here is typed in: offsets, holes, padding, size and alignment all come from these rules.
 */
public final class StructLayout {

    /** One laid-out member. {@code alignAttr} is the {@code __aligned__(N)} on it, 0 if none. */
    public record Member(String name, CType type, int offset, int alignAttr) {
        public int size() { return type.size(); }
        public int end() { return offset + type.size(); }
        /** The member's effective alignment: natural, raised by its attribute. */
        public int align() { return Math.max(type.align(), alignAttr); }
    }

    /** A gap the rules inserted before {@code next} (or before the end, when {@code next} is null). */
    public record Hole(int offset, int size, Member next) {}

    private final String tag;          // "pcpu_chunk" in "struct pcpu_chunk"
    private final String typeName;     // what pahole prints as the type: "struct pcpu_chunk" or a typedef
    private final List<Member> members;
    private final int align;
    private final int typeAlignAttr;   // __aligned__(N) on the struct, 0 if none
    private final int typedefAlign;    // __aligned__(N) on a typedef of it, 0 if none
    private final int size;

    private StructLayout(String tag, String typeName, List<Member> members, int typeAlignAttr, int typedefAlign) {
        this.tag = tag;
        this.typeName = typeName;
        this.members = List.copyOf(members);
        this.typeAlignAttr = typeAlignAttr;
        this.typedefAlign = typedefAlign;
        int a = Math.max(1, typeAlignAttr);
        int end = 0;
        for (Member m : members) {
            a = Math.max(a, m.align());
            end = Math.max(end, m.end());
        }
        // The struct's own alignment pads its size; a typedef's attribute raises only the alignment
        // (gcc: typedef struct { 16 bytes } t __aligned(64) has sizeof 16, _Alignof 64).
        this.size = roundUp(end, a);
        this.align = Math.max(a, typedefAlign);
    }

    public static Builder builder(String tag) {
        return new Builder(tag);
    }

    /**
     * The same members under a typedef that raises the type's alignment, as in
     * {@code typedef struct __call_single_data call_single_data_t __aligned(sizeof(struct __call_single_data))}.
     * As in gcc, the attribute on a typedef changes the alignment only, never the size: a typedef aligned
     * beyond its size keeps its size (and arrays of it are then rejected by gcc).
     */
    public StructLayout typedefAligned(String typedefName, int alignAttr) {
        checkAlign(alignAttr, "typedef " + typedefName);
        return new StructLayout(tag, typedefName, members, typeAlignAttr, Math.max(typedefAlign, alignAttr));
    }

    public String tag() { return tag; }
    public String typeName() { return typeName; }
    public List<Member> members() { return members; }
    public int size() { return size; }
    public int align() { return align; }
    /** The {@code __aligned__(N)} on the type, struct or typedef (the larger), 0 if none. */
    public int typeAlignAttr() { return Math.max(typeAlignAttr, typedefAlign); }
    /** The {@code __aligned__(N)} on the struct definition itself (it pads the size), 0 if none. */
    public int structAlignAttr() { return typeAlignAttr; }
    /** The {@code __aligned__(N)} of the typedef this layout is named by (alignment only), 0 if none. */
    public int typedefAlignAttr() { return typedefAlign; }

    /** The member called {@code name}; a dotted path ("llist.next") descends into struct members. */
    public Member member(String path) {
        int dot = path.indexOf('.');
        String head = dot < 0 ? path : path.substring(0, dot);
        for (Member m : members) {
            if (m.name().equals(head)) {
                if (dot < 0) {
                    return m;
                }
                if (!m.type().isStruct()) {
                    throw new IllegalArgumentException(typeName + "." + head + " is not a struct");
                }
                Member inner = m.type().struct().member(path.substring(dot + 1));
                return new Member(head + "." + inner.name(), inner.type(), m.offset() + inner.offset(),
                        inner.alignAttr());
            }
        }
        throw new IllegalArgumentException(typeName + " has no member " + path);
    }

    /** Byte offset of a member (dotted paths allowed) from the start of the struct. */
    public int offsetOf(String path) {
        return member(path).offset();
    }

    /** Sum of the member sizes, as pahole's "sum members". */
    public int sumMembers() {
        int s = 0;
        for (Member m : members) {
            s += m.size();
        }
        return s;
    }

    /** Gaps between members (not the trailing padding). */
    public List<Hole> holes() {
        List<Hole> out = new ArrayList<>();
        int end = 0;
        for (Member m : members) {
            if (m.offset() > end) {
                out.add(new Hole(end, m.offset() - end, m));
            }
            end = Math.max(end, m.end());
        }
        return Collections.unmodifiableList(out);
    }

    /** Bytes after the last member up to {@link #size()}. */
    public int trailingPadding() {
        int end = 0;
        for (Member m : members) {
            end = Math.max(end, m.end());
        }
        return size - end;
    }

    /** Number of lines the struct covers when it starts at a line boundary. */
    public int cacheLines(int lineSize) {
        return size == 0 ? 0 : (size + lineSize - 1) / lineSize;
    }

    static int roundUp(int n, int align) {
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

    /** Builds a struct member by member, in declaration order. */
    public static final class Builder {
        private final String tag;
        private final List<Member> members = new ArrayList<>();
        private int typeAlignAttr;
        private int cursor;
        private boolean flexibleSeen;

        private Builder(String tag) {
            this.tag = Objects.requireNonNull(tag);
        }

        /** {@code type name;} */
        public Builder field(CType type, String name) {
            return add(type, name, 0);
        }

        /** {@code type name __attribute__((__aligned__(align)));} e.g. {@code ____cacheline_aligned_in_smp}. */
        public Builder fieldAligned(CType type, String name, int align) {
            checkAlign(align, tag + "." + name);
            return add(type, name, align);
        }

        /** {@code type name[];} the flexible array member, which must be last. */
        public Builder flexibleArray(CType element, String name) {
            add(CType.array(element, 0), name, 0);
            flexibleSeen = true;
            return this;
        }

        /** {@code struct tag { ... } __aligned(align);} */
        public Builder aligned(int align) {
            checkAlign(align, "struct " + tag);
            typeAlignAttr = Math.max(typeAlignAttr, align);
            return this;
        }

        private Builder add(CType type, String name, int alignAttr) {
            if (flexibleSeen) {
                throw new IllegalArgumentException(
                        "struct " + tag + ": member " + name + " after the flexible array member");
            }
            for (Member m : members) {
                if (m.name().equals(name)) {
                    throw new IllegalArgumentException("struct " + tag + ": duplicate member " + name);
                }
            }
            int align = Math.max(type.align(), alignAttr);
            int offset = roundUp(cursor, align);
            members.add(new Member(name, type, offset, alignAttr));
            cursor = offset + type.size();
            return this;
        }

        public StructLayout build() {
            if (members.isEmpty()) {
                throw new IllegalArgumentException("struct " + tag + " has no members");
            }
            return new StructLayout(tag, "struct " + tag, members, typeAlignAttr, 0);
        }
    }
}
