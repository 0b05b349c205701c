package org.cachelinebench.model.ipi;

import java.util.List;

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
    V4_13("v4.13", CallSingleData.V4_13, List.of("llist.next", "func", "info", "flags")),
    CURRENT("current", CallSingleData.CURRENT_T,
            List.of("node.llist.next", "node.u_flags", "node.src", "node.dst", "func", "info"));

    public static final String PARAM = "layout";

    private final String value;
    private final StructLayout struct;
    private final List<String> members;

    CsdLayout(String value, StructLayout struct, List<String> members) {
        this.value = value;
        this.struct = struct;
        this.members = members;
    }

    public String value() { return value; }

    public StructLayout struct() { return struct; }

    /** The struct's innermost members, by path, in declaration order: the words the protocol reads and writes. */
    public List<String> members() { return members; }

    public static CsdLayout parse(String value) {
        return EnumParam.parse(PARAM, values(), CsdLayout::value, value);
    }

    /**
     * The model of this kernel's smp.c on a csd {@code offset} bytes into the block's csd lines; with
     * {@code doorbell}, the IPI rings the block's doorbell word instead of being seen in the queue head.
     */
    Smp newSmp(CsdBlock block, int offset, boolean doorbell) {
        switch (this) {
            case V4_13: return new SmpV4_13(block, offset, doorbell);
            case CURRENT: return new SmpCurrent(block, offset, doorbell);
            default: throw new AssertionError(this);
        }
    }
}
