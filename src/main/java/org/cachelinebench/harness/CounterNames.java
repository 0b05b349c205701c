package org.cachelinebench.harness;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names of an interleaved benchmark's aux counters, all derived from its side names: one rule that the
 * benchmarks' {@code @AuxCounters} accessors (JMH names a counter by its method), the claims and the runner read.
 * A test holds every interleaved benchmark's accessors to {@link #of}.
 *
 * <p>A counter is named for what one iteration's value holds: the nanos and calls are sums over its cycles, a side's
 * ratio and extra line transfers medians over them ({@code Median}). JMH's table adds an {@code EVENTS} counter over
 * the measurement iterations, so its row of a median is never a ratio; the runner reads each iteration's value.
 */
public final class CounterNames {
    private CounterNames() {}

    /** Complete schedule cycles behind an iteration's counters (not "cycles", a row of JMH's perfnorm profiler). */
    public static final String CYCLES = "scheduleCycles";
    /** Cycles of an iteration past its per-cycle log: in the sums, not in the medians; 0 normally. */
    public static final String CYCLES_NOT_LOGGED = "cyclesNotLogged";

    /** A side's nanoseconds over the iteration: "line-aligned-again" gives "lineAlignedAgainNanos". */
    public static String nanos(String side) {
        return camelCase(side) + "Nanos";
    }

    /** A side's calls over the iteration: "size-aligned" gives "sizeAlignedCalls". */
    public static String calls(String side) {
        return camelCase(side) + "Calls";
    }

    /**
     * A side's median over the iteration's cycles of its per-cycle cost ratio to the reference side:
     * "straddled" gives "straddledRatioMedian".
     */
    public static String ratio(String side) {
        return camelCase(side) + "RatioMedian";
    }

    /**
     * A side's median over the iteration's cycles of its extra line transfers against the reference, in floors:
     * "straddled" gives "straddledExtraMedian". The floor, their unit, has none.
     */
    public static String extra(String side) {
        return camelCase(side) + "ExtraMedian";
    }

    /**
     * A side's median over the iteration's cycles of its per-cycle cost ratio to another side than the benchmark's
     * reference, for a benchmark whose claims compare such a pair: "v6.4-rc4-reader" to "v2-reorder-reader" gives
     * "v64Rc4ReaderVsV2ReorderReaderRatioMedian".
     */
    public static String ratio(String side, String reference) {
        String r = camelCase(reference);
        return camelCase(side) + "Vs" + Character.toUpperCase(r.charAt(0)) + r.substring(1) + "RatioMedian";
    }

    /**
     * The counter side of {@code side} as measured by one {@code role} of a benchmark whose threads have different
     * jobs (a reader and an allocator): "v6.4-rc4" and "reader" give "v6.4-rc4-reader"; without a role, the side.
     */
    public static String side(String side, String role) {
        return role == null ? side : side + "-" + role;
    }

    /**
     * Every counter of a benchmark with {@code sides}: nanos and calls of each side, the ratio of each but the
     * {@code reference}, the extra line transfers of each but the reference and the {@code floor} (none without a
     * floor: null), and the cycles.
     */
    public static Set<String> of(List<String> sides, String reference, String floor) {
        Set<String> names = new TreeSet<>(List.of(CYCLES, CYCLES_NOT_LOGGED));
        for (String side : sides) {
            names.add(nanos(side));
            names.add(calls(side));
            if (!side.equals(reference)) {
                names.add(ratio(side));
                if (floor != null && !side.equals(floor)) {
                    names.add(extra(side));
                }
            }
        }
        return names;
    }

    /** "line-aligned-again" gives "lineAlignedAgain"; a '.' is dropped ("v6.4-rc4" gives "v64Rc4"), as no method name has one. */
    private static String camelCase(String name) {
        StringBuilder sb = new StringBuilder();
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '.') {
                continue;
            }
            if (c == '-') {
                upper = true;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.toString();
    }
}
