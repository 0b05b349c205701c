package org.cachelinebench.model.layout;

import java.util.Objects;

/**
 * A C type as the x86-64 LP64 ABI sizes and aligns it: scalars and pointers are naturally aligned,
 * a struct takes the alignment of its most aligned member, an array that of its element.
 *
 * <p>The name is what pahole prints in the type column ("unsigned long *", "struct list_head").
 */
public final class CType {
    public static final CType BOOL = scalar("bool", 1);
    public static final CType CHAR = scalar("char", 1);
    public static final CType U16 = scalar("u16", 2);
    public static final CType INT = scalar("int", 4);
    public static final CType UNSIGNED_INT = scalar("unsigned int", 4);
    public static final CType LONG = scalar("long", 8);
    public static final CType UNSIGNED_LONG = scalar("unsigned long", 8);
    public static final CType SIZE_T = scalar("size_t", 8);
    public static final CType VOID_PTR = pointer("void *");

    /** Bytes in a pointer on LP64. */
    public static final int POINTER_SIZE = 8;

    private final String name;
    private final int size;
    private final int align;
    private final StructLayout struct;   // non-null for struct types
    private final CType element;         // non-null for arrays
    private final int length;            // array length; 0 for a flexible array member

    private CType(String name, int size, int align, StructLayout struct, CType element, int length) {
        this.name = Objects.requireNonNull(name);
        if (size < 0 || align < 1 || Integer.bitCount(align) != 1) {
            throw new IllegalArgumentException("bad C type " + name + ": size " + size + ", align " + align);
        }
        this.size = size;
        this.align = align;
        this.struct = struct;
        this.element = element;
        this.length = length;
    }

    /** An integer or boolean type: its alignment is its size. */
    public static CType scalar(String name, int size) {
        return new CType(name, size, size, null, null, -1);
    }

    /** A pointer (data or function) spelled as C spells it, e.g. "struct pcpu_block_md *". */
    public static CType pointer(String spelling) {
        return new CType(spelling, POINTER_SIZE, POINTER_SIZE, null, null, -1);
    }

    /**
     * A typedef name for {@code target}: the same layout, printed by its own name (as pahole prints
     * {@code atomic_t}, not the struct behind it). An {@code __aligned__(N)} on the typedef
     * ({@code alignAttr > 0}) replaces the alignment and never the size: gcc lets a typedef raise or
     * lower alignment ({@code typedef int i2 __aligned(2)} has {@code _Alignof} 2, {@code sizeof} 4).
     * A typedef of an array is printed by its name, without a suffix.
     */
    public static CType typedef(String name, CType target, int alignAttr) {
        if (alignAttr < 0) {
            throw new IllegalArgumentException("typedef " + name + ": negative alignment " + alignAttr);
        }
        return new CType(name, target.size, alignAttr > 0 ? alignAttr : target.align, target.struct, null, -1);
    }

    /** A struct type, with the size and alignment the layout rules gave it. */
    public static CType struct(StructLayout layout) {
        return new CType(layout.typeName(), layout.size(), layout.align(), layout, null, -1);
    }

    /** {@code element[length]}; length 0 is a flexible array member (size 0, element alignment). */
    public static CType array(CType element, int length) {
        if (length < 0) {
            throw new IllegalArgumentException("negative array length " + length);
        }
        return new CType(element.name, Math.multiplyExact(element.size, length), element.align,
                null, element, length);
    }

    public String name() { return name; }
    public int size() { return size; }
    public int align() { return align; }
    public boolean isStruct() { return struct != null; }
    public StructLayout struct() { return struct; }
    public boolean isArray() { return element != null; }
    public int length() { return length; }
    /** The element type of an array, null for anything else. */
    public CType element() { return element; }

    /** The suffix pahole puts after an array member's name: "[]", "[4]", or "[2][3]" for an array of arrays. */
    String arraySuffix() {
        if (element == null) {
            return "";
        }
        return (length == 0 ? "[]" : "[" + length + "]") + element.arraySuffix();
    }

    @Override
    public String toString() {
        return name + arraySuffix();
    }
}
