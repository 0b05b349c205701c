package org.cachelinebench.coherence.claim;

import java.util.Locale;
import org.cachelinebench.coherence.Traffic;

/**
 * The prediction for one comparison of the suite: the line transfers per operation of each side, their difference,
 * and that difference in line round trips (the floor's transfers per round trip, the unit the interleaved benchmarks
 * report their measured extra line transfers in).
 *
 * @param claimId         the comparison's id, as {@code claims.Claim#id()}
 * @param unit            what one operation is, e.g. "per call"
 * @param subjectTraffic   traffic per operation of the subject side
 * @param referenceTraffic traffic per operation of the reference side
 * @param floor           transfers per round trip of the one-line floor under the same model, for comparisons of
 *                        calls; NaN for others (their operations are no round trips)
 * @param model           what the prediction assumes
 * @param differs         how measurement is known to differ from this prediction, and why; "" when it is not
 */
public record ClaimPrediction(String claimId, String unit, Traffic subjectTraffic, Traffic referenceTraffic,
                              double floor, String model, String differs) {
    /** A comparison the model cannot trace, and why. */
    static ClaimPrediction none(String claimId, String model, String why) {
        Traffic nan = Traffic.NONE.times(Double.NaN);
        return new ClaimPrediction(claimId, "", nan, nan, Double.NaN, model, why);
    }

    /** Transfers per operation of the subject side. */
    public double subject() {
        return subjectTraffic.transfers();
    }

    /** Transfers per operation of the reference side. */
    public double reference() {
        return referenceTraffic.transfers();
    }

    /** Extra upgrades per operation: the writes that take a line back from readers without moving its data. */
    public double extraUpgrades() {
        return subjectTraffic.upgrades() - referenceTraffic.upgrades();
    }

    /** Extra transfers per operation: subject minus reference. */
    public double extra() {
        return subject() - reference();
    }

    /** The extra transfers in line round trips, the unit of the measured extra line transfers; NaN if not calls. */
    public double extraRoundTrips() {
        return extra() / floor;
    }

    /** "+1.00" style numbers, for tables. */
    public static String signed(double x) {
        if (Double.isNaN(x)) {
            return "";
        }
        return String.format(Locale.ROOT, "%+.2f", Math.abs(x) < 0.005 ? 0.0 : x);
    }
}
