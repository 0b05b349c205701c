package org.cachelinebench.struct.guard;

import java.util.ArrayList;
import java.util.List;

/**
 * A struct's declaration text with lines inserted before and after member declarations, everything else
 * kept as written (comments, {@code #ifdef}s, spacing). A line goes in before a declaration below the
 * previous declaration's line (and its trailing comment) and any blank lines, so above the comment that
 * introduces the member; after one, below its line and trailing comment. A range of declarations that
 * would open or close an {@code #if} block cannot be marked.
 */
final class GroupMarkup {
    private final String text;
    /** Per character: outside comments. */
    private final boolean[] code;
    private final List<int[]> inserts = new ArrayList<>();     // {position, order}
    private final List<String> insertText = new ArrayList<>();

    GroupMarkup(String text) {
        this.text = text;
        this.code = new boolean[text.length()];
        for (int i = 0; i < text.length(); ) {
            if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
            } else if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else {
                code[i++] = true;
            }
        }
    }

    /** The declaration's span around a member named at {@code at} (an index into the text): [start line, end line). */
    record Span(int begin, int end, String indent) {}

    /** Where lines go around the declaration that holds index {@code at}: its first line and the line after it. */
    Span span(int at) {
        int depth = 0, boundary = -1, semicolon = -1;
        for (int i = 0; i < text.length(); i++) {
            if (!code[i]) {
                continue;
            }
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
                if (depth == 1 && i < at) {
                    boundary = i;
                }
            } else if (c == '}') {
                depth--;
            } else if (c == ';' && depth == 1) {
                if (i < at) {
                    boundary = i;
                } else {
                    semicolon = i;
                    break;
                }
            } else if (c == '#' && depth == 1 && i < at && lineStart(i) == firstCode(lineStart(i))) {
                boundary = lineEnd(i) - 1;                     // a directive line ends a declaration too
            }
        }
        if (boundary < 0 || semicolon < 0) {
            throw new IllegalArgumentException("no member declaration around index " + at);
        }
        int begin = afterTrailing(boundary);
        while (begin < text.length() && text.substring(begin, lineEnd(begin)).isBlank() && lineEnd(begin) < at) {
            begin = lineEnd(begin);
        }
        if (begin > lineStart(at) || afterTrailing(semicolon) <= at) {
            throw new IllegalArgumentException("the declaration around index " + at + " shares its line with another");
        }
        int first = firstCode(lineStart(at));
        String indent = text.substring(lineStart(first), leadingSpaceEnd(lineStart(first)));
        return new Span(begin, afterTrailing(semicolon), indent.isEmpty() ? "\t" : indent);
    }

    /** The index after the line that holds {@code i}, past a comment that starts on it (however many lines it takes). */
    private int afterTrailing(int i) {
        int j = i + 1;
        while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
            j++;
        }
        if (text.startsWith("/*", j)) {
            int end = text.indexOf("*/", j + 2);
            j = end < 0 ? text.length() : end + 2;
        }
        return lineEnd(j);
    }

    private int lineStart(int i) {
        return text.lastIndexOf('\n', Math.max(0, i - 1)) + 1;
    }

    /** The index after the newline ending the line that holds {@code i} (or the text's end). */
    private int lineEnd(int i) {
        int nl = text.indexOf('\n', i);
        return nl < 0 ? text.length() : nl + 1;
    }

    private int leadingSpaceEnd(int lineStart) {
        int j = lineStart;
        while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
            j++;
        }
        return j;
    }

    /** The first code character at or after {@code i}. */
    private int firstCode(int i) {
        int j = i;
        while (j < text.length() && (!code[j] || Character.isWhitespace(text.charAt(j)))) {
            j++;
        }
        return j;
    }

    /** Whether the text between two line positions opens or closes an #if block. */
    boolean balanced(int from, int to) {
        int open = 0;
        for (String line : text.substring(from, to).split("\n", -1)) {
            String t = line.strip();
            if (t.matches("#\\s*if.*")) {
                open++;
            } else if (t.matches("#\\s*endif.*")) {
                if (--open < 0) {
                    return false;
                }
            }
        }
        return open == 0;
    }

    /** Inserts {@code line} (no newline) at a line position; lines at one position keep the order of the calls. */
    void insert(int position, String line) {
        inserts.add(new int[] {position, inserts.size()});
        insertText.add(line + "\n");
    }

    String result() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < inserts.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> inserts.get(a)[0] != inserts.get(b)[0] ? Integer.compare(inserts.get(a)[0], inserts.get(b)[0])
                : Integer.compare(a, b));
        StringBuilder sb = new StringBuilder();
        int at = 0;
        for (int i : order) {
            int p = inserts.get(i)[0];
            sb.append(text, at, p).append(insertText.get(i));
            at = p;
        }
        return sb.append(text.substring(at)).toString();
    }
}
