package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.cachelinebench.claims.Answer;

/**
 * The default run's closing table ({@link Answer#ROWS}): per headline comparison its ratio, the 95 % interval over
 * rounds, its A/A control and a reading in words, then the round's floor and where the detail went. A person reads
 * it in a minute; everything else about the run is in its folder.
 *
 * <p>The reading: "slower" (or "faster") when the interval lies beyond 1 and beyond the A/A control's interval;
 * "no difference" when the interval lies within 1 &plusmn; {@value #TOLERANCE}; "no verdict" otherwise, and
 * whenever the A/A control reads outside 1 &plusmn; {@value #TOLERANCE}, because then the sides differ by more
 * than their layout and that error is in the row's ratio too.
 */
public final class AnswerTable {
    private AnswerTable() {}

    /** How far from 1 an A/A control may read, and how close to 1 "no difference" must stay. */
    public static final double TOLERANCE = 0.03;

    /** The table for a run's comparisons, each line ending in a newline; {@code folder} is where the run went. */
    public static String text(Summary s, String folder) {
        Map<String, Summary.Entry> byId = s.comparisons().stream()
                .collect(Collectors.toMap(Summary.Entry::id, Function.identity(), (a, b) -> a));
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"comparison", "ratio", "95 % interval", "A/A", "extra lines", "reading"});
        for (Answer.Row row : Answer.ROWS) {
            Summary.Entry e = byId.get(row.claim());
            Summary.Entry aa = byId.get(row.control());
            cells.add(new String[] {row.label(), ratio(e), interval(e), aa == null ? "" : ratio(aa), extra(e),
                    reading(e, aa)});
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Answer over %d rounds. Ratio = cost(subject) / cost(reference), both"
                + " measured in one fork's schedule: above 1 the subject is slower.%n", s.rounds()));
        sb.append(table(cells));
        sb.append(floor(s)).append('\n');
        sb.append(String.format(Locale.ROOT, "Reading: slower or faster when the interval lies beyond 1 and beyond the"
                + " A/A's; no difference when it lies within 1 ± %.2f; no verdict otherwise, or when the A/A (the"
                + " reference against itself) reads outside 1 ± %.2f.%n", TOLERANCE, TOLERANCE));
        sb.append("Detail (every comparison, each round, the floors, the charts): ").append(folder)
                .append("/README.md; the words: docs/glossary.md.\n");
        return sb.toString();
    }

    /** The row's reading in words (see the class comment); {@code aa} is its A/A control, null when absent. */
    static String reading(Summary.Entry e, Summary.Entry aa) {
        if (e == null || !e.measured()) {
            return "not measured";
        }
        if (aa == null || !aa.measured()) {
            return "no verdict: its A/A was not measured";
        }
        if (Math.abs(aa.geoMean() - 1) > TOLERANCE) {
            return String.format(Locale.ROOT, "no verdict: A/A %.3f, outside 1 ± %.2f", aa.geoMean(), TOLERANCE);
        }
        if (e.low() == null || e.high() == null || aa.low() == null || aa.high() == null) {
            return "no verdict: too few rounds for an interval";
        }
        if (e.low() > 1 && e.low() > aa.high()) {
            return "slower";
        }
        if (e.high() < 1 && e.high() < aa.low()) {
            return "faster";
        }
        if (e.low() >= 1 - TOLERANCE && e.high() <= 1 + TOLERANCE) {
            return "no difference";
        }
        return String.format(Locale.ROOT, "no verdict: the interval holds 1 and reaches beyond 1 ± %.2f", TOLERANCE);
    }

    private static String ratio(Summary.Entry e) {
        return e == null || e.geoMean() == null ? "-" : String.format(Locale.ROOT, "%.3f", e.geoMean());
    }

    private static String interval(Summary.Entry e) {
        return e == null || e.low() == null || e.high() == null ? "-"
                : String.format(Locale.ROOT, "%.3f .. %.3f", e.low(), e.high());
    }

    private static String extra(Summary.Entry e) {
        return e == null || e.extraTransfers() == null ? ""
                : String.format(Locale.ROOT, "%+.2f", e.extraTransfers());
    }

    /** The one-line floor of the run: the unit of "extra lines", and the machine's state while it ran. */
    static String floor(Summary s) {
        List<Double> floors = s.roundStates().stream().map(Summary.RoundState::floorNanos)
                .filter(f -> f != null).sorted().toList();
        if (floors.isEmpty()) {
            return "Floor: not measured (no csd fork gave one): extra lines left out.";
        }
        double median = floors.size() % 2 == 1 ? floors.get(floors.size() / 2)
                : (floors.get(floors.size() / 2 - 1) + floors.get(floors.size() / 2)) / 2;
        return String.format(Locale.ROOT, "Floor: one line's round trip between the two threads, %.0f ns (median of %d"
                + " rounds, %.0f .. %.0f ns); extra lines = the subject's extra cost in floors.", median,
                floors.size(), floors.get(0), floors.get(floors.size() - 1));
    }

    private static String table(List<String[]> cells) {
        int columns = cells.get(0).length;
        int[] width = new int[columns];
        for (String[] row : cells) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                boolean number = c > 0 && c < columns - 1;
                String cell = number ? " ".repeat(width[c] - row[c].length()) + row[c]
                        : row[c] + " ".repeat(c == columns - 1 ? 0 : width[c] - row[c].length());
                line.append(c == 0 ? "" : "  ").append(cell);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
