package org.cachelinebench.claims;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The numbers the gate decides with: the confidence of its verdicts, the width of its margin and the band of an
 * unmoved machine. Every other quantity comes from the run itself: a claim's per-round effect is taken against the
 * A/A control of the same rounds, the margin of "the same" is that A/A's own robust spread, and the fewest rounds is
 * the fewest with which a signed-rank bound exists at this confidence. The rule, its statistics and the simulation
 * behind these numbers ({@code benchmarks/regate --simulate}): docs/ci-gate.md.
 */
public final class GateRule {
    private GateRule() {}

    /**
     * Each one-sided bound of a verdict holds with this probability. Chosen on {@link #calibrationRuns} as the
     * strictest of {@link #CANDIDATES} at which every gated claim those runs measured holds (a test recomputes it
     * from those files); the simulation shows what it gives a revert and a good commit.
     */
    public static final double CONFIDENCE = 0.99;

    /** The confidences calibration chooses among, weakest first. */
    public static final List<Double> CANDIDATES = List.of(0.95, 0.99, 0.995, 0.999);

    /**
     * Where the runs of a good commit that C is chosen on are listed, relative to the repository root: one run folder
     * a line, {@code #} for comments. The list is data, dated with its runs, so it lives beside them in results/.
     */
    public static final String CALIBRATION_RUNS_FILE = "results/ci-calibration/gated-runs.txt";

    /** The run folders {@link #CALIBRATION_RUNS_FILE} lists, relative to the repository root. */
    public static List<String> calibrationRuns() {
        try {
            return Files.readAllLines(Path.of(CALIBRATION_RUNS_FILE)).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(CALIBRATION_RUNS_FILE + ": " + e.getMessage(), e);
        }
    }

    /**
     * Each one-sided bound of an A/A control's own verdict holds with this probability. Those bounds are order
     * statistics of the A/A's rounds, and this is a round confidence at which, at the runner's first look (8 rounds),
     * the bound is the second most extreme round, not the most extreme: one wild round then moves it by one order
     * statistic, not by its size (at 8 rounds 1 - 9/256 = 96.5 % is the strictest that does).
     */
    public static final double AA_CONFIDENCE = 0.96;

    /**
     * The margin of "the same" in units of z(confidence) robust standard deviations of the A/A's rounds. A scaled
     * median absolute deviation from 8 to 10 rounds is itself a noisy number; at 1 a revert would read undecided
     * about one time in twenty-five, at 2 fewer than one in a hundred (the simulation's table).
     */
    public static final double MARGIN_WIDTH = 2.0;

    /**
     * The machine counts as unmoved between a baseline and a run when both bounds of the shift of their floors lie
     * within this factor either way: floors within 10 % of each other, not merely floors whose difference was not
     * shown.
     */
    public static final double FLOOR_BAND = 1.10;
}
