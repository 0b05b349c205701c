package org.cachelinebench.harness;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A benchmark's check that the layout it measures is the one it claims: a fixed variant whose padding no longer
 * separates what it must separate. Such a failure is not bad input but the regression the gate exists for, so its
 * message starts with {@link #MARKER}, which survives JMH's fork boundary in the exception's text; the paired
 * runner finds it ({@link #reasonIn}), fails every claim that uses the variant with that line as the reason, and
 * runs the rest.
 */
public final class LayoutCheck {
    private LayoutCheck() {}

    /** How every layout-check failure message starts. */
    public static final String MARKER = "LAYOUT CHECK FAILED: ";

    /** The exception a benchmark throws when its layout check fails; {@code reason} is one line. */
    public static IllegalStateException failed(String reason) {
        return new IllegalStateException(MARKER + reason);
    }

    /**
     * The marked line in {@code failure}, its causes or their suppressed exceptions (JMH wraps a fork's exceptions
     * both ways): from {@link #MARKER} to the end of that line; null when none carries the marker.
     */
    public static String reasonIn(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        if (failure != null) {
            todo.add(failure);
        }
        while (!todo.isEmpty()) {
            Throwable t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            String line = markedLine(t.getMessage());
            if (line == null) {
                line = markedLine(t.toString());
            }
            if (line != null) {
                return line;
            }
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            Collections.addAll(todo, t.getSuppressed());
        }
        return null;
    }

    private static String markedLine(String text) {
        if (text == null) {
            return null;
        }
        int at = text.indexOf(MARKER);
        if (at < 0) {
            return null;
        }
        int end = at;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        return text.substring(at, end).strip();
    }
}
