package org.cachelinebench.results;

/**
 * Input the comparison cannot use: a missing or unreadable file, malformed JSON, something that is not a JMH
 * result, or two results with nothing in common. The message is one line naming the problem;
 * {@code gate.Compare} prints it and exits with status 2, so that CI never mistakes broken input for
 * "no regression".
 */
public final class UnusableInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public UnusableInputException(String message) {
        super(oneLine(message));
    }

    /** {@code s} on one line: line breaks and the blanks around them become one space. */
    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
