package org.cachelinebench.harness.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.infra.Control;

/**
 * ChunkInterleaved's schedule on the Java objects between two plain threads (ChunkInterleavedProtocolTest's driver):
 * in every slice both threads are on the slice's side's instance (the reader checks the allocator is in the slice at
 * each slice's end, and at every hand-over every instance's freeBytes must match its own pending area, which an
 * allocator step on another side's instance would break), every side gets the same slices in every block and the
 * same reader loads per cycle, the allocator works on every side, and a stop anywhere ends both threads. Facts,
 * never speed.
 */
class ChunkObjectInterleavedProtocolTest {
    private static ChunkInterleaving run() {
        return run(1);
    }

    private static ChunkInterleaving run(int live) {
        ChunkObjectSides objects = new ChunkObjectSides(CacheLine.SIZE);
        System.gc();
        objects.choose();
        return new ChunkInterleaving(ChunkObjectSides.NAMES, new ChunkObjectInterleaved.Places(objects, live));
    }

    /**
     * At live=8 the same protocol facts, and every side's allocator, on the Java class's own fields, writes
     * nrEmptyPopPages on 2 of 16 steps (each side keeps its object, so the period never restarts: one write more at
     * most, for a period cut short).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void atLive8EverySideWritesNrEmptyPopPagesOnOneStepInEight() throws Exception {
        ChunkInterleaving run = run(8);
        for (int s = 0; s < ChunkObjectSides.NAMES.size(); s++) {
            assertEquals(0, run.places().emptyPagesRate(s).steps(), "fresh: " + ChunkObjectSides.NAMES.get(s));
        }
        ChunkInterleavedProtocolTest.assertEverySideGetsTheSameSlices(run, cursors());
        for (int s = 0; s < ChunkObjectSides.NAMES.size(); s++) {
            EmptyPagesRate r = run.places().emptyPagesRate(s);
            assertTrue(r.steps() >= 16 && Math.abs(r.writes() - r.steps() / 8) <= 1, ChunkObjectSides.NAMES.get(s) + ": " + r);
        }
        String lines = EmptyPagesRate.perSide("ChunkObjectInterleaved live=8", run, 8);
        assertTrue(lines.contains(ChunkObjectSides.PADDED_AGAIN + " nr_empty_pop_pages written on"), lines);
    }

    private static ChunkInterleavedProtocolTest.Pair cursors() {
        int n = ChunkObjectSides.NAMES.size();
        return ChunkInterleavedProtocolTest.pair(n, ChunkObjectSides.REFERENCE_SIDE);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void bothThreadsRunEverySliceOnItsSidesInstanceAndEverySideGetsTheSameSlices() throws Exception {
        ChunkInterleavedProtocolTest.assertEverySideGetsTheSameSlices(run(), cursors());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aStopMidCycleEndsBothThreadsAndLeavesEveryInstanceWhole() throws Exception {
        ChunkInterleaving run = run();
        long slices = 2 * run.schedule().slicesPerCycle();
        for (long stopAfter : new long[] {1, 31, 33, 20 * ChunkInterleaving.BATCHES + 5}) {
            ChunkInterleavedProtocolTest.Pair p = ChunkInterleavedProtocolTest.run(run, cursors(), slices, stopAfter);
            assertTrue(p.reader().slice() < slices, "stopped after " + stopAfter + " batches");
            // JMH calls the allocator again after the stop until every thread is done: it stays where it stopped.
            Control stopped = new Control();
            stopped.stopMeasurement = true;
            long at = p.allocator().slice();
            ChunkInterleavedProtocolTest.allocate(run, p.allocator(), stopped, new SpinWait());
            assertEquals(at, p.allocator().slice(), "the allocator stays in its slice");
            run.checkAndReset();
            assertNull(run.places().check(run.names()));
            for (int s = 0; s < run.places().size(); s++) {
                PendingArea a = ((ChunkObjectInterleaved.Places) run.places()).area(s, 0);
                int full = PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT;
                assertEquals(full - a.held() * PcpuAllocator.AREA_SIZE,
                        ((ChunkObjectInterleaved.Places) run.places()).chunk(s, 0).chunk().getInt(PcpuChunkFields.FREE_BYTES), ChunkObjectSides.NAMES.get(s));
            }
        }
    }
}
