package org.cachelinebench.harness;

/**
 * A benchmark's check that the layout it measures is the one it claims: a fixed variant whose padding no longer
 * separates what it must separate. Such a failure is not bad input but the regression the gate exists for, so it is
 * thrown as a {@link Failed}, which JMH serializes whole across its fork boundary (as a suppressed exception of its
 * own); the paired runner finds it by type ({@link #in}), fails every claim that uses the variant with its line as
 * the reason, and runs the rest.
 */
public final class LayoutCheck {
    private LayoutCheck() {}

    /** How every layout-check failure's line starts, in reports. */
    public static final String MARKER = "LAYOUT CHECK FAILED: ";

    /** A failed layout check; {@link #getMessage} is its one line, {@link #MARKER} and the reason. */
    public static final class Failed extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        private final String reason;

        Failed(String reason) {
            super(MARKER + reason);
            this.reason = reason;
        }

        /** The check's reason without the marker. */
        public String reason() {
            return reason;
        }
    }

    /** The exception a benchmark throws when its layout check fails; {@code reason} is one line. */
    public static Failed failed(String reason) {
        return new Failed(reason);
    }

    /**
     * The failed layout check in {@code failure}, its causes or their suppressed exceptions (JMH wraps a fork's
     * exceptions both ways); null when none is one.
     */
    public static Failed in(Throwable failure) {
        return Thrown.find(failure, Failed.class);
    }
}
