package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code placement} parameter: where the csd starts, in bytes from the first of the block's two csd
 * lines. The variants differ in nothing else.
 * <ul>
 *   <li>{@code straddled}: {@code lineSize - size/2} (48 on 64-byte lines): v4.13's {@code llist} and
 *       {@code func} in one line, {@code info} and {@code flags} in the next, as an 8-aligned allocation
 *       can place it (the 2017 report).</li>
 *   <li>{@code size-aligned}: at {@code size} (32), a 32-byte boundary that is not a line boundary:
 *       what {@code call_single_data_t}'s {@code __aligned(sizeof(...))} guarantees (the merged fix).</li>
 *   <li>{@code line-aligned}: at 0, alone in its line (the posted series' cache-line alignment).</li>
 * </ul>
 */
public enum CsdPlacement {
    STRADDLED("straddled"),
    SIZE_ALIGNED("size-aligned"),
    LINE_ALIGNED("line-aligned");

    public static final String PARAM = "placement";

    private final String value;

    CsdPlacement(String value) {
        this.value = value;
    }

    public String value() { return value; }

    public static CsdPlacement parse(String value) {
        return EnumParam.parse(PARAM, values(), CsdPlacement::value, value);
    }

    /** The csd's byte offset in the csd lines, for a csd of {@code size} bytes and lines of {@code lineSize}. */
    public int offset(int lineSize, int size) {
        if (lineSize < 2 * size) {
            // size-aligned would be a line boundary, and straddled would not be distinct from it.
            throw new IllegalArgumentException("placement " + value + " needs lines of at least " + 2 * size
                    + " bytes for a " + size + "-byte csd; the line size is " + lineSize);
        }
        switch (this) {
            case STRADDLED: return lineSize - size / 2;
            case SIZE_ALIGNED: return size;
            case LINE_ALIGNED: return 0;
            default: throw new AssertionError(this);
        }
    }
}
