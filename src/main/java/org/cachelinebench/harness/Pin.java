package org.cachelinebench.harness;

import java.util.Locale;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code pin} benchmark parameter: {@code off} lets the scheduler place the threads, {@code on} pins
 * each thread of a benchmark group to its own CPU (see {@link PinnedThread}).
 */
public enum Pin {
    OFF("off"),
    ON("on");

    /** The JMH parameter name. */
    public static final String PARAM = "pin";

    private final String value;

    Pin(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    /** Parses a {@code -p pin=...} value, case and surrounding blanks aside; the message of the exception is one line. */
    public static Pin parse(String value) {
        return EnumParam.parse(PARAM, values(), Pin::value, value == null ? null : value.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * Checks a {@code -p pin=...} value before anything runs: the value must parse, and {@code on} needs a
     * machine where {@link ThreadPinning} works, so that a user learns it in one line, not from a fork.
     */
    public static void check(String value) {
        if (parse(value) == ON) {
            String why = ThreadPinning.unavailableReason();
            if (why != null) {
                throw new IllegalArgumentException("pin=on is not possible here: " + why);
            }
        }
    }
}
