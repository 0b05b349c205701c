package org.cachelinebench.struct.guard;

/**
 * Whether bytes of a struct lie in different lines, or in one, wherever the struct may start: at any
 * multiple of {@code step} bytes into a line, {@code step} a power of two that divides the line (the
 * struct's alignment, at most the line: beyond it every start is a line start). Every guard form states
 * these conditions in its own language; here they are evaluated, to say which a layout keeps.
 */
final class Lines {
    private Lines() {}

    /** The starts a guard may rely on: the type's alignment, up to a line. */
    static int step(int align, int line) {
        return Math.min(align, line);
    }

    /**
     * Bytes ending at {@code aEnd} end a whole line before {@code bStart}, at every start: from the
     * step-aligned block that holds the last byte before {@code aEnd} to {@code bStart} is at least a line.
     * That block lies in one line at every start, and at the worst start it begins one, so {@code bStart}
     * must lie a line further on. With the step a line this compares line indexes.
     */
    static boolean before(int aEnd, int bStart, int step, int line) {
        return bStart >= aEnd && bStart - Math.floorDiv(aEnd - 1, step) * step >= line;
    }

    /** [aStart, aEnd) and [bStart, bEnd) share no line at any start, whichever comes first. */
    static boolean apart(int aStart, int aEnd, int bStart, int bEnd, int step, int line) {
        return before(aEnd, bStart, step, line) || before(bEnd, aStart, step, line);
    }

    /**
     * [start, end) lies in one line at every start: inside one step-aligned block, since a line boundary
     * can fall between any two blocks (with the step a line: inside one line).
     */
    static boolean whole(int start, int end, int step) {
        return start % step + (end - start) <= step;
    }
}
