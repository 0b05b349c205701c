package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Histogram;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.junit.jupiter.api.Test;

/** What the writer writes, the reader reads back unchanged; the fields JMH derives are JMH's. */
class JmhResultWriterTest {
    private static final Jvm JVM = new Jvm("/jdk/bin/java", List.of("-Xmx1g", "-Dx=\"q\""), "17.0.15",
            "OpenJDK 64-Bit Server VM", "17.0.15+6", "1.37");

    @Test
    void whatIsWrittenReadsBackTheSame() throws Exception {
        Header group = new Header("x.G.rw", Mode.THROUGHPUT, 2, Map.of("size", "8", "layout", "a,b"),
                new Iterations(1, "500 ms"), new Iterations(3, "500 ms"), JVM);
        double[][] reader = {{1.5, 2.5, 3.5}, {4, 5, Double.NaN}};
        double[][] writer = {{1, 1, 1}, {2, 2, 2}};
        JmhResult rw = new JmhResult(group, Metric.of("ops/us", new double[][] {{2.5, 3.5, 4.5}, {6, 7, 8}}),
                Map.of("reader", Metric.of("ops/us", reader), "writer", Metric.of("ops/us", writer)));
        Header sampled = new Header("x.S.lat", Mode.SAMPLE_TIME, 1, Map.of(), Iterations.ofMillis(0, 10),
                Iterations.ofMillis(2, 100), JVM);
        Histogram h = new Histogram(new double[][][] {{{0.5, 1.0}, {0.75}}}, new long[][][] {{{3, 1}, {4}}});
        JmhResult lat = new JmhResult(sampled, Metric.ofHistogram("us/op", h), Map.of());

        List<JmhResult> back = JmhResultReader.parse("t", new StringReader(JmhResultWriter.write(List.of(rw, lat))));

        assertEquals(2, back.size());
        assertEquals(group, back.get(0).header());
        assertEquals(sampled, back.get(1).header());
        assertEquals(List.of("reader", "writer"), List.copyOf(back.get(0).secondary().keySet()));
        for (int f = 0; f < 2; f++) {
            assertArrayEquals(reader[f], back.get(0).metric("reader").rawData()[f]);
            assertArrayEquals(writer[f], back.get(0).metric("writer").rawData()[f]);
        }
        assertEquals(rw.primary().score(), back.get(0).primary().score());
        assertEquals(rw.primary().scoreError(), back.get(0).primary().scoreError());
        Metric m = back.get(1).primary();
        assertTrue(m.fromHistogram());
        assertArrayEquals(h.values()[0][0], m.histogram().values()[0][0]);
        assertArrayEquals(h.counts()[0][0], m.histogram().counts()[0][0]);
        assertArrayEquals(new double[] {(3 * 0.5 + 1.0) / 4, 0.75}, m.rawData()[0], 1e-15);
        assertEquals((3 * 0.5 + 1.0 + 4 * 0.75) / 8, m.score(), 1e-15, "the mean over all samples");
    }

    @Test
    void oneSampleHasNoErrorAndSaysSoLikeJmh() {
        Header h = new Header("pair.x", Mode.THROUGHPUT, 1, Map.of(), Iterations.ofMillis(1, 500),
                Iterations.ofMillis(1, 500), JVM);
        JmhResult r = new JmhResult(h, Metric.ofFork("ratio", 1.25), Map.of());
        JsonObject m = JsonParser.parseString(JmhResultWriter.write(List.of(r))).getAsJsonArray().get(0).getAsJsonObject()
                .getAsJsonObject("primaryMetric");
        assertEquals("NaN", m.get("scoreError").getAsString());
        assertEquals(1.25, m.get("score").getAsDouble());
    }
}
