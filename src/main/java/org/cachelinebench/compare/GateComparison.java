package org.cachelinebench.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.results.UnusableInputException;

/**
 * Compares two sets of JMH results, metric by metric, and decides for each whether it regressed.
 *
 * <p>Entries are matched by benchmark name, mode and {@code @Param} values; the primary metric is compared and so
 * is every secondary metric that is the benchmark's own ({@link #ownMetric}: a {@code @Group}'s methods and
 * {@code @AuxCounters} of operations, because a regression in one method can hide in the group total), never a
 * profiler's row, a counter of events or a percentile, which have no direction. The direction comes from the
 * mode: more is better for {@code thrpt}, less for the time modes.
 * Rule: Welch's t-test on per-fork means, because forks are JMH's independent unit (iterations of one fork are
 * correlated, and counting them as samples turns fork-to-fork noise into false alarms); REGRESSION needs the
 * whole interval on the bad side and a change of at least {@code threshold}, because runs at different times
 * on a shared VM drift by a few per cent without a code change. With fewer than 2 forks a side, iterations are
 * the samples, and the table says the interval is then likely too narrow. The reasons at length:
 * docs/compare.md.
 */
public final class GateComparison {

    /** Name of the test, for the table footer and the JSON output. */
    public static final String TEST = "Welch's t-test on per-fork means (iterations if a side has < 2 forks)";


    static final String NOTE_ITERATIONS =
            "fewer than 2 forks on a side: iterations used as samples, interval likely too narrow";
    static final String NOTE_HISTOGRAM =
            "sample mode: compared on each iteration's mean sample from rawDataHistogram; percentiles not compared";

    /**
     * Settings of the gate.
     *
     * @param alpha     two-sided significance level of the test, in (0, 1); intervals are {@code 1 - alpha}
     * @param threshold minimum relative change that can be a regression (0.05 = 5 %), {@code >= 0}
     */
    public record Options(double alpha, double threshold) {
        public static final double DEFAULT_ALPHA = 0.05;
        public static final double DEFAULT_THRESHOLD = 0.05;

        public Options {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be between 0 and 1 (exclusive): " + alpha);
            }
            if (!(threshold >= 0) || Double.isInfinite(threshold)) {
                throw new IllegalArgumentException("threshold must be a finite fraction >= 0: " + threshold);
            }
        }

        public static Options defaults() {
            return new Options(DEFAULT_ALPHA, DEFAULT_THRESHOLD);
        }
    }

    /** What a row concluded. Only {@link #REGRESSION} fails the gate. */
    public enum Verdict {
        /** Significantly worse, by at least the threshold. */
        REGRESSION("REGRESSION", "regression"),
        /** Significantly better, by at least the threshold. */
        IMPROVEMENT("improvement", "improvement"),
        /** Significant, either way, but smaller than the threshold. */
        BELOW_THRESHOLD("below threshold", "below_threshold"),
        /** The interval contains zero. */
        NOT_SIGNIFICANT("not significant", "not_significant"),
        /** Fewer than 2 finite samples on a side. */
        UNTESTED("untested", "untested"),
        ONLY_IN_BASELINE("only in baseline", "only_in_baseline"),
        ONLY_IN_CURRENT("only in current", "only_in_current");

        private final String label;
        private final String token;

        Verdict(String label, String token) {
            this.label = label;
            this.token = token;
        }

        /** For the table. */
        public String label() {
            return label;
        }

        /** For machine-readable output. */
        public String token() {
            return token;
        }
    }

    /**
     * One side of a row.
     *
     * @param score JMH's score (NaN if the entry is absent on this side)
     * @param mean  the mean the test used (mean of fork means, or of iterations); NaN if untested
     * @param n     number of samples the test used (forks or iterations); 0 if untested
     */
    public record Side(double score, double mean, int n) {
        static final Side ABSENT = new Side(Double.NaN, Double.NaN, 0);

        /** The tested mean if there is one, else JMH's score. */
        public double value() {
            return Double.isNaN(mean) ? score : mean;
        }
    }

    /**
     * One compared metric.
     *
     * @param benchmark   benchmark name
     * @param mode        JMH mode
     * @param params      {@code @Param} values
     * @param metric      {@code primary} or the secondary metric's name
     * @param unit        score unit
     * @param baseline    baseline side
     * @param current     current side
     * @param change      relative change of the mean, current / baseline - 1 (NaN if unknown)
     * @param changeLow   lower end of the {@code 1 - alpha} interval of the change: Welch's interval of the
     *                    difference divided by the baseline mean (NaN if untested)
     * @param changeHigh  upper end of that interval
     * @param p           two-sided p-value (NaN if untested)
     * @param sampleUnit  {@code forks} or {@code iterations} ("" if untested)
     * @param verdict     the verdict
     * @param note        why the row is special, or ""
     */
    public record Row(String benchmark, Mode mode, SortedMap<String, String> params, String metric, String unit,
                      Side baseline, Side current, double change, double changeLow, double changeHigh, double p,
                      String sampleUnit, Verdict verdict, String note) {}

    private final Options options;
    private final List<Row> rows;
    private final List<String> warnings;
    private final SortedSet<String> notCompared;

    private GateComparison(Options options, List<Row> rows, List<String> warnings, SortedSet<String> notCompared) {
        this.options = options;
        this.rows = List.copyOf(rows);
        this.warnings = List.copyOf(warnings);
        this.notCompared = Collections.unmodifiableSortedSet(notCompared);
    }

    public Options options() {
        return options;
    }

    /** Rows in baseline order, then what only the current results have. */
    public List<Row> rows() {
        return rows;
    }

    /** Differences between the two runs' setups that make the comparison weaker (threads, JDK, JVM flags). */
    public List<String> warnings() {
        return warnings;
    }

    /** Names of secondary metrics that were present but not compared (profilers, percentiles, other units). */
    public SortedSet<String> notCompared() {
        return notCompared;
    }

    /** True if any row is a {@link Verdict#REGRESSION}: the gate fails. */
    public boolean hasRegression() {
        return rows.stream().anyMatch(r -> r.verdict() == Verdict.REGRESSION);
    }

    /**
     * Compares {@code current} against {@code baseline}.
     *
     * @throws UnusableInputException if a side has two entries for the same benchmark, mode and params, if the
     *                                two have no entry in common, or if no common metric has enough raw data to
     *                                test (at least 2 samples per side)
     */
    public static GateComparison compare(List<JmhResult> baseline, List<JmhResult> current, Options options)
            throws UnusableInputException {
        Objects.requireNonNull(options, "options");
        Map<Key, JmhResult> base = index("baseline", baseline);
        Map<Key, JmhResult> cur = index("current", current);

        List<Row> rows = new ArrayList<>();
        Set<String> warnings = new LinkedHashSet<>();
        SortedSet<String> notCompared = new TreeSet<>();
        boolean common = false;
        for (Map.Entry<Key, JmhResult> e : base.entrySet()) {
            JmhResult b = e.getValue();
            JmhResult c = cur.get(e.getKey());
            if (c == null) {
                rows.add(absent(b, JmhResult.PRIMARY, b.primary(), true));
                continue;
            }
            common = true;
            warn(warnings, b, c);
            rows.add(row(b, JmhResult.PRIMARY, b.primary(), c.primary(), options));
            for (Map.Entry<String, Metric> s : b.secondary().entrySet()) {
                String name = s.getKey();
                if (!comparable(name, s.getValue(), b.primary())) {
                    notCompared.add(name);
                    continue;
                }
                Metric cm = c.secondary().get(name);
                rows.add(cm == null ? absent(b, name, s.getValue(), true) : row(b, name, s.getValue(), cm, options));
            }
            for (Map.Entry<String, Metric> s : c.secondary().entrySet()) {
                String name = s.getKey();
                if (!comparable(name, s.getValue(), c.primary())) {
                    notCompared.add(name);
                } else if (!b.secondary().containsKey(name)) {
                    rows.add(absent(c, name, s.getValue(), false));
                }
            }
        }
        for (Map.Entry<Key, JmhResult> e : cur.entrySet()) {
            if (!base.containsKey(e.getKey())) {
                rows.add(absent(e.getValue(), JmhResult.PRIMARY, e.getValue().primary(), false));
            }
        }
        if (!common) {
            throw new UnusableInputException("nothing in common: no benchmark appears in both with the same name, "
                    + "mode and params" + nearMiss(base.keySet(), cur.keySet()));
        }
        if (rows.stream().allMatch(r -> r.sampleUnit().isEmpty())) {
            throw new UnusableInputException("nothing to test: no benchmark in common has at least 2 forks or "
                    + "2 iterations of rawData on each side");
        }
        return new GateComparison(options, rows, new ArrayList<>(warnings), notCompared);
    }

    private record Key(String benchmark, Mode mode, SortedMap<String, String> params) {
        String describe() {
            return benchmark + " " + mode.label() + (params.isEmpty() ? "" : " " + params);
        }
    }

    private static Map<Key, JmhResult> index(String side, List<JmhResult> results) throws UnusableInputException {
        Map<Key, JmhResult> map = new LinkedHashMap<>();
        for (JmhResult r : results) {
            Key k = new Key(r.benchmark(), r.mode(), r.params());
            String broken = broken(r.primary());
            if (broken != null) {
                throw new UnusableInputException(side + " " + k.describe() + ": " + broken
                        + "; a JMH score is a positive number, so this result is broken (nothing compared)");
            }
            if (map.put(k, r) != null) {
                throw new UnusableInputException(side + " has two entries for " + k.describe());
            }
        }
        return map;
    }

    private static String nearMiss(Set<Key> base, Set<Key> cur) {
        Set<String> names = new TreeSet<>();
        base.forEach(k -> names.add(k.benchmark()));
        for (Key k : cur) {
            if (names.contains(k.benchmark())) {
                return " (" + k.benchmark() + " is in both, with a different mode or params)";
            }
        }
        return "";
    }

    private static boolean comparable(String name, Metric m, Metric primary) {
        return ownMetric(name, m.unit(), primary.unit());
    }

    /**
     * True when a secondary metric is the benchmark's own result: a {@code @Group} method or an
     * {@code @AuxCounters} field or method, so named as a Java identifier, in the primary metric's unit. JMH 1.37
     * names profiler results without the {@code ·} prefix older versions wrote (CODETOOLS-7903508), so a prefix
     * no longer tells them apart: most have a dot ({@code gc.alloc.rate}, {@code compiler.time.total}), perf
     * events a dash, percentiles a dot or colon, and the few named like identifiers ({@code pauses}, {@code ipc},
     * {@code cycles}) have units no benchmark mode uses ({@code ms}, {@code insns/clk}, {@code #/op}).
     */
    static boolean ownMetric(String name, String unit, String primaryUnit) {
        boolean identifier = !name.isEmpty() && Character.isJavaIdentifierStart(name.codePointAt(0))
                && name.codePoints().skip(1).allMatch(Character::isJavaIdentifierPart);
        return identifier && Objects.equals(unit, primaryUnit);
    }

    private static void warn(Set<String> warnings, JmhResult b, JmhResult c) {
        Header bh = b.header(), ch = c.header();
        if (bh.threads() != ch.threads()) {
            warnings.add(new Key(b.benchmark(), b.mode(), b.params()).describe() + ": threads " + bh.threads()
                    + " in baseline, " + ch.threads() + " in current");
        }
        Jvm bj = bh.jvm(), cj = ch.jvm();
        if (!bj.jdkVersion().equals(cj.jdkVersion()) || !bj.vmName().equals(cj.vmName())) {
            warnings.add("different JVMs: baseline " + bj.vmName() + " " + bj.jdkVersion() + ", current "
                    + cj.vmName() + " " + cj.jdkVersion());
        }
        if (!bj.args().equals(cj.args())) {
            warnings.add("different JVM arguments: baseline [" + String.join(" ", bj.args()) + "], current ["
                    + String.join(" ", cj.args()) + "]");
        }
    }

    private static Row absent(JmhResult r, String metric, Metric m, boolean inBaseline) {
        Side side = new Side(m.score(), Double.NaN, 0);
        return new Row(r.benchmark(), r.mode(), r.params(), metric, m.unit(),
                inBaseline ? side : Side.ABSENT, inBaseline ? Side.ABSENT : side,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, "",
                inBaseline ? Verdict.ONLY_IN_BASELINE : Verdict.ONLY_IN_CURRENT, "");
    }

    /**
     * What makes a metric unusable, or null: a score that is NaN, zero or negative, or an iteration that is zero
     * or negative (times and rates are positive; a non-finite iteration is left out and counted instead).
     */
    static String broken(Metric m) {
        if (!(m.score() > 0) || Double.isInfinite(m.score())) {
            return "score " + m.score();
        }
        double[][] raw = m.rawData();
        for (int f = 0; f < raw.length; f++) {
            for (int i = 0; i < raw[f].length; i++) {
                if (raw[f][i] <= 0) {
                    return "fork " + (f + 1) + " iteration " + (i + 1) + " is " + raw[f][i];
                }
            }
        }
        return null;
    }

    private static Row row(JmhResult r, String metric, Metric bm, Metric cm, Options options) {
        String broken = broken(bm) != null ? "baseline " + broken(bm) : broken(cm) != null ? "current " + broken(cm)
                : null;
        if (broken != null) {
            // A secondary metric (a group method, a counter) may be zero when nothing happened: flagged, not tested.
            return new Row(r.benchmark(), r.mode(), r.params(), metric, bm.unit(),
                    new Side(bm.score(), Double.NaN, 0), new Side(cm.score(), Double.NaN, 0), Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, "", Verdict.UNTESTED, broken + ": not a positive number, not tested");
        }
        List<String> notes = new ArrayList<>();
        if (bm.fromHistogram() || cm.fromHistogram()) {
            notes.add(NOTE_HISTOGRAM);
        }
        Samples b = Samples.of(bm);
        Samples c = Samples.of(cm);
        if (b.dropped + c.dropped > 0) {
            notes.add((b.dropped + c.dropped) + " non-finite iteration value(s) left out");
        }
        boolean byForks = b.forks() >= 2 && c.forks() >= 2;
        double[] x = byForks ? b.forkMeans() : b.all();
        double[] y = byForks ? c.forkMeans() : c.all();
        String unit = byForks ? "forks" : "iterations";
        if (!byForks) {
            notes.add(NOTE_ITERATIONS);
        }
        if (x.length < 2 || y.length < 2) {
            notes.remove(NOTE_ITERATIONS);
            notes.add("too few samples to test: " + x.length + " baseline, " + y.length + " current iteration(s)");
            return new Row(r.benchmark(), r.mode(), r.params(), metric, bm.unit(),
                    new Side(bm.score(), Double.NaN, 0), new Side(cm.score(), Double.NaN, 0),
                    relative(cm.score() - bm.score(), bm.score()), Double.NaN, Double.NaN, Double.NaN, "",
                    Verdict.UNTESTED, String.join("; ", notes));
        }
        Welch.Result t = Welch.test(x, y, options.alpha());
        double change = relative(t.diff(), t.meanA());
        double low = relative(t.low(), t.meanA());
        double high = relative(t.high(), t.meanA());
        Verdict verdict;
        if (!t.significant()) {
            verdict = Verdict.NOT_SIGNIFICANT;
        } else if (Math.abs(change) < options.threshold()) {
            verdict = Verdict.BELOW_THRESHOLD;
        } else {
            boolean worse = r.mode().higherIsBetter() ? change < 0 : change > 0;
            verdict = worse ? Verdict.REGRESSION : Verdict.IMPROVEMENT;
        }
        return new Row(r.benchmark(), r.mode(), r.params(), metric, bm.unit(),
                new Side(bm.score(), t.meanA(), x.length), new Side(cm.score(), t.meanB(), y.length),
                change, low, high, t.p(), unit, verdict, String.join("; ", notes));
    }

    /** {@code d / |base|}; a change from zero is infinite in its direction. */
    private static double relative(double d, double base) {
        if (base == 0) {
            return d == 0 ? 0 : d > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        return d / Math.abs(base);
    }

    /** The finite per-iteration values of a metric, by fork. */
    private static final class Samples {
        final List<double[]> byFork = new ArrayList<>();
        int dropped;

        static Samples of(Metric m) {
            Samples s = new Samples();
            for (double[] fork : m.rawData()) {
                double[] finite = java.util.Arrays.stream(fork).filter(Double::isFinite).toArray();
                s.dropped += fork.length - finite.length;
                if (finite.length > 0) {
                    s.byFork.add(finite);
                }
            }
            return s;
        }

        int forks() {
            return byFork.size();
        }

        double[] forkMeans() {
            return byFork.stream().mapToDouble(Welch::mean).toArray();
        }

        double[] all() {
            return byFork.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        }
    }
}
