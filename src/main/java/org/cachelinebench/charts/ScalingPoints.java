package org.cachelinebench.charts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.ScalingSets;
import org.cachelinebench.harness.pin.Place;
import org.cachelinebench.runner.Summary;

/**
 * The scaling profile's comparisons as points of curves: for each claim of a scaling set, its CPU count, placement
 * class, ratio with interval and, for the csd comparisons, the extra line transfers: (ratio - 1) / ratio(floor), the
 * extra cost in units of the floor's one line per target and back, from the same rounds' ratios to the same reference.
 *
 * @param workload  the scaling workload, a {@link ScalingSets#WORKLOADS} prefix
 * @param subject   the subject side
 * @param reference the reference side
 * @param place     the placement class
 * @param cpus      the CPUs of the point
 * @param ratio     geometric mean over rounds
 * @param low       95 % interval, or null
 * @param high      95 % interval, or null
 * @param extra     extra line transfers, or null (no floor in the set, or not measured)
 * @param aa        true for an A/A control's curve
 */
record ScalingPoints(String workload, String subject, String reference, Place place, int cpus, double ratio, Double low, Double high, Double extra,
                     boolean aa) {

    /** What the curve compares, e.g. "csd size-aligned / line-aligned". */
    String curve() {
        String name = workload.equals(ScalingSets.IPI) ? "csd"
                : workload.equals(ScalingSets.EXECL_SET) ? "execl" : "pcpu readers";
        return name + " " + subject + " / " + reference;
    }

    /** The points of every measured claim of a scaling set in {@code entries}, in the entries' order. */
    static List<ScalingPoints> of(List<Summary.Entry> entries) {
        Map<String, Summary.Entry> floors = new HashMap<>();
        for (Summary.Entry e : entries) {
            if (e.measured() && e.subject().equals(ScalingSets.FLOOR)) {
                floors.put(e.set(), e);
            }
        }
        List<ScalingPoints> out = new ArrayList<>();
        for (Summary.Entry e : entries) {
            ScalingSets.Point p = ScalingSets.Point.of(e.set());
            if (p == null || !e.measured() || e.subject().equals(ScalingSets.FLOOR)) {
                continue;
            }
            Summary.Entry floor = floors.get(e.set());
            Double extra = floor == null ? null : (e.geoMean() - 1) / floor.geoMean();
            out.add(new ScalingPoints(p.workload(), e.subject(), e.reference(), p.place(), p.cpus(),
                    e.geoMean(), e.low(), e.high(), extra, e.subject().endsWith(ScalingSets.AGAIN)));
        }
        return out;
    }
}
