package org.cachelinebench.claims;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Iteration count and length for one phase of a fork, e.g. "2x500ms".
 *
 * @param count  iterations
 * @param millis length of each iteration in milliseconds
 */
public record IterationSpec(int count, long millis) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,4})x(\\d{1,7})(ms|s)");

    public IterationSpec {
        if (count < 1 || millis < 1) {
            throw new IllegalArgumentException("iterations need a count and a length of at least 1");
        }
    }

    /** Parses "COUNTxTIME" with TIME in ms or s, e.g. "1x500ms", "3x1s". */
    public static IterationSpec parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not COUNTxTIME, e.g. 2x500ms or 1x1s");
        }
        long t = Long.parseLong(m.group(2)) * (m.group(3).equals("s") ? 1000 : 1);
        return new IterationSpec(Integer.parseInt(m.group(1)), t);
    }

    public long totalMillis() {
        return count * millis;
    }

    @Override
    public String toString() {
        return count + "x" + millis + "ms";
    }
}
