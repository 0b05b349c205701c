package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.compare.Compare;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResultWriter;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ratios.json is read by the general two-file gate ({@link Compare}): the same alignment benefit
 * passes, a benefit that shrank from 1.4 to 1.1 is a regression; and each claim is written in its own
 * direction, so for a FASTER claim (ratio below 1) a drop is a bigger effect and a rise toward 1 the regression.
 */
class RatiosCompareTest {
    @TempDir
    Path dir;

    private static final Claim SLOWER = new Claim("csd", "straddled", "line-aligned", "sender", Expect.slower(), "claim");
    private static final Claim FASTER = new Claim("csd", "floor", "line-aligned", "sender", Expect.faster(), "claim");

    private Path ratios(String name, double centre, long seed) throws IOException {
        return ratios(name, SLOWER, centre, seed);
    }

    private Path ratios(String name, Claim c, double centre, long seed) throws IOException {
        Random random = new Random(seed);
        double[] r = new double[10];
        for (int i = 0; i < r.length; i++) {
            r[i] = centre * Math.exp(0.05 * random.nextGaussian());
        }
        IterationSpec spec = new IterationSpec(2, 500);
        Header info = FakeForks.header("org.cachelinebench.benchmarks.IpiBenchmark.ipi", "thrpt", 2, Map.of(), spec, spec);
        ForkRecord rec = new ForkRecord(0, "csd", "straddled", 0, 0, 1,
                new ForkResult(info, FakeForks.metric("ops/us", 1), Map.of(), 0, 1));
        Analysis.ComparisonResult result = HandBuilt.comparison(c, info.benchmark(), info.benchmark(), r,
                new double[r.length], RatioStats.of(r), new Analysis.Score(1, "ops/us"), new Analysis.Score(1, "ops/us"),
                r.length, Analysis.Status.HOLDS);
        Path file = dir.resolve(name);
        Files.writeString(file, JmhResultWriter.write(JmhFiles.ratios(List.of(result), List.of(rec))));
        return file;
    }

    private static int compare(Path baseline, Path current, StringBuilder output) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Compare.run(new String[] {baseline.toString(), current.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
        output.append(out.toString(StandardCharsets.UTF_8));
        return code;
    }

    @Test
    void theSameBenefitPassesAndAShrunkOneIsARegression() throws Exception {
        Path baseline = ratios("baseline.json", 1.4, 1);
        StringBuilder out = new StringBuilder();
        assertEquals(0, compare(baseline, ratios("same.json", 1.4, 2), out), out.toString());
        assertTrue(out.toString().contains("pair.csd.straddled-vs-line-aligned.sender"), out.toString());
        out.setLength(0);
        assertEquals(1, compare(baseline, ratios("shrunk.json", 1.1, 3), out), out.toString());
        assertTrue(out.toString().contains("REGRESSION"), out.toString());
    }

    @Test
    void aFasterClaimIsWrittenLowerIsBetterSoADropPassesAndARiseIsARegression() throws Exception {
        Path baseline = ratios("baseline.json", FASTER, 0.5, 1);
        assertTrue(Files.readString(baseline).contains("\"mode\": \"avgt\""), Files.readString(baseline));
        StringBuilder out = new StringBuilder();
        assertEquals(0, compare(baseline, ratios("drop.json", FASTER, 0.3, 2), out), out.toString());
        assertTrue(out.toString().contains("improvement"), "0.5 -> 0.3: the floor got further below the csd: " + out);
        out.setLength(0);
        assertEquals(1, compare(baseline, ratios("rise.json", FASTER, 0.8, 3), out), out.toString());
        assertTrue(out.toString().contains("REGRESSION"), "0.5 -> 0.8: toward 1, the effect shrank: " + out);
    }
}
