package org.cachelinebench.struct.guard;

import java.util.HashMap;
import java.util.Map;

import org.cachelinebench.model.layout.StructLayout;

/**
 * How C names a field of a struct in {@code offsetof} and {@code sizeof}: the roles file's path ("a.b",
 * "count[2]", a member of an anonymous struct by its own name) is a member designator already, except
 * that a flexible array is named by its first element and a bit-field cannot be named at all.
 */
final class CNames {
    private final Map<String, String> special = new HashMap<>();

    private CNames() {}

    static CNames of(StructLayout s) {
        CNames out = new CNames();
        out.walk(s, "");
        return out;
    }

    private void walk(StructLayout s, String prefix) {
        for (StructLayout.Member m : s.members()) {
            String path = prefix + m.name();
            if (m.isBitField()) {
                if (!m.isAnonymous()) {
                    special.put(path, null);
                }
            } else if (m.type().isArray() && m.type().length() == 0) {
                special.put(path, path + "[0]");
            } else if (m.type().isStruct() && !m.type().isArray()) {
                walk(m.type().struct(), m.isAnonymous() ? prefix : path + ".");
            }
        }
    }

    /** The designator of {@code path}, or null for a bit-field. */
    String designator(String path) {
        return special.containsKey(path) ? special.get(path) : path;
    }
}
