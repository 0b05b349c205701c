package org.cachelinebench.cli;

import java.io.PrintStream;
import java.util.regex.Matcher;

import org.cachelinebench.results.UnusableInputException;

/**
 * How every command's {@code main} ends: with the status its body returns, or, for anything the body did not
 * catch, with one line on stderr and status 2. A stack trace and the JVM's own status 1 would read as a verdict
 * ("a claim failed", "regression") to a caller such as CI; status 2 means bad input or our own failure.
 *
 * <p>Bad input that escapes as an exception ({@link IllegalArgumentException}, {@link UnusableInputException},
 * also when a class's static initializer threw it, as {@code CacheLine} does for a bad {@code -Dcacheline.size})
 * is printed as its message; anything else as "internal error:" and the exception with its causes.
 */
public final class EntryPoint {
    private EntryPoint() {}

    /** A command's body: returns its exit status. */
    @FunctionalInterface
    public interface Body {
        int run() throws Exception;
    }

    /** Runs {@code body} and exits with its status (see the class comment); {@code name} starts the line. */
    public static void exit(String name, Body body) {
        int status = run(name, body, System.err);
        System.out.flush();
        System.err.flush();
        System.exit(status);
    }

    /** What {@link #exit} does, without exiting: the status. */
    public static int run(String name, Body body, PrintStream err) {
        try {
            return body.run();
        } catch (Throwable t) {
            err.println(name + ": " + describe(t));
            return 2;
        }
    }

    /** The one line for {@code t}: a bad input's message, or "internal error: " and the chain of causes. */
    static String describe(Throwable t) {
        Throwable thrown = t instanceof ExceptionInInitializerError && t.getCause() != null ? t.getCause() : t;
        if ((thrown instanceof IllegalArgumentException || thrown instanceof UnusableInputException)
                && thrown.getMessage() != null && !thrown.getMessage().isBlank()) {
            return UnusableInputException.oneLine(thrown.getMessage());
        }
        return "internal error: " + oneLine(thrown);
    }

    /** The exception and its causes in one line: {@code Type: message <- CauseType: message}, at most ~600 chars. */
    public static String oneLine(Throwable e) {
        return oneLine(e, " ");
    }

    /**
     * {@link #oneLine(Throwable)} with each line break inside a message (and the blanks around it) written as
     * {@code lineBreak}: a space for a person's one line, or a visible mark where the breaks carry meaning.
     */
    public static String oneLine(Throwable e, String lineBreak) {
        String join = Matcher.quoteReplacement(lineBreak);
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null && sb.length() <= 600; t = next(t)) {
            String msg = t.getMessage() == null ? "" : t.getMessage().strip().replaceAll("\\s*\\R\\s*", join);
            sb.append(sb.length() > 0 ? " <- " : "").append(t.getClass().getSimpleName());
            if (!msg.isEmpty()) {
                sb.append(": ").append(msg);
            }
        }
        return sb.toString();
    }

    /**
     * The exception that explains {@code t}: its cause, else its first suppressed one. JMH's BenchmarkException
     * carries the benchmark's own exceptions as suppressed, so without them the line says only "error during the run".
     */
    private static Throwable next(Throwable t) {
        Throwable cause = t.getCause();
        if (cause != null && cause != t) {
            return cause;
        }
        Throwable[] suppressed = t.getSuppressed();
        return suppressed.length > 0 ? suppressed[0] : null;
    }
}
