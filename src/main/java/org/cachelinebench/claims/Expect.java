package org.cachelinebench.claims;

/**
 * What a comparison claims about its cost ratio (subject's cost over reference's cost), and whether it gates.
 *
 * <p>Three kinds of gated claim. A directional claim (SLOWER, FASTER) is judged round by round against the A/A
 * control of its set and metric in the same run, the ratio a revert would give: it holds when it is
 * distinguishable from that control, and fails when it is the same. A peer claim (SAME) sets two layouts that
 * make the same fix side by side: it fails when its effect over the A/A lies wholly beyond the A/A's margin, on
 * either side, which a partial revert of either layout gives. The A/A control itself (SIMILAR, checked) holds
 * when its own rounds put 1 inside their spread. The rule: {@code runner.Judgment}, docs/ci-gate.md.
 *
 * @param direction the expected side of 1
 * @param checked   true: the claim gates the run; false: reported for information only
 */
public record Expect(Direction direction, boolean checked) {

    /**
     * The smallest gain the struct tool's measurement calls better: a verdict on one user's two layouts, not the
     * gate's (the gate needs no magnitude).
     */
    public static final double MIN_EFFECT = 1.10;

    public enum Direction {
        /** The subject costs more than the reference: ratio above 1. */
        SLOWER,
        /** The subject costs less than the reference: ratio below 1. */
        FASTER,
        /** About the same: ratio near 1; checked only as an A/A control. */
        SIMILAR,
        /** The same as a peer that makes the same fix: gated, judged two-sided against the set's A/A control. */
        SAME
    }

    public Expect {
        if (direction == null) {
            throw new IllegalArgumentException("direction missing");
        }
    }

    /** A gating claim: the subject costs more than the reference, distinguishably from the set's A/A control. */
    public static Expect slower() {
        return new Expect(Direction.SLOWER, true);
    }

    /** A gating claim: the subject costs less than the reference, distinguishably from the set's A/A control. */
    public static Expect faster() {
        return new Expect(Direction.FASTER, true);
    }

    /**
     * A gating peer claim: the subject and the reference make the same fix, so they cost the same, within the set's
     * A/A margin; a partial revert of either moves the ratio off 1.
     */
    public static Expect same() {
        return new Expect(Direction.SAME, true);
    }

    /** The gating A/A control of its set: a variant against itself. */
    public static Expect aa() {
        return new Expect(Direction.SIMILAR, true);
    }

    /** Expected direction shown in reports, not gated. */
    public static Expect info(Direction direction) {
        return new Expect(direction, false);
    }

    /** A checked SIMILAR claim: the A/A control of its set. */
    public boolean aaControl() {
        return checked && direction == Direction.SIMILAR;
    }

    /** A checked claim with a direction: judged against its set's A/A control. */
    public boolean directional() {
        return checked && (direction == Direction.SLOWER || direction == Direction.FASTER);
    }

    /** A checked SAME claim: judged two-sided against its set's A/A control. */
    public boolean peer() {
        return checked && direction == Direction.SAME;
    }

    /** +1 for SLOWER, -1 for FASTER, 0 for SIMILAR and SAME: the sign of the log ratio the claim expects. */
    public int sign() {
        return switch (direction) {
            case SLOWER -> 1;
            case FASTER -> -1;
            case SIMILAR, SAME -> 0;
        };
    }

    /** "&gt; 1", "&lt; 1" or "≈ 1", for tables. */
    public String symbol() {
        return switch (direction) {
            case SLOWER -> "> 1";
            case FASTER -> "< 1";
            case SIMILAR, SAME -> "≈ 1";
        };
    }

    /** The gate in words for tables: "vs A/A", "A/A", "peer vs A/A"; "" when unchecked. */
    public String rule() {
        return !checked ? "" : switch (direction) {
            case SIMILAR -> "A/A";
            case SAME -> "peer vs A/A";
            case SLOWER, FASTER -> "vs A/A";
        };
    }
}
