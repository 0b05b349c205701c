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
public final class ContendedPcpuChunk implements PcpuChunkFields {
    private static final VarHandle BASE_ADDR;

    static {
        try {
            BASE_ADDR = MethodHandles.lookup().findVarHandle(ContendedPcpuChunk.class, "baseAddr", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Object listNext;                 // struct list_head list
    Object listPrev;
    int freeBytes;
    int chunkMdScanHint;             // struct pcpu_block_md chunk_md
    int chunkMdScanHintStart;
    int chunkMdContigHint;
    int chunkMdContigHintStart;
    int chunkMdLeftFree;
    int chunkMdRightFree;
    int chunkMdFirstFree;
    int chunkMdNrBits;
    @Contended
    long baseAddr;
    long[] allocMap;
    long[] boundMap;
    Object[] mdBlocks;
    Object data;
    boolean immutable;
    boolean isolated;
    int startOffset;
    int endOffset;
    Object[] objCgroups;
    int nrPages;
    int nrPopulated;
    int nrEmptyPopPages;
    long[] populated;

    public ContendedPcpuChunk() {
        PcpuAllocator.initialiseEmpty(this);
        nrPages = nrPopulated = nrEmptyPopPages = PcpuAllocator.CHUNK_PAGES;
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
}
