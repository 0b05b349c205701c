package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Where in a line a struct may start, as {@code --placement} says: {@code line} (at a line start, as
 * slab objects of a line or more and line-aligned types are), {@code any} (every start its alignment
 * allows, and at least 8-byte aligned, as kmalloc and malloc return), or a number of bytes into a line
 * (a struct inside another one, as the v4.13 csd was at 48).
 */
public record StartPlacement(String mode, int offset) {
    public static final StartPlacement LINE = new StartPlacement("line", 0);
    public static final StartPlacement ANY = new StartPlacement("any", 0);

    /** Parses {@code line}, {@code any} or a number of bytes; the line size is checked later. */
    public static StartPlacement parse(String text) {
        if (text.equals("line")) {
            return LINE;
        }
        if (text.equals("any")) {
            return ANY;
        }
        try {
            int n = Integer.parseInt(text);
            if (n >= 0) {
                return new StartPlacement("at", n);
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("must be line, any or a number of bytes into a line, not '" + text + "'");
    }

    /** The starts, bytes into a {@code lineSize} line, of a struct aligned to {@code align}. */
    public List<Integer> of(int align, int lineSize) {
        int step = Math.max(8, align);
        List<Integer> out = new ArrayList<>();
        if (mode.equals("line") || step >= lineSize) {
            out.add(0);
        } else if (mode.equals("at") && offset % step == 0) {
            out.add(offset % lineSize);
        } else {
            for (int s = 0; s < lineSize; s += step) {
                out.add(s);
            }
        }
        return out;
    }

    /** For headings: "at a line start", "at any 8-aligned start", "48 bytes into a line". */
    public String describe(int align, int lineSize) {
        List<Integer> starts = of(align, lineSize);
        if (starts.equals(List.of(0))) {
            return "starting at a line boundary";
        }
        if (starts.size() == 1) {
            return "starting " + starts.get(0) + " bytes into a line";
        }
        return "at every " + Math.max(8, align) + "-aligned start in a line (" + starts.size() + " starts)";
    }
}
