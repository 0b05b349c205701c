package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.compare.Fixtures;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhResultReaderTest {
    /** Written by JMH 1.37 itself: a 2-second run (-f 1 -wi 0 -i 2 -r 100ms) of three trivial benchmarks. */
    static final Path REAL = Fixtures.DIR.resolve("real-jmh-1.37.json");

    @Test
    void readsAFileJmhWrote() throws Exception {
        List<JmhResult> results = JmhResultReader.read(REAL);
        assertEquals(List.of("fix.RW.rw", "fix.Trivial.add", "fix.Trivial.sampled"),
                results.stream().map(JmhResult::benchmark).toList());

        JmhResult group = results.get(0);
        assertEquals(Mode.THROUGHPUT, group.mode());
        assertEquals(2, group.header().threads());
        assertEquals(Map.of(), group.params());
        assertEquals(Set.of("reader", "writer"), group.secondary().keySet());
        assertEquals("ops/us", group.primary().unit());
        assertTrue(Double.isNaN(group.primary().scoreError()), "JMH writes \"NaN\" with 2 iterations");
        // JMH's group total is the sum of its methods, iteration by iteration
        for (int i = 0; i < 2; i++) {
            assertEquals(group.primary().rawData()[0][i],
                    group.secondary().get("reader").rawData()[0][i] + group.secondary().get("writer").rawData()[0][i],
                    1e-9 * group.primary().rawData()[0][i]);
        }
        assertEquals(new JmhResult.Jvm("/usr/lib/jvm/java-17-openjdk-amd64/bin/java", List.of(), "17.0.15",
                "OpenJDK 64-Bit Server VM", "17.0.15+6-Debian-1deb12u1", "1.37"), group.header().jvm());
        assertEquals(new JmhResult.Iterations(0, "10 s"), group.header().warmup());
        assertEquals(new JmhResult.Iterations(2, "100 ms"), group.header().measurement());

        JmhResult add = results.get(1);
        assertEquals(Map.of("size", "8"), add.params());
        assertEquals(1, add.primary().rawData().length);
        assertEquals(2, add.primary().rawData()[0].length);
        assertEquals(add.primary().score(), (add.primary().rawData()[0][0] + add.primary().rawData()[0][1]) / 2,
                1e-9 * add.primary().score());
        assertNull(add.primary().sampleCounts());

        JmhResult sampled = results.get(2);
        assertEquals(Mode.SAMPLE_TIME, sampled.mode());
        Metric m = sampled.primary();
        assertTrue(m.fromHistogram());
        // JMH's sample-mode score is the mean over all samples of all iterations: the count-weighted mean of the
        // per-iteration means read from rawDataHistogram.
        double sum = 0;
        long n = 0;
        for (int i = 0; i < m.rawData()[0].length; i++) {
            sum += m.rawData()[0][i] * m.sampleCounts()[0][i];
            n += m.sampleCounts()[0][i];
        }
        assertEquals(m.score(), sum / n, 1e-9 * m.score());
        assertTrue(sampled.secondary().containsKey("p0.50"));
    }

    @Test
    void readsNaNAndInfinityStrings() throws Exception {
        String json = "[{\"benchmark\":\"x.B.m\",\"mode\":\"avgt\",\"threads\":1,"
                + "\"primaryMetric\":{\"score\":\"+INF\",\"scoreError\":\"NaN\",\"scoreUnit\":\"ns/op\","
                + "\"rawData\":[[\"NaN\",\"-INF\",1.5],[\"+INF\",2]]},"
                + "\"secondaryMetrics\":{\"w\":{\"score\":\"-INF\",\"scoreError\":\"+INF\",\"scoreUnit\":\"ns/op\","
                + "\"rawData\":[[1e3]]}}}]";
        JmhResult r = JmhResultReader.parse("t", new StringReader(json)).get(0);
        Metric p = r.primary();
        assertEquals(Double.POSITIVE_INFINITY, p.score());
        assertTrue(Double.isNaN(p.scoreError()));
        assertTrue(Double.isNaN(p.rawData()[0][0]));
        assertEquals(Double.NEGATIVE_INFINITY, p.rawData()[0][1]);
        assertEquals(1.5, p.rawData()[0][2]);
        assertArrayEquals(new double[] {Double.POSITIVE_INFINITY, 2}, p.rawData()[1]);
        assertEquals(Double.NEGATIVE_INFINITY, r.secondary().get("w").score());
        assertEquals(Double.POSITIVE_INFINITY, r.secondary().get("w").scoreError());
        assertEquals(1000, r.secondary().get("w").rawData()[0][0]);
    }

    /** Each kind of bad input, and the one line that names it. */
    @Test
    void badContentIsNamed() {
        String ok = "{\"benchmark\":\"x.B.m\",\"mode\":\"avgt\","
                + "\"primaryMetric\":{\"score\":1,\"scoreUnit\":\"ns/op\",\"rawData\":[[1,2]]}}";
        assertProblem("", "f: empty file, not a JMH result array");
        assertProblem("[\n{\"benchmark\" : \"x\",\n\"mode\" : \"avgt\"\n",
                "f: malformed JSON: End of input at line 4 column 1 path $[0].mode");
        assertProblem("[\n{\"benchmark\" : \"x\" \"mode\" : \"avgt\"}]",
                "f: malformed JSON: Unterminated object at line 2 column 21 path $[0].benchmark");
        assertProblem("[" + ok + "] x", "f: malformed JSON: more data after the JSON value at line 1 column 106 path $");
        assertProblem("[{'benchmark':'x'}]",
                "f: malformed JSON: syntax error at line 1 column 4 path $[0].");
        assertProblem("{\"benchmark\":\"x\"}", "f: not a JMH result array (the top level is an object, JMH writes an array)");
        assertProblem("[]", "f: no results (an empty JMH result array)");
        assertProblem("[1]", "f: not a JMH result array: $[0] is a number, not an object");
        assertProblem("[" + ok + ",{\"mode\":\"avgt\"}]", "f: $[1]: no benchmark (not a JMH result entry)");
        assertProblem("[{\"benchmark\":\"x.B.m\",\"mode\":\"fast\"}]",
                "f: $[0] (x.B.m): unknown mode \"fast\" (JMH writes thrpt, avgt, sample or ss)");
        assertProblem("[{\"benchmark\":\"x.B.m\",\"mode\":\"avgt\",\"secondaryMetrics\":{}}]",
                "f: $[0] (x.B.m): no primaryMetric");
        assertProblem("[" + ok.replace("[[1,2]]", "[[1,\"fast\"]]") + "]",
                "f: $[0] (x.B.m).primaryMetric.rawData[0][1] is \"fast\", not a number (nor \"NaN\", \"+INF\", \"-INF\")");
        assertProblem("[" + ok.replace("[[1,2]]", "[1,2]") + "]",
                "f: $[0] (x.B.m).primaryMetric.rawData[0] is 1, not an array");
        assertProblem("[" + ok.replace(",\"rawData\":[[1,2]]", "") + "]",
                "f: $[0] (x.B.m).primaryMetric: neither rawData nor rawDataHistogram");
        assertProblem("[" + ok.replace("\"rawData\":[[1,2]]", "\"rawDataHistogram\":[[[[1.5,2],[2.5]]]]") + "]",
                "f: $[0] (x.B.m).primaryMetric.rawDataHistogram[0][0][1] has 1 elements, expected [value, count]");
        assertProblem("[" + ok.replace("\"score\":1,", "") + "]", "f: $[0] (x.B.m).primaryMetric: no score");
    }

    @Test
    void unreadableFilesAreNamed(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.json");
        assertEquals(missing + ": no such file", problem(missing));
        assertEquals(dir + ": is a directory, not a JMH result file", problem(dir));
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "[\"caf\u00e9\"]".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(latin1 + ": cannot read: not UTF-8 text", problem(latin1));
        // Permission denied, also as root (as CI runs): mode 000 stops everyone but root; a write-only
        // sysctl (mode 0200) stops root too.
        List<Path> unreadable = new ArrayList<>();
        Path locked = dir.resolve("locked.json");
        Files.writeString(locked, "[]");
        if (locked.toFile().setReadable(false, false) && !Files.isReadable(locked)) {
            unreadable.add(locked);
        }
        Path writeOnly = Path.of("/proc/sys/vm/drop_caches");
        if (Files.exists(writeOnly)) {
            unreadable.add(writeOnly);
        }
        assertTrue(!unreadable.isEmpty(), "no file here that this process may not read");
        for (Path p : unreadable) {
            assertEquals(p + ": cannot read (permission denied)", problem(p));
        }
    }

    /** The committed fixtures are exactly what {@link Fixtures} writes (so their description there is true). */
    @Test
    void fixturesAreWhatFixturesWrites() throws IOException {
        assertEquals(Fixtures.baseline(), Files.readString(Fixtures.DIR.resolve("baseline.json")));
        assertEquals(Fixtures.current(), Files.readString(Fixtures.DIR.resolve("current.json")));
    }

    /**
     * Fixtures and synthetic test files have the fields JMH 1.37 writes, in JMH's order: every entry's field list,
     * its metrics' field lists and percentile keys are among those of the file JMH wrote, mode for mode.
     */
    @Test
    void fixturesHaveTheFieldsJmhWrites() throws IOException {
        Set<String> real = shapes(Files.readString(REAL));
        Set<String> fixtures = new TreeSet<>(shapes(Files.readString(Fixtures.DIR.resolve("baseline.json"))));
        fixtures.addAll(shapes(Files.readString(Fixtures.DIR.resolve("current.json"))));
        for (String s : fixtures) {
            assertTrue(real.contains(s), () -> "not as JMH writes it: " + s + "\nJMH: " + real);
        }
        assertEquals(real.stream().map(s -> s.substring(0, s.indexOf(' '))).collect(java.util.stream.Collectors.toSet()),
                fixtures.stream().map(s -> s.substring(0, s.indexOf(' '))).collect(java.util.stream.Collectors.toSet()),
                "the fixtures cover the same kinds of object as the real file");
    }

    /** "kind keys" lines: entry field order (mode-tagged), metric field order, percentile keys, jvmArgs type. */
    private static Set<String> shapes(String json) {
        Set<String> out = new TreeSet<>();
        for (JsonElement e : JsonParser.parseString(json).getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            String mode = o.get("mode").getAsString();
            List<String> keys = new ArrayList<>(o.keySet());
            out.add("entry:" + (mode.equals("sample") ? "sample" : "other") + " " + keys);
            out.add("primary:" + (mode.equals("sample") ? "sample" : "other") + " "
                    + o.getAsJsonObject("primaryMetric").keySet());
            out.add("percentiles " + o.getAsJsonObject("primaryMetric").getAsJsonObject("scorePercentiles").keySet());
            out.add("jvmArgs " + (o.get("jvmArgs") instanceof JsonArray));
            for (Map.Entry<String, JsonElement> s : o.getAsJsonObject("secondaryMetrics").entrySet()) {
                out.add("secondary " + s.getValue().getAsJsonObject().keySet());
            }
        }
        // An entry has "params" only when the benchmark has @Params; which entries do is the data's business.
        Set<String> normalised = new TreeSet<>();
        out.forEach(s -> normalised.add(s.replace(", params", "")));
        return normalised;
    }

    private static void assertProblem(String json, String message) {
        UnusableInputException e = assertThrows(UnusableInputException.class,
                () -> JmhResultReader.parse("f", new StringReader(json)));
        assertEquals(message, e.getMessage());
    }

    private static String problem(Path p) {
        return assertThrows(UnusableInputException.class, () -> JmhResultReader.read(p)).getMessage();
    }
}
