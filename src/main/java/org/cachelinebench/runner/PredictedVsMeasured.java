package org.cachelinebench.runner;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.ScalingSets;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.cachelinebench.coherence.unit.ProbeCosts;

/**
 * {@code benchmarks/predict --against RUN_DIR}: for every gated comparison of one saved run, and every point of
 * the scaling profile it holds, its measured ratio and extra line transfers beside the coherence model's prediction
 * for the same claim, as a Markdown table on stdout. The prediction is traced from today's code
 * ({@link Predictions}), so a run saved before summaries carried one gets it too; how measurement is known to
 * differ is a numbered note under the table. Exit 0, or 2 for a run directory that cannot be read or has neither
 * (one line).
 */
public final class PredictedVsMeasured {
    private PredictedVsMeasured() {}

    static final String USAGE = """
            usage: benchmarks/predict --against RUN_DIR
              RUN_DIR: a saved run of the paired runner (summary.json, metadata.json), e.g. results/latest""";

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    static int run(PrintStream out, PrintStream err, String... args) {
        SavedRun saved;
        try {
            CommandLine.Parsed p = new CommandLine(USAGE).value("against").parse(args);
            if (p.help()) {
                out.println(USAGE);
                return 0;
            }
            if (!p.positional().isEmpty() || !p.has("against")) {
                throw new IllegalArgumentException(p.positional().isEmpty() ? "--against RUN_DIR is required"
                        : "unexpected argument '" + p.positional().get(0) + "'");
            }
            saved = SavedRun.read(Path.of(p.value("against")));
        } catch (IllegalArgumentException e) {
            err.println("predict: " + e.getMessage());
            return 2;
        }
        if (saved.summary().comparisons().stream().noneMatch(PredictedVsMeasured::shown)) {
            err.println("predict: " + saved.dir() + ": no gated comparison or scaling point in its summary.json");
            return 2;
        }
        // JOL prints its warnings on stdout when a trace of Java objects first asks it for a layout: they go to stderr,
        // never into the report.
        PrintStream stdout = System.out;
        String report;
        try {
            System.setOut(err);
            report = markdown(saved, new Predictions(Model.DEFAULT), UnitPredictions.RunCosts.of(saved.dir()),
                    new UnitPredictions(Model.DEFAULT));
        } catch (IllegalArgumentException e) {
            err.println("predict: " + e.getMessage());
            return 2;
        } finally {
            System.setOut(stdout);
        }
        out.print(report);
        return 0;
    }

    /** The table of the run's gated comparisons, headed by the run and the model, priced at the run's {@code costs}. */
    static String markdown(SavedRun run, Predictions predictions, UnitPredictions.RunCosts costs, UnitPredictions units) {
        Summary s = run.summary();
        ProbeCosts probes = costs.probes();
        StringBuilder sb = new StringBuilder();
        sb.append("# Predicted against measured: ").append(run.dir()).append("\n\n")
                .append("Measured: profile ").append(s.profile()).append(", ").append(s.rounds()).append(" rounds, ")
                .append(s.started()).append(" .. ").append(s.finished()).append(". Predicted: ")
                .append(predictions.model().describe()).append("; a line round trip (the floor) is ")
                .append(number(predictions.floorTransfers())).append(" transfers (docs/coherence.md).\n\n")
                .append(probes == null ? "Probes: none in this run (it predates them): a prediction that needs one says "
                        + "\"no probes\"." : "Probes (extra floors per line, 95 % interval over the rounds): serial "
                        + probes.serial().describe() + ", pair " + probes.pair().describe() + ", parallel "
                        + probes.parallel().describe() + ".").append("\n\n");
        sb.append("| comparison | status | measured ratio (95 % interval) | measured extra line transfers (95 % interval) "
                + "| unit | predicted subject | predicted reference | predicted extra (round trips) "
                + "| predicted in the measured unit (extra round trips, or the ratio) | against measured | note |\n");
        sb.append("|---|---|---|---|---|---:|---:|---|---|---|---|\n");
        int inside = 0;
        int judged = 0;
        Map<String, Integer> notes = new LinkedHashMap<>();
        for (Summary.Entry e : s.comparisons()) {
            if (!shown(e)) {
                continue;
            }
            Claim c = Suite.claim(e.id());
            ClaimPrediction p = c == null ? null : predictions.of(c);
            String note = c == null ? "not a comparison of today's suite: not predicted" : p.differs();
            boolean predicted = p != null && !Double.isNaN(p.subject());
            sb.append("| `").append(e.id()).append("` | ").append(e.status()).append(" | ").append(ratio(e))
                    .append(" | ").append(extra(e)).append(" | ").append(predicted ? p.unit() : "").append(" | ")
                    .append(predicted ? number(p.subject()) : "").append(" | ")
                    .append(predicted ? number(p.reference()) : "").append(" | ")
                    .append(predicted ? extra(p) : "").append(" | ");
            UnitPredictions.Row m = c == null || !e.measured() ? null
                    : units.of(c, costs, e.extraTransfersLow(), e.extraTransfersHigh(), e.low(), e.high());
            String against = m == null ? "" : m.against();
            if (!against.isEmpty()) {
                judged++;
                inside += against.equals(UnitPredictions.INSIDE) ? 1 : 0;
            }
            sb.append(m == null ? "" : m.shown()).append(" | ")
                    .append(against).append(" | ")
                    .append(note.isEmpty() ? "" : "[" + notes.computeIfAbsent(note, k -> notes.size() + 1) + "]")
                    .append(" |\n");
        }
        sb.append('\n').append(UnitPredictions.hitLine(inside, judged)).append('\n');
        if (!notes.isEmpty()) {
            sb.append('\n').append(SummaryTable.notes(notes, "- "));
        }
        return sb.toString();
    }

    /** A row of the table: a gated comparison, or a point of the scaling profile (informational, all of them). */
    static boolean shown(Summary.Entry e) {
        return e.checked() || ScalingSets.Point.of(e.set()) != null;
    }

    private static String ratio(Summary.Entry e) {
        if (!e.measured()) {
            return "—";
        }
        return SummaryTable.fmt(e.geoMean()) + (e.low() == null ? ""
                : " (" + SummaryTable.fmt(e.low()) + " .. " + SummaryTable.fmt(e.high()) + ")");
    }

    /** Measured extra line transfers, in round trips; "" for a comparison of forks (they measure none). */
    private static String extra(Summary.Entry e) {
        if (e.extraTransfers() == null) {
            return "";
        }
        return SummaryTable.signed(e.extraTransfers()) + (e.extraTransfersLow() == null ? ""
                : " (" + SummaryTable.signed(e.extraTransfersLow()) + " .. "
                        + SummaryTable.signed(e.extraTransfersHigh()) + ")");
    }

    /** "+2.00 (+1.00)": transfers per operation, and in round trips where the operations are calls. */
    private static String extra(ClaimPrediction p) {
        return SummaryTable.signed(p.extra())
                + (Double.isNaN(p.extraRoundTrips()) ? "" : " (" + SummaryTable.signed(p.extraRoundTrips()) + ")");
    }

    private static String number(double x) {
        return String.format(Locale.ROOT, "%.2f", Math.abs(x) < 0.005 ? 0.0 : x);
    }
}
