package org.cachelinebench.struct.c;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The names a file declares: typedefs, struct/union/enum tags (one name space, as in C), enum
 * constants, and the top-level structs and unions in the order they were defined. A table may sit on
 * a parent (the builtin types below the file, the file below a suggested struct): lookups fall through
 * to the parent, definitions stay in this table.
 */
public final class TypeTable {
    private final TypeTable parent;
    private final Map<String, TypeRef> typedefs = new HashMap<>();
    private final Map<String, Object> tags = new HashMap<>();          // RecordDecl or EnumDecl
    private final Map<String, Long> constants = new HashMap<>();
    private final List<RecordDecl> topLevel = new ArrayList<>();

    TypeTable(TypeTable parent) {
        this.parent = parent;
    }

    TypeRef typedef(String name) {
        TypeRef t = typedefs.get(name);
        return t != null || parent == null ? t : parent.typedef(name);
    }

    Object tag(String name) {
        Object t = tags.get(name);
        return t != null || parent == null ? t : parent.tag(name);
    }

    Long constant(String name) {
        Long v = constants.get(name);
        return v != null || parent == null ? v : parent.constant(name);
    }

    /** The struct or union with this tag, declared here or below; null if none. */
    RecordDecl record(String tag) {
        return tag(tag) instanceof RecordDecl r ? r : null;
    }

    void defineTypedef(Token name, TypeRef type) throws InputError {
        TypeRef old = typedef(name.text());
        if (old != null && !TypeRef.spell(((TypeRef.Typedef) old).target()).equals(TypeRef.spell(((TypeRef.Typedef) type).target()))) {
            throw new InputError(name, "conflicting types for typedef '" + name.text() + "'");
        }
        if (constant(name.text()) != null) {
            throw new InputError(name, "'" + name.text() + "' redeclared as a different kind of symbol");
        }
        typedefs.put(name.text(), type);
    }

    /**
     * The struct, union or enum for {@code tag}: the one declared in this table when there is one,
     * else a new forward declaration here (a reference to one declared below is returned as is, unless
     * {@code defining}, when the new definition shadows it, as an inner scope would).
     */
    Object declareTag(String keyword, Token tag, boolean defining) throws InputError {
        Object old = defining ? tags.get(tag.text()) : tag(tag.text());
        if (old != null) {
            String oldKeyword = old instanceof RecordDecl r ? r.keyword() : "enum";
            if (!oldKeyword.equals(keyword)) {
                throw new InputError(tag, "'" + tag.text() + "' defined as the wrong kind of tag (it is "
                        + oldKeyword + " " + tag.text() + ")");
            }
            return old;
        }
        Object created = keyword.equals("enum") ? new EnumDecl(tag.text(), tag) : new RecordDecl(keyword, tag.text(), tag);
        tags.put(tag.text(), created);
        return created;
    }

    /** An enum constant; a table on a parent may declare one the parent has (a suggestion repeats its enums). */
    void defineConstant(Token name, long value) throws InputError {
        if (constants.containsKey(name.text()) || typedefs.containsKey(name.text())) {
            throw new InputError(name, "redeclaration of '" + name.text() + "'");
        }
        constants.put(name.text(), value);
    }

    void addTopLevel(RecordDecl d) {
        topLevel.add(d);
    }

    /** Structs and unions defined at file level here, in order. */
    List<RecordDecl> topLevel() {
        return topLevel;
    }
}
