package org.cachelinebench.harness.chunk;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The group state of an off-heap interleaved {@code pcpu_chunk} benchmark (ChunkInterleaved, ChunkEmptyPagesInterleaved):
 * its {@link ChunkSides}' chunks in one block each, shared by one reader and one allocator, its parameters,
 * and what the fork prints (where every chunk lies; each side's measured nr_empty_pop_pages rate). The benchmark's
 * {@code @State(Scope.Group)} subclass only names its sides (JMH takes {@code @Param} only in a state class).
 */
@State(Scope.Group)
public abstract class ChunkBlocksState {
    /** The kernel config the struct is laid out for, as in ChunkFalseSharing. */
    @Param({"default"})
    public String config;

    /** The allocator's occupancy on every side (PendingArea): nr_empty_pop_pages on 2 of 2N steps at live=N. */
    @Param({"1"})
    public String live;

    public ChunkInterleaving run;
    /** The same blocks as their own type, for the measured calls: every side's chunk is an {@code OffHeapPcpuChunk}. */
    public ChunkBlocks blocks;
    /** What the i-th pcpu_chunk_addr() of a reader batch adds to base_addr, as in ChunkFalseSharing. */
    public long[] unitPageOffsets;

    private final String benchmark;
    private final ChunkSides sides;

    protected ChunkBlocksState(String benchmark, ChunkSides sides) {
        this.benchmark = benchmark;
        this.sides = sides;
    }

    @Setup(Level.Trial)
    public void allocate(BenchmarkParams params) {
        OnePair.require(params);
        blocks = new ChunkBlocks(sides.layouts(), PercpuParams.config(config), CacheLine.SIZE, PercpuParams.live(live));
        run = new ChunkInterleaving(sides.names(), blocks);
        unitPageOffsets = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), PcpuChunkWorkload.OPS);
        System.out.print(InterleavedReport.sides(benchmark + " config=" + config, run));
    }

    /** Each side's measured rate of the allocator's nr_empty_pop_pages writes over the fork. */
    @TearDown(Level.Trial)
    public void printRate() {
        System.out.print(EmptyPagesRate.perSide(benchmark + " live=" + live, run, PercpuParams.live(live)));
    }

    /** After JMH's all-thread barrier: checks every block's chunk, restores fresh chunks for group 0. */
    @TearDown(Level.Iteration)
    public void checkAndReset() {
        run.checkAndReset();
    }
}
