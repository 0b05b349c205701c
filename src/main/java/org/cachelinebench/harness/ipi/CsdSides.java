package org.cachelinebench.harness.ipi;

import java.util.List;

import org.cachelinebench.harness.interleave.InterleavedSide;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.cachelinebench.model.ipi.LineProbe;

/**
 * The eight sides {@code benchmarks.IpiInterleaved} measures in one schedule, in schedule order:
 * <ol start="0">
 *   <li>{@code line-aligned}: a csd at offset 0 of its line, the reference every ratio divides by;</li>
 *   <li>{@code floor}: one 4-byte flag bounced at offset 0 of the csd line ({@link FlagPingPong}), the
 *       machine's one-line round trip, the unit of the extra line transfers;</li>
 *   <li>{@code straddled}: a csd at {@code lineSize - 16}, across two lines (the 2017 report);</li>
 *   <li>{@code size-aligned}: a csd at 32, the merged fix;</li>
 *   <li>{@code line-aligned-again}: the reference's placement as a side of its own, the A/A control:
 *       its ratio to the reference is the design's own bias.</li>
 *   <li>{@code probe-serial}, {@code probe-pair}, {@code probe-parallel}: the floor's round trip with one more line
 *       ({@link LineProbe}), so that every run carries its own machine's costs: a transfer in series after the wait,
 *       the same from the flag line's 128-byte buddy (the adjacent-line prefetcher), and a second transfer
 *       outstanding together with the first. Each is reported against the floor ({@link #PROBES}).</li>
 * </ol>
 * Every csd side runs the same protocol ({@code protocol}, {@code layout}, {@code mode}, {@code work}); only the
 * offset differs. With {@code protocol=flag} the csd sides are the flag mailbox on the same bytes at the same
 * offsets (on 64-byte lines: line-aligned and size-aligned keep its four members in one line; straddled has
 * {@code llist.next} and {@code func} in line A, {@code info} and {@code flags} in line B).
 */
public final class CsdSides {
    private CsdSides() {}

    public static final String LINE_ALIGNED = "line-aligned";
    public static final String FLOOR = "floor";
    public static final String STRADDLED = "straddled";
    public static final String SIZE_ALIGNED = "size-aligned";
    public static final String LINE_ALIGNED_AGAIN = "line-aligned-again";
    public static final String PROBE_SERIAL = "probe-serial";
    public static final String PROBE_PAIR = "probe-pair";
    public static final String PROBE_PARALLEL = "probe-parallel";

    /** The sides' names in schedule order; a side's number is its index here. */
    public static final List<String> NAMES = List.of(LINE_ALIGNED, FLOOR, STRADDLED, SIZE_ALIGNED, LINE_ALIGNED_AGAIN,
            PROBE_SERIAL, PROBE_PAIR, PROBE_PARALLEL);

    /** The probe sides, each reported as its cost over the floor's ({@code CounterNames.ratio(probe, FLOOR)}). */
    public static final List<String> PROBES = List.of(PROBE_SERIAL, PROBE_PAIR, PROBE_PARALLEL);

    public static final int REFERENCE_SIDE = NAMES.indexOf(LINE_ALIGNED);
    public static final int FLOOR_SIDE = NAMES.indexOf(FLOOR);
    public static final int STRADDLED_SIDE = NAMES.indexOf(STRADDLED);
    public static final int SIZE_ALIGNED_SIDE = NAMES.indexOf(SIZE_ALIGNED);
    public static final int LINE_ALIGNED_AGAIN_SIDE = NAMES.indexOf(LINE_ALIGNED_AGAIN);

    /** The sides of the kernel's protocol (receiver polling its queue head) for one layout and call mode. */
    public static List<InterleavedSide> of(CsdLayout layout, IpiMode mode) {
        return of(IpiProtocol.KERNEL, layout, mode, 0);
    }

    /** The sides of one protocol, layout and call mode, {@code func(info)} running {@code work} more steps. */
    public static List<InterleavedSide> of(IpiProtocol protocol, CsdLayout layout, IpiMode mode, long work) {
        return List.of(
                csd(LINE_ALIGNED, protocol, layout, mode, CsdPlacement.LINE_ALIGNED, work),
                new InterleavedSide(FLOOR, FlagPingPong::in),
                csd(STRADDLED, protocol, layout, mode, CsdPlacement.STRADDLED, work),
                csd(SIZE_ALIGNED, protocol, layout, mode, CsdPlacement.SIZE_ALIGNED, work),
                csd(LINE_ALIGNED_AGAIN, protocol, layout, mode, CsdPlacement.LINE_ALIGNED, work),
                probe(PROBE_SERIAL, LineProbe.Kind.SERIAL),
                probe(PROBE_PAIR, LineProbe.Kind.PAIR),
                probe(PROBE_PARALLEL, LineProbe.Kind.PARALLEL));
    }

    /** The probe of {@code kind} as a side: the same in every protocol, as the floor is. */
    private static InterleavedSide probe(String name, LineProbe.Kind kind) {
        return new InterleavedSide(name, block -> LineProbe.in(kind, block));
    }

    private static InterleavedSide csd(String name, IpiProtocol protocol, CsdLayout layout, IpiMode mode,
                                       CsdPlacement placement, long work) {
        // The flag mailbox runs on the v4.13 bytes: its placements are the v4.13 csd's.
        int size = (protocol.usesModeAndLayout() ? layout : CsdLayout.V4_13).struct().size();
        return new InterleavedSide(name, block -> protocol.in(block, layout, mode,
                placement.offset(block.lineSize(), size), work));
    }
}
