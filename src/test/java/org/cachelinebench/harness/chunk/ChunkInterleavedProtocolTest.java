package org.cachelinebench.harness.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.cachelinebench.benchmarks.ChunkEmptyPagesInterleaved;
import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.harness.interleave.CycleLog;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.ipi.IpiInterleavedProtocolTest;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.infra.Control;

/**
 * The interleaved pcpu_chunk schedule between two plain threads: in every slice the allocator is on the slice's
 * chunk from the reader's first batch to its last (the reader checks it at every slice's end; both count the slices
 * they ran per side and block, and the counts agree), every side gets the same slices and reader loads per cycle,
 * every chunk's free_bytes matches its allocator's pending area at every hand-over, and a stop anywhere ends both
 * threads. Asserts facts, never speed; every run is bounded by a deadline and the stop flag.
 */
class ChunkInterleavedProtocolTest {
    static final long CYCLES = 3;
    static final long DEADLINE_MILLIS = 60_000;
    static final long STOP_MILLIS = 10_000;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void bothThreadsRunEverySliceOnItsChunkAndEverySideGetsTheSameSlices() throws Exception {
        assertEverySideGetsTheSameSlices(offHeap(ChunkInterleaved.SIDES, 1),
                pair(ChunkInterleaved.SIDES.names().size(), ChunkInterleaved.SIDES.reference()));
    }

    /**
     * ChunkEmptyPagesInterleaved's side list on the same harness, at live=8: the same protocol facts, and every side's
     * allocator writes nr_empty_pop_pages on some steps but not on most (2 of 16 in a whole period; a hand-over
     * restarts the period on a fresh chunk, so at most one write more per slice).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theEmptyPagesSidesRunTheSameProtocolAtTheirOccupancy() throws Exception {
        ChunkSides sides = ChunkEmptyPagesInterleaved.SIDES;
        int n = sides.names().size();
        ChunkInterleaving run = offHeap(sides, 8);
        assertEquals(sides.names(), run.names());
        for (int s = 0; s < n; s++) {
            assertEquals(0, blocks(run).emptyPagesRate(s).steps(), "fresh: " + sides.names().get(s));
        }
        assertEverySideGetsTheSameSlices(run, pair(n, sides.reference()));
        long slicesPerSide = 2 * CYCLES * n + 1;
        for (int s = 0; s < n; s++) {
            EmptyPagesRate r = blocks(run).emptyPagesRate(s);
            assertTrue(r.writes() > 0 && r.writes() <= r.steps() / 8 + slicesPerSide, sides.names().get(s) + ": " + r);
        }
    }

    /**
     * Runs {@link #CYCLES} cycles of {@code run} with {@code cursors}: the reader ran exactly those slices, both
     * threads every side in every block equally often, every committed cycle the same reader loads for every side,
     * the allocator steps for every side, and every chunk is whole after it (also for ChunkObjectInterleaved's).
     */
    static void assertEverySideGetsTheSameSlices(ChunkInterleaving run, Pair cursors) throws InterruptedException {
        InterleavedSchedule schedule = run.schedule();
        long slices = CYCLES * schedule.slicesPerCycle();
        Pair p = run(run, cursors, slices, -1);
        Leader reader = p.reader();
        Follower allocator = p.allocator();
        int n = schedule.sides();
        // The reader ran exactly the slices asked; the allocator entered each of them and, at most, the next.
        assertEquals(slices, reader.slice());
        assertTrue(allocator.slice() == slices || allocator.slice() == slices - 1, "allocator at " + allocator.slice());
        int lastSide = schedule.side(slices);
        int lastBlock = schedule.block(slices);
        for (int s = 0; s < n; s++) {
            for (int b = 0; b < n; b++) {
                assertEquals(2 * CYCLES, reader.slicesIn(s, b), "reader, side " + s + " block " + b);
                long extra = s == lastSide && b == lastBlock ? allocator.slice() - slices + 1 : 0;
                assertEquals(2 * CYCLES + extra, allocator.slicesIn(s, b), "allocator, side " + s + " block " + b);
            }
        }
        // Every committed cycle gives every side the same loads; the allocator's steps are its own.
        long committed = reader.totals().cycles();
        assertEquals(CYCLES, committed + reader.cyclesSkipped());
        assertEquals(committed, reader.log().logged());
        assertEquals(committed, reader.followerTotals().cycles());
        assertEquals(committed, reader.followerLog().logged());
        long loads = committed * schedule.slicesPerGroup() * ChunkInterleaving.BATCHES * PcpuChunkWorkload.OPS;
        for (int s = 0; s < n; s++) {
            assertEquals(loads, reader.totals().calls(s), run.names().get(s));
            assertEquals(committed > 0, reader.followerTotals().calls(s) > 0, run.names().get(s));
        }
        // Every chunk is whole after the run: the lock free, free_bytes down by the pending area only.
        assertNull(run.places().check(run.names()));
        run.checkAndReset();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aStopMidCycleEndsBothThreadsAndTheResetRestoresFreshChunks() throws Exception {
        ChunkInterleaving run = offHeap(ChunkInterleaved.SIDES, 1);
        long slices = 2 * run.schedule().slicesPerCycle();
        for (long stopAfter : new long[] {1, 31, 33, 20 * ChunkInterleaving.BATCHES + 5}) {
            Pair p = run(run, slices, stopAfter);
            assertTrue(p.reader().slice() < slices, "stopped after " + stopAfter + " batches");
            run.checkAndReset();
            for (int b = 0; b < blocks(run).size(); b++) {
                assertEquals(run.schedule().sideIn(b, 0), blocks(run).owner(b));
                assertEquals(0, blocks(run).area(blocks(run).owner(b), b).held());
            }
            assertNull(blocks(run).check(run.names()));
        }
    }

    /**
     * The allocator stopped while it waits at a group's barrier is called again, as JMH calls every thread until all
     * are done: it stays out of the blocks, in the group it left, instead of starting over at slice 0 (the reader is
     * driven by hand here, one slice at a time).
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anAllocatorStoppedAtTheBarrierStaysThereWhenCalledAgain() {
        ChunkInterleaving run = offHeap(ChunkInterleaved.SIDES, 1);
        Follower allocator = new Follower();
        Control control = new Control();
        control.startMeasurement = true;
        SpinWait spin = new SpinWait();
        int lastOfGroup = run.schedule().slicesPerGroup() - 1;
        for (long k = 0; k <= lastOfGroup; k++) {
            run.sliceBarrier().open(k + 1);                     // the reader opens slice k
            allocate(run, allocator, control, spin);
            assertEquals(k, allocator.slice());
            assertEquals(k + 1, run.sliceBarrier().finished(), "the allocator says it entered slice " + k);
        }
        run.sliceBarrier().open(lastOfGroup + 2);               // the next group's first slice, not opened by the barrier
        control.stopMeasurement = true;
        allocate(run, allocator, control, spin);
        assertEquals(1, run.groupBarrier().finished(), "it left group 0");
        for (int call = 0; call < 3; call++) {
            assertEquals(0, allocate(run, allocator, control, spin), "no step outside a slice");
            assertEquals(lastOfGroup, allocator.slice());
        }
        run.checkAndReset();
    }

    /**
     * A fixed-length iteration (JMH's single-shot mode): each thread makes exactly its batch of calls, as JMH's
     * single-shot loop does, with JMH's stop set from the start, as JMH sets it there. Both threads end after the
     * reader's last batch, the allocator there for every slice however many steps that took and for none after;
     * whole cycles are committed, a cycle cut off by the last batch is not, and the next iteration starts over. No
     * time limit in the protocol: only the watchdog's.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aFixedLengthIterationEndsBothThreadsAfterTheReadersBatches() throws Exception {
        ChunkInterleaving run = offHeap(ChunkInterleaved.SIDES, 1);
        long cycle = run.schedule().slicesPerCycle() * (long) ChunkInterleaving.BATCHES;
        Pair p = pair(ChunkInterleaved.SIDES.names().size(), ChunkInterleaved.SIDES.reference());
        for (long batches : new long[] {CYCLES * cycle, cycle + ChunkInterleaving.BATCHES + 5}) {
            p.reader().resetFixedLength(batches);
            p.allocator().resetFixedLength();
            fixedLength(run, p, batches);
            long whole = batches / cycle;
            assertEquals(whole, p.reader().totals().cycles(), batches + " batches");
            assertEquals(0, p.reader().cyclesSkipped());
            for (int s = 0; s < run.schedule().sides(); s++) {
                assertTrue(p.reader().followerTotals().calls(s) > 0, run.names().get(s));
            }
            // The reader's last slice: the allocator entered it and no later one.
            assertEquals(p.reader().slice(), p.allocator().slice(), batches + " batches");
            SpinWait spin = new SpinWait();
            assertEquals(0, allocate(run, p.allocator(), new Control(), spin),
                    "no step after the reader's end, whatever JMH's stop says");
            run.checkAndReset();
            assertNull(run.places().check(run.names()));
        }
    }

    /**
     * Both threads make {@code calls} calls each, JMH's stop already set; a watchdog ends the run's own stop and
     * fails.
     */
    private static void fixedLength(ChunkInterleaving run, Pair p, long calls) throws InterruptedException {
        Control control = new Control();
        control.startMeasurement = true;
        control.stopMeasurement = true;
        long[] offsets = PcpuUnits.readerSequence(2, PcpuChunkWorkload.OPS);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread allocator = thread("chunk-allocator", control, failure, () -> {
            SpinWait spin = new SpinWait();
            for (long i = 0; i < calls; i++) {
                allocate(run, p.allocator(), control, spin);
            }
        });
        Thread reader = thread("chunk-reader", control, failure, () -> {
            SpinWait spin = new SpinWait();
            for (long i = 0; i < calls; i++) {
                read(run, p.reader(), offsets, control, spin);
            }
        });
        allocator.start();
        reader.start();
        reader.join(DEADLINE_MILLIS);
        allocator.join(DEADLINE_MILLIS);
        if (reader.isAlive() || allocator.isAlive()) {
            String where = "reader at " + run.describe(p.reader().slice()) + ", allocator at slice "
                    + p.allocator().slice();
            run.endFixedLength();
            reader.join(STOP_MILLIS);
            allocator.join(STOP_MILLIS);
            fail("watchdog: not done after " + DEADLINE_MILLIS + " ms; " + where);
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        }
    }

    record Pair(Leader reader, Follower allocator) {}

    /** A reader and an allocator for {@code n} sides, ratios against side {@code reference}. */
    static Pair pair(int n, int reference) {
        return new Pair(new Leader(n, reference, CycleLog.NO_FLOOR), new Follower());
    }

    /** The off-heap sides {@code sides}, one block each, at occupancy {@code live}. */
    static ChunkInterleaving offHeap(ChunkSides sides, int live) {
        return new ChunkInterleaving(sides.names(), new ChunkBlocks(sides.layouts(), KernelConfig.DEFAULT,
                CacheLine.SIZE, live));
    }

    static ChunkBlocks blocks(ChunkInterleaving run) {
        return (ChunkBlocks) run.places();
    }

    /** The reader's method, as the benchmarks' (each on its own places' type; here either). */
    static long read(ChunkInterleaving run, Leader reader, long[] offsets, Control control, SpinWait spin) {
        if (!reader.begin(run, control, spin)) {
            return 0;
        }
        long sum = run.places() instanceof ChunkBlocks b
                ? PcpuChunkWorkload.sumChunkAddrs(b.chunk(reader.side(), reader.block()), offsets)
                : ((ChunkObjectInterleaved.Places) run.places()).chunk(reader.side(), reader.block()).sumChunkAddrs(offsets);
        reader.end(run, control, spin);
        return sum;
    }

    private static boolean objectSlice(ChunkObjectInterleaved.Places p, int side, int block, Control stop,
            Follower allocator, ChunkInterleaving run, SpinWait spin) {
        ChunkObjectHandle chunk = p.chunk(side, block);
        do {
            if (!chunk.allocateOrFreeOnce(p.lock(block), p.area(side, block), stop)) {
                return false;
            }
        } while (allocator.steppedInSlice(run, stop, spin));
        return true;
    }

    /** The allocator's method, as the benchmarks': the slice's chunk looked up once, then its steps. */
    static int allocate(ChunkInterleaving run, Follower allocator, Control control, SpinWait spin) {
        Control stop = allocator.stop(run, control);
        ChunkPlaces places = run.places();
        while (allocator.next(run, stop, spin)) {
            int side = allocator.side();
            int block = allocator.block();
            boolean stepped = places instanceof ChunkBlocks b
                    ? PcpuChunkWorkload.allocateOrFreeInSlice(b.chunk(side, block), b.lock(block), b.area(side, block),
                            stop, allocator, run, spin)
                    : objectSlice((ChunkObjectInterleaved.Places) places, side, block, stop, allocator, run, spin);
            if (!stepped) {
                break;
            }
        }
        return allocator.endRound();
    }

    /**
     * Runs {@code slices} slices with a reader and an allocator thread; the reader sets the stop flag itself after
     * {@code stopAfter} batches (if not negative), else once it ran the slices; a watchdog stops both and fails.
     */
    static Pair run(ChunkInterleaving run, long slices, long stopAfter) throws InterruptedException {
        return run(run, pair(ChunkInterleaved.SIDES.names().size(), ChunkInterleaved.SIDES.reference()), slices, stopAfter);
    }

    /** The same with the given cursors (fresh or reset), sized for the run's sides. */
    static Pair run(ChunkInterleaving run, Pair cursors, long slices, long stopAfter) throws InterruptedException {
        Control control = new Control();
        control.startMeasurement = true;
        Leader reading = cursors.reader();
        Follower allocating = cursors.allocator();
        long[] offsets = PcpuUnits.readerSequence(2, PcpuChunkWorkload.OPS);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread allocator = thread("chunk-allocator", control, failure, () -> {
            SpinWait spin = new SpinWait();
            while (!control.stopMeasurement) {
                allocate(run, allocating, control, spin);
            }
            for (int i = 0; i < 3; i++) {
                allocate(run, allocating, control, spin);     // JMH calls on until every thread is done
            }
        });
        Thread reader = thread("chunk-reader", control, failure, () -> {
            SpinWait spin = new SpinWait();
            long batches = 0;
            while (reading.slice() < slices && !control.stopMeasurement) {
                read(run, reading, offsets, control, spin);
                if (++batches == stopAfter) {
                    control.stopMeasurement = true;
                }
            }
            control.stopMeasurement = true;
            for (int i = 0; i < 3; i++) {
                read(run, reading, offsets, control, spin);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DEADLINE_MILLIS);
        allocator.start();
        reader.start();
        reader.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        allocator.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        if (reader.isAlive() || allocator.isAlive()) {
            String where = "reader at " + run.describe(reading.slice()) + ", allocator at slice " + allocating.slice();
            control.stopMeasurement = true;
            reader.join(STOP_MILLIS);
            allocator.join(STOP_MILLIS);
            fail("watchdog: not done after " + DEADLINE_MILLIS + " ms; " + where
                    + (reader.isAlive() || allocator.isAlive() ? "; still running after the stop" : ""));
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed: " + failure.get(), failure.get());
        }
        assertFalse(reader.isAlive() || allocator.isAlive());
        return new Pair(reading, allocating);
    }

    private static Thread thread(String name, Control control, AtomicReference<Throwable> failure, Runnable body) {
        return IpiInterleavedProtocolTest.thread(name, control, failure, body);
    }
}
