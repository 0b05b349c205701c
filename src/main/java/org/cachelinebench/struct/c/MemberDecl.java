package org.cachelinebench.struct.c;

/**
 * One member as the file declares it.
 *
 * @param name      its name; "" for an anonymous struct or union, or an unnamed bit-field
 * @param at        where it is named (or where its declaration starts), for messages
 * @param type      its declared type
 * @param alignAttr the largest {@code aligned} on it, 0 if none
 * @param packed    a {@code packed} attribute on the member itself
 * @param bitWidth  the bit-field width, -1 when it is no bit-field
 * @param specText  the declaration's specifiers as written ("unsigned long", "struct list_head",
 *                  "union { ... }"), shared by every declarator of one declaration
 * @param declText  its declarator as written ("*alloc_map", "x : 3", "fn(void *)" ...), "" for an
 *                  anonymous struct or union
 */
public record MemberDecl(String name, Token at, TypeRef type, int alignAttr, boolean packed, int bitWidth,
                  String specText, String declText) {

    public boolean isBitField() {
        return bitWidth >= 0;
    }

    public boolean isAnonymous() {
        return name.isEmpty() && !isBitField();
    }

    /** The declaration as C text, without the semicolon: "unsigned long *alloc_map". */
    String text() {
        return declText.isEmpty() ? specText : specText + " " + declText;
    }

    /**
     * The anonymous struct, union or enum its specifiers define ({@code enum { A, B } x, y;}), or null: one
     * object for every declarator of the declaration, since C defines the type once for all of them.
     */
    public Object anonymousDefinition() {
        if (!specText.contains("{")) {
            return null;                       // a typedef's name or a tag: the type is defined elsewhere
        }
        TypeRef t = type;
        while (t instanceof TypeRef.Pointer || t instanceof TypeRef.Array || t instanceof TypeRef.Function
                || t instanceof TypeRef.Qualified) {
            t = t instanceof TypeRef.Pointer p ? p.target() : t instanceof TypeRef.Array a ? a.element()
                    : t instanceof TypeRef.Function f ? f.returns() : ((TypeRef.Qualified) t).type();
        }
        if (t instanceof TypeRef.Record r && r.decl().tag() == null) {
            return r.decl();
        }
        return t instanceof TypeRef.Enum e && e.decl().tag() == null ? e.decl() : null;
    }

    public boolean isFlexibleArray() {
        return type instanceof TypeRef.Array a && a.flexible();
    }
}
