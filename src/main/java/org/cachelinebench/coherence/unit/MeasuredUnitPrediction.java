package org.cachelinebench.coherence.unit;

import java.util.function.Function;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.scenario.SuiteScenarios;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.Handshake;

/**
 * A comparison's prediction in its measured unit, extra line round trips (floors): the difference of the two sides'
 * {@link CriticalPath}s, each class priced at the run's own probe ({@link ProbeCosts}). A difference with no line
 * to price (the fix, an A/A control) is 0 without probes; one that needs a probe the run did not record has no
 * value ("no probes"), never a guess.
 *
 * @param claimId   the comparison
 * @param path      subject minus reference, class by class; null when the claim's sides are no handshakes
 * @param predicted the extra round trips predicted, as a range; null when not predicted ({@link #why} says why)
 * @param why       "" when predicted; else "no probes", or why the claim has no critical path
 */
public record MeasuredUnitPrediction(String claimId, CriticalPath path, ProbeCosts.Range predicted, String why) {
    /** A class's lines per call below this are the trace's counting window, not a line. */
    static final double NONE = 0.05;

    public static final String NO_PROBES = "no probes";

    /** {@code c}'s prediction priced with {@code costs} (null: the run recorded no probes), under {@code model}. */
    public static MeasuredUnitPrediction of(Claim c, ProbeCosts costs, Model model) {
        Function<CsdBlock, Handshake> subject;
        Function<CsdBlock, Handshake> reference;
        try {
            subject = SuiteScenarios.handshakeOf(c, c.subject());
            reference = SuiteScenarios.handshakeOf(c, c.reference());
        } catch (IllegalArgumentException e) {
            return new MeasuredUnitPrediction(c.id(), null, null, "not predicted: " + e.getMessage());
        }
        if (subject == null || reference == null) {
            return new MeasuredUnitPrediction(c.id(), null, null, "not predicted: its sides are no handshakes");
        }
        CriticalPath d = CriticalPath.of(subject, model).minus(CriticalPath.of(reference, model));
        return priced(c.id(), d, costs);
    }

    /** The same difference priced with another run's {@code costs} (null: none): the trace is the run's as any. */
    public MeasuredUnitPrediction at(ProbeCosts costs) {
        return path == null ? this : priced(claimId, path, costs);
    }

    /** The path {@code d} priced: exact where no class needs a probe, else at {@code costs}, else "no probes". */
    public static MeasuredUnitPrediction priced(String id, CriticalPath d, ProbeCosts costs) {
        ProbeCosts.Range r = ProbeCosts.Range.exactly(round(d.hops()) * ProbeCosts.HOP);
        boolean needsProbes = Math.abs(d.serial()) >= NONE || Math.abs(d.pair()) >= NONE
                || Math.abs(d.parallel()) >= NONE;
        if (!needsProbes) {
            return new MeasuredUnitPrediction(id, d, r, "");
        }
        if (costs == null) {
            return new MeasuredUnitPrediction(id, d, null, NO_PROBES);
        }
        r = r.plus(costs.serial().times(round(d.serial()))).plus(costs.pair().times(round(d.pair())))
                .plus(costs.parallel().times(round(d.parallel())));
        return new MeasuredUnitPrediction(id, d, r, "");
    }

    /** Whole lines per call: the trace's window adds a few hundredths. */
    private static double round(double x) {
        return Math.abs(x) < NONE ? 0 : Math.round(x * 100) / 100.0;
    }

    /**
     * "inside" when the predicted range and the measured 95 % interval share a value, "outside" when not; "" when
     * nothing was predicted or measured.
     */
    public String against(Double measuredLow, Double measuredHigh) {
        if (predicted == null || measuredLow == null || measuredHigh == null) {
            return "";
        }
        return predicted.overlaps(measuredLow, measuredHigh) ? "inside" : "outside";
    }
}
