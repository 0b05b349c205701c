package org.cachelinebench.harness.chunk;

import java.util.List;

import org.cachelinebench.harness.interleave.GroupGate;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.harness.interleave.SideTotals;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.openjdk.jmh.infra.Control;

/**
 * What one reader ({@link ChunkReaderCursor}) and one allocator ({@link ChunkAllocatorCursor}) share in the
 * interleaved {@code pcpu_chunk} measurement: {@link InterleavedSchedule}'s arithmetic over N sides in N blocks
 * ({@link ChunkPlaces}: the {@link ChunkSides} off-heap in {@link ChunkBlocks}, or the Java objects), and two
 * {@link GroupGate}s, one handing each slice over and one between groups.
 *
 * <p>The reader leads: it opens a slice, waits until the allocator has entered it, runs the slice's reader batches
 * and opens the next. The allocator follows: after each step it reads which slice is open and, when that changed,
 * books its steps and time to the slice it leaves and enters the new one. So both threads are on the slice's chunk
 * from the reader's first batch to its last. Blocks change hands only between groups, at the barrier: the reader
 * waits until the allocator has left the group, checks every block's chunk, sets up the next owners' chunks fresh
 * (the layouts overlap in a block) and opens the next group. Neither wait is timed. Why: docs/interleaved-design.md.
 *
 * <p>An iteration ends at JMH's stop (a timed iteration), or, in single-shot mode ({@code -bm ss -bs N}), after the
 * reader's N-th batch: there both threads wait on a stop of their own ({@link #fixedLengthStop}), which the reader
 * sets after that batch, and the allocator follows it however many steps that takes. N whole cycles of batches are
 * N cycles measured, however fast the machine.
 */
public final class ChunkInterleaving {
    /**
     * Reader batches per slice: 32 of {@link PcpuChunkWorkload#OPS} loads, about as long as a csd slice, with several
     * hundred allocator steps in it (the measured lengths: docs/interleaved-design.md).
     */
    public static final int BATCHES = 32;

    private final InterleavedSchedule schedule;
    private final ChunkPlaces blocks;
    private final List<String> names;
    /** Slice {@code k} is open while {@code slices.opened == k + 1}; the allocator is in it once {@code finished == k + 1}. */
    final GroupGate slices = new GroupGate();
    final GroupGate groups = new GroupGate();
    /**
     * The allocator's steps and ns per side in the cycle under way: written by the allocator within a group, read
     * and cleared by the reader at the barrier, while the allocator waits there.
     */
    final SideTotals allocatorCycle;
    /**
     * The stop of an iteration of fixed length (JMH's single-shot mode, whose own stop is set as the iteration
     * begins): both threads wait on it instead; set by the reader after its last batch, or by either thread that
     * fails, cleared between iterations.
     */
    private final Control fixedLength = new Control();

    public ChunkInterleaving(KernelConfig config) {
        this(config, CacheLine.SIZE);
    }

    public ChunkInterleaving(KernelConfig config, int lineSize) {
        this(ChunkSides.NAMES, new ChunkBlocks(ChunkSides.LAYOUTS, config, lineSize));
    }

    /** ChunkInterleaved's sides at occupancy {@code live}. */
    public ChunkInterleaving(KernelConfig config, int lineSize, int live) {
        this(ChunkLayoutSides.CLASSIC, config, lineSize, live);
    }

    /** The off-heap sides {@code sides}, one block each, at occupancy {@code live}. */
    public ChunkInterleaving(ChunkLayoutSides sides, KernelConfig config, int lineSize, int live) {
        this(sides.names(), new ChunkBlocks(sides.layouts(), config, lineSize, live));
    }

    /** The schedule over {@code names}, in schedule order, on the chunks of {@code places}, one block per side. */
    public ChunkInterleaving(List<String> names, ChunkPlaces places) {
        if (places.size() != names.size()) {
            throw new IllegalArgumentException(names.size() + " sides in " + places.size() + " blocks");
        }
        this.names = List.copyOf(names);
        schedule = new InterleavedSchedule(names.size(), BATCHES);
        blocks = places;
        allocatorCycle = new SideTotals(names.size());
        handOver(0);
        fixedLength.startMeasurement = true;
    }

    public InterleavedSchedule schedule() {
        return schedule;
    }

    /** The off-heap blocks of a run set up for a kernel config. */
    public ChunkBlocks blocks() {
        if (blocks instanceof ChunkBlocks b) {
            return b;
        }
        throw new IllegalStateException("this run's chunks are not off-heap blocks: " + blocks.getClass().getSimpleName());
    }

    /** Where the run finds every side's chunk, lock and pending area. */
    public ChunkPlaces places() {
        return blocks;
    }

    public List<String> names() {
        return names;
    }

    /** The chunk slice {@code slice} runs on. */
    PcpuChunkFields chunk(long slice) {
        return blocks.chunk(schedule.side(slice), schedule.block(slice));
    }

    PcpuLock lock(long slice) {
        return blocks.lock(schedule.block(slice));
    }

    PendingArea area(long slice) {
        return blocks.area(schedule.side(slice), schedule.block(slice));
    }

    /**
     * Reader, at the barrier before group {@code group}, the allocator out of every block: checks the chunk every
     * block holds (throws naming it), then hands every block to its owner in {@code group}.
     */
    void handOver(long group) {
        String problem = blocks.check(names);
        if (problem != null) {
            throw new IllegalStateException("before group " + group + ": " + problem);
        }
        for (int b = 0; b < blocks.size(); b++) {
            blocks.handTo(schedule.sideIn(b, group), b);
        }
    }

    /** The stop both threads of a fixed-length iteration wait on. */
    Control fixedLengthStop() {
        return fixedLength;
    }

    /** Ends a fixed-length iteration for both threads: the reader after its last batch, or a thread that failed. */
    void endFixedLength() {
        fixedLength.stopMeasurement = true;
    }

    /** "slice 37 (cycle 0, group 3, position 5): v2-reorder in block 2". */
    public String describe(long slice) {
        return schedule.describe(slice) + ": " + names.get(schedule.side(slice)) + " in block " + schedule.block(slice);
    }

    /**
     * Between JMH iterations, both threads stopped: checks every block's chunk, then hands the blocks to group 0's
     * owners and reopens slice 0 and group 0 (all of it also when the check fails, which is then thrown).
     */
    public void checkAndReset() {
        String problem = blocks.check(names);
        for (int b = 0; b < blocks.size(); b++) {
            blocks.handTo(schedule.sideIn(b, 0), b);
        }
        slices.reset();
        groups.reset();
        allocatorCycle.clear();
        fixedLength.stopMeasurement = false;
        if (problem != null) {
            throw new IllegalStateException("after the iteration: " + problem);
        }
    }
}
