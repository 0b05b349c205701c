package org.cachelinebench.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import org.cachelinebench.cli.TextTable;
import org.cachelinebench.compare.GateComparison.Row;
import org.cachelinebench.compare.GateComparison.Side;
import org.cachelinebench.compare.GateComparison.Verdict;

/** Renders a {@link GateComparison} as a text table for people and as JSON for machines. */
public final class ComparisonReport {
    private ComparisonReport() {}

    private static final String[] HEADER =
            {"Benchmark", "Mode", "Params", "Metric", "Baseline", "Current", "Change", "Interval", "Verdict"};

    /**
     * The table: one line per compared metric, then numbered notes, warnings, and a summary line. Baseline and
     * current are the means the test compared (for thrpt/avgt/ss with equal iterations per fork, JMH's score).
     */
    public static String table(GateComparison c) {
        int confidence = (int) Math.round(100 * (1 - c.options().alpha()));
        String[] header = HEADER.clone();
        header[7] = confidence + "% interval";
        TextTable table = new TextTable(header).alignRight(4, 5, 6); // baseline, current, change
        Map<String, Integer> notes = new LinkedHashMap<>();
        for (Row r : c.rows()) {
            String verdict = r.verdict().label();
            if (!r.note().isEmpty()) {
                verdict += " [" + notes.computeIfAbsent(r.note(), k -> notes.size() + 1) + "]";
            }
            table.add(r.benchmark(), r.mode().label(), params(r.params()), r.metric() + " (" + r.unit() + ")",
                    side(r, r.baseline()), side(r, r.current()), percent(r.change()),
                    r.sampleUnit().isEmpty() ? "" : "[" + percent(r.changeLow()) + ", " + percent(r.changeHigh()) + "]",
                    verdict);
        }
        StringBuilder sb = new StringBuilder(table.toString());
        for (Map.Entry<String, Integer> n : notes.entrySet()) {
            sb.append('[').append(n.getValue()).append("] ").append(n.getKey()).append('\n');
        }
        if (!c.notCompared().isEmpty()) {
            sb.append("Not compared (profiler, percentile or other-unit metrics): ")
                    .append(String.join(", ", c.notCompared())).append('\n');
        }
        for (String w : c.warnings()) {
            sb.append("Warning: ").append(w).append('\n');
        }
        sb.append(summary(c)).append('\n');
        return sb.toString();
    }

    /** One line: the outcome, rows per verdict, the test, alpha and threshold. */
    public static String summary(GateComparison c) {
        Map<Verdict, Integer> counts = new LinkedHashMap<>();
        for (Verdict v : Verdict.values()) {
            counts.put(v, 0);
        }
        c.rows().forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> {
            if (n > 0) {
                parts.add(v.label() + " " + n);
            }
        });
        return "Result: " + (c.hasRegression() ? "REGRESSION" : "no regression") + " (" + String.join(", ", parts)
                + "). " + GateComparison.TEST + ", alpha " + c.options().alpha() + ", threshold "
                + percentPlain(c.options().threshold()) + ".";
    }

    private static String side(Row r, Side s) {
        return s == r.baseline() && r.verdict() == Verdict.ONLY_IN_CURRENT
                || s == r.current() && r.verdict() == Verdict.ONLY_IN_BASELINE ? "-" : number(s.value());
    }

    /**
     * Machine-readable verdicts. Non-finite numbers are written as JMH writes them: {@code "NaN"},
     * {@code "+INF"}, {@code "-INF"}. Fractions (change, interval, threshold) are plain ratios, 0.05 = 5 %.
     */
    public static String json(GateComparison c, String baselineName, String currentName) {
        JsonObject root = new JsonObject();
        root.addProperty("baseline", baselineName);
        root.addProperty("current", currentName);
        root.addProperty("test", GateComparison.TEST);
        root.add("alpha", num(c.options().alpha()));
        root.add("threshold", num(c.options().threshold()));
        root.addProperty("regression", c.hasRegression());
        JsonArray rows = new JsonArray();
        for (Row r : c.rows()) {
            JsonObject o = new JsonObject();
            o.addProperty("benchmark", r.benchmark());
            o.addProperty("mode", r.mode().label());
            JsonObject params = new JsonObject();
            r.params().forEach(params::addProperty);
            o.add("params", params);
            o.addProperty("metric", r.metric());
            o.addProperty("unit", r.unit());
            o.add("baseline", side(r.baseline()));
            o.add("current", side(r.current()));
            o.add("change", num(r.change()));
            JsonArray interval = new JsonArray();
            interval.add(num(r.changeLow()));
            interval.add(num(r.changeHigh()));
            o.add("interval", interval);
            o.add("p", num(r.p()));
            o.addProperty("samples", r.sampleUnit());
            o.addProperty("verdict", r.verdict().token());
            o.addProperty("note", r.note());
            rows.add(o);
        }
        root.add("rows", rows);
        JsonArray warnings = new JsonArray();
        c.warnings().forEach(warnings::add);
        root.add("warnings", warnings);
        JsonArray notCompared = new JsonArray();
        c.notCompared().forEach(notCompared::add);
        root.add("notCompared", notCompared);
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    private static JsonObject side(Side s) {
        JsonObject o = new JsonObject();
        o.add("score", num(s.score()));
        o.add("mean", num(s.mean()));
        o.addProperty("n", s.n());
        return o;
    }

    private static JsonPrimitive num(double d) {
        if (Double.isNaN(d)) {
            return new JsonPrimitive("NaN");
        }
        if (Double.isInfinite(d)) {
            return new JsonPrimitive(d > 0 ? "+INF" : "-INF");
        }
        return new JsonPrimitive(d);
    }

    static String params(SortedMap<String, String> params) {
        if (params.isEmpty()) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        params.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }

    /** About four significant digits, never scientific for the usual ranges of JMH scores. */
    static String number(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "+INF" : "-INF";
        }
        double a = Math.abs(d);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", d);
        }
        if (a >= 1 || a == 0) {
            return String.format(Locale.ROOT, "%.3f", d);
        }
        if (a >= 1e-4) {
            return String.format(Locale.ROOT, "%.6f", d).replaceFirst("0+$", "0");
        }
        return String.format(Locale.ROOT, "%.3e", d);
    }

    static String percent(double f) {
        if (Double.isNaN(f)) {
            return "";
        }
        if (Double.isInfinite(f)) {
            return f > 0 ? "+INF" : "-INF";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * f);
    }

    private static String percentPlain(double f) {
        String s = String.format(Locale.ROOT, "%.2f", 100 * f).replaceFirst("\\.?0+$", "");
        return s + "%";
    }
}
