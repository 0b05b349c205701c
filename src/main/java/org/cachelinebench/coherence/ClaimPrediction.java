package org.cachelinebench.coherence;

import java.util.Locale;

/**
 * The prediction for one comparison of the suite: the line transfers per operation of each side, their difference,
 * and that difference in line round trips (the floor's transfers per round trip, the unit the interleaved benchmarks
 * report their measured extra line transfers in).
 *
 * @param claimId         the comparison's id, as {@code claims.Claim#id()}
 * @param unit            what one operation is, e.g. "per call"
 * @param subject         transfers per operation of the subject side
 * @param reference       transfers per operation of the reference side
 * @param floor           transfers per round trip of the one-line floor under the same model
 * @param model           what the prediction assumes
 * @param differs         how measurement is known to differ from this prediction, and why; "" when it is not
 */
public record ClaimPrediction(String claimId, String unit, double subject, double reference, double floor,
                              String model, String differs) {
    /** Extra transfers per operation: subject minus reference. */
    public double extra() {
        return subject - reference;
    }

    /** The extra transfers in line round trips, the unit of the measured extra line transfers. */
    public double extraRoundTrips() {
        return extra() / floor;
    }

    /** "+1.00" style numbers, for tables. */
    static String signed(double x) {
        return String.format(Locale.ROOT, "%+.2f", Math.abs(x) < 0.005 ? 0.0 : x);
    }
}
