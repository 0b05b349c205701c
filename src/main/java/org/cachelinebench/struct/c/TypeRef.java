package org.cachelinebench.struct.c;

/**
 * A C type as a declaration wrote it, before layout: what the parser builds from specifiers and
 * declarators, and what {@link DeclLayout} turns into the layout core's {@code CType}.
 */
public sealed interface TypeRef {

    /** An arithmetic type by its canonical spelling ("unsigned long"), or void (size 0). */
    record Scalar(String name, int size) implements TypeRef {}

    record Pointer(TypeRef target) implements TypeRef {}

    /** {@code element[length]}; {@code flexible} for {@code element[]} (length 0). */
    record Array(TypeRef element, int length, boolean flexible) implements TypeRef {}

    /** A function type; only pointers to it can be members. {@code params} is the parameter text. */
    record Function(TypeRef returns, String params) implements TypeRef {}

    record Record(RecordDecl decl) implements TypeRef {}

    record Enum(EnumDecl decl) implements TypeRef {}

    /** {@code const T} or {@code volatile T}: the same layout, spelled with its qualifier. */
    record Qualified(String qualifier, TypeRef type) implements TypeRef {}

    /** {@code typedef target name}; {@code alignAttr} the {@code aligned} on the typedef, 0 if none. */
    record Typedef(String name, TypeRef target, int alignAttr) implements TypeRef {}

    /** C's spelling, as pahole prints a type: "struct list_head *", "void (*)(void *)". */
    static String spell(TypeRef t) {
        if (t instanceof Scalar s) {
            return s.name();
        }
        if (t instanceof Record r) {
            return r.decl().keyword() + (r.decl().tag() == null ? " {...}" : " " + r.decl().tag());
        }
        if (t instanceof Enum e) {
            return "enum" + (e.decl().tag() == null ? " {...}" : " " + e.decl().tag());
        }
        if (t instanceof Typedef d) {
            return d.name();
        }
        if (t instanceof Qualified q) {
            return q.qualifier() + " " + spell(q.type());
        }
        if (t instanceof Array a) {
            return spell(a.element()) + (a.flexible() ? "[]" : "[" + a.length() + "]");
        }
        if (t instanceof Function f) {
            return spell(f.returns()) + " (" + f.params() + ")";
        }
        TypeRef target = ((Pointer) t).target();
        if (target instanceof Function f) {
            return spell(f.returns()) + " (*)(" + f.params() + ")";
        }
        if (target instanceof Array a) {
            return spell(a.element()) + " (*)" + (a.flexible() ? "[]" : "[" + a.length() + "]");
        }
        String s = spell(target);
        return s.endsWith("*") ? s + "*" : s + " *";
    }

    /** The type behind any typedefs and qualifiers. */
    static TypeRef resolved(TypeRef t) {
        while (t instanceof Typedef || t instanceof Qualified) {
            t = t instanceof Typedef d ? d.target() : ((Qualified) t).type();
        }
        return t;
    }
}
