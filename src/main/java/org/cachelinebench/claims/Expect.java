package org.cachelinebench.claims;

/**
 * What a comparison claims about its cost ratio (subject's cost over reference's cost), and whether the
 * claim gates the run.
 *
 * @param direction the expected side of 1
 * @param checked   true: a failed claim makes the run exit 1; false: reported for information only
 * @param atLeast   for a checked claim, the smallest effect it promises: the median ratio must be at least
 *                  this (SLOWER) or at most its inverse (FASTER)
 */
public record Expect(Direction direction, boolean checked, double atLeast) {

    /**
     * Smallest effect a checked claim promises: 10 %. Well below the effects the suite is about (false sharing
     * of a read-mostly line costs its readers a multiple), well above what a revert leaves (ratio 1 plus the
     * noise of a median over paired rounds).
     */
    public static final double MIN_EFFECT = 1.10;

    public enum Direction {
        /** The subject costs more than the reference: ratio above 1. */
        SLOWER,
        /** The subject costs less than the reference: ratio below 1. */
        FASTER,
        /** About the same: ratio near 1 (never checked: "no difference" cannot be shown with few rounds). */
        SIMILAR
    }

    public Expect {
        if (direction == null) {
            throw new IllegalArgumentException("direction missing");
        }
        if (checked && (direction == Direction.SIMILAR || !(atLeast > 1.0))) {
            throw new IllegalArgumentException("a checked claim needs a direction and an effect above 1");
        }
    }

    /** A gating claim: the subject costs at least {@link #MIN_EFFECT} times the reference. */
    public static Expect slower() {
        return new Expect(Direction.SLOWER, true, MIN_EFFECT);
    }

    /** A gating claim: the subject costs at most 1/{@link #MIN_EFFECT} of the reference. */
    public static Expect faster() {
        return new Expect(Direction.FASTER, true, MIN_EFFECT);
    }

    /** Expected direction shown in reports, not gated. */
    public static Expect info(Direction direction) {
        return new Expect(direction, false, Double.NaN);
    }

    /** "&gt; 1", "&lt; 1" or "≈ 1", for tables. */
    public String symbol() {
        return switch (direction) {
            case SLOWER -> "> 1";
            case FASTER -> "< 1";
            case SIMILAR -> "≈ 1";
        };
    }
}
