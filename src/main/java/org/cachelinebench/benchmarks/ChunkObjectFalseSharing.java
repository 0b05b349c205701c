package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.chunk.ChunkObjectChoice;
import org.cachelinebench.harness.chunk.EmptyPagesRate;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.cachelinebench.model.percpu.PcpuUnits;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/*
 * pcpu_chunk false sharing in the Java objects a Java developer would write.
 *
 * Lesson: ChunkFalseSharing's workload (PcpuChunkWorkload) on a Java class with the same members, where the JVM,
 * not the source, decides the layout: unpadded (HotSpot puts the only long, baseAddr, first and the ints right
 * after it: the v6.4-rc4 problem again), padded (class-hierarchy padding between the written fields and
 * baseAddr) and contended (@Contended on baseAddr; the fork runs with -XX:-RestrictContended).
 * Rule: prove the relation at the live address before measuring: an unpadded instance must really share a line,
 * a fixed one must not; a fixed variant whose padding fails says so with LayoutCheck.MARKER, the regression the
 * CI gate exists for. Read "reader" and "allocator", not their sum. The allocator runs the kernel's whole path
 * (PcpuAllocator, as on the off-heap struct), at the occupancy -p live=N (PendingArea): nr_empty_pop_pages and list
 * are written on 2 of 2N steps; the fork prints the measured rate.
 *
 *   java -jar target/benchmarks.jar ChunkObjectFalseSharing -tg 1,3     (allocators first, then readers)
 *   java -jar target/benchmarks.jar ChunkObjectFalseSharing -tg 1,3 -p live=8
 *
 * How the instances are chosen: docs/pcpu-chunk.md; the padding: docs/pcpu-chunk.md#the-padding-idiom.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
        "-XX:-RestrictContended",
        "--add-exports=java.base/jdk.internal.vm.annotation=ALL-UNNAMED",
        "-Djol.skipHotspotSAAttach=true",
        "-Djol.skipDynamicAttach=true"})
@State(Scope.Group)
public class ChunkObjectFalseSharing {
    /** Instances to choose the measured one from. */
    static final int POOL = 16;

    @Param({"unpadded", "padded", "contended"})
    public String layout;

    /** The allocator's occupancy (PendingArea): nr_empty_pop_pages and list written on 2 of 2N steps at live=N. */
    @Param({"1"})
    public String live;

    ChunkObjects.Variant variant;
    PcpuChunkFields[] pool;
    PcpuChunkFields chunk;
    long chunkAddress;
    PcpuLock lock;
    long[] unitPageOffsets;
    /**
     * Bumped each time an instance is chosen and set up fresh: an allocator whose held areas belong to an earlier
     * choice drops them ({@link Occupied#follow}).
     */
    int generation;

    /** Rejects a bad {@code -p} value before any fork starts (called by the suite's Main and by setUp). */
    public static void checkParam(String name, String value) {
        if (PercpuParams.LAYOUT.equals(name)) {
            ChunkObjects.Variant.parse(value);
        } else if (PercpuParams.LIVE.equals(name)) {
            PercpuParams.live(value);
        }
    }

    /** Set once the first group's setup has let a full GC settle its pool. */
    private static boolean settled;

    @Setup(Level.Trial)
    public void setUp() {
        variant = ChunkObjects.Variant.parse(layout);
        PercpuParams.live(live);
        lock = new PcpuLock();
        unitPageOffsets = PcpuUnits.readerSequence(PcpuUnits.possibleCpus(), PcpuChunkWorkload.OPS);
        // With several groups (-t 4) each has its own pool; one full GC, before any choice, so that no
        // group's GC moves what another group has already chosen.
        synchronized (ChunkObjectFalseSharing.class) {
            pool = new PcpuChunkFields[POOL];
            for (int i = 0; i < POOL; i++) {
                pool[i] = variant.create();
            }
            if (!settled) {
                System.gc(); // settle the pool where the measured iterations will find it
                settled = true;
            }
            choose();
        }
    }

    @Setup(Level.Iteration)
    public void recheck() {
        if (HeapAddresses.addressOf(chunk) != chunkAddress) {
            choose(); // a GC moved it between iterations
        }
    }

    /**
     * Objects move only at a GC; if the measured one moved during the iteration, it was measured at
     * two addresses, and the iteration counts only if both fit the variant ({@link ChunkObjectChoice#moved}).
     */
    @TearDown(Level.Iteration)
    public void verifyUnmoved() {
        long now = HeapAddresses.addressOf(chunk);
        if (now == chunkAddress) {
            return;
        }
        System.out.print(ChunkObjectChoice.moved(layout, variant, chunk, chunkAddress, now, CacheLine.SIZE));
        chunkAddress = now;
    }

    /**
     * Picks the instance to measure from the pool's live addresses (fails, naming the fields, when none fits) and sets
     * it up as a fresh, empty chunk, members and metadata, for the allocator to start on with no area held.
     */
    void choose() {
        ChunkObjectChoice.Choice c = ChunkObjectChoice.choose(layout, variant, pool, CacheLine.SIZE, i -> true);
        chunk = pool[c.index()];
        chunkAddress = c.address();
        PcpuAllocator.initialiseEmpty(chunk);
        chunk.members().initialise();
        generation++;
        System.out.printf("# %s: %s%n", layout, ChunkObjectChoice.describe(chunk, chunkAddress, CacheLine.SIZE));
    }

    /** The measured rate of the allocator's nr_empty_pop_pages writes over the fork, on every instance it used. */
    @TearDown(Level.Trial)
    public void printRate() {
        EmptyPagesRate r = new EmptyPagesRate(0, 0);
        for (PcpuChunkFields p : pool) {
            r = r.plus(EmptyPagesRate.of(p.members().metadata()));
        }
        System.out.println("# " + layout + ": " + r.describe(PercpuParams.live(live)));
    }

    /** Each allocator thread's held areas, at the fork's occupancy, on the instance of the current choice. */
    @State(Scope.Thread)
    public static class Occupied extends PendingArea {
        private int generation;

        @Setup(Level.Trial)
        public void occupancy(BenchmarkParams params) {
            occupy(PercpuParams.live(params.getParam(PercpuParams.LIVE)));
        }

        /** Drops the held areas when the measured instance was chosen and set up fresh since they were taken. */
        void follow(int current) {
            if (generation != current) {
                clear();
                generation = current;
            }
        }
    }

    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    @OperationsPerInvocation(PcpuChunkWorkload.OPS)
    public long reader() {
        return PcpuChunkWorkload.sumChunkAddrs(chunk, unitPageOffsets);
    }

    @Benchmark
    @Group("chunk")
    @GroupThreads(1)
    @OperationsPerInvocation(PcpuChunkWorkload.OPS)
    public void allocator(Occupied area, Control control) {
        area.follow(generation);
        PcpuChunkWorkload.allocateOrFree(chunk, lock, area, control);
    }
}
