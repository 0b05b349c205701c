package org.cachelinebench.claims;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a comparison claims about its cost ratio (subject's cost over reference's cost), and whether and how the
 * claim gates the run.
 *
 * <p>Three kinds of gated claim: SLOWER (median ratio &ge; {@code atLeast}), FASTER (median &le;
 * 1/{@code atLeast}) and the A/A control, SIMILAR (median within [1/{@code atLeast}, {@code atLeast}]: the
 * variant against itself, the ratio a reverted fix gives, must show the measurement's own bias is small).
 *
 * @param direction         the expected side of 1
 * @param checked           true: a failed claim makes the run exit 1; false: reported for information only
 * @param atLeast           for a checked claim, the smallest effect it promises (SLOWER, FASTER) or, for an A/A
 *                          control, its tolerance; NaN when unchecked
 * @param baselineTolerance T: how far, in log space, the claim's median may fall short of the baseline's on the
 *                          same machine in the same state before the run fails; NaN when the claim is not
 *                          compared with a baseline (information, A/A controls)
 * @param blindIn           machine states in which the effect cannot show (from calibration): rounds in such a
 *                          state are left out of the claim
 */
public record Expect(Direction direction, boolean checked, double atLeast, double baselineTolerance,
                     Set<MachineState> blindIn) {

    /**
     * The suite's default smallest effect: 10 %. Well below the effects the suite is about (false sharing of a
     * read-mostly line costs its readers a multiple), well above what a revert leaves (ratio 1 plus the noise of a
     * median over paired rounds). The gated claims take theirs from {@link GateThresholds}.
     */
    public static final double MIN_EFFECT = 1.10;

    public enum Direction {
        /** The subject costs more than the reference: ratio above 1. */
        SLOWER,
        /** The subject costs less than the reference: ratio below 1. */
        FASTER,
        /** About the same: ratio near 1; checked only as an A/A control, within a tolerance. */
        SIMILAR
    }

    public Expect {
        if (direction == null) {
            throw new IllegalArgumentException("direction missing");
        }
        if (checked && !(atLeast > 1.0)) {
            throw new IllegalArgumentException("a checked claim needs an effect or tolerance above 1");
        }
        if (!(Double.isNaN(baselineTolerance) || baselineTolerance > 0)) {
            throw new IllegalArgumentException("a baseline tolerance is a log distance above 0, not " + baselineTolerance);
        }
        if (!Double.isNaN(baselineTolerance) && (!checked || direction == Direction.SIMILAR)) {
            throw new IllegalArgumentException("only a checked claim with a direction is compared with a baseline");
        }
        blindIn = blindIn.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(blindIn));
    }

    /** A claim without a baseline tolerance and blind in no state. */
    public Expect(Direction direction, boolean checked, double atLeast) {
        this(direction, checked, atLeast, Double.NaN, Set.of());
    }

    /** A gating claim: the subject costs at least {@link #MIN_EFFECT} times the reference. */
    public static Expect slower() {
        return new Expect(Direction.SLOWER, true, MIN_EFFECT);
    }

    /** A gating claim: the subject costs at most 1/{@link #MIN_EFFECT} of the reference. */
    public static Expect faster() {
        return new Expect(Direction.FASTER, true, MIN_EFFECT);
    }

    /** A gating claim, the subject at least {@code minEffect} times as costly, compared with a baseline within T. */
    public static Expect slower(double minEffect, double baselineTolerance) {
        return new Expect(Direction.SLOWER, true, minEffect, baselineTolerance, Set.of());
    }

    /** A gating claim, the subject at most 1/{@code minEffect} as costly, compared with a baseline within T. */
    public static Expect faster(double minEffect, double baselineTolerance) {
        return new Expect(Direction.FASTER, true, minEffect, baselineTolerance, Set.of());
    }

    /** A gating A/A control: the median ratio within [1/{@code tolerance}, {@code tolerance}]. */
    public static Expect aa(double tolerance) {
        return new Expect(Direction.SIMILAR, true, tolerance, Double.NaN, Set.of());
    }

    /** Expected direction shown in reports, not gated. */
    public static Expect info(Direction direction) {
        return new Expect(direction, false, Double.NaN);
    }

    /** The same claim, with its rounds in these states left out (the effect cannot show there). */
    public Expect blindIn(MachineState... states) {
        Set<MachineState> s = EnumSet.noneOf(MachineState.class);
        s.addAll(Set.of(states));
        return new Expect(direction, checked, atLeast, baselineTolerance, s);
    }

    /**
     * The same claim with other thresholds (calibration tries candidates): {@code newAtLeast} for a checked claim,
     * {@code newBaselineTolerance} for one with a direction; NaN keeps the current one.
     */
    public Expect withThresholds(double newAtLeast, double newBaselineTolerance) {
        return new Expect(direction, checked, Double.isNaN(newAtLeast) ? atLeast : newAtLeast,
                directional() && !Double.isNaN(newBaselineTolerance) ? newBaselineTolerance : baselineTolerance,
                blindIn);
    }

    /** A checked SIMILAR claim: the A/A control of its set. */
    public boolean aaControl() {
        return checked && direction == Direction.SIMILAR;
    }

    /** A checked claim with a direction: the one kind whose effect can shrink against a baseline. */
    public boolean directional() {
        return checked && direction != Direction.SIMILAR;
    }

    /** Whether a median ratio satisfies this checked claim. */
    public boolean holds(double median) {
        return switch (direction) {
            case SLOWER -> median >= atLeast;
            case FASTER -> median <= 1 / atLeast;
            case SIMILAR -> median >= 1 / atLeast && median <= atLeast;
        };
    }

    /** "&gt; 1", "&lt; 1" or "≈ 1", for tables. */
    public String symbol() {
        return switch (direction) {
            case SLOWER -> "> 1";
            case FASTER -> "< 1";
            case SIMILAR -> "≈ 1";
        };
    }

    /** The gate as a rule on the median: "≥ 1.100", "≤ 0.909", "in 0.800..1.250"; "" when unchecked. */
    public String rule() {
        if (!checked) {
            return "";
        }
        return switch (direction) {
            case SLOWER -> String.format(Locale.ROOT, "≥ %.3f", atLeast);
            case FASTER -> String.format(Locale.ROOT, "≤ %.3f", 1 / atLeast);
            case SIMILAR -> String.format(Locale.ROOT, "in %.3f..%.3f", 1 / atLeast, atLeast);
        };
    }
}
