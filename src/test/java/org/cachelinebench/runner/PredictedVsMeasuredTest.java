package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The predicted-against-measured table of a saved run: one row per gated comparison, measured beside predicted. */
class PredictedVsMeasuredTest {
    /** A saved run of benchmarks/ci from before the probes (summary.json and metadata.json). */
    private static final Path J7 = Path.of("src/test/resources/runs/ci-run");

    private record Result(int status, String out, String err) {}

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = PredictedVsMeasured.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyGatedComparisonOfTheRunHasOneRowWithItsMeasurementAndPrediction() {
        SavedRun saved = SavedRun.read(J7);
        List<Summary.Entry> gated = saved.summary().comparisons().stream().filter(Summary.Entry::checked).toList();
        Result r = run("--against", J7.toString());
        assertEquals(0, r.status(), r.err());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("| `")).toList();
        assertEquals(gated.size(), rows.size(), r.out());

        Summary.Entry mailbox = saved.entry("mailbox.straddled-vs-line-aligned");
        assertTrue(mailbox.checked() && mailbox.extraTransfers() != null, "the fixture run gates the mailbox claim");
        ClaimPrediction p = new Predictions(Model.DEFAULT).of(mailbox.id());
        String row = rows.stream().filter(l -> l.startsWith("| `" + mailbox.id() + "` ")).findFirst().orElseThrow();
        assertTrue(row.contains("| " + SummaryTable.fmt(mailbox.geoMean()) + " (" + SummaryTable.fmt(mailbox.low())
                + " .. " + SummaryTable.fmt(mailbox.high()) + ") |"), row);
        assertTrue(row.contains("| " + SummaryTable.signed(mailbox.extraTransfers()) + " ("), row);
        // A run saved before the probes: its straddle needs the serial probe, so it has none, never a guess.
        assertTrue(row.contains("| " + SummaryTable.signed(p.extra()) + " (" + SummaryTable.signed(p.extraRoundTrips())
                + ") | no probes |  | [") && p.extraRoundTrips() > 0, row);
        String aa = rows.stream().filter(l -> l.startsWith("| `mailbox.line-aligned-again-vs-line-aligned` "))
                .findFirst().orElseThrow();
        assertTrue(aa.contains("| +0.00 | inside |"), "an A/A pair needs no probe: " + aa);
        assertTrue(r.out().contains("\nInside: "), r.out());
        assertTrue(r.out().startsWith("# Predicted against measured"), "no JVM or JOL line before the report");
        String ref = row.substring(row.lastIndexOf("[") + 1, row.lastIndexOf("]"));
        assertTrue(r.out().contains("\n- [" + ref + "] " + p.differs() + "\n"), r.out());

        String chunk = rows.stream().filter(l -> l.startsWith("| `chunk.v6.4-rc4-vs-v6.5-merged.reader` "))
                .findFirst().orElseThrow();
        assertTrue(chunk.contains("| per reader load |"), "a fork comparison: no measured extra, per its own unit: "
                + chunk);
    }

    @Test
    void aDirectoryThatIsNoRunIsOneLineAndExitTwo(@TempDir Path empty) {
        Result r = run("--against", empty.toString());
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("predict: ") && r.out().isEmpty(), r.err());
        assertEquals(2, run().status(), "--against is required");
    }
}
