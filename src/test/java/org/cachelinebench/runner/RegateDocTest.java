package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.claims.GateRule;
import org.junit.jupiter.api.Test;

/**
 * The tables of docs/ci-gate.md are the code's output: the committed runs' verdicts under today's rule, and the
 * gate's whole-run operating characteristics calibrated on the committed good runs the page names; and every test
 * the page names exists.
 */
class RegateDocTest {
    private static final Path PAGE = Path.of("docs", "ci-gate.md");

    private static String block(String page, String marker) {
        return block(page, marker, page.indexOf(marker));
    }

    /** The block after the marker that starts at {@code start}. */
    private static String block(String page, String marker, int start) {
        assertTrue(start >= 0, "no " + marker + " in " + PAGE);
        int body = page.indexOf('\n', start) + 1;
        int end = page.indexOf("<!-- regate: end -->", body);
        return page.substring(body, end);
    }

    /** The runs a block names after its marker, each a fixture folder under gate-runs/. */
    private static List<SavedRun> runsOf(String page, String marker) {
        return runsOf(page, marker, page.indexOf(marker));
    }

    /** The runs named after the marker that starts at {@code at}. */
    private static List<SavedRun> runsOf(String page, String marker, int at) {
        assertTrue(at >= 0, "no " + marker + " in " + PAGE);
        String runs = page.substring(at + marker.length(), page.indexOf(" -->", at));
        List<SavedRun> saved = new ArrayList<>();
        for (String r : runs.trim().split("\\s+")) {
            saved.add(GateRuns.of(r).read());
        }
        return saved;
    }

    @Test
    void theCommittedRunsTableIsTodaysVerdicts() throws IOException {
        String page = Files.readString(PAGE);
        assertEquals(Regate.table(runsOf(page, "<!-- regate: table "), GateRule.CONFIDENCE),
                block(page, "<!-- regate: table "), "regenerate with benchmarks/regate --table and paste it");
    }

    /**
     * Each whole-run operating characteristic on the page is the code's, calibrated on the good runs its marker
     * names; in each, a good commit ends without a verdict (exit 3) in at most 1 run of 50 and never fails (exit 1),
     * and a revert of any gated fix, or the partial revert, never passes (exit 0).
     */
    @Test
    void theWholeRunTablesAreTheCodesOutput() throws IOException {
        String page = Files.readString(PAGE);
        String marker = "<!-- regate: whole-run ";
        int tables = 0;
        for (int at = page.indexOf(marker); at >= 0; at = page.indexOf(marker, at + 1)) {
            tables++;
            WholeRunSimulation.Calibration cal = WholeRunSimulation.calibrate(runsOf(page, marker, at));
            List<WholeRunSimulation.Scenario> scenarios = WholeRunSimulation.scenarios();
            StringBuilder table = new StringBuilder(WholeRunSimulation.HEADER);
            for (int i = 0; i < scenarios.size(); i++) {
                WholeRunSimulation.Rates r = WholeRunSimulation.rates(cal, scenarios.get(i), Regate.WHOLE_RUN_STOPPING,
                        Regate.WHOLE_RUN_TRIALS, Regate.SIMULATED_SEED + i, GateRule.CONFIDENCE);
                table.append(WholeRunSimulation.row(scenarios.get(i), r));
                if (scenarios.get(i).revert()) {
                    assertEquals(0, r.pass(), scenarios.get(i).name() + " passes: " + r);
                } else {
                    assertEquals(0, r.fail(), "a good commit fails: " + r);
                    assertTrue(r.undecided() * 50 <= r.trials(), "a good commit without a verdict: " + r);
                }
            }
            assertEquals(table.toString(), block(page, marker, at),
                    "regenerate with benchmarks/regate --simulate-runs RUN_DIR...");
        }
        assertEquals(2, tables, "the page's tables: all good runs, and those beside a neighbour");
    }

    /**
     * Every test the page names, as {@code FooTest} or {@code FooTest.method}, is a test class under src/test/java
     * and the method a method of it: the page cites no test that does not exist.
     */
    @Test
    void everyTestThePageNamesExists() throws IOException {
        String page = Files.readString(PAGE);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("`([A-Z]\\w*Test)(?:\\.(\\w+))?`").matcher(page);
        List<Path> sources;
        try (java.util.stream.Stream<Path> s = Files.walk(Path.of("src", "test", "java"))) {
            sources = s.filter(f -> f.toString().endsWith("Test.java")).toList();
        }
        int named = 0;
        while (m.find()) {
            named++;
            String cls = m.group(1);
            Path source = sources.stream().filter(f -> f.getFileName().toString().equals(cls + ".java")).findFirst()
                    .orElse(null);
            assertTrue(source != null, PAGE + " names " + cls + ", which is no test class");
            if (m.group(2) != null) {
                assertTrue(Files.readString(source).matches("(?s).*\\bvoid " + m.group(2) + "\\(.*"),
                        PAGE + " names " + m.group() + ", which " + cls + " does not have");
            }
        }
        assertTrue(named >= 10, "the tests the page names: " + named);
    }

    @Test
    void impossibleSimulationParametersAreOneLineAndExit2() {
        for (String[] args : List.of(new String[] {"--simulate", "--noise", "-0.01"},
                new String[] {"--simulate", "--rounds", "6"}, new String[] {"--simulate", "--effects", "0.5"},
                new String[] {"--simulate", "--effect-sd", "-1"}, new String[] {"--simulate", "--trials", "0"},
                new String[] {"--noise", "0.01", "results/baseline"},
                new String[] {"--cap", "32", "results/baseline"},
                new String[] {"--simulate-runs", "--rounds", "8+20", "src/test/resources/gate-runs/peer-claim-runs/n1"},
                new String[] {"--simulate-runs", "--rounds", "20", "--cap", "10",
                        "src/test/resources/gate-runs/peer-claim-runs/n1"})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = Regate.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(2, code, String.join(" ", args));
            assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing half-written");
            assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count(), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aRevertReadsFailsAndNotHoldsAtTenRounds() {
        GateSimulation.Rates r = GateSimulation.rates(new GateSimulation.Scenario(0.005, 1, 0),
                new GateSimulation.Looks(8, 10), 2000, 7, GateRule.CONFIDENCE);
        assertTrue(r.failsShare() >= 0.985, "a revert is caught: " + r);
        assertTrue(r.holdsShare() <= 0.015, "a revert passes at most about 2 x (1 - C): " + r);
    }
}
