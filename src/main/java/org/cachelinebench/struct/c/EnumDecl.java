package org.cachelinebench.struct.c;

import java.util.Map;

/** An enum: its tag (null when anonymous), its constants once defined, and whether it is packed. */
public final class EnumDecl {
    private final String tag;
    private final Token at;
    private Map<String, Long> values;
    private boolean packed;

    EnumDecl(String tag, Token at) {
        this.tag = tag;
        this.at = at;
    }

    String tag() { return tag; }
    Token at() { return at; }
    boolean isDefined() { return values != null; }

    void define(Map<String, Long> values, boolean packed) {
        this.values = Map.copyOf(values);
        this.packed = packed;
    }

    /**
     * Its size as gcc gives it on x86-64: 4 bytes when every value fits int, or unsigned int when none is
     * negative; else 8. A packed enum takes the smallest of 1, 2, 4, 8 bytes that holds every value.
     */
    int size() {
        long min = values.values().stream().mapToLong(Long::longValue).min().orElse(0);
        long max = values.values().stream().mapToLong(Long::longValue).max().orElse(0);
        int[] sizes = packed ? new int[] {1, 2, 4} : new int[] {4};
        for (int n : sizes) {
            long bits = 8L * n;
            boolean fits = min < 0
                    ? min >= -(1L << (bits - 1)) && max < (1L << (bits - 1))
                    : Long.compareUnsigned(max, (1L << bits) - 1) <= 0;
            if (fits) {
                return n;
            }
        }
        return 8;
    }
}
