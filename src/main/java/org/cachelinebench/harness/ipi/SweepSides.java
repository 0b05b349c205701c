package org.cachelinebench.harness.ipi;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.harness.interleave.InterleavedSide;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;

/**
 * The ten sides {@code benchmarks.InterleavedOffsetSweep} measures in one schedule, in schedule order: the v4.13 csd
 * (or the flag mailbox on its bytes) at offset 0 of line A, the reference; the one-line floor; the csd at every
 * other 8-byte offset of a 64-byte line, 8 to 56; and offset 0 again, the A/A control.
 *
 * <p>On 64-byte lines the 32-byte csd stays in line A up to offset 32 and straddles from 40: at 40
 * {@code llist.next}, {@code func} and {@code info} are in line A and {@code flags} in line B; at 48 two and two;
 * at 56 only {@code llist.next} in A. On 128-byte lines every offset here stays in one line.
 */
public final class SweepSides {
    private SweepSides() {}

    /** The offsets measured, 0 first (the reference). */
    public static final List<Integer> OFFSETS = List.of(0, 8, 16, 24, 32, 40, 48, 56);

    public static final String REFERENCE = name(0);
    public static final String FLOOR = CsdSides.FLOOR;
    public static final String AGAIN = name(0) + "-again";

    /** The sides' names in schedule order: offset-0, floor, offset-8 .. offset-56, offset-0-again. */
    public static final List<String> NAMES = names();

    public static final int REFERENCE_SIDE = NAMES.indexOf(REFERENCE);
    public static final int FLOOR_SIDE = NAMES.indexOf(FLOOR);

    /** "offset-40". */
    public static String name(int offset) {
        return "offset-" + offset;
    }

    private static List<String> names() {
        List<String> n = new ArrayList<>();
        n.add(REFERENCE);
        n.add(FLOOR);
        for (int offset : OFFSETS.subList(1, OFFSETS.size())) {
            n.add(name(offset));
        }
        n.add(AGAIN);
        return List.copyOf(n);
    }

    /** The ten sides of one protocol and call mode on the v4.13 csd, in the order of {@link #NAMES}. */
    public static List<InterleavedSide> of(IpiProtocol protocol, IpiMode mode, long work) {
        List<InterleavedSide> sides = new ArrayList<>();
        sides.add(csd(REFERENCE, 0, protocol, mode, work));
        sides.add(new InterleavedSide(FLOOR, FlagPingPong::in));
        for (int offset : OFFSETS.subList(1, OFFSETS.size())) {
            sides.add(csd(name(offset), offset, protocol, mode, work));
        }
        sides.add(csd(AGAIN, 0, protocol, mode, work));
        return List.copyOf(sides);
    }

    private static InterleavedSide csd(String name, int offset, IpiProtocol protocol, IpiMode mode, long work) {
        return new InterleavedSide(name, block -> protocol.in(block, CsdLayout.V4_13, mode, offset, work));
    }
}
