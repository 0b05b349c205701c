package org.cachelinebench.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.harness.PcpuChunkWorkload;
import org.cachelinebench.harness.PendingArea;
import org.cachelinebench.harness.PercpuParams;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.layout.HeapAddresses;
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
 * CI gate exists for. Read "reader" and "allocator", not their sum.
 *
 *   java -jar target/benchmarks.jar ChunkObjectFalseSharing -tg 1,3     (allocators first, then readers)
 *
 * How the instances are chosen: docs/pcpu-chunk.md; the padding: docs/padding.md.
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

    ChunkObjects.Variant variant;
    PcpuChunkFields[] pool;
    PcpuChunkFields chunk;
    long chunkAddress;
    PcpuLock lock;
    long[] unitPageOffsets;

    /** Rejects a bad {@code -p} value before any fork starts (called by the suite's Main and by setUp). */
    public static void checkParam(String name, String value) {
        if (PercpuParams.LAYOUT.equals(name)) {
            ChunkObjects.Variant.parse(value);
        }
    }

    /** Set once the first group's setup has let a full GC settle its pool. */
    private static boolean settled;

    @Setup(Level.Trial)
    public void setUp() {
        variant = ChunkObjects.Variant.parse(layout);
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
     * two addresses, and the iteration counts only if both fit the variant.
     */
    @TearDown(Level.Iteration)
    public void verifyUnmoved() {
        long now = HeapAddresses.addressOf(chunk);
        if (now == chunkAddress) {
            return;
        }
        List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(chunk.getClass(), now, CacheLine.SIZE);
        if (variant.separates() && !shared.isEmpty()) {
            throw LayoutCheck.failed(String.format("%s: the measured %s moved from 0x%x to 0x%x during the iteration,"
                            + " where baseAddr shares its line with %s; the padding does not separate them", layout,
                    chunk.getClass().getSimpleName(), chunkAddress, now, String.join(", ", shared)));
        }
        if (variant.separates() != shared.isEmpty()) {
            throw new IllegalStateException(String.format("%s: the measured %s moved from 0x%x to 0x%x during the"
                            + " iteration, where baseAddr shares no line with a written field: the iteration did not"
                            + " measure what it claims", layout, chunk.getClass().getSimpleName(), chunkAddress, now));
        }
        System.out.printf("# %s: the measured object moved from 0x%x to 0x%x during the iteration; baseAddr's line"
                + " relation is the same at both%n", layout, chunkAddress, now);
        chunkAddress = now;
    }

    /** Picks the instance to measure from the pool's live addresses; fails, naming the fields, when none fits. */
    void choose() {
        int line = CacheLine.SIZE;
        StringBuilder seen = new StringBuilder();
        PcpuChunkFields chosen = null;
        long chosenAt = 0;
        for (PcpuChunkFields candidate : pool) {
            long address = HeapAddresses.addressOf(candidate);
            List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(candidate.getClass(), address, line);
            seen.append(String.format("%n#   0x%x (%d into a line): %s", address, address % line,
                    shared.isEmpty() ? "baseAddr alone" : "baseAddr with " + String.join(", ", shared)));
            if (variant.separates() && !shared.isEmpty()) {
                throw LayoutCheck.failed(String.format("%s: baseAddr shares a %d-byte line with %s in the"
                        + " instance at 0x%x (field offsets: %s); the padding does not separate them%s", layout, line,
                        String.join(", ", shared), address, ChunkObjects.describeOffsets(candidate.getClass()),
                        variant == ChunkObjects.Variant.CONTENDED ? " (is -XX:-RestrictContended missing?)" : ""));
            }
            if (chosen == null && variant.separates() == shared.isEmpty()) {
                chosen = candidate;
                chosenAt = address;
            }
        }
        if (chosen == null) {
            throw new IllegalStateException(String.format("%s: none of %d instances has baseAddr on a %d-byte line"
                    + " with freeBytes or a chunkMd* hint (field offsets: %s); instances:%s", layout, POOL, line,
                    ChunkObjects.describeOffsets(variant.type()), seen));
        }
        chunk = chosen;
        chunkAddress = chosenAt;
        List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(chosen.getClass(), chosenAt, line);
        System.out.printf("# %s: %s at 0x%x, %d into a %d-byte line: baseAddr %s; gap written..baseAddr %d bytes%n",
                layout, chosen.getClass().getSimpleName(), chosenAt, chosenAt % line, line,
                shared.isEmpty() ? "on no line with a written field" : "shares its line with " + String.join(", ", shared),
                ChunkObjects.gapWrittenToBaseAddr(chosen.getClass()));
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
    public void allocator(PendingArea area, Control control) {
        PcpuChunkWorkload.allocateOrFree(chunk, lock, area, control);
    }
}
