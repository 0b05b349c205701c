package org.cachelinebench.claims;

import java.util.Locale;

/**
 * The state a round found the machine in, read from its one-line floor (ns per round trip of one line between the
 * two threads, measured by the interleaved csd fork of that round): {@link #NEAR} when the two vCPUs share a core's
 * caches and a line moves cheaply, {@link #FAR} when it must cross to another core. False sharing and straddling
 * cost far less in the near state, so a ratio belongs beside the state of its round.
 */
public enum MachineState {
    /** Floor below the split: the two threads' line stays close (e.g. SMT siblings or one core's caches). */
    NEAR("near"),
    /** Floor at or above the split: every transfer crosses cores. */
    FAR("far");

    private final String label;

    MachineState(String label) {
        this.label = label;
    }

    /** "near" or "far", as summaries, ratios.json's {@code state} param and the tables write it. */
    public String label() {
        return label;
    }

    /** The state of a round whose floor is {@code floorNanos}; null when no floor was measured (NaN). */
    public static MachineState of(double floorNanos, double splitNanos) {
        if (Double.isNaN(floorNanos)) {
            return null;
        }
        return floorNanos < splitNanos ? NEAR : FAR;
    }

    /** The state with this label; an {@link IllegalArgumentException} naming the good ones otherwise. */
    public static MachineState parse(String label) {
        for (MachineState s : values()) {
            if (s.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
                return s;
            }
        }
        throw new IllegalArgumentException("'" + label + "' is not a machine state (near or far)");
    }
}
