package org.cachelinebench.coherence.role;

/**
 * How often an access happens, as a fraction of operations: {@code 1} every operation, {@code 1/64} once every 64.
 * The operations that make it are spread evenly: operation {@code k} does when {@code floor((k+1)·p/q)} exceeds
 * {@code floor(k·p/q)}.
 */
public record Rate(long numerator, long denominator) {
    public static final Rate ALWAYS = new Rate(1, 1);

    public Rate {
        if (numerator < 1 || denominator < 1 || numerator > denominator) {
            throw new IllegalArgumentException("rate " + numerator + "/" + denominator + " is not a fraction in (0, 1]");
        }
    }

    /** "1", "1/64", "3/4": a fraction in (0, 1]; anything else is an {@link IllegalArgumentException} naming it. */
    public static Rate parse(String text) {
        String[] parts = text.trim().split("/", -1);
        try {
            if (parts.length <= 2) {
                return new Rate(Long.parseLong(parts[0]), parts.length == 1 ? 1 : Long.parseLong(parts[1]));
            }
        } catch (IllegalArgumentException e) {
            // not numbers, or not a fraction in (0, 1]: the message below says which form is wanted
        }
        throw new IllegalArgumentException("rate '" + text + "' is not a fraction in (0, 1] such as 1/64");
    }

    /** Whether operation {@code k} (from 0) makes the access. */
    boolean due(long k) {
        return (k + 1) * numerator / denominator > k * numerator / denominator;
    }

    public double value() {
        return (double) numerator / denominator;
    }
}
