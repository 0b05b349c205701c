package org.cachelinebench.report;

/**
 * Input the comparison cannot use: a missing or unreadable file, malformed JSON, something that is not a JMH
 * result, or two results with nothing in common. The message is one line naming the problem; {@link Compare}
 * prints it and exits with status 2, so that CI never mistakes broken input for "no regression".
 */
public final class UnusableInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public UnusableInputException(String message) {
        super(oneLine(message));
    }

    static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
