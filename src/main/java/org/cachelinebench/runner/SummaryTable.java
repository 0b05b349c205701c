package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.cli.TextTable;
import org.cachelinebench.coherence.unit.MeasuredUnitPrediction;
import org.cachelinebench.coherence.unit.ProbeCosts;

/**
 * The comparisons as text: a fixed-width table for the terminal and a Markdown table for summary.md and
 * results/README.md. Every row shows the median floor of its rounds and their machine states ("far 8/near 2",
 * or "no floor measured"); a claim no round measured (its variant failed its layout check) shows "—". Beside the
 * measurement stands the coherence model's predicted extra line transfers ({@link Summary.Prediction}); how the
 * measurement is known to differ from it is a numbered note below the table, each sentence written once. In
 * Markdown, every interleaved comparison also shows the prediction in its measured unit at the run's own probes,
 * "inside" or "outside" its measured interval, and the run gets one hit line ({@link #hitLine}).
 */
public final class SummaryTable {
    private SummaryTable() {}

    private static final String[] HEADER = {"comparison", "ratio", "95% interval", "median", "rounds",
            "apart (s)", "expected", "status", "extra lines (95% interval)", "predicted extra", "floor ns", "states"};
    private static final String NONE = "—";

    /** Plain text, columns padded, one comparison a line. */
    public static String text(List<Summary.Entry> entries) {
        TextTable table = new TextTable(HEADER);
        Map<String, Integer> notes = new LinkedHashMap<>();
        for (Summary.Entry e : entries) {
            String[] r = row(e);
            String[] withPrediction = new String[r.length + 1];
            System.arraycopy(r, 0, withPrediction, 0, 9);
            withPrediction[9] = predicted(e, notes);
            System.arraycopy(r, 9, withPrediction, 10, r.length - 9);
            table.add(withPrediction);
        }
        return table + notes(notes, "");
    }

    /**
     * A Markdown table with the claims and the absolute scores beside the ratios; for an interleaved
     * comparison also its extra line transfers and the floor's ns per call.
     */
    public static String markdown(List<Summary.Entry> entries) {
        StringBuilder sb = new StringBuilder();
        sb.append("| comparison | claim | ratio (geo. mean) | 95 % interval | median | rounds | time apart (median) "
                + "| expected | status | extra line transfers (95 % interval) | predicted extra transfers "
                + "| predicted in the measured unit (range from the probes) | against measured "
                + "| floor ns/call | states | subject score | reference score |\n");
        sb.append("|---|---|---:|---|---:|---:|---:|---|---|---|---|---|---|---:|---|---:|---:|\n");
        Map<String, Integer> notes = new LinkedHashMap<>();
        for (Summary.Entry e : entries) {
            String[] r = row(e);
            sb.append("| `").append(e.id()).append("` | ").append(e.claim().replace("|", "\\|")).append(" | ")
                    .append(r[1]).append(" | ").append(r[2]).append(" | ").append(r[3]).append(" | ")
                    .append(r[4]).append(" | ").append(r[5]).append(r[5].endsWith("us") || r[5].equals(NONE) ? " | " : " s | ")
                    .append(r[6]).append(" | ").append(r[7]).append(" | ").append(r[8]).append(" | ")
                    .append(predicted(e, notes)).append(" | ").append(inMeasuredUnit(e)).append(" | ")
                    .append(against(e)).append(" | ").append(r[9])
                    .append(" | ").append(r[10]).append(" | ")
                    .append(score(e.subjectScore(), e.subjectUnit())).append(" | ")
                    .append(score(e.referenceScore(), e.referenceUnit())).append(" |\n");
        }
        return sb + (notes.isEmpty() ? "" : "\n") + notes(notes, "- ");
    }

    /**
     * One line per claim that did not hold, naming it and why ({@link Judgment#problem}): the failures of a run,
     * for the terminal and summary.md.
     */
    public static List<String> problems(List<Summary.Entry> entries) {
        List<String> lines = new ArrayList<>();
        for (Summary.Entry e : entries) {
            String line = Judgment.problem(e.id(), e.checked(), e.status(), e.reason() == null ? "" : e.reason());
            if (line != null) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static String[] row(Summary.Entry e) {
        String interval = e.low() == null ? "n/a" : fmt(e.low()) + " .. " + fmt(e.high());
        String status = e.status() + (e.confidence() == null || e.confidence().isEmpty() ? "" : " (" + e.confidence() + ")");
        String expected = e.expected() + (e.checked() ? ", gate " + gate(e) : "");
        if (!e.measured()) {
            return new String[] {e.id(), NONE, NONE, NONE, "0", NONE, expected, status, "", "", NONE};
        }
        return new String[] {e.id(), fmt(e.geoMean()), interval, fmt(e.median()),
                e.ratios() != null && (e.ratios().length != e.rounds() || e.iterationsWithoutCycle() != null)
                        ? e.rounds() + " (" + e.ratios().length + " it." + (e.iterationsWithoutCycle() == null ? ""
                                : ", " + e.iterationsWithoutCycle() + " without a cycle") + ")"
                        : Integer.toString(e.rounds()),
                e.medianSecondsApart() == null ? NONE : apart(e.medianSecondsApart()), expected, status, extra(e),
                e.floorNanos() == null ? "" : String.format(Locale.ROOT, "%.1f", e.floorNanos()),
                e.states() == null ? "" : e.states()};
    }

    /**
     * "vs A/A x1.412 (1.301 .. 1.533)": a directional claim's effect over its A/A with its bounds; "A/A x1.000
     * (0.998 .. 1.002)" for the control itself, "peer vs A/A x0.998 (...)" for a peer claim; the words alone before a
     * verdict had numbers.
     */
    private static String gate(Summary.Entry e) {
        String kind = switch (e.direction()) {
            case "SIMILAR" -> "A/A";
            case "SAME" -> "peer vs A/A";
            default -> "vs A/A";
        };
        if (e.effect() == null || e.effectLow() == null) {
            return kind;
        }
        return kind + " x" + fmt(e.effect()) + " (" + fmt(e.effectLow()) + " .. " + fmt(e.effectHigh()) + ")";
    }

    /** "+0.16 (+0.10 .. +0.22)": extra line transfers with their interval; empty for a comparison of forks. */
    private static String extra(Summary.Entry e) {
        if (e.extraTransfers() == null) {
            return "";
        }
        String mean = String.format(Locale.ROOT, "%+.2f", e.extraTransfers());
        return e.extraTransfersLow() == null ? mean : mean + String.format(Locale.ROOT, " (%+.2f .. %+.2f)",
                e.extraTransfersLow(), e.extraTransfersHigh());
    }

    /**
     * "+2.00 (+1.00 rt) [1]": the predicted extra transfers per operation, in line round trips where the operations
     * are calls, and the number of the note on how measurement differs; "" without a prediction.
     */
    static String predicted(Summary.Entry e, Map<String, Integer> notes) {
        Summary.Prediction p = e.prediction();
        if (p == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        if (p.extra() != null) {
            sb.append(signed(p.extra()));
            if (p.extraRoundTrips() != null) {
                sb.append(" (").append(signed(p.extraRoundTrips())).append(" rt)");
            }
        }
        if (p.note() != null && !p.note().isEmpty()) {
            int n = notes.computeIfAbsent(p.note(), k -> notes.size() + 1);
            sb.append(sb.length() == 0 ? "" : " ").append('[').append(n).append(']');
        }
        return sb.toString();
    }

    /**
     * An interleaved comparison's prediction in its measured unit: "+0.42 (+0.35 .. +0.50)" extra round trips,
     * "ratio 2.310 (2.020 .. 2.600)", or why there is none ("no probes"); "" for a comparison of forks.
     */
    static String inMeasuredUnit(Summary.Entry e) {
        Summary.Prediction p = e.prediction();
        if (p == null || p.measuredUnit() == null) {
            return "";
        }
        if (p.predictedMid() == null) {
            return p.unpriced() == null ? "" : p.unpriced();
        }
        ProbeCosts.Range r = new ProbeCosts.Range(p.predictedLow(), p.predictedMid(), p.predictedHigh());
        return p.measuredUnit().equals(UnitPredictions.RATIO)
                ? "ratio " + fmt(r.mid()) + (r.low() == r.high() ? "" : " (" + fmt(r.low()) + " .. " + fmt(r.high()) + ")")
                : r.describe();
    }

    /** "inside" or "outside" the measured interval, or "". */
    static String against(Summary.Entry e) {
        Summary.Prediction p = e.prediction();
        return p == null || p.against() == null ? "" : p.against();
    }

    /**
     * The run's one hit line: how many interleaved comparisons' predictions fall inside their measured interval,
     * and how many had none to set beside it (e.g. "no probes"); null when the run has no interleaved comparison.
     */
    static String hitLine(List<Summary.Entry> entries) {
        int inside = 0;
        int judged = 0;
        Map<String, Integer> unpriced = new LinkedHashMap<>();
        for (Summary.Entry e : entries) {
            Summary.Prediction p = e.prediction();
            if (p == null || p.measuredUnit() == null) {
                continue;
            }
            if (p.judged()) {
                judged++;
                inside += p.against().equals(UnitPredictions.INSIDE) ? 1 : 0;
            } else if (p.unpriced() != null && !p.unpriced().isEmpty()) {
                unpriced.merge(p.unpriced(), 1, Integer::sum);
            }
        }
        if (judged == 0 && unpriced.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder(UnitPredictions.hitLine(inside, judged));
        unpriced.forEach((why, n) -> sb.append(' ').append(n).append(n == 1 ? " comparison says \"" : " comparisons say \"")
                .append(why).append("\"").append(why.equals(MeasuredUnitPrediction.NO_PROBES)
                        ? " (this run recorded no probes)." : "."));
        return sb.toString();
    }

    /** The notes under a table, one a line: "[1] sentence", each line begun by {@code bullet}. */
    static String notes(Map<String, Integer> notes, String bullet) {
        StringBuilder sb = new StringBuilder();
        notes.forEach((note, n) -> sb.append(bullet).append('[').append(n).append("] ").append(note).append('\n'));
        return sb.toString();
    }

    /** "+1.00", zero without a sign's noise. */
    static String signed(double x) {
        return String.format(Locale.ROOT, "%+.2f", Math.abs(x) < 0.005 ? 0.0 : x);
    }

    /** Seconds, or microseconds for the slices of an interleaved comparison. */
    private static String apart(double seconds) {
        return seconds > 0 && seconds < 0.05 ? String.format(Locale.ROOT, "%.0f us", seconds * 1e6)
                : String.format(Locale.ROOT, "%.1f", seconds);
    }

    public static String fmt(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }

    private static String score(Double score, String unit) {
        if (score == null) {
            return NONE;
        }
        return String.format(Locale.ROOT, "%.4g %s", score, unit);
    }
}
