package org.cachelinebench.harness.interleave;

import java.util.List;

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
 * their names to {@link CounterNames}.
 */
public abstract class LeaderState {
    public final Leader clock;
    private final List<String> names;
    private final int floor;
    /** The leader's role in counter names ("" when only the leader is timed), and the follower's. */
    private final String leaderRole;
    private final String followerRole;
    private final InterleavedReport report;
    private final InterleavedReport followerReport;

    /** Only the leader timed: ratios to side {@code reference}, extra lines over side {@code floor}. */
    protected LeaderState(List<String> names, int reference, int floor) {
        this(names, reference, floor, "", null);
    }

    /** Both roles timed, named {@code leaderRole} and {@code followerRole}; ratios to side {@code reference}, no floor. */
    protected LeaderState(List<String> names, int reference, String leaderRole, String followerRole) {
        this(names, reference, CycleLog.NO_FLOOR, leaderRole, followerRole);
    }

    private LeaderState(List<String> names, int reference, int floor, String leaderRole, String followerRole) {
        this.names = List.copyOf(names);
        this.floor = floor;
        this.leaderRole = leaderRole;
        this.followerRole = followerRole;
        clock = new Leader(names.size(), reference, floor);
        report = new InterleavedReport(names, reference, floor);
        followerReport = followerRole == null ? null : new InterleavedReport(names, reference, floor);
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
