package org.cachelinebench.claims;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The state a round found the machine in, read from its one-line floor (ns per round trip of one line between the
 * two threads, measured by the interleaved csd fork of that round): {@link #NEAR} when the two vCPUs share a core's
 * caches and a line moves cheaply, {@link #FAR} when it must cross to another core. Shown beside every ratio; the
 * verdicts do not use it (every claim is judged against the A/A of its own rounds, which met the same state).
 *
 * <p>The split comes from the run's own floors ({@link #split}): the widest gap between two sorted floors that is
 * wider than the spread of the floors below it. A line shared within a core costs about the same every time, so the
 * near floors sit close together; a run without such a gap met one state.
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

    /** The state of a round whose floor is {@code floorNanos}; null when no floor was measured or no split (NaN). */
    public static MachineState of(double floorNanos, double splitNanos) {
        if (Double.isNaN(floorNanos) || Double.isNaN(splitNanos)) {
            return null;
        }
        return floorNanos < splitNanos ? NEAR : FAR;
    }

    /**
     * The split of these floors in ns (the geometric middle of the gap), or NaN when they show no gap: fewer than
     * two floors, or no gap (in log space) wider than the spread of the floors below it.
     */
    public static double split(Collection<Double> floorNanos) {
        double[] logs = floorNanos.stream().filter(f -> f != null && f > 0).mapToDouble(Math::log).sorted().toArray();
        double best = 0;
        double split = Double.NaN;
        for (int i = 0; i + 1 < logs.length; i++) {
            double gap = logs[i + 1] - logs[i];
            if (gap > logs[i] - logs[0] && gap > best) {
                best = gap;
                split = Math.exp((logs[i] + logs[i + 1]) / 2);
            }
        }
        return split;
    }

    /**
     * "far 8/near 2" (far first, then near, then rounds without a floor); "one state" when the floors show no split;
     * "no floor measured" when no round has one.
     */
    public static String mix(double[] floorNanos, double splitNanos) {
        if (Arrays.stream(floorNanos).allMatch(Double::isNaN)) {
            return "no floor measured";
        }
        Map<MachineState, Integer> n = new EnumMap<>(MachineState.class);
        int none = 0;
        int unsplit = 0;
        for (double f : floorNanos) {
            MachineState s = of(f, splitNanos);
            if (Double.isNaN(f)) {
                none++;
            } else if (s == null) {
                unsplit++;
            } else {
                n.merge(s, 1, Integer::sum);
            }
        }
        List<String> parts = new ArrayList<>();
        if (unsplit > 0) {
            parts.add("one state " + unsplit);
        }
        for (MachineState s : List.of(FAR, NEAR)) {
            if (n.containsKey(s)) {
                parts.add(s.label() + " " + n.get(s));
            }
        }
        if (none > 0) {
            parts.add("no floor " + none);
        }
        return String.join("/", parts);
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
