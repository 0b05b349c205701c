package org.cachelinebench.struct.measure;

import java.util.List;

/**
 * What {@code --measure} found: per role, the throughput of the suggested layout over the original's
 * (above 1: the suggestion is faster), and the same ratio for the original against itself (A/A), which
 * shows the design's own bias on this machine; with the one-line floor measured in the same rounds.
 *
 * @param rounds        rounds run
 * @param roles         one row per role
 * @param floorNanos    LineFloor's round trip in ns: geometric mean over the rounds
 * @param floorLow      its smallest round
 * @param floorHigh     its largest round
 * @param verdict       one line: whether some role is at least the suite's minimum effect
 *                      ({@link org.cachelinebench.claims.Expect#MIN_EFFECT}) times faster
 * @param notBetter     true when at least 3 rounds ran and no role's median reached that effect
 */
public record Measurement(int rounds, List<RoleResult> roles, double floorNanos, double floorLow, double floorHigh,
                          String verdict, boolean notBetter) {

    /**
     * One role.
     *
     * @param role            its name
     * @param threads         threads playing it
     * @param ratio           throughput suggested / original: geometric mean over rounds
     * @param low             95 % interval, NaN below 3 rounds
     * @param high            95 % interval, NaN below 3 rounds
     * @param median          median over rounds
     * @param aa              throughput original-again / original (A/A), geometric mean
     * @param aaLow           its interval
     * @param aaHigh          its interval
     * @param originalNanos   ns per pass over its accesses, original layout (geometric mean over rounds)
     * @param suggestedNanos  the same, suggested layout
     */
    public record RoleResult(String role, int threads, double ratio, double low, double high, double median,
                             double aa, double aaLow, double aaHigh, double originalNanos, double suggestedNanos) {}
}
