package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;

/**
 * The {@code subject} parameter of {@code benchmarks.IpiInterleaved}: what is measured against the
 * line-aligned csd in the same iteration.
 * <ul>
 *   <li>{@code straddled}: a csd at {@code lineSize - 16}, across two lines (the 2017 report);</li>
 *   <li>{@code size-aligned}: a csd at 32, the merged fix;</li>
 *   <li>{@code floor}: no csd, one bare flag bounced in one line ({@link FlagPingPong});</li>
 *   <li>{@code line-aligned}: the reference's own placement in a block of its own, the A/A control:
 *       whatever ratio it gives is the design's bias, to set beside the others.</li>
 * </ul>
 */
public enum InterleavedSubject {
    STRADDLED("straddled", CsdPlacement.STRADDLED),
    SIZE_ALIGNED("size-aligned", CsdPlacement.SIZE_ALIGNED),
    FLOOR("floor", null),
    LINE_ALIGNED("line-aligned", CsdPlacement.LINE_ALIGNED);

    public static final String PARAM = "subject";

    private final String value;
    private final CsdPlacement placement;

    InterleavedSubject(String value, CsdPlacement placement) {
        this.value = value;
        this.placement = placement;
    }

    public String value() { return value; }

    public static InterleavedSubject parse(String value) {
        for (InterleavedSubject s : values()) {
            if (s.value.equals(value)) {
                return s;
            }
        }
        throw new IllegalArgumentException("subject must be 'straddled', 'size-aligned', 'floor' or 'line-aligned', not '" + value + "'");
    }

    /** A new handshake in a block of its own: a csd mailbox, or for the floor a flag. */
    public Handshake create(CsdLayout layout, IpiMode mode) {
        return placement == null ? FlagPingPong.create() : IpiMailbox.create(layout, mode, placement);
    }
}
