package org.cachelinebench.harness.chunk;

import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.Interleaving;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.ContendedPcpuChunk;
import org.cachelinebench.model.percpu.PaddedPcpuChunk;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.cachelinebench.model.percpu.UnpaddedPcpuChunk;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the handle's fields (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class ChunkObjectHandlePadBefore {
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

/** Which class the chunk is, and the chunk as that class; set once, then only read (by both threads). */
abstract class ChunkObjectHandleFields extends ChunkObjectHandlePadBefore {
    static final int UNPADDED = 0;
    static final int PADDED = 1;
    static final int CONTENDED = 2;

    final int kind;
    final UnpaddedPcpuChunk unpadded;
    final PaddedPcpuChunk padded;
    final ContendedPcpuChunk contended;

    ChunkObjectHandleFields(int kind, UnpaddedPcpuChunk unpadded, PaddedPcpuChunk padded, ContendedPcpuChunk contended) {
        this.kind = kind;
        this.unpadded = unpadded;
        this.padded = padded;
        this.contended = contended;
    }
}

/** 128 bytes after the handle's fields: no written field of any object shares their line. */
abstract class ChunkObjectHandlePadAfter extends ChunkObjectHandleFields {
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

    ChunkObjectHandlePadAfter(int kind, UnpaddedPcpuChunk unpadded, PaddedPcpuChunk padded, ContendedPcpuChunk contended) {
        super(kind, unpadded, padded, contended);
    }
}

/**
 * One Java {@code pcpu_chunk} object of any of the three classes behind one final class, so that in
 * ChunkObjectInterleaved, where one reader and one allocator alternate between the classes, the benchmark's call sites
 * see one type for every side (the classes themselves would make the calls of {@link PcpuChunkWorkload} and
 * {@link org.cachelinebench.model.percpu.PcpuAllocator} megamorphic: a virtual call per access, with the member switch
 * no longer folded). The reader's batch and the allocator's step ({@link #sumChunkAddrs},
 * {@link #allocateOrFreeOnce}) switch on the class once, outside their loops, to a method compiled for that class
 * alone: the same code for every side. The handle is padded and only read, so its loads hit the reader's and the
 * allocator's own caches.
 */
public final class ChunkObjectHandle extends ChunkObjectHandlePadAfter {
    private ChunkObjectHandle(int kind, UnpaddedPcpuChunk unpadded, PaddedPcpuChunk padded, ContendedPcpuChunk contended) {
        super(kind, unpadded, padded, contended);
    }

    /** The handle of {@code chunk}, an instance of one of {@link ChunkObjects.Variant}'s classes. */
    public static ChunkObjectHandle of(PcpuChunkFields chunk) {
        if (chunk instanceof UnpaddedPcpuChunk u) {
            return new ChunkObjectHandle(UNPADDED, u, null, null);
        }
        if (chunk instanceof PaddedPcpuChunk p) {
            return new ChunkObjectHandle(PADDED, null, p, null);
        }
        if (chunk instanceof ContendedPcpuChunk c) {
            return new ChunkObjectHandle(CONTENDED, null, null, c);
        }
        throw new IllegalArgumentException("not a Java pcpu_chunk object: " + chunk.getClass().getName());
    }

    /**
     * The reader's batch ({@link PcpuChunkWorkload#sumChunkAddrs}) on this handle's object. The class is chosen once
     * per batch and each class's loop is a method of its own on its own final type, so every side runs the same
     * loop: a switch inside the loop is laid out by the fork's profile, a compare more per load for some classes and
     * not the same ones in every fork.
     */
    public long sumChunkAddrs(long[] unitPageOffsets) {
        switch (kind) {
            case UNPADDED: return readUnpadded(unpadded, unitPageOffsets);
            case PADDED: return readPadded(padded, unitPageOffsets);
            default: return readContended(contended, unitPageOffsets);
        }
    }

    /**
     * The allocator's step ({@link PcpuChunkWorkload#allocateOrFreeOnce}) on this handle's object, the class chosen
     * once per step as {@link #sumChunkAddrs} chooses it per batch. Per step, not per slice: a slice's loop compiled
     * for the three classes at once (on-stack, before its callers) type-checked some classes' steps and not others',
     * which made the @Contended and unpadded allocators up to twice as slow as the padded one.
     */
    public boolean allocateOrFreeOnce(PcpuLock lock, PendingArea area, Control control) {
        switch (kind) {
            case UNPADDED: return stepUnpadded(unpadded, lock, area, control);
            case PADDED: return stepPadded(padded, lock, area, control);
            default: return stepContended(contended, lock, area, control);
        }
    }

    // One compiled method per class and path, none inlined into the switch: each is compiled on its own type alone.

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static long readUnpadded(UnpaddedPcpuChunk chunk, long[] unitPageOffsets) {
        return PcpuChunkWorkload.sumChunkAddrs(chunk, unitPageOffsets);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static long readPadded(PaddedPcpuChunk chunk, long[] unitPageOffsets) {
        return PcpuChunkWorkload.sumChunkAddrs(chunk, unitPageOffsets);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static long readContended(ContendedPcpuChunk chunk, long[] unitPageOffsets) {
        return PcpuChunkWorkload.sumChunkAddrs(chunk, unitPageOffsets);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static boolean stepUnpadded(UnpaddedPcpuChunk chunk, PcpuLock lock, PendingArea area, Control control) {
        return PcpuChunkWorkload.allocateOrFreeOnce(chunk, lock, area, control);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static boolean stepPadded(PaddedPcpuChunk chunk, PcpuLock lock, PendingArea area, Control control) {
        return PcpuChunkWorkload.allocateOrFreeOnce(chunk, lock, area, control);
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static boolean stepContended(ContendedPcpuChunk chunk, PcpuLock lock, PendingArea area, Control control) {
        return PcpuChunkWorkload.allocateOrFreeOnce(chunk, lock, area, control);
    }

    /** The object this handle reaches. */
    public PcpuChunkFields chunk() {
        switch (kind) {
            case UNPADDED: return unpadded;
            case PADDED: return padded;
            default: return contended;
        }
    }
}
