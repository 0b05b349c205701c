package org.cachelinebench.model.percpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link UnpaddedPcpuChunk} padded by class hierarchy, the JCTools/Agrona idiom: HotSpot lays out a
 * superclass's fields before a subclass's, so classes stacked in the kernel's member order, with a
 * class of padding between the members written under {@code pcpu_lock} and {@code baseAddr}, fix the
 * order the JVM would otherwise choose. This is the Java spelling of v6.5's fix.
 *
 * <pre>
 * PcpuChunkLockedFields          list, freeBytes, chunkMd*      written under pcpu_lock
 * PcpuChunkEmptyPagesField       nrEmptyPopPages                written under pcpu_lock
 * PcpuChunkPadLockedToBaseAddr   128 bytes                      nobody's
 * PcpuChunkBaseAddrField         baseAddr                       read by every CPU
 * PaddedPcpuChunk                allocMap ... populated         read on the path, written at setup
 * </pre>
 *
 * <p>The padding is 128 bytes, what {@code @Contended} pads too, so this class and {@link ContendedPcpuChunk}
 * differ in mechanism only (why 128 and why bytes: {@link org.cachelinebench.model.layout}). The off-heap mirror
 * keeps the kernel's 64-byte alignment, because that is what the kernel does.
 */
public final class PaddedPcpuChunk extends PcpuChunkBaseAddrField implements PcpuChunkFields, PcpuChunkMembers {
    private static final VarHandle BASE_ADDR;

    static {
        try {
            BASE_ADDR = MethodHandles.lookup().findVarHandle(PcpuChunkBaseAddrField.class, "baseAddr", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    MetadataPointer allocMap;
    MetadataPointer boundMap;
    MetadataPointer mdBlocks;
    Object data;
    boolean immutable;
    boolean isolated;
    int startOffset;
    int endOffset;
    MetadataPointer objCgroups;
    int nrPages;
    int nrPopulated;
    long[] populated;
    /** Not a kernel member: the way to the globals and bitmaps, which the kernel reaches by name. Read-only. */
    final MetadataPointers metadata;

    public PaddedPcpuChunk() {
        metadata = new MetadataPointers();
        populated = new long[(PcpuAllocator.CHUNK_PAGES + Long.SIZE - 1) / Long.SIZE];
        PcpuAllocator.initialiseEmpty(this);
        initialise();
        baseAddr = PcpuAllocator.CHUNK_BASE_ADDR;
        VarHandle.releaseFence();
    }

    // The same accessors in each chunk class, deliberately: each names its own class's fields, and with a
    // constant member index the JIT folds the switch to a single field access.
    @Override
    public int getInt(int member) {
        switch (member) {
            case FREE_BYTES: return freeBytes;
            case SCAN_HINT: return chunkMdScanHint;
            case SCAN_HINT_START: return chunkMdScanHintStart;
            case CONTIG_HINT: return chunkMdContigHint;
            case CONTIG_HINT_START: return chunkMdContigHintStart;
            case LEFT_FREE: return chunkMdLeftFree;
            case RIGHT_FREE: return chunkMdRightFree;
            case FIRST_FREE: return chunkMdFirstFree;
            case NR_BITS: return chunkMdNrBits;
            default: throw new IllegalArgumentException("no int member " + member);
        }
    }

    @Override
    public void setInt(int member, int value) {
        switch (member) {
            case FREE_BYTES: freeBytes = value; break;
            case SCAN_HINT: chunkMdScanHint = value; break;
            case SCAN_HINT_START: chunkMdScanHintStart = value; break;
            case CONTIG_HINT: chunkMdContigHint = value; break;
            case CONTIG_HINT_START: chunkMdContigHintStart = value; break;
            case LEFT_FREE: chunkMdLeftFree = value; break;
            case RIGHT_FREE: chunkMdRightFree = value; break;
            case FIRST_FREE: chunkMdFirstFree = value; break;
            case NR_BITS: chunkMdNrBits = value; break;
            default: throw new IllegalArgumentException("no int member " + member);
        }
    }

    @Override
    public long baseAddrOnce() {
        return (long) BASE_ADDR.getOpaque(this);
    }

    // ---- PcpuChunkMembers: the rest of the kernel's path, on this class's own fields ----------------

    @Override
    public PcpuChunkMembers members() {
        return this;
    }

    /** A fresh chunk's members; {@code isolated} stays false. */
    @Override
    public void initialise() {
        MetadataPointer head = metadata.initialise(STRUCT_ADDR_VALUE);
        nrPages = nrPopulated = nrEmptyPopPages = PcpuAllocator.CHUNK_PAGES;
        populated[0] = (1L << PcpuAllocator.CHUNK_PAGES) - 1;
        allocMap = metadata.allocMap();
        boundMap = metadata.boundMap();
        mdBlocks = metadata.mdBlocks();
        objCgroups = metadata.objCgroups();
        listNext = head;
        listPrev = head;
    }

    @Override public PcpuAllocatorMemory metadata() { return metadata.memory(); }
    @Override public int nrPages() { return nrPages; }
    @Override public boolean isolated() { return isolated; }
    @Override public int nrEmptyPopPages() { return nrEmptyPopPages; }
    @Override public void setNrEmptyPopPages(int value) { nrEmptyPopPages = value; }
    @Override public long listNext() { return listNext.address(); }
    @Override public long listPrev() { return listPrev.address(); }
    @Override public long listAddress() { return STRUCT_ADDR_VALUE; }

    @Override
    public void setList(long head) {
        MetadataPointer p = metadata.slotHead(head);
        listNext = p;
        listPrev = p;
    }

    @Override public long allocMap() { return allocMap.address(); }
    @Override public long boundMap() { return boundMap.address(); }
    @Override public long mdBlocks() { return mdBlocks.address(); }
    /** The default config: {@code obj_cgroups} present. */
    @Override public boolean hasObjExts() { return true; }
    @Override public long objExts() { return objCgroups.address(); }
    @Override public long populatedWord(int page) { return populated[page / Long.SIZE]; }
}

/**
 * The members the allocator writes on the alloc/free steps, under {@code pcpu_lock} (the access table's writers,
 * {@link ChunkObjects#WRITTEN_UNDER_LOCK}): {@code list} on a slot change, {@code free_bytes} and {@code chunk_md}
 * every step; {@code nr_empty_pop_pages} follows in {@link PcpuChunkEmptyPagesField}. With memcg, v6.5 keeps
 * {@code nr_empty_pop_pages} off {@code base_addr}'s line too, so this class keeps every writer before the padding.
 */
abstract class PcpuChunkLockedFields {
    MetadataPointer listNext;        // struct list_head list
    MetadataPointer listPrev;
    int freeBytes;
    int chunkMdScanHint;             // struct pcpu_block_md chunk_md
    int chunkMdScanHintStart;
    int chunkMdContigHint;
    int chunkMdContigHintStart;
    int chunkMdLeftFree;
    int chunkMdRightFree;
    int chunkMdFirstFree;
    int chunkMdNrBits;
}

/**
 * {@code nr_empty_pop_pages}, written by {@code pcpu_update_empty_pages()} on an empty-block transition: with the
 * other writers, before the padding. A class of its own, not a tenth int above: with 8-byte references and a 12-byte
 * header ten ints would leave a 4-byte gap before {@code list}, which the JVM would fill with a padding byte.
 */
abstract class PcpuChunkEmptyPagesField extends PcpuChunkLockedFields {
    int nrEmptyPopPages;
}

/**
 * 128 bytes that nobody touches, between what the allocator writes and what every reader loads (the padding
 * idiom: {@link org.cachelinebench.model.layout}).
 */
abstract class PcpuChunkPadLockedToBaseAddr extends PcpuChunkEmptyPagesField {
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

/** The member every CPU loads, outside the lock, in {@code pcpu_chunk_addr()}. */
abstract class PcpuChunkBaseAddrField extends PcpuChunkPadLockedToBaseAddr {
    long baseAddr;
}
