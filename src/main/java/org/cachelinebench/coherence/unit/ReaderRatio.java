package org.cachelinebench.coherence.unit;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.kernel.BaseAddrInvalidations;
import org.cachelinebench.coherence.scenario.SuiteScenarios;

/**
 * A {@code pcpu_chunk} reader claim's prediction in its measured unit, the ratio of the two sides' cost per reader
 * load. A reader load costs what it costs on the side whose base_addr line no step writes (the benchmark's
 * reference, measured), plus one miss each time a step took the line since the reader's last load, each miss a hop
 * (half the run's floor): misses per load = min(1, allocator steps per reader load x invalidations of base_addr's
 * line per step ({@link BaseAddrInvalidations}, traced on the allocator's whole path at the variant's occupancy)).
 * Only the rates and costs come from the run's counters; nothing is fitted to its ratio.
 *
 * @param claimId   the comparison
 * @param baseSide  the side whose cost per load is the base: its line is never written (the model checks it)
 * @param subject   the subject side's invalidations per step
 * @param reference the reference side's
 * @param why       "" when predicted; else why not
 */
public record ReaderRatio(String claimId, String baseSide, BaseAddrInvalidations subject,
                          BaseAddrInvalidations reference, String why) {

    /** {@code c}'s layouts traced under {@code model}; null for a claim that is no interleaved pcpu reader claim. */
    public static ReaderRatio of(Claim c, Model model) {
        String base = SuiteScenarios.chunkReference(c);
        if (base == null || !"reader".equals(c.role())) {
            return null;
        }
        int live = SuiteScenarios.chunkLive(c);
        BaseAddrInvalidations b = BaseAddrInvalidations.of(SuiteScenarios.chunkOf(c, base), model, live);
        BaseAddrInvalidations s = BaseAddrInvalidations.of(SuiteScenarios.chunkOf(c, c.subject()), model, live);
        BaseAddrInvalidations r = BaseAddrInvalidations.of(SuiteScenarios.chunkOf(c, c.reference()), model, live);
        String why = b.none() ? "" : "not predicted: the steps write " + base + "'s base_addr line too";
        return new ReaderRatio(c.id(), base, s, r, why);
    }

    /** True when neither side's line is written: the ratio is 1, whatever the machine. */
    public boolean exact() {
        return subject.none() && reference.none();
    }

    /**
     * One fork's rates from the run's counters: the base side's ns per reader load, and each side's (subject,
     * reference) allocator steps per reader load.
     */
    public record Rates(double baseNsPerLoad, double subjectStepsPerLoad, double referenceStepsPerLoad) {}

    /** Misses per reader load: each a copy the allocator took since the reader's last load; at most one a load. */
    static double missesPerLoad(double stepsPerLoad, double invalidationsPerStep) {
        return Math.min(1, stepsPerLoad * invalidationsPerStep);
    }

    /**
     * The ratio's two ends, {low, high}, for one fork's {@code rates}, over the ends of the hop's interval
     * ({@code hopNsLow .. hopNsHigh}) and of the invalidations.
     */
    public double[] bounds(Rates rates, double hopNsLow, double hopNsHigh) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double hop : new double[] {hopNsLow, hopNsHigh}) {
            for (boolean subjectHigh : new boolean[] {false, true}) {
                double s = cost(rates.baseNsPerLoad(), hop, rates.subjectStepsPerLoad(),
                        subjectHigh ? subject.high() : subject.low());
                double r = cost(rates.baseNsPerLoad(), hop, rates.referenceStepsPerLoad(),
                        subjectHigh ? reference.low() : reference.high());
                low = Math.min(low, s / r);
                high = Math.max(high, s / r);
            }
        }
        return new double[] {low, high};
    }

    private static double cost(double base, double hop, double stepsPerLoad, double invalidations) {
        return base + missesPerLoad(stepsPerLoad, invalidations) * hop;
    }

    /** "0.02 .. 1.00 invalidations per step (v6.4-rc4), 0 (v6.5-merged)", for notes. */
    public String describe(String subjectName, String referenceName) {
        return String.format(java.util.Locale.ROOT, "base_addr's line taken %.2f .. %.2f times a step (%s), "
                + "%.2f .. %.2f (%s)", subject.low(), subject.high(), subjectName, reference.low(), reference.high(),
                referenceName);
    }
}
