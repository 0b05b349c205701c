package org.cachelinebench.model.layout;

/**
 * Where a struct sits relative to the cache lines, computed from the memory's real address.
 *
 * @param offset      the struct's byte index in its memory block
 * @param size        bytes the struct covers
 * @param lineSize    the line size used
 * @param startInLine the struct's first byte address modulo the line size
 * @param firstLine   index (from the block's first line) of the line holding the first byte
 * @param lines       number of distinct lines the struct touches
 */
public record Placement(int offset, int size, int lineSize, int startInLine, int firstLine, int lines) {

    /** Measures a placement; the offset must be 8-aligned so that every field can be accessed atomically. */
    public static Placement of(Memory memory, int offset, int size) {
        int line = memory.lineSize();
        if (offset < 0 || size < 1 || offset + size > memory.capacity()) {
            throw new IllegalArgumentException("struct of " + size + " bytes at offset " + offset
                    + " does not fit in " + memory.capacity() + " bytes");
        }
        if (offset % 8 != 0) {
            throw new IllegalArgumentException("offset " + offset + " is not a multiple of 8");
        }
        int start = memory.addressModulo(offset, line);
        int base = memory.addressModulo(0, line);
        int firstLine = (base + offset) / line;
        int lines = (start + size - 1) / line + 1;
        return new Placement(offset, size, line, start, firstLine, lines);
    }

    public boolean straddles() {
        return lines > 1;
    }

    public int lastLine() {
        return firstLine + lines - 1;
    }

    /** One line for reports, e.g. "bytes 48..79: starts 48 bytes into line 0, spans lines 0-1 (straddles)". */
    public String describe() {
        String span = lines == 1 ? "line " + firstLine : "lines " + firstLine + "-" + lastLine();
        return String.format("bytes %d..%d: starts %d bytes into line %d, occupies %s%s",
                offset, offset + size - 1, startInLine, firstLine, span, straddles() ? " (straddles)" : "");
    }
}
