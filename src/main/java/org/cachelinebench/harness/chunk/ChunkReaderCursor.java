package org.cachelinebench.harness.chunk;

import java.util.Arrays;

import org.cachelinebench.harness.interleave.CycleLog;
import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.harness.interleave.SideTotals;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the reader's position (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class ChunkReaderCursorPadBefore {
    byte p000, p001, p002, p003, p004, p005, p006, p007; //   8
    byte p008, p009, p010, p011, p012, p013, p014, p015; //  16
    byte p016, p017, p018, p019, p020, p021, p022, p023; //  24
    byte p024, p025, p026, p027, p028, p029, p030, p031; //  32
    byte p032, p033, p034, p035, p036, p037, p038, p039; //  40
    byte p040, p041, p042, p043, p044, p045, p046, p047; //  48
    byte p048, p049, p050, p051, p052, p053, p054, p055; //  56
    byte p056, p057, p058, p059, p060, p061, p062, p063; //  64
    byte p064, p065, p066, p067, p068, p069, p070, p071; //  72
    byte p072, p073, p074, p075, p076, p077, p078, p079; //  80
    byte p080, p081, p082, p083, p084, p085, p086, p087; //  88
    byte p088, p089, p090, p091, p092, p093, p094, p095; //  96
    byte p096, p097, p098, p099, p100, p101, p102, p103; // 104
    byte p104, p105, p106, p107, p108, p109, p110, p111; // 112
    byte p112, p113, p114, p115, p116, p117, p118, p119; // 120
    byte p120, p121, p122, p123, p124, p125, p126, p127; // 128
}

/** The reader's position in the schedule and its clock; written by the reader thread only. */
abstract class ChunkReaderCursorFields extends ChunkReaderCursorPadBefore {
    long slice;
    long inSlice;
    long sliceStart;
    int side;
    /** The current slice's chunk; null before the first batch of an iteration. */
    PcpuChunkFields current;
    /** Whether the cycle under way began after every thread had started measuring. */
    boolean cycleCounts;
    /** Whether the iteration is a number of batches (JMH's single-shot mode), not a time. */
    boolean fixedLength;
    /** Batches left in a fixed-length iteration. */
    long batchesLeft;
}

/** 128 bytes after the reader's position. */
abstract class ChunkReaderCursorPadAfter extends ChunkReaderCursorFields {
    byte q000, q001, q002, q003, q004, q005, q006, q007; //   8
    byte q008, q009, q010, q011, q012, q013, q014, q015; //  16
    byte q016, q017, q018, q019, q020, q021, q022, q023; //  24
    byte q024, q025, q026, q027, q028, q029, q030, q031; //  32
    byte q032, q033, q034, q035, q036, q037, q038, q039; //  40
    byte q040, q041, q042, q043, q044, q045, q046, q047; //  48
    byte q048, q049, q050, q051, q052, q053, q054, q055; //  56
    byte q056, q057, q058, q059, q060, q061, q062, q063; //  64
    byte q064, q065, q066, q067, q068, q069, q070, q071; //  72
    byte q072, q073, q074, q075, q076, q077, q078, q079; //  80
    byte q080, q081, q082, q083, q084, q085, q086, q087; //  88
    byte q088, q089, q090, q091, q092, q093, q094, q095; //  96
    byte q096, q097, q098, q099, q100, q101, q102, q103; // 104
    byte q104, q105, q106, q107, q108, q109, q110, q111; // 112
    byte q112, q113, q114, q115, q116, q117, q118, q119; // 120
    byte q120, q121, q122, q123, q124, q125, q126, q127; // 128
}

/**
 * The reader's side of the interleaved {@code pcpu_chunk} schedule ({@link ChunkInterleaving}): one batch of
 * {@link PcpuChunkWorkload#sumChunkAddrs} per {@link #read}, {@link ChunkInterleaving#BATCHES} a slice, on the
 * slice's chunk, and the time of every slice, as {@link org.cachelinebench.harness.interleave.SenderCursor} times its
 * calls:
 * <ul>
 *   <li>A slice's clock starts once the allocator has entered the slice and stops after its last batch; the
 *       hand-over and the barrier between groups are not timed.</li>
 *   <li>At the end of a cycle, at the barrier, it commits both roles' totals: its own (every side the same
 *       batches) and the allocator's (its steps and ns per side), into each role's {@link CycleLog}; only for a
 *       cycle that began after every thread had started measuring, ended before the stop, and in which the
 *       allocator made a step for every side (else it is counted in {@link #cyclesSkipped}).</li>
 * </ul>
 */
public final class ChunkReaderCursor extends ChunkReaderCursorPadAfter {
    private final SideTotals cycle;
    private final SideTotals totals;
    private final CycleLog log;
    private final SideTotals allocatorTotals;
    private final CycleLog allocatorLog;
    /** Slices the reader ran per side and block, [side * N + block]: what a test compares with the allocator's. */
    private final long[] slicesIn;
    private final int sides;
    private long skipped;

    /** For ChunkInterleaved's {@link ChunkSides}. */
    public ChunkReaderCursor() {
        this(ChunkSides.NAMES.size(), ChunkSides.REFERENCE_SIDE);
    }

    /** For {@code n} sides, ratios against side {@code reference}. */
    public ChunkReaderCursor(int n, int reference) {
        sides = n;
        cycle = new SideTotals(n);
        totals = new SideTotals(n);
        log = new CycleLog(n, reference, CycleLog.NO_FLOOR);
        allocatorTotals = new SideTotals(n);
        allocatorLog = new CycleLog(n, reference, CycleLog.NO_FLOOR);
        slicesIn = new long[n * n];
    }

    /**
     * One reader batch on the current slice's chunk; its sum (for the blackhole), 0 when stopped before it. In a
     * fixed-length iteration it waits on the run's own stop instead of JMH's, and sets it after its last batch (or
     * when it fails, so that the allocator does not wait for it).
     */
    public long read(ChunkInterleaving run, long[] unitPageOffsets, Control stop, SpinWait spin) {
        if (!fixedLength) {
            return batch(run, unitPageOffsets, stop, spin);
        }
        try {
            long sum = batch(run, unitPageOffsets, run.fixedLengthStop(), spin);
            if (--batchesLeft == 0) {
                run.endFixedLength();
            }
            return sum;
        } catch (RuntimeException | Error e) {
            run.endFixedLength();
            throw e;
        }
    }

    private long batch(ChunkInterleaving run, long[] unitPageOffsets, Control stop, SpinWait spin) {
        PcpuChunkFields c = current;
        if (c == null) {
            c = start(run, stop, spin);
            if (c == null) {
                return 0;
            }
        }
        // A Java object's handle picks its class once per batch (ChunkObjectHandle#sumChunkAddrs).
        long sum = c instanceof ChunkObjectHandle h ? h.sumChunkAddrs(unitPageOffsets)
                : PcpuChunkWorkload.sumChunkAddrs(c, unitPageOffsets);
        if (++inSlice == ChunkInterleaving.BATCHES) {
            endSlice(run, stop, spin);
        }
        return sum;
    }

    /** The first batch of an iteration: slice 0, open since the reset, once the allocator is in it. */
    private PcpuChunkFields start(ChunkInterleaving run, Control stop, SpinWait spin) {
        if (!run.slices.awaitFinished(1, stop, spin)) {
            return null;
        }
        side = run.schedule().side(0);
        current = run.chunk(0);
        cycleCounts = stop.startMeasurement;
        sliceStart = System.nanoTime();
        return current;
    }

    private void endSlice(ChunkInterleaving run, Control stop, SpinWait spin) {
        long now = System.nanoTime();
        long k = slice;
        cycle.addNanos(side, now - sliceStart);
        InterleavedSchedule schedule = run.schedule();
        slicesIn[side * schedule.sides() + schedule.block(k)]++;
        if (run.slices.finished() != k + 1) {
            throw new IllegalStateException(run.describe(k) + ": the allocator was in slice " + (run.slices.finished() - 1)
                    + " at the reader's last batch");
        }
        run.slices.open(k + 2);
        if (schedule.endsGroup(k)) {
            long group = schedule.group(k);
            if (!run.groups.awaitFinished(group + 1, stop, spin)) {
                return;                                 // stopped: this cycle is dropped
            }
            run.handOver(group + 1);
            if (schedule.endsCycle(k)) {
                commit(run, stop);
            }
            run.groups.open(group + 2);
        }
        if (!run.slices.awaitFinished(k + 2, stop, spin)) {
            return;
        }
        slice = k + 1;
        inSlice = 0;
        side = schedule.side(k + 1);
        current = run.chunk(k + 1);
        sliceStart = System.nanoTime();
    }

    private void commit(ChunkInterleaving run, Control stop) {
        SideTotals allocator = run.allocatorCycle;
        if (cycleCounts && !stop.stopMeasurement) {
            boolean everySide = true;
            for (int s = 0; s < allocator.sides(); s++) {
                everySide &= allocator.calls(s) > 0;
            }
            if (everySide) {
                totals.addCycle(cycle, run.schedule().callsPerSidePerCycle() * PcpuChunkWorkload.OPS);
                log.log(cycle);
                allocatorTotals.addCycle(allocator);
                allocatorLog.logPerCall(allocator);
            } else {
                skipped++;
            }
        }
        cycle.clear();
        allocator.clear();
        cycleCounts = stop.startMeasurement;
    }

    /** Back to slice 0 with nothing measured, for an iteration that JMH ends by time: every iteration. */
    public void reset() {
        reset(false, 0);
    }

    /** The same for an iteration of {@code batches} reader batches (JMH's single-shot mode). */
    public void resetFixedLength(long batches) {
        if (batches <= 0) {
            throw new IllegalArgumentException("an iteration of " + batches + " reader batches");
        }
        reset(true, batches);
    }

    private void reset(boolean fixed, long batches) {
        fixedLength = fixed;
        batchesLeft = batches;
        slice = 0;
        inSlice = 0;
        sliceStart = 0;
        side = 0;
        current = null;
        cycleCounts = false;
        cycle.clear();
        totals.clear();
        log.reset();
        allocatorTotals.clear();
        allocatorLog.reset();
        Arrays.fill(slicesIn, 0);
        skipped = 0;
    }

    /** The reader's committed totals per side: ns and pcpu_chunk_addr() loads. */
    public SideTotals totals() {
        return totals;
    }

    /** The reader's committed cycles, and their medians. */
    public CycleLog log() {
        return log;
    }

    /** The allocator's committed totals per side: ns and alloc-or-free steps. */
    public SideTotals allocatorTotals() {
        return allocatorTotals;
    }

    /** The allocator's committed cycles (ns per step), and their medians. */
    public CycleLog allocatorLog() {
        return allocatorLog;
    }

    /** Complete cycles left out because the allocator made no step for some side in them (0 normally). */
    public long cyclesSkipped() {
        return skipped;
    }

    /** Slices the reader ran of side {@code side} in block {@code block} since the iteration began. */
    public long slicesIn(int side, int block) {
        return slicesIn[side * sides + block];
    }

    public long slice() {
        return slice;
    }
}
