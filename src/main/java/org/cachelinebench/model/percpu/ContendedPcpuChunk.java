package org.cachelinebench.model.percpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import jdk.internal.vm.annotation.Contended;

/**
 * {@link UnpaddedPcpuChunk} with {@code baseAddr} marked {@code @Contended}: the JDK's own answer to
 * false sharing, and the Java spelling of the kernel's {@code ____cacheline_aligned_in_smp}.
 *
 * <p>HotSpot moves a contended field behind all the others and puts {@code -XX:ContendedPaddingWidth}
 * bytes (128 by default) in front of it, so at least 128 bytes separate {@code baseAddr} from
 * {@code freeBytes} and {@code chunkMd*} wherever the object lands. Outside the JDK the annotation is
 * honoured only with {@code -XX:-RestrictContended} (and the class must be compiled with
 * {@code --add-exports java.base/jdk.internal.vm.annotation=ALL-UNNAMED}); without the flag it is
 * silently ignored, which the layout tests and the benchmark setup would catch.
 */
public final class ContendedPcpuChunk implements PcpuChunkFields, PcpuChunkMembers {
    private static final VarHandle BASE_ADDR;

    static {
        try {
            BASE_ADDR = MethodHandles.lookup().findVarHandle(ContendedPcpuChunk.class, "baseAddr", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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
    int nrEmptyPopPages;             // written on the path too: declared with the other writers
    @Contended
    long baseAddr;
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

    public ContendedPcpuChunk() {
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
