package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.EnumParam;
import org.cachelinebench.model.layout.StructLayout;

/**
 * The {@code layout} parameter: which kernel's csd and smp.c the model runs.
 * <ul>
 *   <li>{@code v4.13}: {@code struct call_single_data} (llist, func, info, flags) and v4.13's kernel/smp.c,
 *       the code the 2017 straddling report was about.</li>
 *   <li>{@code current}: {@code call_single_data_t} (node = {llist, u_flags, src, dst}, func, info) and
 *       the current kernel/smp.c (typed csds, two-pass flush).</li>
 * </ul>
 * Both are 32 bytes; the placement, not the type's alignment, decides where the model puts the csd (a
 * straddled {@code current} csd is what an unaligned {@code struct __call_single_data} would give).
 */
public enum CsdLayout {
    V4_13("v4.13", CallSingleData.V4_13),
    CURRENT("current", CallSingleData.CURRENT_T);

    public static final String PARAM = "layout";

    private final String value;
    private final StructLayout struct;

    CsdLayout(String value, StructLayout struct) {
        this.value = value;
        this.struct = struct;
    }

    public String value() { return value; }

    public StructLayout struct() { return struct; }

    public static CsdLayout parse(String value) {
        return EnumParam.parse(PARAM, values(), CsdLayout::value, value);
    }

    /** The model of this kernel's smp.c on a csd {@code offset} bytes into the block's csd lines. */
    Smp newSmp(CsdBlock block, int offset) {
        switch (this) {
            case V4_13: return new SmpV4_13(block, offset);
            case CURRENT: return new SmpCurrent(block, offset);
            default: throw new AssertionError(this);
        }
    }
}
