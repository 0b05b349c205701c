package org.cachelinebench.harness;

import java.util.List;

import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What an interleaved benchmark prints, written once for all of them: where every side's memory is, at setup;
 * one "#" line per side after every iteration and over all measurement iterations at the end (ns per call, ratio
 * to the reference, extra line transfers). The sender's state owns one.
 */
public final class InterleavedReport {
    private final List<String> names;
    private final int reference;
    private final int floor;
    /** The measurement iterations' totals, for the trial's lines. */
    private final SideTotals trial;

    public InterleavedReport(List<String> names, int reference, int floor) {
        this.names = List.copyOf(names);
        this.reference = reference;
        this.floor = floor;
        this.trial = new SideTotals(names.size());
    }

    /**
     * "# sides of IpiInterleaved protocol=flag ..." and one line per side saying where its memory is, from the
     * real addresses (see {@link HandshakeGrid#whereIs}).
     */
    public static String sides(String title, Interleaving run) {
        HandshakeGrid grid = run.grid();
        StringBuilder sb = new StringBuilder("# " + title + ": " + grid.size() + " sides, " + grid.size()
                + " blocks (each side's memory, the same in every block unless listed per block):\n");
        int width = grid.names().stream().mapToInt(String::length).max().orElse(0);
        for (int s = 0; s < grid.size(); s++) {
            sb.append(String.format("#   %-" + width + "s %s%n", grid.name(s), grid.whereIs(s)));
        }
        return sb.toString();
    }

    /** After an iteration: its lines; a measurement iteration's totals also go into the trial's. */
    public void iteration(IterationParams iteration, SideTotals totals) {
        boolean measured = iteration.getType() == IterationType.MEASUREMENT;
        if (measured) {
            trial.add(totals);
        }
        print((measured ? "measurement" : "warmup") + " iteration", totals);
    }

    /** At the end of the trial: the lines over all measurement iterations. */
    public void trial() {
        print("all measurement iterations", trial);
    }

    private void print(String what, SideTotals totals) {
        System.out.print("# " + what + ": " + totals.cycles() + " cycles\n"
                + totals.describe(names, reference, floor, "#   "));
    }
}
