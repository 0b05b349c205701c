package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.cachelinebench.harness.CsdSides;
import org.cachelinebench.harness.InterleavedSide;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.junit.jupiter.api.Test;

/**
 * The many-sender csd curve traced from CallMany's own code: at one sender and one target it is the single-target
 * csd of IpiInterleaved with the doorbell protocol on the current layout (the same bytes at the same offsets, the
 * same kernel code), traced by the suite's own handshake tracer.
 */
class CsdManyShapeTest {
    private static final Shape SHAPE = Shapes.parse("csd-many");

    /** Transfers per call of one IpiInterleaved side: doorbell, current layout, sync; round-robin, as the curve. */
    private static double single(String side) {
        for (InterleavedSide s : CsdSides.of(IpiProtocol.DOORBELL, CsdLayout.CURRENT, IpiMode.SYNC, 0)) {
            if (s.name().equals(side)) {
                return HandshakeTrace.trace(s::in, Model.DEFAULT.with(Schedule.ROUND_ROBIN)).perOperation().transfers();
            }
        }
        throw new AssertionError("no side " + side);
    }

    @Test
    void oneSenderToOneTargetMovesTheLinesOfTheSingleTargetCsd() {
        Map<String, String> same = Map.of(CsdManyShape.LINE_ALIGNED, CsdSides.LINE_ALIGNED,
                CsdManyShape.SIZE_ALIGNED, CsdSides.SIZE_ALIGNED, CsdManyShape.STRADDLED, CsdSides.STRADDLED);
        same.forEach((series, side) -> assertEquals(single(side), SHAPE.transfers(series, 2, Model.DEFAULT), 1e-9,
                series + " against " + side));
        assertEquals(single(CsdSides.SIZE_ALIGNED) - single(CsdSides.LINE_ALIGNED),
                SHAPE.transfers(CsdManyShape.EXTRA, 2, Model.DEFAULT), 1e-9);
        assertTrue(single(CsdSides.STRADDLED) > single(CsdSides.LINE_ALIGNED), "the straddle's second line moves");
    }

    @Test
    void aCallToMoreTargetsMovesMoreLinesAndTheExtraIsTheDifference() {
        double oneTarget = SHAPE.transfers(CsdManyShape.LINE_ALIGNED, 2, Model.DEFAULT);
        double twoTargets = SHAPE.transfers(CsdManyShape.LINE_ALIGNED, 4, Model.DEFAULT);
        assertTrue(twoTargets > oneTarget, "each target's queue, doorbell and csd lines move: " + twoTargets
                + " against " + oneTarget);
        Model roundRobin = Model.DEFAULT.with(Schedule.ROUND_ROBIN);   // fresh traces, not the shape's own points
        assertEquals(CsdManyShape.trace(2, 2, 32, 0, roundRobin).perOperation().transfers()
                        - CsdManyShape.trace(2, 2, 64, 0, roundRobin).perOperation().transfers(),
                SHAPE.transfers(CsdManyShape.EXTRA, 4, Model.DEFAULT), 1e-9);
    }

    /** The count spans whole periods of the senders' round-robin progress: its length does not change it. */
    @Test
    void theCountIsTheSteadyStateWhateverItsLength() {
        Model roundRobin = Model.DEFAULT.with(Schedule.ROUND_ROBIN);
        for (int cpus : new int[] {4, 16}) {
            for (int align : new int[] {64, 32}) {
                double two = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, roundRobin, 2, 2).perOperation()
                        .transfers();
                double eight = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, roundRobin, 4, 8).perOperation()
                        .transfers();
                assertEquals(two, eight, 1e-9, cpus + " CPUs, align " + align);
            }
        }
    }

    @Test
    void anOddCountOrAnUnknownSeriesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SHAPE.transfers(CsdManyShape.LINE_ALIGNED, 3, Model.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> SHAPE.transfers("align-16", 2, Model.DEFAULT));
    }
}
