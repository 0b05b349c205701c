package org.cachelinebench.harness;

import java.util.Set;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;

/**
 * The reader thread's schedule, clock and printed report in {@code benchmarks.ChunkInterleaved}, and every counter's
 * value for both roles ({@link ChunkSides}); as {@link SenderState}, the benchmark's {@code @AuxCounters} subclass
 * declares one accessor per counter, and a test holds them to {@link #counterNames}.
 */
public abstract class ChunkReaderState {
    public final ChunkReaderCursor cursor = new ChunkReaderCursor();
    private final InterleavedReport readerReport = report();
    private final InterleavedReport allocatorReport = report();

    private static InterleavedReport report() {
        return new InterleavedReport(ChunkSides.NAMES, ChunkSides.REFERENCE_SIDE, CycleLog.NO_FLOOR);
    }

    @Setup(Level.Iteration)
    public void restart() {
        cursor.reset();
    }

    /** The schedule's committed cycles in the iteration. */
    protected long cycles() { return cursor.totals().cycles(); }
    /** Cycles past the per-cycle logs: in the sums, not in the medians (0 in a normal run). */
    protected long notLogged() { return cursor.log().notLogged(); }

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

    /** The counters ChunkInterleaved reports. */
    Set<String> counterNames() {
        return ChunkSides.counterNames();
    }

    private SideTotals totals(String role) {
        return ChunkSides.READER.equals(role) ? cursor.totals() : cursor.allocatorTotals();
    }

    private CycleLog log(String role) {
        return ChunkSides.READER.equals(role) ? cursor.log() : cursor.allocatorLog();
    }

    private static int side(String name) {
        int i = ChunkSides.NAMES.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no side '" + name + "' (sides: " + ChunkSides.NAMES + ")");
        }
        return i;
    }

    @TearDown(Level.Iteration)
    public void printSides(IterationParams iteration) {
        readerReport.iteration(iteration, ChunkSides.READER, cursor.totals(), cursor.log());
        allocatorReport.iteration(iteration, ChunkSides.ALLOCATOR, cursor.allocatorTotals(), cursor.allocatorLog());
        if (cursor.cyclesSkipped() > 0) {
            System.out.println("# " + cursor.cyclesSkipped() + " cycles left out: the allocator made no step for a side");
        }
    }

    @TearDown(Level.Trial)
    public void printTrialSides() {
        readerReport.trial(ChunkSides.READER);
        allocatorReport.trial(ChunkSides.ALLOCATOR);
    }
}
