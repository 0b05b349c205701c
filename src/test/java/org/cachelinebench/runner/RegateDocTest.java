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
 * The tables of docs/ci-gate.md are the code's output: the committed runs' verdicts under today's rule, and rows of
 * the simulation (each row seeded on its own, so a few rows recomputed check the table without the whole run).
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

    @Test
    void theCheckedOnRunsTableIsTodaysVerdicts() throws IOException {
        String page = Files.readString(PAGE);
        int at = page.indexOf("<!-- regate: table ");
        String runs = page.substring(at + "<!-- regate: table ".length(), page.indexOf(" -->", at));
        List<SavedRun> saved = new ArrayList<>();
        for (String r : runs.trim().split("\\s+")) {
            saved.add(SavedRun.read(Path.of("results", r)));
        }
        assertEquals(Regate.table(saved, GateRule.CONFIDENCE), block(page, "<!-- regate: table "),
                "regenerate with benchmarks/regate --table and paste it");
    }

    @Test
    void theSimulationRowsAreTheCodesOutput() throws IOException {
        List<String> lines = block(Files.readString(PAGE), "<!-- regate: simulate -->").lines().toList();
        int perNoise = lines.size() / Regate.SIMULATED_NOISE.size();
        assertEquals(2 + Regate.SIMULATED_NOISE.size() * (Regate.SIMULATED_LOOKS.size()
                * (1 + (Regate.SIMULATED_EFFECTS.size() - 1) * Regate.SIMULATED_EFFECT_SDS.size())), lines.size());
        assertTrue(perNoise > 0);
        // Rows 0 (a revert at 8), 2 (a revert with two looks), 19 and the last (good commits).
        List<Double> noise = Regate.SIMULATED_NOISE;
        List<GateSimulation.Row> all = new ArrayList<>();
        for (int i : new int[] {0, 2, 19, lines.size() - 3}) {
            GateSimulation.Row spec = specOf(i);
            GateSimulation.Rates r = GateSimulation.rates(spec.scenario(), spec.looks(), Regate.SIMULATED_TRIALS,
                    Regate.SIMULATED_SEED + i, GateRule.CONFIDENCE);
            String line = GateSimulation.markdown(List.of(new GateSimulation.Row(spec.scenario(), spec.looks(), r)))
                    .lines().skip(2).findFirst().orElseThrow();
            assertEquals(line, lines.get(i + 2), "row " + i + ": regenerate with benchmarks/regate --simulate");
            all.add(spec);
        }
        assertEquals(noise.get(0), all.get(0).scenario().aaSd());
    }

    /** The scenario and looks of row {@code i}, in the order {@link GateSimulation#table} makes them. */
    private static GateSimulation.Row specOf(int i) {
        List<GateSimulation.Row> specs = new ArrayList<>();
        for (double sd : Regate.SIMULATED_NOISE) {
            for (double e : Regate.SIMULATED_EFFECTS) {
                for (double s : e == 1 ? List.of(0.0) : Regate.SIMULATED_EFFECT_SDS) {
                    for (GateSimulation.Looks l : Regate.SIMULATED_LOOKS) {
                        specs.add(new GateSimulation.Row(new GateSimulation.Scenario(sd, e, s), l, null));
                    }
                }
            }
        }
        return specs.get(i);
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
