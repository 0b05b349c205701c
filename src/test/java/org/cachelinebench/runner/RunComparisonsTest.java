package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.benchmarks.ChunkFalseSharing;
import org.cachelinebench.benchmarks.ChunkObjectFalseSharing;
import org.cachelinebench.benchmarks.ChunkSymmetric;
import org.cachelinebench.benchmarks.IpiBenchmark;
import org.cachelinebench.benchmarks.IpiInterleaved;
import org.cachelinebench.benchmarks.IpiOffsetSweep;
import org.cachelinebench.benchmarks.LineFloor;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.results.JmhResultReader;
import org.junit.jupiter.api.Test;

/**
 * The comparisons the jar prints after a plain JMH run: which results make which comparison, the ratios (checked
 * against arithmetic done here, not through the runner's classes), and the yields rule. Synthetic results in the
 * shape of a default run of the suite, and two real short runs of the jar (plumbing, not measurements).
 */
class RunComparisonsTest {
    private static final String IPI = IpiBenchmark.class.getName() + ".ipi";
    private static final String INTERLEAVED = IpiInterleaved.class.getName() + ".ipi";
    private static final String SWEEP = IpiOffsetSweep.class.getName() + ".ipi";
    private static final String FLOOR = LineFloor.class.getName() + ".floor";
    private static final String CHUNK = ChunkFalseSharing.class.getName() + ".chunk";
    private static final String CHUNK_OBJECT = ChunkObjectFalseSharing.class.getName() + ".chunk";
    private static final String SYMMETRIC = ChunkSymmetric.class.getName() + ".pcpuAllocFree";
    /** Student's t, 2 degrees of freedom, two-sided 95 %: what 3 samples give. */
    private static final double T95_DF2 = 4.302652729911275;

    // ---- synthetic results, shaped as JMH writes them for this suite ----

    private static final List<String> METHODS = List.of("sender", "receiver", "reader", "allocator");

    private static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    /** One result, every metric {@code [fork][iteration]}: a group's methods in ops/us, its counters in #. */
    private static JmhResult result(String benchmark, Map<String, String> params, String iterationTime,
                                    Map<String, double[][]> secondaries, double[][] primary) {
        int iterations = primary[0].length;
        Header h = new Header(benchmark, Mode.THROUGHPUT, 2, params, new Iterations(0, ""),
                new Iterations(iterations, iterationTime),
                new Jvm("java", List.of(), "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6", "1.37"));
        Map<String, Metric> m = new LinkedHashMap<>();
        secondaries.forEach((k, v) -> m.put(k, Metric.of(METHODS.contains(k) ? "ops/us" : "#", v)));
        return new JmhResult(h, Metric.of("ops/us", primary), m);
    }

    /** A @Group with a sender and a receiver at {@code rate} ops/us in every iteration, and their yields. */
    private static JmhResult pair(String benchmark, Map<String, String> params, double[] rate, double yieldsEach) {
        Map<String, double[][]> s = new LinkedHashMap<>();
        s.put("sender", new double[][] {rate});
        s.put("receiver", new double[][] {rate});
        s.put("senderYields", new double[][] {fill(rate.length, yieldsEach)});
        s.put("receiverYields", new double[][] {fill(rate.length, 0)});
        return result(benchmark, params, "1 s", s, new double[][] {times(rate, 2)});
    }

    private static JmhResult chunk(String benchmark, String layout, double[] reader, double[] allocator) {
        Map<String, double[][]> s = new LinkedHashMap<>();
        s.put("reader", new double[][] {reader});
        s.put("allocator", new double[][] {allocator});
        return result(benchmark, params("config", "default", "layout", layout), "1 s", s, new double[][] {reader});
    }

    private static double[] fill(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    private static double[] times(double[] a, double f) {
        return Arrays.stream(a).map(x -> x * f).toArray();
    }

    /** Nanoseconds per call of each side of the interleaved fork, in {@link CsdSides#NAMES} order. */
    private static final double[] SIDE_NS = {100, 60, 110, 101, 100.5, 90, 80, 66};

    /**
     * An IpiInterleaved result: in iteration i every side made 12,800 calls at {@link #SIDE_NS} times
     * {@code drift[i]} (the machine's state in that iteration falls on every side alike).
     */
    private static JmhResult interleaved(double[] drift, double[] senderYields) {
        return interleaved(SIDE_NS, drift, senderYields);
    }

    /** As {@link #interleaved(double[], double[])}, with each side's nanoseconds per call {@code sideNs}. */
    private static JmhResult interleaved(double[] sideNs, double[] drift, double[] senderYields) {
        int n = drift.length;
        Map<String, double[][]> s = new LinkedHashMap<>();
        double calls = 12_800;
        for (int side = 0; side < CsdSides.NAMES.size(); side++) {
            double[] nanos = new double[n];
            for (int i = 0; i < n; i++) {
                nanos[i] = calls * sideNs[side] * drift[i];
            }
            String name = CsdSides.NAMES.get(side);
            s.put(CounterNames.nanos(name), new double[][] {nanos});
            s.put(CounterNames.calls(name), new double[][] {fill(n, calls)});
            // Every cycle of an iteration drifted alike: its medians are the true ratio and extra lines.
            if (side != CsdSides.REFERENCE_SIDE) {
                s.put(CounterNames.ratio(name), new double[][] {fill(n, sideNs[side] / sideNs[0])});
            }
            if (side != CsdSides.REFERENCE_SIDE && side != CsdSides.FLOOR_SIDE) {
                s.put(CounterNames.extra(name), new double[][] {fill(n, (sideNs[side] - sideNs[0]) / sideNs[1])});
            }
        }
        s.put(CounterNames.CYCLES, new double[][] {fill(n, 1)});
        s.put(CounterNames.CYCLES_NOT_LOGGED, new double[][] {fill(n, 0)});
        s.put("sender", new double[][] {fill(n, 10)});
        s.put("receiver", new double[][] {fill(n, 10)});
        s.put("senderYields", new double[][] {senderYields});
        s.put("receiverYields", new double[][] {fill(n, 0)});
        return result(INTERLEAVED, params("cpus", "", "layout", "v4.13", "mode", "sync", "pin", "off"), "1 s", s,
                new double[][] {fill(n, 20)});
    }

    private static Map<String, String> ipi(String placement, String mode) {
        return params("cpus", "", "layout", "v4.13", "mode", mode, "pin", "off", "placement", placement);
    }

    /** Every result a default run of the jar gives (the suite's own @Param values), none of them disturbed. */
    private static List<JmhResult> defaultRun() {
        List<JmhResult> r = new ArrayList<>();
        for (String mode : List.of("sync", "async")) {
            r.add(pair(IPI, ipi("straddled", mode), new double[] {2.0, 2.2, 2.1}, 0));
            r.add(pair(IPI, ipi("size-aligned", mode), new double[] {2.4, 2.3, 2.5}, 0));
            r.add(pair(IPI, ipi("line-aligned", mode), new double[] {2.5, 2.4, 2.3}, 0));
        }
        r.add(interleaved(new double[] {1.0, 1.2, 0.9}, new double[] {0, 0, 0}));
        for (int offset = 0; offset < 64; offset += 8) {
            r.add(pair(SWEEP, params("cpus", "", "mode", "sync", "offset", Integer.toString(offset), "pin", "off"),
                    new double[] {2.0 + offset / 100.0, 2.1, 2.0}, 0));
        }
        r.add(pair(FLOOR, params("cpus", "", "pin", "off"), new double[] {5.0, 5.5, 4.5}, 0));
        r.add(chunk(CHUNK, "v6.4-rc4", new double[] {400, 420, 380, 410, 390}, new double[] {1, 1.1, 0.9, 1, 1}));
        r.add(chunk(CHUNK, "v2-reorder", new double[] {1200, 1100, 1300, 1250, 1150}, new double[] {3, 3, 3, 3, 3}));
        r.add(chunk(CHUNK, "v6.5-merged", new double[] {1180, 1120, 1290, 1240, 1160}, new double[] {3, 3.1, 2.9, 3, 3}));
        for (String layout : List.of("unpadded", "padded", "contended")) {
            double f = layout.equals("unpadded") ? 1 : 2.5;
            r.add(result(CHUNK_OBJECT, params("layout", layout), "1 s", Map.of("reader",
                    new double[][] {{400 * f, 410 * f, 390 * f, 405 * f, 395 * f}}, "allocator",
                    new double[][] {{f, f, f, f, f}}), new double[][] {{400 * f, 410 * f, 390 * f, 405 * f, 395 * f}}));
        }
        for (String layout : List.of("v6.4-rc4", "v2-reorder", "v6.5-merged")) {
            r.add(result(SYMMETRIC, params("config", "default", "layout", layout), "1 s", Map.of(),
                    new double[][] {{3, 3.1, 2.9, 3, 3}}));
        }
        return r;
    }

    /** The line with its runs of blanks after the indent made one: the columns' widths are not the point. */
    private static String squeezed(String line) {
        return "  " + line.strip().replaceAll(" {2,}", " ");
    }

    private static List<String> lines(String text) {
        return text.lines().toList();
    }

    private static String line(String text, String start) {
        return lines(text).stream().filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starting '" + start + "' in:\n" + text));
    }

    // ---- what is matched ----

    @Test
    void aDefaultRunGivesEveryComparisonOfTheSuiteItHoldsInAShortBlock() {
        String text = RunComparisons.text(defaultRun());
        List<String> lines = lines(text);
        assertTrue(lines.size() <= 15, lines.size() + " lines:\n" + text);
        assertTrue(lines.get(0).startsWith("Comparisons in this run (ratio = cost(subject) / cost(reference)"), text);
        assertTrue(lines.get(1).startsWith("csd: sides of one IpiInterleaved schedule, 1 fork x 3 iterations; floor "),
                text);
        assertTrue(lines.get(2).startsWith("  straddled / line-aligned "), text);
        assertTrue(lines.get(3).startsWith("  size-aligned / line-aligned "), text);
        assertTrue(lines.get(4).startsWith("  A/A: line-aligned-again / line-aligned "), text);
        assertTrue(lines.get(5).startsWith("  floor / line-aligned "), text);
        // Three comparisons of forks against one reference share a line; the sweep's seven, without intervals.
        assertTrue(lines.get(6).startsWith("csd-forks, sender vs line-aligned: straddled "), text);
        assertTrue(lines.get(7).startsWith("csd-sweep, sender vs offset-0: offset-8 "), text);
        assertTrue(lines.get(7).endsWith("3 iterations each, intervals left out"), text);
        assertTrue(lines.get(8).startsWith("chunk, v6.4-rc4 / v2-reorder: reader "), text);
        assertTrue(lines.get(9).startsWith("chunk, v6.4-rc4 / v6.5-merged: reader "), text);
        assertTrue(lines.get(10).startsWith("chunk-object, unpadded / padded: reader "), text);
        assertTrue(lines.get(11).startsWith("chunk-object, unpadded / contended: reader "), text);
        assertTrue(lines.get(12).startsWith("chunk-symmetric, v6.4-rc4 / v6.5-merged: "), text);
        assertTrue(lines.get(13).startsWith("Each comparison of forks comes from this one sequential run"), text);
        assertTrue(lines.get(14).startsWith("Paired, drift-robust ratios ") && lines.get(14).contains("benchmarks/ci")
                && lines.get(14).contains("benchmarks/results"), text);
        assertEquals(15, lines.size(), text);
        // A/A of forks needs the same variant measured twice, which a plain run does not do.
        assertFalse(text.contains("csd-aa") || text.contains("chunk-aa"), text);
        assertFalse(text.contains("disturbed"), "no yields, no flag:\n" + text);
    }

    @Test
    void aComparisonNeedsBothItsSidesAndOneContext() {
        List<JmhResult> only = new ArrayList<>();
        for (JmhResult r : defaultRun()) {
            if (r.benchmark().equals(CHUNK) && !r.params().get("layout").equals("v2-reorder")
                    || r.benchmark().equals(IPI) && r.params().get("mode").equals("async")) {
                only.add(r);
            }
        }
        String text = RunComparisons.text(only);
        assertTrue(text.contains("chunk, v6.4-rc4 / v6.5-merged: reader "), text);
        assertFalse(text.contains("v2-reorder"), text);
        // The suite's csd-forks comparisons are sync: async results alone make none.
        assertFalse(text.contains("csd-forks"), text);

        // -p config=default,+stats: a line per config, each naming it, never default against +stats.
        List<JmhResult> configs = new ArrayList<>();
        for (String config : List.of("default", "+stats")) {
            for (String layout : List.of("v6.4-rc4", "v6.5-merged")) {
                configs.add(result(CHUNK, params("config", config, "layout", layout), "1 s", Map.of("reader",
                        new double[][] {{layout.equals("v6.4-rc4") ? 1 : 2}}, "allocator", new double[][] {{1}}),
                        new double[][] {{1}}));
            }
        }
        List<String> lines = lines(RunComparisons.text(configs));
        assertEquals(List.of("chunk [config=default], v6.4-rc4 / v6.5-merged: reader 2.000, allocator 1.000; "
                        + "1 iteration each, too few for an interval",
                "chunk [config=+stats], v6.4-rc4 / v6.5-merged: reader 2.000, allocator 1.000; "
                        + "1 iteration each, too few for an interval"), lines.subList(1, 3));
    }

    @Test
    void aRunWithoutAComparisonSaysSoAndWhereToGetOne() {
        List<JmhResult> floorOnly = List.of(pair(FLOOR, params("cpus", "", "pin", "off"), new double[] {5}, 0));
        List<String> lines = lines(RunComparisons.text(floorOnly));
        assertEquals("Comparisons in this run: none; no comparison of the suite has both its sides in this run.",
                lines.get(0));
        assertTrue(lines.get(1).startsWith("Paired, drift-robust ratios"), lines.toString());
        assertEquals(2, lines.size());
    }

    // ---- the ratios ----

    @Test
    void aComparisonOfForksIsTheGeometricMeanOfIterationRatiosWithItsTInterval() {
        double[] subject = {400, 420, 380};      // v6.4-rc4 readers, ops/us
        double[] reference = {1200, 1100, 1300};
        List<JmhResult> run = List.of(chunk(CHUNK, "v6.4-rc4", subject, new double[] {1, 1, 1}),
                chunk(CHUNK, "v6.5-merged", reference, new double[] {2, 2, 2}));
        // cost ratio = (1/subject) / (1/reference), iteration by iteration; geometric mean and t-interval on logs
        double[] logs = new double[3];
        for (int i = 0; i < 3; i++) {
            logs[i] = Math.log(reference[i] / subject[i]);
        }
        double mean = Arrays.stream(logs).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / 2);
        double half = T95_DF2 * sd / Math.sqrt(3);
        String expected = String.format(Locale.ROOT, "reader %.3f (%.3f .. %.3f), allocator 2.000 (2.000 .. 2.000);"
                + " 3 iterations each", Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half));
        assertEquals("chunk, v6.4-rc4 / v6.5-merged: " + expected, line(RunComparisons.text(run), "chunk, "));
    }

    @Test
    void threeForksOrMoreOnBothSidesMakeTheForksTheSamples() {
        // Each fork's score is the mean of its iterations; the samples are fork against fork.
        double[][] subject = {{100, 300}, {200, 200}, {150, 250}};
        double[][] reference = {{400, 400}, {400, 400}, {400, 400}};
        List<JmhResult> run = new ArrayList<>();
        for (Object[] side : new Object[][] {{"v6.4-rc4", subject}, {"v6.5-merged", reference}}) {
            double[][] raw = (double[][]) side[1];
            run.add(result(CHUNK, params("config", "default", "layout", (String) side[0]), "1 s",
                    Map.of("reader", raw, "allocator", raw), raw));
        }
        String line = line(RunComparisons.text(run), "chunk, ");
        assertTrue(line.startsWith("chunk, v6.4-rc4 / v6.5-merged: reader 2.000 (2.000 .. 2.000), allocator 2.000 "),
                line);
        assertTrue(line.endsWith("; 3 forks each"), line);
    }

    @Test
    void aRatioThatCannotBeFormedIsSaidOnItsLineAndTheOthersStand() {
        // An allocator starved for a whole iteration: 0 operations, an infinite cost.
        List<JmhResult> run = List.of(chunk(CHUNK, "v6.4-rc4", new double[] {400, 420}, new double[] {0, 1}),
                chunk(CHUNK, "v6.5-merged", new double[] {800, 840}, new double[] {2, 2}));
        assertEquals("chunk, v6.4-rc4 / v6.5-merged: reader 2.000, allocator no ratio (ratio Infinity is not a positive"
                + " number); 2 iterations each, too few for an interval", line(RunComparisons.text(run), "chunk, "));
    }

    @Test
    void anInterleavedForkGivesEverySidesRatioExtraLinesAndTheFloor() {
        // Every iteration's drift falls on all sides alike: each ratio is exact, whatever the drift.
        String text = RunComparisons.text(List.of(interleaved(new double[] {1.0, 1.3, 0.8}, new double[] {0, 0, 0})));
        assertEquals("csd: sides of one IpiInterleaved schedule, 1 fork x 3 iterations; floor 60.0 ns/call",
                line(text, "csd"));
        assertEquals("  straddled / line-aligned 1.100 (1.100 .. 1.100) extra lines +0.17 (+0.17 .. +0.17)",
                squeezed(line(text, "  straddled")));
        assertEquals("  size-aligned / line-aligned 1.010 (1.010 .. 1.010) extra lines +0.02 (+0.02 .. +0.02)",
                squeezed(line(text, "  size-aligned")));
        assertEquals("  A/A: line-aligned-again / line-aligned 1.005 (1.005 .. 1.005) extra lines +0.01 (+0.01 .. +0.01)",
                squeezed(line(text, "  A/A")));
        assertEquals("  floor / line-aligned 0.600 (0.600 .. 0.600)", squeezed(line(text, "  floor")),
                "no extra lines for the floor, their unit");
        assertFalse(text.contains("one sequential run"), "no comparison of forks:\n" + text);
    }

    /**
     * An A/A control outside 1 +- 0.05 warns beside its set: the A/A with its ratio and interval, what it means
     * for the set's other ratios, and the paired runner; one just inside, or the default run's, does not.
     */
    @Test
    void anInterleavedAaOutsideAFewPercentWarnsBesideItsSet() {
        String warning = "  warning: the A/A line-aligned-again / line-aligned reads %s, outside 0.950 .. 1.050: this"
                + " fork's placements differ by that much, so the other ratios above carry that error; paired rounds"
                + " of fresh forks with their A/A: benchmarks/ci or benchmarks/results";
        for (double aa : new double[] {1.116, 0.94}) {
            double[] sides = SIDE_NS.clone();
            sides[CsdSides.LINE_ALIGNED_AGAIN_SIDE] = SIDE_NS[CsdSides.REFERENCE_SIDE] * aa;
            List<String> lines = lines(RunComparisons.text(List.of(interleaved(sides, new double[] {1.0, 1.3, 0.8},
                    new double[] {0, 0, 0}))));
            String expected = String.format(Locale.ROOT, "%.3f (%.3f .. %.3f)", aa, aa, aa);
            // Beside the set: right after its last ratio line, before the paired runner's line.
            int at = lines.indexOf(String.format(Locale.ROOT, warning, expected));
            assertTrue(at > 0 && lines.get(at - 1).startsWith("  floor / line-aligned ")
                    && lines.get(at + 1).startsWith("Paired, drift-robust ratios"), String.join("\n", lines));
            assertEquals(1, lines.stream().filter(l -> l.contains("warning")).count(), String.join("\n", lines));
        }
        double[] inside = SIDE_NS.clone();
        inside[CsdSides.LINE_ALIGNED_AGAIN_SIDE] = SIDE_NS[CsdSides.REFERENCE_SIDE] * 1.049;
        String text = RunComparisons.text(List.of(interleaved(inside, new double[] {1, 1, 1}, new double[] {0, 0, 0})));
        assertFalse(text.contains("warning"), text);
        assertFalse(RunComparisons.text(defaultRun()).contains("warning"), "the default run's A/A reads 1.005");
    }

    /** Cycles past an iteration's per-cycle log are in the sums but not in the medians: the line says how many. */
    @Test
    void cyclesNotLoggedAreSaid() {
        JmhResult r = interleaved(new double[] {1, 1, 1}, new double[] {0, 0, 0});
        Map<String, Metric> s = new LinkedHashMap<>(r.secondary());
        s.put(CounterNames.CYCLES_NOT_LOGGED, Metric.of("#", new double[][] {{0, 4_000, 464}}));
        String text = RunComparisons.text(List.of(new JmhResult(r.header(), r.primary(), s)));
        assertTrue(line(text, "csd:").endsWith("; floor 60.0 ns/call; 4,464 cycles past the per-cycle logs, not in the"
                + " medians"), text);
    }

    @Test
    void anInterleavedForkWithoutACompleteCycleSaysWhatToDo() {
        JmhResult r = interleaved(new double[] {1, 1}, new double[] {0, 0});
        Map<String, Metric> s = new LinkedHashMap<>(r.secondary());
        s.put(CounterNames.CYCLES, Metric.of("#", new double[][] {{0, 0}}));
        String text = RunComparisons.text(List.of(new JmhResult(r.header(), r.primary(), s)));
        assertTrue(text.contains("\n  no ratio: no measurement iteration completed a cycle of the schedule: run"
                + " longer iterations (-r)\n"), text);
    }

    // ---- the yields rule ----

    @Test
    void yieldsFlagTheirComparisonsLineWithTheCountAndTheTimeMeasured() {
        List<JmhResult> run = new ArrayList<>();
        // 900 yields in each of 3 one-second iterations of the straddled fork: 2,700 over the 6 s of the two sides.
        run.add(pair(IPI, ipi("straddled", "sync"), new double[] {2.0, 2.1, 2.2}, 900));
        run.add(pair(IPI, ipi("line-aligned", "sync"), new double[] {2.5, 2.4, 2.3}, 0));
        String text = RunComparisons.text(run);
        assertTrue(line(text, "csd-forks").endsWith("; 3 iterations each; disturbed: 2,700 yields of the CPU in"
                + " waits over 20 us, in 6.0 s of measurement: the scheduler was measured too"), text);

        String interleaved = RunComparisons.text(List.of(interleaved(new double[] {1, 1, 1},
                new double[] {0, 79_000, 0})));
        assertTrue(line(interleaved, "csd:").endsWith("; disturbed: 79,000 yields of the CPU in waits over 20 us, in"
                + " 3.0 s of measurement: the scheduler was measured too"), interleaved);
    }

    // ---- real short runs of the jar (plumbing, not measurements) ----

    private static List<JmhResult> fixture(String name) throws Exception {
        return JmhResultReader.read(Path.of("src/test/resources/org/cachelinebench/runner", name));
    }

    @Test
    void aRealShortRunOfTheJar() throws Exception {
        // java -jar target/benchmarks.jar 'IpiInterleaved|ChunkFalseSharing' -f 1 -wi 0 -i 2 -r 200ms -rf json
        // (the IpiInterleaved entry recorded again by the same command for IpiInterleaved alone when its counters
        // became medians over cycles)
        List<JmhResult> run = fixture("smoke-run.json");
        String text = RunComparisons.text(run);
        List<String> lines = lines(text);
        assertTrue(lines.get(1).startsWith("csd: sides of one IpiInterleaved schedule, 1 fork x 2 iterations, too few"
                + " for an interval; floor "), text);
        assertTrue(lines.get(2).startsWith("  straddled / line-aligned "), text);
        // The file's own numbers, by hand: v6.4-rc4 readers against v2-reorder's, iteration by iteration.
        double[] subject = reader(run, "v6.4-rc4");
        double[] reference = reader(run, "v2-reorder");
        double ratio = Math.sqrt(reference[0] / subject[0] * (reference[1] / subject[1]));
        assertTrue(text.contains(String.format(Locale.ROOT, "chunk, v6.4-rc4 / v2-reorder: reader %.3f, ", ratio)),
                text);
    }

    @Test
    void aRealShortRunOnABusyMachine() throws Exception {
        // The chunk forks: the same command while other builds ran. The interleaved fork: the same command with
        // -r 1ms, too short for a cycle (its counters of medians are NaN); its threads yielded a few times.
        List<JmhResult> run = fixture("smoke-run-busy.json");
        JmhResult ipi = run.stream().filter(r -> r.benchmark().equals(INTERLEAVED)).findFirst().orElseThrow();
        long yields = Math.round(Arrays.stream(ipi.metric("senderYields").iterations()).sum()
                + Arrays.stream(ipi.metric("receiverYields").iterations()).sum());
        String text = RunComparisons.text(run);
        assertTrue(line(text, "csd:").endsWith(String.format(Locale.ROOT, "; disturbed: %,d yields of the CPU in"
                + " waits over 20 us, in 0.0 s of measurement: the scheduler was measured too", yields)), text);
        assertTrue(text.contains("\n  no ratio: no measurement iteration completed a cycle of the schedule"), text);
        assertTrue(text.contains("chunk, v6.4-rc4 / v6.5-merged: reader "), text);
    }

    private static double[] reader(List<JmhResult> run, String layout) {
        return run.stream().filter(r -> r.benchmark().equals(CHUNK) && r.params().get("layout").equals(layout))
                .findFirst().orElseThrow().metric("reader").iterations();
    }
}
