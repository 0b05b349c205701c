package org.cachelinebench.harness.interleave;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;

import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What an interleaved benchmark prints, written once for all of them: where every side's memory is, at setup;
 * one "#" line per side after every iteration and over all measurement iterations at the end: ns per call from
 * the sums, ratio to the reference and extra line transfers as medians over the cycles ({@link CycleLog}; the
 * trial's over all its measurement iterations' cycles together). The sender's state owns one; its trial log is
 * allocated with it, at trial setup.
 */
public final class InterleavedReport {
    private final List<String> names;
    private final int reference;
    private final int floor;
    /** The measurement iterations' totals and cycles, for the trial's lines. */
    private final SideTotals trial;
    private final CycleLog trialCycles;

    public InterleavedReport(List<String> names, int reference, int floor) {
        this.names = List.copyOf(names);
        this.reference = reference;
        this.floor = floor;
        this.trial = new SideTotals(names.size());
        this.trialCycles = new CycleLog(names.size(), reference, floor);
    }

    /** "# TITLE: N sides, N blocks (...)" and one line per side saying where its memory is ({@link Interleaving#whereIs}). */
    public static String sides(String title, Interleaving run) {
        int n = run.names().size();
        return perSide(title + ": " + n + " sides, " + n + " blocks (each side's memory, the same in every block unless"
                + " listed per block)", run.names(), run::whereIs);
    }

    /** "# HEAD:" and one "#   NAME TEXT" line per side, the names in a column. */
    public static String perSide(String head, List<String> names, IntFunction<String> text) {
        StringBuilder sb = new StringBuilder("# " + head + ":\n");
        int width = names.stream().mapToInt(String::length).max().orElse(0);
        for (int s = 0; s < names.size(); s++) {
            sb.append(String.format("#   %-" + width + "s %s%n", names.get(s), text.apply(s)));
        }
        return sb.toString();
    }

    /**
     * One description of where a side's memory is, when every one of {@code blocks} blocks gives the same, else
     * "block 0: ..; block 1: ..": how {@link HandshakeGrid} and {@link org.cachelinebench.harness.chunk.ChunkBlocks}
     * say where a side lies.
     */
    public static String sameInEveryBlock(int blocks, IntFunction<String> where) {
        Set<String> seen = new LinkedHashSet<>();
        for (int b = 0; b < blocks; b++) {
            seen.add(where.apply(b));
        }
        if (seen.size() == 1) {
            return seen.iterator().next();
        }
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < blocks; b++) {
            sb.append(b == 0 ? "" : "; ").append("block ").append(b).append(": ").append(where.apply(b));
        }
        return sb.toString();
    }

    /**
     * After an iteration: its lines, for one role of a benchmark whose threads have different jobs ("reader,
     * measurement iteration"; "" when only one is timed); a measurement iteration's totals and cycles also go into the
     * trial's.
     */
    public void iteration(IterationParams iteration, String role, SideTotals totals, CycleLog log) {
        boolean measured = iteration.getType() == IterationType.MEASUREMENT;
        if (measured) {
            trial.add(totals);
            trialCycles.add(log);
        }
        System.out.print(lines(prefix(role) + (measured ? "measurement" : "warmup") + " iteration", totals, log));
    }

    /** At the end of the trial: the lines over all measurement iterations, for one role. */
    public void trial(String role) {
        System.out.print(lines(prefix(role) + "all measurement iterations", trial, trialCycles));
    }

    private static String prefix(String role) {
        return role.isEmpty() ? "" : role + ", ";
    }

    /**
     * A head line and one line per side, e.g.
     * <pre>
     * # measurement iteration: 771 cycles (ns/call: over all of them; ratio, extra lines: medians over them)
     * #   line-aligned         140.2 ns/call  (reference)
     * #   floor                 60.3 ns/call  ratio 0.430
     * #   straddled            150.1 ns/call  ratio 1.071  extra lines +0.16
     * </pre>
     * The floor has no extra lines: it is their unit.
     */
    String lines(String what, SideTotals totals, CycleLog cycles) {
        StringBuilder sb = new StringBuilder("# " + what + ": " + totals.cycles() + " cycles");
        if (cycles.notLogged() > 0) {
            sb.append(String.format(Locale.ROOT, ", %d past the log's %d not in the medians", cycles.notLogged(),
                    CycleLog.CAPACITY));
        }
        sb.append(" (ns/call: over all of them; ratio, extra lines: medians over them)\n");
        int width = names.stream().mapToInt(String::length).max().orElse(0);
        for (int s = 0; s < names.size(); s++) {
            sb.append(String.format(Locale.ROOT, "#   %-" + width + "s %8.1f ns/call", names.get(s),
                    totals.nanosPerCall(s)));
            if (s == reference) {
                sb.append("  (reference)");
            } else {
                sb.append(String.format(Locale.ROOT, "  ratio %.3f", cycles.ratio(s)));
                if (floor != CycleLog.NO_FLOOR && s != floor) {
                    sb.append(String.format(Locale.ROOT, "  extra lines %+.2f", cycles.extra(s)));
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
