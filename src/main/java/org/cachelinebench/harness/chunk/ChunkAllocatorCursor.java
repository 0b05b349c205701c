package org.cachelinebench.harness.chunk;

import java.util.Arrays;

import org.cachelinebench.harness.interleave.InterleavedSchedule;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the allocator's position (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class ChunkAllocatorCursorPadBefore {
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

/** The allocator's position in the schedule and its clock; written by the allocator thread only. */
abstract class ChunkAllocatorCursorFields extends ChunkAllocatorCursorPadBefore {
    /** The slice the allocator is in, or last was while out of every block; -1 before slice 0. */
    long slice = -1;
    long steps;
    long sliceStart;
    int side;
    /** The slice's chunk, lock and pending area; null before slice 0. */
    PcpuChunkFields current;
    PcpuLock lock;
    PendingArea area;
    /**
     * Whether the iteration is a number of reader batches (JMH's single-shot mode): a call then goes on past its
     * round of steps until the reader's last batch.
     */
    boolean fixedLength;
}

/** 128 bytes after the allocator's position. */
abstract class ChunkAllocatorCursorPadAfter extends ChunkAllocatorCursorFields {
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
 * The allocator's side of the interleaved {@code pcpu_chunk} schedule ({@link ChunkInterleaving}): it follows the
 * reader. Each step is {@link PcpuChunkWorkload#allocateOrFreeOnce} on the chunk of the slice it is in; after it,
 * one volatile load says which slice the reader has open. When that moved on, the allocator books the slice's steps
 * and its own clock's time since it entered the slice to the slice's side, leaves (at a group's end: waits at the
 * barrier) and enters the next slice, saying so.
 *
 * <p>A step belongs to the slice it began in. At most one step a slice, the last, ends after the reader moved on:
 * one step of the several hundred a slice of tens of microseconds holds, at the same place of every slice.
 */
public final class ChunkAllocatorCursor extends ChunkAllocatorCursorPadAfter {
    /** Slices the allocator was in per side and block, [side * N + block]: what a test compares with the reader's. */
    private final long[] slicesIn;
    private final int sides;

    /** For ChunkInterleaved's {@link ChunkSides}. */
    public ChunkAllocatorCursor() {
        this(ChunkSides.NAMES.size());
    }

    /** For {@code n} sides. */
    public ChunkAllocatorCursor(int n) {
        sides = n;
        slicesIn = new long[n * n];
    }

    /**
     * Up to {@link PcpuChunkWorkload#OPS} steps, each on the chunk of the slice the reader has open; returns the
     * steps made (fewer when stopped). In a fixed-length iteration, rounds of them on the run's own stop instead of
     * JMH's, until the reader has run its last batch, so that the allocator is there for every batch however many
     * steps that takes (returns the last round's; it ends within that round, and later calls make no step); when it
     * fails it sets that stop, so that the reader does not wait for it.
     */
    public int allocate(ChunkInterleaving run, Control stop, SpinWait spin) {
        if (!fixedLength) {
            return round(run, stop, spin);
        }
        Control end = run.fixedLengthStop();
        try {
            int made = 0;
            while (!end.stopMeasurement && (made = round(run, end, spin)) == PcpuChunkWorkload.OPS) {
                // on to the reader's last batch
            }
            return made;
        } catch (RuntimeException | Error e) {
            run.endFixedLength();
            throw e;
        }
    }

    /** One round: up to {@link PcpuChunkWorkload#OPS} steps, fewer when stopped. */
    private int round(ChunkInterleaving run, Control stop, SpinWait spin) {
        // Out of every block: before slice 0, or a stop kept it at a barrier (JMH calls on until every thread is done).
        if (current == null && !enter(run, slice + 1, stop, spin)) {
            return 0;
        }
        for (int i = 0; i < PcpuChunkWorkload.OPS; i++) {
            // A Java object's handle picks its class once per step (ChunkObjectHandle#allocateOrFreeOnce).
            boolean stepped = current instanceof ChunkObjectHandle h ? h.allocateOrFreeOnce(lock, area, stop)
                    : PcpuChunkWorkload.allocateOrFreeOnce(current, lock, area, stop);
            if (!stepped) {
                return i;
            }
            steps++;
            long open = run.slices.opened() - 1;
            if (open != slice && !move(run, open, stop, spin)) {
                return i + 1;
            }
        }
        return PcpuChunkWorkload.OPS;
    }

    /** Books the slice it leaves and enters {@code next}; false when stopped at the barrier. */
    private boolean move(ChunkInterleaving run, long next, Control stop, SpinWait spin) {
        if (next != slice + 1) {
            throw new IllegalStateException(run.describe(slice) + ": the reader opened slice " + next
                    + ", not the next one");
        }
        long now = System.nanoTime();
        run.allocatorCycle.addNanos(side, now - sliceStart);
        run.allocatorCycle.addCalls(side, steps);
        InterleavedSchedule schedule = run.schedule();
        if (schedule.endsGroup(slice)) {
            current = null;                             // out of every block: the reader hands them over
            run.groups.finish(schedule.group(next));
        }
        return enter(run, next, stop, spin);
    }

    /** Enters slice {@code k} (after its group opened) and says so; false when stopped before. */
    private boolean enter(ChunkInterleaving run, long k, Control stop, SpinWait spin) {
        if (!run.groups.awaitOpen(run.schedule().group(k), stop, spin)) {
            return false;
        }
        InterleavedSchedule schedule = run.schedule();
        slice = k;
        steps = 0;
        side = schedule.side(k);
        current = run.chunk(k);
        lock = run.lock(k);
        area = run.area(k);
        slicesIn[side * schedule.sides() + schedule.block(k)]++;
        sliceStart = System.nanoTime();
        run.slices.finish(k + 1);
        return true;
    }

    /** Before slice 0 with nothing counted, for an iteration that JMH ends by time: every iteration. */
    public void reset() {
        reset(false);
    }

    /** The same for an iteration of a number of reader batches ({@link ChunkReaderCursor#resetFixedLength}). */
    public void resetFixedLength() {
        reset(true);
    }

    private void reset(boolean fixed) {
        fixedLength = fixed;
        slice = -1;
        steps = 0;
        sliceStart = 0;
        side = 0;
        current = null;
        lock = null;
        area = null;
        Arrays.fill(slicesIn, 0);
    }

    /** Slices the allocator was in of side {@code side} in block {@code block} since the iteration began. */
    public long slicesIn(int side, int block) {
        return slicesIn[side * sides + block];
    }

    public long slice() {
        return slice;
    }
}
