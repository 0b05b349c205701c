package org.cachelinebench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.stream.Stream;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line through {@link Compare#run}: exit status, stdout, and the one stderr line. */
class CompareTest {
    static final String BASELINE = Fixtures.DIR.resolve("baseline.json").toString();
    static final String CURRENT = Fixtures.DIR.resolve("current.json").toString();
    static final String REAL = Fixtures.DIR.resolve("real-jmh-1.37.json").toString();

    @TempDir
    Path dir;

    record Outcome(int status, String out, String err) {
        /** stderr is exactly one line starting with "compare: ", and stdout is empty. */
        void isUnusable(String message) {
            assertEquals(Compare.UNUSABLE, status, err);
            assertEquals("compare: " + message + "\n", err);
            assertEquals("", out);
        }
    }

    static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Compare.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRegressionExitsOneAndPrintsTheTable() {
        Outcome o = run(BASELINE, CURRENT);
        assertEquals(Compare.REGRESSION, o.status());
        assertEquals("", o.err());
        List<String> lines = o.out().lines().toList();
        assertTrue(lines.get(0).matches("Benchmark +Mode +Params +Metric +Baseline +Current +Change +95% interval +Verdict"),
                lines.get(0));
        assertTrue(lines.get(1).matches("example\\.Split\\.send +thrpt +placement=straddling +primary \\(ops/us\\) "
                + "+[0-9.]+ +[0-9.]+ +-1[0-9]\\.[0-9]% +\\[-[0-9.]+%, -[0-9.]+%] +REGRESSION"), lines.get(1));
        assertTrue(o.out().contains("Not compared (profiler, percentile or other-unit metrics): p0.00,"), o.out());
        assertTrue(lines.get(lines.size() - 1).startsWith("Result: REGRESSION (REGRESSION 2, improvement 2, "
                + "not significant 3, only in current 1). Welch's t-test"), lines.get(lines.size() - 1));
    }

    @Test
    void aZeroScoreIsUnusableInputInOneLine() throws IOException {
        Path zero = write("zero.json", SyntheticResults.file(List.of(SyntheticResults.simple("x.B.m", "thrpt",
                Map.of(), "ops/s", new double[][] {{0, 0}, {0, 0}}))));
        run(zero.toString(), zero.toString()).isUnusable("baseline x.B.m thrpt: score 0.0; a JMH score is a "
                + "positive number, so this result is broken (nothing compared)");
    }

    @Test
    void noRegressionExitsZero() throws IOException {
        assertEquals(Compare.OK, run(BASELINE, BASELINE).status());
        assertEquals(Compare.OK, run(REAL, REAL).status(), "a file this suite did not write");
        // an improvement is reported, not a failure
        Random rnd = new Random(1);
        Path slow = write("slow.json", SyntheticResults.file(List.of(SyntheticResults.simple("x.B.m", "thrpt", Map.of(), "ops/s",
                SyntheticResults.noisy(rnd, 100, 3, 5, 0.005, 0.005)))));
        Path fast = write("fast.json", SyntheticResults.file(List.of(SyntheticResults.simple("x.B.m", "thrpt", Map.of(), "ops/s",
                SyntheticResults.noisy(rnd, 110, 3, 5, 0.005, 0.005)))));
        Outcome o = run(slow.toString(), fast.toString());
        assertEquals(Compare.OK, o.status(), o.out());
        assertTrue(o.out().contains(" improvement\n"), o.out());
        assertTrue(o.out().contains("Result: no regression (improvement 1)"), o.out());
        assertEquals(Compare.REGRESSION, run(fast.toString(), slow.toString()).status());
    }

    @Test
    void optionsChangeTheDecision() {
        // The straddling regression is about -12 %: a 15 % threshold lets it pass, and so does the reader's -9 %.
        assertEquals(Compare.OK, run("--threshold", "15%", BASELINE, CURRENT).status());
        assertEquals(Compare.OK, run("--threshold=0.15", BASELINE, CURRENT).status());
        assertEquals(Compare.REGRESSION, run("--threshold", "0%", "--alpha", "0.01", BASELINE, CURRENT).status());
        Outcome o = run("--alpha=0.1", BASELINE, CURRENT);
        assertTrue(o.out().contains("90% interval"), o.out());
        assertEquals(Compare.REGRESSION, run("--", BASELINE, CURRENT).status());
    }

    @Test
    void optionValuesFollowTheOptionOrAnEqualsSign() {
        Outcome spaced = run("--threshold", "30%", "--alpha", "0.1", BASELINE, CURRENT);
        Outcome joined = run("--threshold=30%", "--alpha=0.1", BASELINE, CURRENT);
        assertEquals(Compare.OK, spaced.status(), spaced.err());
        assertEquals(spaced.out(), joined.out());
        assertTrue(spaced.out().contains("threshold 30%"), spaced.out());
    }

    @Test
    void help() {
        Outcome o = run("--help");
        assertEquals(Compare.OK, o.status());
        assertTrue(o.out().startsWith("Usage: benchmarks/compare [options] BASELINE.json CURRENT.json\n"));
        assertTrue(o.out().contains("--threshold T"));
        assertEquals("", o.err());
    }

    @Test
    void badCommandLines() {
        run("--fast", BASELINE, CURRENT).isUnusable("unknown option --fast (see --help)");
        run("-x", BASELINE, CURRENT).isUnusable("unknown option -x (see --help)");
        run(BASELINE).isUnusable("expected two files, BASELINE.json CURRENT.json, got 1 (see --help)");
        run(BASELINE, CURRENT, CURRENT).isUnusable("expected two files, BASELINE.json CURRENT.json, got 3 (see --help)");
        run(BASELINE, CURRENT, "--alpha").isUnusable("--alpha needs a value (see --help)");
        run("--alpha", "high", BASELINE, CURRENT).isUnusable("--alpha high: not a number");
        run("--alpha", "1", BASELINE, CURRENT).isUnusable("--alpha 1: must be between 0 and 1, e.g. 0.05");
        run("--threshold", "5", BASELINE, CURRENT).isUnusable("--threshold 5: ambiguous, write 5% or a fraction like 0.05");
        run("--threshold", "-1%", BASELINE, CURRENT).isUnusable("--threshold -1%: must be 0 or more");
        run("--threshold", "five", BASELINE, CURRENT)
                .isUnusable("--threshold five: not a percentage like 5% or a fraction like 0.05");
        run("--json=", BASELINE, CURRENT).isUnusable("--json needs a file name");
    }

    @Test
    void badFiles() throws IOException {
        Path missing = dir.resolve("missing.json");
        run(missing.toString(), CURRENT).isUnusable(missing + ": no such file");
        run(BASELINE, dir.toString()).isUnusable(dir + ": is a directory, not a JMH result file");
        Path broken = write("broken.json", "[\n{\"benchmark\" : \"x\",\n");
        run(BASELINE, broken.toString()).isUnusable(broken + ": malformed JSON: End of input at line 3 column 1 path $[0].benchmark");
        Path object = write("object.json", "{\"benchmark\" : \"x\"}");
        run(object.toString(), CURRENT).isUnusable(object + ": not a JMH result array (the top level is an object, JMH writes an array)");
        Path noPrimary = write("noprimary.json", "[{\"benchmark\":\"x.B.m\",\"mode\":\"thrpt\"}]");
        run(BASELINE, noPrimary.toString()).isUnusable(noPrimary + ": $[0] (x.B.m): no primaryMetric");
        run(BASELINE, REAL).isUnusable("nothing in common: no benchmark appears in both with the same name, mode and params");
    }

    @Test
    void jsonVerdictsAreWrittenWhole() throws IOException {
        Path out = dir.resolve("verdicts.json");
        Outcome o = run("--json", out.toString(), BASELINE, CURRENT);
        assertEquals(Compare.REGRESSION, o.status());
        JsonObject v = JsonParser.parseString(Files.readString(out)).getAsJsonObject();
        assertTrue(v.get("regression").getAsBoolean());
        assertEquals(0.05, v.get("threshold").getAsDouble());
        assertEquals(BASELINE, v.get("baseline").getAsString());
        JsonObject first = v.getAsJsonArray("rows").get(0).getAsJsonObject();
        assertEquals("example.Split.send", first.get("benchmark").getAsString());
        assertEquals("straddling", first.getAsJsonObject("params").get("placement").getAsString());
        assertEquals("regression", first.get("verdict").getAsString());
        assertEquals(3, first.getAsJsonObject("baseline").get("n").getAsInt());
        assertEquals("forks", first.get("samples").getAsString());
        assertTrue(first.get("change").getAsDouble() < -0.05);
        JsonObject only = v.getAsJsonArray("rows").get(7).getAsJsonObject();
        assertEquals("only_in_current", only.get("verdict").getAsString());
        assertEquals("NaN", only.getAsJsonObject("baseline").get("score").getAsString(), "JMH's spelling");
        assertEquals(List.of(out), files(), "no temporary file left behind");

        // Unusable input: the previous verdicts stay as they were, nothing new is written.
        String before = Files.readString(out);
        run("--json", out.toString(), BASELINE, dir.resolve("missing.json").toString());
        assertEquals(before, Files.readString(out));
        Path never = dir.resolve("never.json");
        run("--json", never.toString(), BASELINE, REAL);
        assertFalse(Files.exists(never));
        assertEquals(List.of(out), files());
    }

    @Test
    void anUnwritableJsonTargetIsUnusable() {
        Path nowhere = dir.resolve("no/such/dir/v.json");
        run("--json", nowhere.toString(), BASELINE, CURRENT)
                .isUnusable("cannot write --json " + nowhere + ": no such directory " + nowhere.getParent());
        run("--json", dir.toString(), BASELINE, CURRENT).isUnusable("cannot write --json " + dir + ": is a directory");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
