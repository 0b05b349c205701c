package org.cachelinebench.harness;

import java.util.List;

import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;

/**
 * The five sides {@code benchmarks.IpiInterleaved} measures in one schedule, in schedule order:
 * <ol start="0">
 *   <li>{@code line-aligned}: a csd at offset 0 of its line, the reference every ratio divides by;</li>
 *   <li>{@code floor}: one 4-byte flag bounced at offset 0 of the csd line ({@link FlagPingPong}), the
 *       machine's one-line round trip, the unit of the extra line transfers;</li>
 *   <li>{@code straddled}: a csd at {@code lineSize - 16}, across two lines (the 2017 report);</li>
 *   <li>{@code size-aligned}: a csd at 32, the merged fix;</li>
 *   <li>{@code line-aligned-again}: the reference's placement as a side of its own, the A/A control:
 *       its ratio to the reference is the design's own bias.</li>
 * </ol>
 * Every csd side runs the same protocol ({@code layout}, {@code mode}); only the offset differs.
 */
public final class CsdSides {
    private CsdSides() {}

    public static final String LINE_ALIGNED = "line-aligned";
    public static final String FLOOR = "floor";
    public static final String STRADDLED = "straddled";
    public static final String SIZE_ALIGNED = "size-aligned";
    public static final String LINE_ALIGNED_AGAIN = "line-aligned-again";

    /** The sides' names in schedule order; a side's number is its index here. */
    public static final List<String> NAMES = List.of(LINE_ALIGNED, FLOOR, STRADDLED, SIZE_ALIGNED, LINE_ALIGNED_AGAIN);

    public static final int REFERENCE_SIDE = NAMES.indexOf(LINE_ALIGNED);
    public static final int FLOOR_SIDE = NAMES.indexOf(FLOOR);
    public static final int STRADDLED_SIDE = NAMES.indexOf(STRADDLED);
    public static final int SIZE_ALIGNED_SIDE = NAMES.indexOf(SIZE_ALIGNED);
    public static final int LINE_ALIGNED_AGAIN_SIDE = NAMES.indexOf(LINE_ALIGNED_AGAIN);

    /** The five sides for one kernel layout and call mode. */
    public static List<InterleavedSide> of(CsdLayout layout, IpiMode mode) {
        return List.of(
                csd(LINE_ALIGNED, layout, mode, CsdPlacement.LINE_ALIGNED),
                new InterleavedSide(FLOOR, FlagPingPong::in),
                csd(STRADDLED, layout, mode, CsdPlacement.STRADDLED),
                csd(SIZE_ALIGNED, layout, mode, CsdPlacement.SIZE_ALIGNED),
                csd(LINE_ALIGNED_AGAIN, layout, mode, CsdPlacement.LINE_ALIGNED));
    }

    private static InterleavedSide csd(String name, CsdLayout layout, IpiMode mode, CsdPlacement placement) {
        return new InterleavedSide(name, block -> IpiMailbox.in(block, layout, mode, placement));
    }
}
