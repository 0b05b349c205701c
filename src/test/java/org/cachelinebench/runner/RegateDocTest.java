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
 * gate's whole-run operating characteristic calibrated on the committed good runs the page names.
 */
class RegateDocTest {
    private static final Path PAGE = Path.of("docs", "ci-gate.md");

    private static String block(String page, String marker) {
        int start = page.indexOf(marker);
        assertTrue(start >= 0, "no " + marker + " in " + PAGE);
        int body = page.indexOf('\n', start) + 1;
        int end = page.indexOf("<!-- regate: end -->", body);
        return page.substring(body, end);
    }

    /** The runs a block names after its marker, each a fixture folder under gate-runs/. */
    private static List<SavedRun> runsOf(String page, String marker) {
        int at = page.indexOf(marker);
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
     * The whole-run operating characteristic on the page is the code's, calibrated on the good runs its marker
     * names; a revert of any gated fix passes (exit 0) in at most 1 % of whole runs, and the partial revert in none.
     */
    @Test
    void theWholeRunTableIsTheCodesOutput() throws IOException {
        String page = Files.readString(PAGE);
        String marker = "<!-- regate: whole-run ";
        WholeRunSimulation.Calibration cal = WholeRunSimulation.calibrate(runsOf(page, marker));
        String table = WholeRunSimulation.markdown(cal, WholeRunSimulation.scenarios(), Regate.WHOLE_RUN_LOOKS,
                Regate.WHOLE_RUN_TRIALS, Regate.SIMULATED_SEED, GateRule.CONFIDENCE);
        assertEquals(table, block(page, marker), "regenerate with benchmarks/regate --simulate-runs RUN_DIR...");
        List<WholeRunSimulation.Scenario> scenarios = WholeRunSimulation.scenarios();
        for (int i = 0; i < scenarios.size(); i++) {
            if (!scenarios.get(i).revert()) {
                continue;
            }
            WholeRunSimulation.Rates r = WholeRunSimulation.rates(cal, scenarios.get(i), Regate.WHOLE_RUN_LOOKS,
                    Regate.WHOLE_RUN_TRIALS, Regate.SIMULATED_SEED + i, GateRule.CONFIDENCE);
            assertTrue(r.pass() <= r.trials() / 100, scenarios.get(i).name() + " passes: " + r);
        }
    }

    @Test
    void impossibleSimulationParametersAreOneLineAndExit2() {
        for (String[] args : List.of(new String[] {"--simulate", "--noise", "-0.01"},
                new String[] {"--simulate", "--rounds", "6"}, new String[] {"--simulate", "--effects", "0.5"},
                new String[] {"--simulate", "--effect-sd", "-1"}, new String[] {"--simulate", "--trials", "0"},
                new String[] {"--noise", "0.01", "results/baseline"})) {
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
