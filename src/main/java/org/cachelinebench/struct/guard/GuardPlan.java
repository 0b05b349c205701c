package org.cachelinebench.struct.guard;

import java.util.List;

/**
 * One guard before a form writes it: the layout it is for, the needs that layout keeps with the names
 * the form uses for their fields, and what it leaves out, each with why.
 *
 * @param typeName    "struct spsc_ring", or the Java class's name
 * @param layoutName  "suggested" or "original"
 * @param rolesFile   the roles file, as the user named it
 * @param lineSize    the line size
 * @param step        the starts the guard relies on: the type's alignment up to a line (Java: 8)
 * @param apart       the pairs to keep in different lines
 * @param whole       the members (or the struct) to keep in one line
 * @param notAsserted what the layout breaks or the form cannot name, one sentence each
 */
record GuardPlan(String typeName, String layoutName, String rolesFile, int lineSize, int step, List<Pair> apart,
                 List<Keep> whole, List<String> notAsserted) {

    /** A pair with its two fields as the form names them. */
    record Pair(LineRequirements.Apart need, String a, String b) {}

    /** A member (designator null: the struct) to keep in one line. */
    record Keep(LineRequirements.Whole need, String designator) {}

    boolean isEmpty() {
        return apart.isEmpty() && whole.isEmpty();
    }

    /** The sentences of {@link #notAsserted}, each line after {@code prefix}; "" when there are none. */
    String notes(String prefix) {
        if (notAsserted.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(prefix.stripTrailing() + "\n" + prefix + "Not asserted:\n");
        for (String n : notAsserted) {
            sb.append(prefix).append("- ").append(n).append('\n');
        }
        return sb.toString();
    }

    /** {@code s} inside a C or Java string literal. */
    static String escaped(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
