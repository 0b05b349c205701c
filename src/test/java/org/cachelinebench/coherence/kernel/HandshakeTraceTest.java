package org.cachelinebench.coherence.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Prefetch;
import org.cachelinebench.coherence.Protocol;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Traces of the models' own protocol code (SmpV4_13, SmpCurrent, FlagPingPong) through the recording memory. */
class HandshakeTraceTest {
    /** The floor: one flag bounced; each side reads it (a transfer) and writes it (an upgrade). */
    @ParameterizedTest
    @EnumSource(Protocol.class)
    void theFloorMovesItsLineTwicePerRoundTrip(Protocol protocol) {
        Traced t = HandshakeTrace.trace(FlagPingPong::in, new Model(protocol, Prefetch.NONE, Schedule.BURST, 64));
        assertEquals(2, t.perOperation().transfers());
        assertEquals(2, t.perOperation().upgrades());
        assertEquals(2, t.perOperation().invalidations());
        assertEquals(protocol == Protocol.MESI ? 2 : 0, t.perOperation().writeBacks());
        assertEquals(1, t.byRole().get(HandshakeTrace.SENDER).transfers());
        assertEquals(1, t.byRole().get(HandshakeTrace.RECEIVER).transfers());
    }

    /**
     * The 2017 report: a straddled csd "double[s] the number of the cache lines that need to be transferred". In the
     * kernel's protocol, traced from SmpV4_13 in both call modes, the csd's lines move exactly twice as often per
     * call straddled as line-aligned or size-aligned; the queue head's line moves the same. In the current layout
     * (SmpCurrent) the second line holds only {@code func} and {@code info}, which the receiver reads and never
     * writes, so it moves one way per call: one and a half times the lines.
     */
    @ParameterizedTest
    @EnumSource(CsdLayout.class)
    void aStraddledCsdMovesTwiceTheLinesOfAnAlignedOne(CsdLayout layout) {
        double factor = layout == CsdLayout.V4_13 ? 2 : 1.5;
        for (IpiMode mode : IpiMode.values()) {
            Traced straddled = csd(layout, mode, CsdPlacement.STRADDLED);
            for (CsdPlacement aligned : new CsdPlacement[] {CsdPlacement.LINE_ALIGNED, CsdPlacement.SIZE_ALIGNED}) {
                Traced a = csd(layout, mode, aligned);
                double lines = HandshakeTrace.csdLineTransfers(a);
                assertTrue(lines > 0, layout + " " + mode + " " + aligned);
                assertEquals(factor * lines, HandshakeTrace.csdLineTransfers(straddled), 1e-9,
                        layout + " " + mode + " straddled vs " + aligned);
                assertEquals(a.byLine().get(HandshakeTrace.QUEUE_HEAD), straddled.byLine().get(HandshakeTrace.QUEUE_HEAD));
            }
        }
    }

    @Test
    void aTraceIsTheSameEveryTimeUnderEverySchedule() {
        for (Schedule s : new Schedule[] {Schedule.BURST, Schedule.ROUND_ROBIN, Schedule.random(1), Schedule.random(2)}) {
            Model m = Model.DEFAULT.with(s);
            assertEquals(trace(m), trace(m), s.describe());
        }
    }

    private static Traced trace(Model m) {
        return HandshakeTrace.trace(b -> IpiMailbox.in(b, CsdLayout.V4_13, IpiMode.SYNC, CsdPlacement.STRADDLED), m);
    }

    private static Traced csd(CsdLayout layout, IpiMode mode, CsdPlacement placement) {
        return HandshakeTrace.trace(b -> IpiMailbox.in(b, layout, mode, placement), Model.DEFAULT);
    }
}
