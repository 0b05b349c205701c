package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.Profile;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Metric;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * "Comparisons in this run": the suite's comparisons ({@link Suite#COMPARISONS}) that the results of one plain
 * JMH run of {@code benchmarks.jar} contain, a short line each, for the jar's {@code Main} to print after JMH's
 * table.
 *
 * <p><b>Matching.</b> A result stands for a variant of a set when it is the variant's benchmark and has every
 * {@code @Param} value the variant names (and its {@code -t}, when the variant sets one). A comparison of forks
 * is formed when both its variants are in the run and their results agree on everything else: the other
 * {@code @Param}s, the mode and the thread count (so {@code -p config=default,+stats} gives a line per config,
 * each naming it). An A/A comparison of forks (a variant against itself) finds one result for both sides and is
 * left out: a plain run measures each variant once. An interleaved comparison needs only its variant's result,
 * whose every fork measured both sides.
 *
 * <p><b>Ratios</b> come from {@link Analysis}, as the paired runner forms them: cost(subject) / cost(reference).
 * Interleaved: one sample per measurement iteration, the medians over its cycles the sides' counters report,
 * with the extra line transfers (none for the floor, their unit) and the floor's ns per call. Forks: the two
 * sides' samples side by side, their per-fork scores when both have at least {@link Analysis#MIN_ROUNDS} forks
 * (forks are JMH's independent unit), else their measurement iterations in order; the interval is
 * {@link RatioStats}' 95 % interval over those pairs. In a plain run the two sides ran one after the other
 * (minutes apart in a default run), so that interval holds the noise between samples but not the machine's drift
 * between the sides: the text says so and names the paired runner.
 *
 * <p><b>A stray A/A.</b> An interleaved fork's A/A control (two copies of its reference variant at two places)
 * that reads outside 1 &plusmn; {@value #AA_TOLERANCE} gets a warning line after its set's ratios: that fork's
 * placements alone differ by so much, and its other ratios carry the same error; the paired runner's rounds of
 * fresh forks, each judged against its A/A, do not.
 *
 * <p><b>Disturbed.</b> A result whose yield counters (secondary metrics named {@code ...Yields}: a wait that
 * lasted over {@value SpinWait#YIELD_AFTER_MICROS} us and gave up its CPU) are not zero measured the scheduler
 * too; the comparison's line says how many yields in how many seconds of measurement.
 */
public final class RunComparisons {
    private RunComparisons() {}

    public static final String TITLE = "Comparisons in this run";
    /** Suffix of the aux counters that count yields ({@code senderYields}, {@code receiverYields}). */
    static final String YIELDS_SUFFIX = "Yields";
    /** More comparisons than this against one reference (the offset sweep) share a line without intervals. */
    static final int MAX_WITH_INTERVALS = 3;
    /**
     * How far from 1 an interleaved A/A control may read before its fork's lines warn: a twentieth, more than the
     * suite's smaller effects (the csd straddle under the kernel's protocol), which such a fork's placement alone
     * could make or hide.
     */
    static final double AA_TOLERANCE = 0.05;
    /** Context keys that no {@code @Param} can have (a {@code @Param} is a Java field): JMH's options. */
    private static final String MODE = "-bm";
    private static final String THREADS = "-t";

    /** The text for these results of a plain JMH run, each line ending in a newline. */
    public static String text(List<JmhResult> results) {
        return text(results, Suite.SETS, Suite.COMPARISONS);
    }

    static String text(List<JmhResult> results, List<ComparisonSet> sets, List<Claim> claims) {
        List<Found> found = find(results, sets, claims);
        StringBuilder sb = new StringBuilder();
        if (found.isEmpty()) {
            sb.append(TITLE).append(": none; no comparison of the suite has both its sides in this run.\n");
            return sb.append(paired()).toString();
        }
        sb.append(TITLE).append(" (ratio = cost(subject) / cost(reference), above 1 the subject is slower;"
                + " 95 % intervals):\n");
        Map<JmhResult, Integer> index = new IdentityHashMap<>();
        results.forEach(r -> index.putIfAbsent(r, index.size()));
        Map<String, List<Found>> groups = new LinkedHashMap<>();
        for (Found f : found) {
            groups.computeIfAbsent(f.groupKey(index), k -> new ArrayList<>()).add(f);
        }
        boolean forks = false;
        for (List<Found> group : groups.values()) {
            if (group.get(0).claim().interleaved()) {
                interleaved(group, sb);
            } else {
                forks = true;
                forkLines(group, sb);
            }
        }
        if (forks) {
            sb.append("Each comparison of forks comes from this one sequential run: its two sides ran one after the"
                    + " other, so the machine's drift between them is in the ratio, not in its interval.\n");
        }
        return sb.append(paired()).toString();
    }

    /**
     * A comparison found in the run.
     *
     * @param context what the two sides share beyond the claim's params: the other params, mode and threads
     * @param shown   the part of the context the line names: the params in which this claim's contexts differ
     */
    record Found(Claim claim, JmhResult subject, JmhResult reference, Map<String, String> context,
                 Map<String, String> shown) {
        /** The lines it shares: an interleaved fork's, or a set's in one context. */
        String groupKey(Map<JmhResult, Integer> index) {
            return claim.interleaved()
                    ? "interleaved\u0000" + claim.set() + '\u0000' + index.get(subject)
                    : "forks\u0000" + claim.set() + '\u0000' + context;
        }
    }

    static List<Found> find(List<JmhResult> results, List<ComparisonSet> sets, List<Claim> claims) {
        List<Found> found = new ArrayList<>();
        for (Claim c : claims) {
            ComparisonSet set = sets.stream().filter(s -> s.id().equals(c.set())).findFirst().orElse(null);
            if (set == null) {
                continue;
            }
            List<Found> ofClaim = new ArrayList<>();
            if (c.interleaved()) {
                Variant v = set.variant(c.variant());
                for (JmhResult r : results) {
                    if (matches(r, v)) {
                        ofClaim.add(new Found(c, r, r, context(r, v.params().keySet()), Map.of()));
                    }
                }
            } else {
                Variant subject = set.variant(c.subject());
                Variant reference = set.variant(c.reference());
                Set<String> named = new HashSet<>(subject.params().keySet());
                named.addAll(reference.params().keySet());
                for (JmhResult s : results) {
                    if (!matches(s, subject) || !hasMetric(s, c.metric())) {
                        continue;
                    }
                    for (JmhResult r : results) {
                        if (r != s && matches(r, reference) && hasMetric(r, c.metric())
                                && context(s, named).equals(context(r, named))) {
                            ofClaim.add(new Found(c, s, r, context(s, named), Map.of()));
                        }
                    }
                }
            }
            Set<String> varying = varying(ofClaim);
            for (Found f : ofClaim) {
                Map<String, String> shown = new TreeMap<>(f.context());
                shown.keySet().retainAll(varying);
                found.add(new Found(f.claim(), f.subject(), f.reference(), f.context(), shown));
            }
        }
        return found;
    }

    /** The context keys whose values differ between a claim's comparisons in this run. */
    private static Set<String> varying(List<Found> ofClaim) {
        Set<String> varying = new HashSet<>();
        for (Found a : ofClaim) {
            for (Found b : ofClaim) {
                for (String k : a.context().keySet()) {
                    if (!a.context().get(k).equals(b.context().get(k))) {
                        varying.add(k);
                    }
                }
            }
        }
        return varying;
    }

    static boolean matches(JmhResult r, Variant v) {
        String b = r.benchmark();
        boolean benchmark = b.equals(v.benchmark())
                || b.startsWith(v.benchmark() + ".") && b.indexOf('.', v.benchmark().length() + 1) < 0;
        if (!benchmark || v.threads() != Variant.OWN_THREADS && r.header().threads() != v.threads()) {
            return false;
        }
        for (Map.Entry<String, String> p : v.params().entrySet()) {
            if (!p.getValue().equals(r.params().get(p.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasMetric(JmhResult r, String metric) {
        return JmhResult.PRIMARY.equals(metric) || r.secondary().containsKey(metric);
    }

    /** The result's params but {@code named}, with its mode and thread count under JMH's options' names. */
    private static Map<String, String> context(JmhResult r, Set<String> named) {
        Map<String, String> c = new TreeMap<>(r.params());
        c.keySet().removeAll(named);
        c.put(MODE, r.mode() == null ? "" : r.mode().label());
        c.put(THREADS, Integer.toString(r.header().threads()));
        return c;
    }

    // ---- interleaved: a line for the fork, a line for each of its comparisons ----

    private static void interleaved(List<Found> group, StringBuilder sb) {
        Found first = group.get(0);
        JmhResult r = first.subject();
        int forks = r.primary().rawData().length;
        int iterations = r.primary().iterations().length;
        StringBuilder head = new StringBuilder(first.claim().set()).append(shown(first.shown()))
                .append(": sides of one ").append(simpleName(r.benchmark())).append(" schedule, ")
                .append(forks).append(forks == 1 ? " fork" : " forks").append(" x ")
                .append(iterations / Math.max(1, forks)).append(" iterations");
        List<Analysis.ComparisonResult> results = new ArrayList<>();
        String problem = null;
        if (r.secondary().containsKey(CounterNames.CYCLES)
                && Arrays.stream(r.metric(CounterNames.CYCLES).iterations()).allMatch(c -> c == 0)) {
            problem = "no measurement iteration completed a cycle of the schedule: run longer iterations (-r)";
        } else {
            try {
                for (Found f : group) {
                    // As for forks: forks are JMH's independent unit when there are enough, else iterations.
                    List<Analysis.ComparisonResult> one = Analysis.analyzeSamples(List.of(f.claim()),
                            samples(f.claim().set(), f.claim().variant(), r, forks >= Analysis.MIN_ROUNDS,
                                    Integer.MAX_VALUE), List.of(), GateRule.CONFIDENCE);
                    if (one.isEmpty()) {
                        throw new IllegalArgumentException("no measurement iteration in the results");
                    }
                    results.add(one.get(0));
                }
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        if (problem == null) {
            double floor = results.get(0).medianFloorNanos();
            head.append(tooFew(results.get(0).rounds()))
                    .append(Double.isNaN(floor) ? "" : String.format(Locale.ROOT, "; floor %.1f ns/call", floor));
        }
        sb.append(head).append(notLogged(r)).append(disturbed(List.of(r))).append('\n');
        if (problem != null) {
            sb.append("  no ratio: ").append(problem).append('\n');
            return;
        }
        List<String> labels = group.stream().map(f -> label(f.claim())).toList();
        int width = labels.stream().mapToInt(String::length).max().orElse(0);
        for (int i = 0; i < group.size(); i++) {
            Analysis.ComparisonResult c = results.get(i);
            String line = String.format(Locale.ROOT, "  %-" + width + "s  %s", labels.get(i), ratio(c.data().stats()));
            sb.append(c.data().extra() == null ? line : line + "  extra lines " + extra(c.data().extra())).append('\n');
        }
        sb.append(strayAa(group, results, forks));
    }

    /**
     * "  warning: A/A ... : ...\n" when an A/A control of this interleaved fork reads outside
     * 1 &plusmn; {@value #AA_TOLERANCE}, else "". Its two sides are one variant at two places, so its distance from
     * 1 is what this fork's placements alone give, and every other ratio of the fork carries it too.
     */
    static String strayAa(List<Found> group, List<Analysis.ComparisonResult> results, int forks) {
        List<String> stray = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            RatioStats s = results.get(i).data().stats();
            if (isAaControl(group.get(i).claim()) && Math.abs(s.geoMean() - 1) > AA_TOLERANCE) {
                stray.add(sides(group.get(i).claim()) + " reads " + ratio(s));
            }
        }
        if (stray.isEmpty()) {
            return "";
        }
        String where = forks == 1 ? "this fork's" : "these " + forks + " forks'";
        return String.format(Locale.ROOT, "  warning: the A/A %s, outside %s .. %s: %s placements differ by that much, so"
                + " the other ratios above carry that error; paired rounds of fresh forks with their A/A:"
                + " benchmarks/ci or benchmarks/results\n", String.join("; ", stray), fmt(1 - AA_TOLERANCE),
                fmt(1 + AA_TOLERANCE), where);
    }

    /**
     * "; 4,464 cycles past the per-cycle logs, not in the medians", or "" when every committed cycle is in its
     * iteration's medians (a normal run).
     */
    static String notLogged(JmhResult r) {
        if (!r.secondary().containsKey(CounterNames.CYCLES_NOT_LOGGED)) {
            return "";
        }
        long n = Math.round(Arrays.stream(r.metric(CounterNames.CYCLES_NOT_LOGGED).iterations()).sum());
        return n == 0 ? "" : String.format(Locale.ROOT, "; %,d cycles past the per-cycle logs, not in the medians", n);
    }

    /** "straddled / line-aligned"; "A/A: line-aligned-again / line-aligned" for the reference against itself. */
    static String label(Claim c) {
        return isAaControl(c) ? "A/A: " + sides(c) : sides(c);
    }

    /** "straddled / line-aligned", with the role after a comma where the claim names one. */
    private static String sides(Claim c) {
        return c.subject() + " / " + c.reference() + (c.role() == null ? "" : ", " + c.role());
    }

    /** The suite names the second side of an A/A control after its reference: "line-aligned-again". */
    static boolean isAaControl(Claim c) {
        return c.subject().equals(c.reference() + "-again");
    }

    private static String extra(MeanStats m) {
        String mean = String.format(Locale.ROOT, "%+.2f", m.mean());
        return Double.isNaN(m.low()) ? mean : mean + String.format(Locale.ROOT, " (%+.2f .. %+.2f)", m.low(), m.high());
    }

    // ---- comparisons of forks ----

    /**
     * One pair of variants with every metric the suite compares them on: per metric its result, or why there is
     * none (a score of 0, a unit that is no rate or time).
     */
    private record Pair(String subject, String reference, JmhResult subjectResult, JmhResult referenceResult,
                        List<String> metrics, List<Analysis.ComparisonResult> results, List<String> problems,
                        String samples) {
        boolean formed() {
            return problems.stream().allMatch(Objects::isNull);
        }
    }

    private static void forkLines(List<Found> group, StringBuilder sb) {
        String set = group.get(0).claim().set() + shown(group.get(0).shown());
        Map<String, Pair> pairs = new LinkedHashMap<>();
        for (Found f : group) {
            Claim c = f.claim();
            Pair p = pairs.computeIfAbsent(c.subject() + '\u0000' + c.reference(), k -> new Pair(c.subject(),
                    c.reference(), f.subject(), f.reference(), new ArrayList<>(), new ArrayList<>(),
                    new ArrayList<>(), samples(f)));
            p.metrics().add(c.metric());
            try {
                p.results().add(forkRatio(f));
                p.problems().add(null);
            } catch (IllegalArgumentException e) {
                p.results().add(null);
                p.problems().add(e.getMessage());
            }
        }
        List<Pair> list = new ArrayList<>(pairs.values());
        boolean oneReference = list.size() >= MAX_WITH_INTERVALS && list.stream().allMatch(p ->
                p.reference().equals(list.get(0).reference()) && p.metrics().equals(list.get(0).metrics())
                        && p.metrics().size() == 1 && p.formed());
        if (!oneReference) {
            for (Pair p : list) {
                StringBuilder line = new StringBuilder(set).append(", ").append(p.subject()).append(" / ")
                        .append(p.reference()).append(": ");
                for (int i = 0; i < p.metrics().size(); i++) {
                    line.append(i == 0 ? "" : ", ").append(metricLabel(p.metrics().get(i)))
                            .append(p.results().get(i) == null ? "no ratio (" + p.problems().get(i) + ")"
                                    : ratio(p.results().get(i)));
                }
                line.append("; ").append(p.samples())
                        .append(disturbed(List.of(p.subjectResult(), p.referenceResult())));
                sb.append(line).append('\n');
            }
            return;
        }
        // Many subjects against one reference on one metric: one line, and without intervals past a few.
        boolean intervals = list.size() <= MAX_WITH_INTERVALS;
        String metric = list.get(0).metrics().get(0);
        StringBuilder line = new StringBuilder(set).append(", ")
                .append(JmhResult.PRIMARY.equals(metric) ? "" : metric + " ")
                .append("vs ").append(list.get(0).reference()).append(": ");
        Set<JmhResult> involved = Collections.newSetFromMap(new IdentityHashMap<>());
        Set<String> samples = new LinkedHashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Pair p = list.get(i);
            RatioStats s = p.results().get(0).data().stats();
            line.append(i == 0 ? "" : ", ").append(p.subject()).append(' ')
                    .append(intervals ? ratio(s) : fmt(s.geoMean()));
            involved.add(p.subjectResult());
            involved.add(p.referenceResult());
            samples.add(p.samples());
        }
        line.append("; ").append(String.join(", ", samples)).append(intervals ? "" : ", intervals left out")
                .append(disturbed(new ArrayList<>(involved)));
        sb.append(line).append('\n');
    }

    /** How many samples each side gave, and what they are: forks or iterations. */
    private static String samples(Found f) {
        boolean perFork = perFork(f.subject(), f.reference());
        int n = Math.min(count(f.subject(), perFork), count(f.reference(), perFork));
        return n + (perFork ? (n == 1 ? " fork" : " forks") : (n == 1 ? " iteration" : " iterations")) + " each"
                + tooFew(n);
    }

    private static boolean perFork(JmhResult subject, JmhResult reference) {
        return subject.primary().rawData().length >= Analysis.MIN_ROUNDS
                && reference.primary().rawData().length >= Analysis.MIN_ROUNDS;
    }

    private static int count(JmhResult r, boolean perFork) {
        return perFork ? r.primary().rawData().length : r.primary().iterations().length;
    }

    private static Analysis.ComparisonResult forkRatio(Found f) {
        Claim c = f.claim();
        boolean perFork = perFork(f.subject(), f.reference());
        int n = Math.min(count(f.subject(), perFork), count(f.reference(), perFork));
        List<Analysis.Sample> samples = new ArrayList<>(samples(c.set(), c.subject(), f.subject(), perFork, n));
        samples.addAll(samples(c.set(), c.reference(), f.reference(), perFork, n));
        List<Analysis.ComparisonResult> r = Analysis.analyzeSamples(List.of(c), samples, List.of(), GateRule.CONFIDENCE);
        if (r.isEmpty()) {
            throw new IllegalArgumentException(c.id() + ": no measurement iteration in the results");
        }
        return r.get(0);
    }

    /**
     * {@code r} as samples of {@code variant}: one per fork (all its iterations), or one per measurement iteration,
     * the i-th sample as "round" i, at most {@code limit}. JMH's file has no wall clock: no measurement window.
     */
    static List<Analysis.Sample> samples(String set, String variant, JmhResult r, boolean perFork, int limit) {
        List<Analysis.Sample> out = new ArrayList<>();
        double[][] forks = r.primary().rawData();
        for (int f = 0; f < forks.length && out.size() < limit; f++) {
            if (perFork) {
                if (forks[f].length > 0) {
                    out.add(record(set, variant, out.size(), r, f, -1));
                }
                continue;
            }
            for (int i = 0; i < forks[f].length && out.size() < limit; i++) {
                out.add(record(set, variant, out.size(), r, f, i));
            }
        }
        return out;
    }

    /** Fork {@code f} of {@code r}, or only its iteration {@code i} when {@code i >= 0}. */
    private static Analysis.Sample record(String set, String variant, int round, JmhResult r, int f, int i) {
        Metric primary = slice(r.primary(), f, i);
        Map<String, Metric> secondaries = new TreeMap<>();
        r.secondary().forEach((name, m) -> {
            Metric s = slice(m, f, i);
            if (s != null) {
                secondaries.put(name, s);
            }
        });
        return new Analysis.Sample(round, set, variant, new JmhResult(r.header(), primary, secondaries), Double.NaN);
    }

    private static Metric slice(Metric m, int f, int i) {
        double[][] raw = m.rawData();
        if (f >= raw.length || raw[f].length == 0 || i >= raw[f].length) {
            return null;
        }
        return Metric.ofFork(m.unit(), i < 0 ? raw[f] : new double[] {raw[f][i]});
    }

    // ---- formatting ----

    /** "2.910 (2.102 .. 4.029)"; "2.910" from too few samples for an interval (the line says so). */
    static String ratio(Analysis.ComparisonResult r) {
        return ratio(r.data().stats());
    }

    static String ratio(RatioStats s) {
        return Double.isNaN(s.low()) ? fmt(s.geoMean()) : fmt(s.geoMean()) + " (" + fmt(s.low()) + " .. "
                + fmt(s.high()) + ")";
    }

    /** Said of samples too few for a 95 % interval ({@link RatioStats}, {@link MeanStats}: fewer than 3). */
    private static String tooFew(int n) {
        return n < Analysis.MIN_ROUNDS ? ", too few for an interval" : "";
    }

    private static String metricLabel(String metric) {
        return JmhResult.PRIMARY.equals(metric) ? "" : metric + " ";
    }

    private static String fmt(double d) {
        return SummaryTable.fmt(d);
    }

    private static String shown(Map<String, String> context) {
        if (context.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" [");
        context.forEach((k, v) -> sb.append(sb.length() > 2 ? " " : "").append(k)
                .append(k.startsWith("-") ? " " : "=").append(v));
        return sb.append(']').toString();
    }

    private static String simpleName(String benchmark) {
        String[] parts = benchmark.split("\\.");
        return parts.length >= 2 ? parts[parts.length - 2] : benchmark;
    }

    /**
     * "; disturbed: 2,700 yields of the CPU in waits over 20 us, in 0.4 s of measurement: the scheduler was measured
     * too", or "" when no yield counter of these results counted one.
     */
    static String disturbed(List<JmhResult> results) {
        long yields = 0;
        double seconds = 0;
        boolean timed = true;
        for (JmhResult r : results) {
            for (Map.Entry<String, Metric> m : r.secondary().entrySet()) {
                if (m.getKey().endsWith(YIELDS_SUFFIX)) {
                    yields += Math.round(Arrays.stream(m.getValue().iterations()).sum());
                }
            }
            double each = iterationSeconds(r);
            timed &= !Double.isNaN(each);
            seconds += each * r.primary().iterations().length;
        }
        if (yields == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "; disturbed: %,d yields of the CPU in waits over %d us%s: the scheduler"
                + " was measured too", yields, SpinWait.YIELD_AFTER_MICROS,
                timed ? ", in " + seconds(seconds) + " of measurement" : "");
    }

    /** A measurement iteration's length from the result's header ("200 ms"); NaN when the file does not say. */
    private static double iterationSeconds(JmhResult r) {
        try {
            return TimeValue.fromString(r.header().measurement().time()).convertTo(TimeUnit.NANOSECONDS) / 1e9;
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static String seconds(double s) {
        return s >= 10 ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f s", s);
    }

    // ---- the paired runner ----

    /** Where the paired, drift-robust figures come from, with each profile's planned time. */
    static String paired() {
        return "Paired, drift-robust ratios (both sides seconds apart, in rounds of rotating order, with an A/A"
                + " control): benchmarks/ci (" + String.join(", ", Suite.CI.sets()) + "; about "
                + minutes(Suite.CI) + ") or benchmarks/results (every set; about " + minutes(Suite.FULL) + ").\n";
    }

    /** The profile's planned wall time ({@link Budget}), in whole minutes. */
    static String minutes(Profile profile) {
        List<Claim> claims = Suite.COMPARISONS.stream().filter(c -> profile.sets().contains(c.set())).toList();
        PairedSession.Plan plan = new PairedSession.Plan(Paired.sets(profile, claims), profile.rounds(),
                profile.warmup(), profile.measurement());
        long min = Math.max(1, Math.round(Budget.forkSeconds(profile, plan) * plan.forks() / 60));
        return min + " min";
    }
}
