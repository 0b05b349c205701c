package org.cachelinebench.model.ipi;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.FieldLines;
import org.cachelinebench.model.layout.LineAlignedMemory;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.model.layout.StructLayout;

/**
 * The memory one IPI model runs in: the receiving CPU's {@code call_single_queue} and one csd, in a
 * line-aligned off-heap block whose line positions are the same for every variant (and the same as in
 * {@code benchmarks/c/interleaved.c}).
 *
 * <pre>
 * line 0  call_single_queue (struct llist_head), alone in its line (DEFINE_PER_CPU_SHARED_ALIGNED)
 * line 1  the doorbell word (4 bytes at offset 0), alone: the "IPI" of the doorbell protocol only
 * line 2  unused
 * line 3  csd line A  \  the csd starts at offset 0..lineSize-8 of line A
 * line 4  csd line B  /  and may run into line B
 * line 5  unused
 * </pre>
 *
 * Lines are counted from an origin on a {@code 2 * lineSize} boundary (proven from the real address), so
 * that every used line is the only used line of its 128-byte pair and a straddle always crosses a pair
 * boundary: an adjacent-line prefetcher then neither helps nor hurts one variant more than another, and
 * every fork gets the same geometry. The variants choose only the csd's offset in lines A-B.
 */
public final class CsdBlock {
    static final int HEAD_LINE = 0;
    static final int DOORBELL_LINE = 1;
    static final int CSD_LINE = 3;
    /** Lines the csd may occupy. */
    public static final int CSD_LINES = 2;
    static final int LINES = 6;
    /** Lines a block's memory holds: one spare lets the origin move to a 2-line boundary. */
    public static final int ALLOCATED_LINES = LINES + 1;

    private final Memory memory;
    private final int origin;
    private final int lineSize;

    private CsdBlock(Memory memory, int origin) {
        this.memory = memory;
        this.origin = origin;
        this.lineSize = memory.lineSize();
    }

    /** A block for lines of {@link CacheLine#SIZE}. */
    public static CsdBlock allocate() {
        return allocate(CacheLine.SIZE);
    }

    public static CsdBlock allocate(int lineSize) {
        return on(LineAlignedMemory.allocate(ALLOCATED_LINES, lineSize));
    }

    /**
     * A block on {@code m}, which must hold {@link #ALLOCATED_LINES} lines: off-heap memory for the benchmarks, or a
     * recording memory that traces the same protocol code.
     */
    public static CsdBlock on(Memory m) {
        int lineSize = m.lineSize();
        if (m.capacity() < ALLOCATED_LINES * lineSize) {
            throw new IllegalArgumentException("a csd block needs " + ALLOCATED_LINES + " lines, not " + m.capacity() + " bytes");
        }
        int origin = m.addressModulo(0, 2 * lineSize) == 0 ? 0 : lineSize;
        if (m.addressModulo(origin, 2 * lineSize) != 0) {
            throw new IllegalStateException("no " + 2 * lineSize + "-byte boundary at byte " + origin + " of the block");
        }
        return new CsdBlock(m, origin);
    }

    public Memory memory() { return memory; }

    public int lineSize() { return lineSize; }

    /** Byte index of the {@code call_single_queue} head ({@code struct llist_head}). */
    public int head() {
        return origin + HEAD_LINE * lineSize;
    }

    /**
     * Byte index of the doorbell word, 4 bytes: the stand-in for the interrupt in the doorbell protocol. Lines 0 and
     * 1 share a 128-byte pair; only the doorbell protocol uses both, the same way in every side.
     */
    public int doorbell() {
        return origin + DOORBELL_LINE * lineSize;
    }

    /** Byte index of line A, the first csd line. Nodes live here or later, so index 0 can stand for NULL. */
    public int csdLines() {
        return origin + CSD_LINE * lineSize;
    }

    /** Byte index of a csd of {@code size} bytes at {@code offset} in the csd lines. */
    public int csd(int offset, int size) {
        checkOffset(offset, size, lineSize);
        return csdLines() + offset;
    }

    /** Where a csd of {@code size} bytes at {@code offset} in the csd lines falls, from the real address. */
    public Placement placeCsd(int offset, int size) {
        return memory.place(csd(offset, size), size);
    }

    /** Where the queue head falls, from the real address. */
    public Placement placeHead() {
        return memory.place(head(), Long.BYTES);
    }

    /** Where the doorbell word falls, from the real address. */
    public Placement placeDoorbell() {
        return memory.place(doorbell(), Integer.BYTES);
    }

    /** The block line (counted from its origin) holding byte {@code index}. */
    public int lineOf(int index) {
        if (index < origin || index >= origin + LINES * lineSize) {
            throw new IllegalArgumentException("byte " + index + " is outside the block's " + LINES + " lines");
        }
        return (index - origin) / lineSize;
    }

    /**
     * Which of a struct's members fall in which of the block's lines, for the struct at {@code offset} in the
     * csd lines: e.g. "llist.next, func in line 3; info, flags in line 4". Lines are counted from the block's
     * origin, whose alignment was proven from the real address.
     */
    public String memberLines(int offset, StructLayout layout, List<String> members) {
        int csd = csd(offset, layout.size());
        List<FieldLines.Field> fields = new ArrayList<>();
        for (String name : members) {
            StructLayout.Member m = layout.member(name);
            fields.add(new FieldLines.Field(name, csd + m.offset(), m.size()));
        }
        if (memory.addressModulo(origin, lineSize) != 0) {
            throw new IllegalStateException("block origin is not on a line boundary");
        }
        return FieldLines.describe(fields, lineSize, origin);
    }

    /**
     * The csd offsets a block accepts: a multiple of 8 (every field stays naturally aligned, as any
     * allocator gives an 8-aligned struct), starting inside line A ({@code 0..lineSize-8}), and ending
     * inside line B.
     */
    public static void checkOffset(int offset, int size, int lineSize) {
        if (offset % 8 != 0) {
            throw new IllegalArgumentException("offset " + offset + " is not a multiple of 8 (the csd's 8-byte fields must stay aligned)");
        }
        if (offset < 0 || offset >= lineSize || offset + size > CSD_LINES * lineSize) {
            throw new IllegalArgumentException("offset " + offset + " is outside 0.." + (lineSize - 8)
                    + ": the csd must start within one " + lineSize + "-byte line");
        }
    }

    /** Zeroes the whole block: an unlocked csd, an empty queue and a silent doorbell, as zeroed per-CPU memory starts. */
    public void clear() {
        for (int i = 0; i + Long.BYTES <= memory.capacity(); i += Long.BYTES) {
            memory.setLongVolatile(i, 0L);
        }
    }

    /** One line for reports: the csd's placement and what the block guarantees around it. */
    public String describe(Placement csd) {
        return csd.describe() + "; queue head in line " + placeHead().firstLine()
                + "; block origin on a " + 2 * lineSize + "-byte boundary";
    }
}
