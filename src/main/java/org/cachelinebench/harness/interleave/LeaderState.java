package org.cachelinebench.harness.interleave;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.harness.CounterNames;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * The leader thread's clock and printed report in an interleaved benchmark, and every counter's value. Each
 * benchmark's {@code @AuxCounters} subclass declares one public accessor per counter: JMH names a counter by its
 * method and reads only the methods the state class itself declares, so the accessors cannot live here; a test holds
 * them to {@link #counterNames}.
 */
public abstract class LeaderState {
    public final Leader clock;
    private final List<String> names;
    private final int floor;
    private final Set<String> counterNames;
    /** The leader's role in counter names ("" when only the leader is timed), and the follower's. */
    private final String leaderRole;
    private final String followerRole;
    private final InterleavedReport report;
    private final InterleavedReport followerReport;

    /**
     * Only the leader timed: ratios to side {@code reference}, extra lines over side {@code floor}, and the
     * {@code probes} also reported over the floor ({@link #probe}).
     */
    protected LeaderState(List<String> names, int reference, int floor, List<String> probes) {
        if (!names.containsAll(probes) || !probes.isEmpty() && floor == CycleLog.NO_FLOOR) {
            throw new IllegalArgumentException("probes " + probes + " need a floor and must be sides of " + names);
        }
        this.names = List.copyOf(names);
        this.floor = floor;
        Set<String> counters = new TreeSet<>(CounterNames.of(names, names.get(reference), names.get(floor)));
        for (String p : probes) {
            counters.add(CounterNames.ratio(p, names.get(floor)));
        }
        this.counterNames = Set.copyOf(counters);
        this.leaderRole = "";
        this.followerRole = null;
        clock = new Leader(names.size(), reference, floor);
        report = new InterleavedReport(names, reference, floor);
        followerReport = null;
    }

    /** Both roles timed, named {@code leaderRole} and {@code followerRole}; ratios to side {@code reference}, no floor. */
    protected LeaderState(List<String> names, int reference, String leaderRole, String followerRole,
                          Set<String> counterNames) {
        this.names = List.copyOf(names);
        this.floor = CycleLog.NO_FLOOR;
        this.counterNames = Set.copyOf(counterNames);
        this.leaderRole = leaderRole;
        this.followerRole = followerRole;
        clock = new Leader(names.size(), reference, CycleLog.NO_FLOOR);
        report = new InterleavedReport(names, reference, CycleLog.NO_FLOOR);
        followerReport = new InterleavedReport(names, reference, CycleLog.NO_FLOOR);
    }

    /**
     * Each iteration starts the schedule from its first slice. A timed one ends at JMH's stop; where both roles are
     * timed, a single-shot one ({@code -bm ss -bs N}) ends after the leader's N calls, N / (2 x sides x sides x calls
     * a slice) whole cycles measured however fast the machine (docs/interleaved-design.md).
     */
    @Setup(Level.Iteration)
    public void restart(BenchmarkParams params, IterationParams iteration) {
        if (followerRole != null && params.getMode() == Mode.SingleShotTime) {
            clock.resetFixedLength(iteration.getBatchSize());
        } else {
            clock.reset();
        }
    }

    /** The schedule's committed cycles in the iteration. */
    protected long cycles() { return clock.totals().cycles(); }
    /** Cycles past the per-cycle log: in the sums, not in the medians (0 in a normal run). */
    protected long notLogged() { return clock.log().notLogged(); }

    /** The side's ns over the iteration. */
    protected long nanos(String side) { return clock.totals().nanos(side(side)); }
    /** The side's calls over the iteration. */
    protected long calls(String side) { return clock.totals().calls(side(side)); }
    /** The side's ratio to the reference, median over the iteration's cycles. */
    protected double ratio(String side) { return clock.log().ratio(side(side)); }
    /** The side's extra line transfers, median over the iteration's cycles. */
    protected double extra(String side) { return clock.log().extra(side(side)); }

    /**
     * A probe side's cost over the floor's, median over the iteration's cycles of cost(probe) / cost(floor): 1 when
     * the probe's extra line costs nothing on this machine, 2 when it costs a whole round trip.
     */
    protected double probe(String side) { return clock.log().ratio(side(side), floor); }

    /** The side's ns over the iteration, as {@code role} measured it. */
    protected long nanos(String role, String side) { return totals(role).nanos(side(side)); }
    /** The side's calls (reader loads, allocator steps) over the iteration. */
    protected long calls(String role, String side) { return totals(role).calls(side(side)); }
    /** The side's cost ratio to the reference, median over the iteration's cycles. */
    protected double ratio(String role, String side) { return log(role).ratio(side(side)); }
    /** The side's cost ratio to another side, median over the iteration's cycles. */
    protected double ratio(String role, String side, String reference) {
        return log(role).ratio(side(side), side(reference));
    }

    /** The counters the benchmark reports: what the subclass's accessors must be named. */
    public Set<String> counterNames() {
        return counterNames;
    }

    private SideTotals totals(String role) {
        return role.equals(leaderRole) ? clock.totals() : clock.followerTotals();
    }

    private CycleLog log(String role) {
        return role.equals(leaderRole) ? clock.log() : clock.followerLog();
    }

    private int side(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no side '" + name + "' (sides: " + names + ")");
        }
        return i;
    }

    @TearDown(Level.Iteration)
    public void printSides(IterationParams iteration) {
        report.iteration(iteration, leaderRole, clock.totals(), clock.log());
        if (followerReport != null) {
            followerReport.iteration(iteration, followerRole, clock.followerTotals(), clock.followerLog());
        }
        if (clock.cyclesSkipped() > 0) {
            System.out.println("# " + clock.cyclesSkipped() + " cycles left out: the " + followerRole
                    + " made no call for a side");
        }
    }

    @TearDown(Level.Trial)
    public void printTrialSides() {
        report.trial(leaderRole);
        if (followerReport != null) {
            followerReport.trial(followerRole);
        }
    }
}
