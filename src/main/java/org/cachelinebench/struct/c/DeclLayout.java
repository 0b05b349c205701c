package org.cachelinebench.struct.c;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;

/**
 * Lays out parsed declarations with the layout core: a {@link TypeRef} becomes a {@link CType}, a
 * {@link RecordDecl} a {@link StructLayout} (once; the result is kept). The rules are the core's; this
 * class only says which builder call each declaration is, and turns the core's complaints into
 * {@link InputError}s at the member that caused them.
 */
public final class DeclLayout {
    private final Map<RecordDecl, StructLayout> done = new IdentityHashMap<>();
    private final Set<RecordDecl> inProgress = Collections.newSetFromMap(new IdentityHashMap<>());

    /** The layout of a defined struct or union. */
    StructLayout layout(RecordDecl d) throws InputError {
        StructLayout known = done.get(d);
        if (known != null) {
            return known;
        }
        if (!d.isDefined()) {
            throw new InputError(d.at(), d.displayName() + " is declared but never defined");
        }
        if (!inProgress.add(d)) {
            throw new InputError(d.at(), d.displayName() + " contains itself");
        }
        try {
            String tag = d.tag() == null ? "" : d.tag();
            StructLayout.Builder b = d.isUnion() ? StructLayout.union(tag) : StructLayout.builder(tag);
            if (d.packed()) {
                b.packed();
            }
            if (d.alignAttr() > 0) {
                b.aligned(d.alignAttr());
            }
            for (MemberDecl m : d.members()) {
                add(b, m);
            }
            StructLayout s = b.build();
            done.put(d, s);
            return s;
        } finally {
            inProgress.remove(d);
        }
    }

    private void add(StructLayout.Builder b, MemberDecl m) throws InputError {
        try {
            if (m.isBitField()) {
                CType t = ctype(m.type(), m.at());
                TypeRef base = TypeRef.resolved(m.type());
                if (!(base instanceof TypeRef.Scalar s && !s.name().equals("void") && !s.name().contains("float")
                        && !s.name().contains("double")) && !(base instanceof TypeRef.Enum)) {
                    throw new InputError(m.at(), "bit-field '" + m.name() + "' has type " + TypeRef.spell(m.type())
                            + ", not an integer type");
                }
                b.bitField(t, m.name(), m.bitWidth(), m.alignAttr(), m.packed());
            } else if (m.isFlexibleArray()) {
                CType element = ctype(((TypeRef.Array) m.type()).element(), m.at());
                b.flexibleArray(element, m.name(), m.alignAttr(), m.packed());
            } else {
                b.member(ctype(m.type(), m.at()), m.name(), m.alignAttr(), m.packed());
            }
        } catch (IllegalArgumentException e) {
            throw new InputError(m.at(), e.getMessage());
        }
    }

    /** The layout core's type for {@code t}; {@code at} is where it is used, for messages. */
    CType ctype(TypeRef t, Token at) throws InputError {
        if (t instanceof TypeRef.Scalar s) {
            if (s.size() == 0) {
                throw new InputError(at, "'void' is not a type an object can have here");
            }
            return CType.scalar(s.name(), s.size());
        }
        if (t instanceof TypeRef.Pointer) {
            return CType.pointer(TypeRef.spell(t));
        }
        if (t instanceof TypeRef.Qualified q) {
            CType inner = ctype(q.type(), at);
            if (inner.isArray()) {
                return inner;                        // const int a[4]: the qualifier is on the elements
            }
            return inner.isStruct() || inner.align() != inner.size()
                    ? CType.typedef(TypeRef.spell(t), inner, 0) : CType.scalar(TypeRef.spell(t), inner.size());
        }
        if (t instanceof TypeRef.Array a) {
            if (a.flexible()) {
                throw new InputError(at, "a flexible array member must be the last member of a struct");
            }
            return CType.array(ctype(a.element(), at), a.length());
        }
        if (t instanceof TypeRef.Function) {
            throw new InputError(at, "a function type where an object is needed");
        }
        if (t instanceof TypeRef.Record r) {
            if (!r.decl().isDefined()) {
                throw new InputError(at, r.decl().displayName() + " is incomplete here (declared, not defined before this use)");
            }
            return CType.struct(layout(r.decl()));
        }
        if (t instanceof TypeRef.Enum e) {
            if (!e.decl().isDefined()) {
                throw new InputError(at, "enum " + e.decl().tag() + " is incomplete here (declared, not defined)");
            }
            return CType.scalar(e.decl().tag() == null ? "enum" : "enum " + e.decl().tag(), e.decl().size());
        }
        TypeRef.Typedef d = (TypeRef.Typedef) t;
        return CType.typedef(d.name(), ctype(d.target(), at), d.alignAttr());
    }
}
