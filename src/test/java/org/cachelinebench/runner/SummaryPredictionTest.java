package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.junit.jupiter.api.Test;

/**
 * A summary carries the coherence model's prediction beside each suite claim's measurement: typed in
 * summary.json, a column and numbered notes in the tables; a claim that is not the suite's has none. The expected
 * numbers are the model's own (read from {@link Predictions}), the layout of the columns is this test's.
 */
class SummaryPredictionTest {
    private static final IterationSpec TWO = new IterationSpec(2, 500);
    private static final String CSD = "csd.straddled-vs-line-aligned";
    private static final String MAILBOX = "mailbox.straddled-vs-line-aligned";

    private static Analysis.ComparisonResult measured(Claim c, double... ratios) {
        return HandBuilt.comparison(c, "b", "b", ratios, new double[ratios.length], RatioStats.of(ratios),
                new Analysis.Score(1, "ns/op"), new Analysis.Score(1, "ns/op"), ratios.length, Analysis.Status.INFO);
    }

    private static Summary fixtureRun() {
        Claim notTheSuites = new Claim("s", "a", "b", "sender", Expect.slower(), "a slower");
        return Summary.of("ci", 3, TWO, TWO, 64, null, List.of(measured(Suite.claim(CSD), 1.02, 1.03, 1.04),
                measured(Suite.claim(MAILBOX), 1.6, 1.62, 1.64), measured(notTheSuites, 1.1, 1.2, 1.3)), List.of());
    }

    @Test
    void summaryJsonCarriesThePredictionAsTypedFields() {
        Summary back = Summary.fromJson(fixtureRun().toJson());
        ClaimPrediction csd = new Predictions(org.cachelinebench.coherence.Model.DEFAULT).of(CSD);
        Summary.Prediction p = back.comparisons().get(0).prediction();
        assertEquals("per call", p.unit());
        assertEquals(csd.subject(), p.subject(), 1e-12);
        assertEquals(csd.reference(), p.reference(), 1e-12);
        assertEquals(csd.extra(), p.extra(), 1e-12);
        assertEquals(csd.extraRoundTrips(), p.extraRoundTrips(), 1e-12);
        assertTrue(p.extra() > 0, "a straddled csd moves more lines than an aligned one");
        assertEquals(csd.differs(), p.note());
        assertTrue(back.comparisons().get(1).prediction().extraRoundTrips() > 0, "the mailbox's second line");
        assertNull(back.comparisons().get(2).prediction(), "not a claim of the suite: no prediction");
    }

    @Test
    void theTablesShowThePredictedColumnAndEachNoteOnce() {
        Summary s = fixtureRun();
        Summary.Prediction csd = s.comparisons().get(0).prediction();
        Summary.Prediction mailbox = s.comparisons().get(1).prediction();
        String csdCell = SummaryTable.signed(csd.extra()) + " (" + SummaryTable.signed(csd.extraRoundTrips()) + " rt) [1]";
        String mailboxCell = SummaryTable.signed(mailbox.extra()) + " (" + SummaryTable.signed(mailbox.extraRoundTrips())
                + " rt) [2]";

        String text = SummaryTable.text(s.comparisons());
        assertTrue(text.lines().findFirst().orElseThrow().contains("  predicted extra  "), text);
        assertTrue(text.contains(csdCell) && text.contains(mailboxCell), text);
        assertTrue(text.contains("\n[1] " + csd.note() + "\n"), text);
        assertTrue(text.contains("\n[2] " + mailbox.note() + "\n"), text);
        assertEquals(1, text.split("\\[1] ", -1).length - 2, "the note is written once: " + text);

        String md = SummaryTable.markdown(s.comparisons());
        assertTrue(md.contains("| predicted extra transfers |"), md);
        assertTrue(md.contains("| " + csdCell + " |") && md.contains("| " + mailboxCell + " |"), md);
        assertTrue(md.contains("\n\n- [1] " + csd.note() + "\n"), md);
        String other = md.lines().filter(l -> l.startsWith("| `s.")).findFirst().orElseThrow();
        assertTrue(other.contains(" |  | "), "an empty cell for a claim without a prediction: " + other);
    }

    /** A scaling run's rows carry their point's prediction as the gated ones do: each side's, the extra, a note. */
    @Test
    @org.junit.jupiter.api.Tag(org.cachelinebench.coherence.TraceStepping.TAG)
    void aScalingComparisonsRowCarriesItsPrediction() {
        org.cachelinebench.coherence.TraceStepping.assumeOneThread();   // execl at 8 CPUs, round-robin
        Claim execl = Suite.claim("scaling-execl-all-8.v6.4-rc4-vs-v6.5-merged.allocator");
        Claim ipi = Suite.claim("scaling-ipi-l3-4.size-aligned-vs-line-aligned.calls");
        Summary s = Summary.fromJson(Summary.of("scaling", 3, TWO, TWO, 64, null, List.of(measured(execl, 1.1, 1.2,
                1.15), measured(ipi, 1.3, 1.2, 1.25)), List.of()).toJson());
        Predictions model = new Predictions(org.cachelinebench.coherence.Model.DEFAULT);
        for (int i = 0; i < 2; i++) {
            Summary.Entry e = s.comparisons().get(i);
            ClaimPrediction expected = model.of(e.id());
            Summary.Prediction p = e.prediction();
            assertTrue(p.subject() != null && p.reference() != null && p.extra() != null, e.id() + ": " + p.note());
            assertEquals(expected.subject(), p.subject(), 1e-12);
            assertEquals(expected.reference(), p.reference(), 1e-12);
            assertEquals(expected.extra(), p.extra(), 1e-12);
            if (e.id().equals(ipi.id())) {
                assertTrue(p.extra() > 0, e.id() + ": two senders per line move more lines");
            }
            assertTrue(!p.unit().isEmpty() && !p.note().startsWith("not predicted"), p.note());
            assertTrue(PredictedVsMeasured.shown(e), "a scaling point is a row of predict --against");
        }
        String text = SummaryTable.text(s.comparisons());
        assertTrue(text.contains(SummaryTable.signed(s.comparisons().get(0).prediction().extra()) + " [1]"), text);
        assertTrue(!text.contains("not predicted"), text);
    }
}
