package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.GateThresholds;
import org.cachelinebench.claims.MachineState;
import org.cachelinebench.claims.Suite;

/**
 * The thresholds a saved run is judged with: each claim's committed ones ({@link Suite}, {@link GateThresholds}),
 * or candidates that replace them for every claim of a kind, to see what they would decide. A null candidate
 * keeps the committed value.
 *
 * @param minEffect         minimum effect of every gated claim with a direction
 * @param aaForks           tolerance of every A/A control formed from two forks
 * @param aaInterleaved     tolerance of every A/A control of an interleaved set
 * @param baselineTolerance T of every claim compared with a baseline, in log space
 * @param split             the near/far split in ns
 */
public record Thresholds(Double minEffect, Double aaForks, Double aaInterleaved, Double baselineTolerance,
                         Double split) {

    /** The committed thresholds. */
    public static final Thresholds COMMITTED = new Thresholds(null, null, null, null, null);

    public double splitNanos() {
        return split == null ? GateThresholds.NEAR_FAR_SPLIT_NANOS : split;
    }

    /**
     * The claim behind a summary entry, with the thresholds to judge it by: the suite's claim of that id when it
     * has one (the committed thresholds), else the claim as the summary recorded it; then the candidates.
     */
    public Claim claim(Summary.Entry e) {
        Claim c = Suite.claim(e.id());
        if (c == null) {
            c = recorded(e);
        }
        Expect x = c.expect();
        double atLeast = Double.NaN;
        if (x.directional() && minEffect != null) {
            atLeast = minEffect;
        } else if (x.aaControl()) {
            Double tol = c.interleaved() ? aaInterleaved : aaForks;
            atLeast = tol == null ? Double.NaN : tol;
        }
        Expect judged = x.withThresholds(atLeast, baselineTolerance == null ? Double.NaN : baselineTolerance);
        return new Claim(c.set(), c.subject(), c.reference(), c.metric(), judged, c.claim(), c.variant());
    }

    /** The claim as a summary recorded it (a claim the suite no longer has). */
    static Claim recorded(Summary.Entry e) {
        Expect.Direction d = Expect.Direction.valueOf(e.direction());
        List<MachineState> blind = new ArrayList<>();
        if (e.blindIn() != null) {
            e.blindIn().forEach(b -> blind.add(MachineState.parse(b)));
        }
        Expect x = new Expect(d, e.checked(), e.atLeast() == null ? Double.NaN : e.atLeast(),
                e.checked() && d != Expect.Direction.SIMILAR && e.baselineTolerance() != null ? e.baselineTolerance()
                        : Double.NaN, Set.copyOf(blind));
        String variant = Claim.INTERLEAVED.equals(e.metric()) ? Suite.INTERLEAVED_VARIANT : null;
        return new Claim(e.set(), e.subject(), e.reference(), e.metric(), x, e.claim(), variant);
    }

    /**
     * "split 200 ns, the rest committed (claims.GateThresholds)" or, with candidates, "split 200 ns; candidates: min
     * effect 1.150, T 0.500; the rest committed", for reports.
     */
    public String describe() {
        List<String> candidates = new ArrayList<>();
        add(candidates, "min effect", minEffect);
        add(candidates, "A/A tolerance of forks", aaForks);
        add(candidates, "A/A tolerance of interleaved sets", aaInterleaved);
        add(candidates, "baseline T", baselineTolerance);
        String s = String.format(Locale.ROOT, "split %.0f ns%s", splitNanos(), split == null ? "" : " (candidate)");
        return candidates.isEmpty() ? s + ", the rest committed (claims.GateThresholds)"
                : s + "; candidates: " + String.join(", ", candidates) + "; the rest committed";
    }

    private static void add(List<String> out, String name, Double value) {
        if (value != null) {
            out.add(String.format(Locale.ROOT, "%s %.3f", name, value));
        }
    }
}
