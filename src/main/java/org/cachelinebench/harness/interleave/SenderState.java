package org.cachelinebench.harness.interleave;

import java.util.List;
import java.util.Set;

import org.cachelinebench.harness.CounterNames;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;

/**
 * The sender thread's schedule, clock and printed report in an interleaved benchmark. Each benchmark's
 * {@code @AuxCounters} subclass declares one public accessor per counter, named by {@link CounterNames}: JMH names
 * a counter by its method and reads only the methods the state class itself declares, so the accessors cannot
 * live here; a test holds them to {@link #counterNames}.
 */
public abstract class SenderState {
    public final SenderCursor cursor;
    private final List<String> names;
    private final int reference;
    private final int floor;
    private final InterleavedReport report;
    private final List<String> probes;

    protected SenderState(List<String> names, int reference, int floor) {
        this(names, reference, floor, List.of());
    }

    /** Sides whose {@code probes} also report their cost over the floor's ({@link #probe}). */
    protected SenderState(List<String> names, int reference, int floor, List<String> probes) {
        if (!names.containsAll(probes) || !probes.isEmpty() && floor == CycleLog.NO_FLOOR) {
            throw new IllegalArgumentException("probes " + probes + " need a floor and must be sides of " + names);
        }
        this.probes = List.copyOf(probes);
        this.names = names;
        this.reference = reference;
        this.floor = floor;
        this.cursor = new SenderCursor(names.size(), reference, floor);
        this.report = new InterleavedReport(names, reference, floor);
    }

    @Setup(Level.Iteration)
    public void restart() {
        cursor.reset();
    }

    /** The schedule's cycles in the iteration. */
    protected long cycles() { return cursor.totals().cycles(); }
    /** Cycles past the per-cycle log: in the sums, not in the medians (0 in a normal run). */
    protected long notLogged() { return cursor.log().notLogged(); }

    /** The side's ns over the iteration. */
    protected long nanos(String side) { return cursor.totals().nanos(side(side)); }
    /** The side's calls over the iteration. */
    protected long calls(String side) { return cursor.totals().calls(side(side)); }
    /** The side's ratio to the reference, median over the iteration's cycles. */
    protected double ratio(String side) { return cursor.log().ratio(side(side)); }
    /** The side's extra line transfers, median over the iteration's cycles. */
    protected double extra(String side) { return cursor.log().extra(side(side)); }

    /**
     * A probe side's cost over the floor's, median over the iteration's cycles of cost(probe) / cost(floor): 1 when
     * the probe's extra line costs nothing on this machine, 2 when it costs a whole round trip.
     */
    protected double probe(String side) { return cursor.log().ratio(side(side), floor); }

    /**
     * The counters these sides report ({@link CounterNames#of}, and each probe's ratio to the floor): what the
     * subclass's accessors must be named.
     */
    Set<String> counterNames() {
        Set<String> out = new java.util.TreeSet<>(CounterNames.of(names, names.get(reference), names.get(floor)));
        for (String p : probes) {
            out.add(CounterNames.ratio(p, names.get(floor)));
        }
        return out;
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
        report.iteration(iteration, cursor);
    }

    @TearDown(Level.Trial)
    public void printTrialSides() {
        report.trial();
    }
}
