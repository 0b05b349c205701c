package org.cachelinebench.harness.chunk;

import java.util.List;
import java.util.Set;

import org.cachelinebench.harness.interleave.CycleLog;
import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.harness.interleave.SideTotals;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

/**
 * The reader thread's schedule, clock and printed report in {@code benchmarks.ChunkInterleaved} (and
 * ChunkObjectInterleaved), and every counter's value for both roles ({@link ChunkSides}); as
 * {@link org.cachelinebench.harness.interleave.SenderState}, the benchmark's {@code @AuxCounters} subclass declares
 * one accessor per counter, and a test holds them to {@link #counterNames}.
 */
public abstract class ChunkReaderState {
    public final ChunkReaderCursor cursor;
    private final List<String> names;
    private final Set<String> counterNames;
    private final InterleavedReport readerReport;
    private final InterleavedReport allocatorReport;

    /** For ChunkInterleaved's {@link ChunkSides}. */
    protected ChunkReaderState() {
        this(ChunkLayoutSides.CLASSIC);
    }

    /** For an off-heap benchmark's sides. */
    protected ChunkReaderState(ChunkLayoutSides sides) {
        this(sides.names(), sides.reference(), sides.counterNames());
    }

    /** For the sides {@code names}, in schedule order, ratios against side {@code reference}, and their counters. */
    protected ChunkReaderState(List<String> names, int reference, Set<String> counterNames) {
        this.names = List.copyOf(names);
        this.counterNames = Set.copyOf(counterNames);
        cursor = new ChunkReaderCursor(names.size(), reference);
        readerReport = new InterleavedReport(names, reference, CycleLog.NO_FLOOR);
        allocatorReport = new InterleavedReport(names, reference, CycleLog.NO_FLOOR);
    }

    /**
     * Each iteration starts the schedule from its first slice. A timed one ends at JMH's stop; in single-shot mode
     * ({@code -bm ss -bs N}) it ends after the reader's N batches, N / (2 x sides x sides x batches a slice)
     * whole cycles measured however fast the machine (docs/interleaved-design.md).
     */
    @Setup(Level.Iteration)
    public void restart(BenchmarkParams params, IterationParams iteration) {
        if (fixedLength(params)) {
            cursor.resetFixedLength(iteration.getBatchSize());
        } else {
            cursor.reset();
        }
    }

    /** Whether the run's iterations are a number of calls, not a time: JMH's single-shot mode. */
    static boolean fixedLength(BenchmarkParams params) {
        return params.getMode() == Mode.SingleShotTime;
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

    /** The counters the benchmark reports. */
    Set<String> counterNames() {
        return counterNames;
    }

    private SideTotals totals(String role) {
        return ChunkSides.READER.equals(role) ? cursor.totals() : cursor.allocatorTotals();
    }

    private CycleLog log(String role) {
        return ChunkSides.READER.equals(role) ? cursor.log() : cursor.allocatorLog();
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
