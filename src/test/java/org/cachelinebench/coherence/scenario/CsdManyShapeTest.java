package org.cachelinebench.coherence.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;


import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.kernel.HandshakeTrace;
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
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
        for (Side s : CsdSides.of(IpiProtocol.DOORBELL, CsdLayout.CURRENT, IpiMode.SYNC, 0)) {
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
        Model roundRobin = Model.DEFAULT.with(Schedule.ROUND_ROBIN);   // fresh traces, not the shape's own points
        assertEquals(CsdManyShape.trace(2, 2, 32, 0, roundRobin).perOperation().transfers()
                        - CsdManyShape.trace(2, 2, 64, 0, roundRobin).perOperation().transfers(),
                SHAPE.transfers(CsdManyShape.EXTRA, 4, Model.DEFAULT), 1e-9);
    }

    /**
     * The count is whole periods of the senders' progress after the cold start, found by the count itself: from
     * the first round, from a later one and over three periods it is the curve's, with the doorbell and the kernel's wakes (one target woken through its
     * flags, several by interrupts), at 4 and 16 CPUs, line-aligned and mainline's 32-byte csds.
     */
    @Test
    void theCountIsTheSteadyStateWhateverItsLength() {
        Model roundRobin = Model.DEFAULT.with(Schedule.ROUND_ROBIN);
        for (boolean doorbell : new boolean[] {true, false}) {
            CsdManyShape.Handshake protocol = doorbell ? CsdManyShape.doorbell(IpiMode.SYNC, 0)
                    : CsdManyShape.kernel(IpiMode.SYNC, 0);
            for (int cpus : new int[] {4, 16}) {
                for (int align : new int[] {64, 32}) {
                    Traced curve = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, protocol, roundRobin);
                    Traced first = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, protocol, roundRobin, 0, 1);
                    Traced later = CsdManyShape.trace(cpus / 2, cpus / 2, align, 0, protocol, roundRobin,
                            CsdManyShape.SETTLE + 4, 3);
                    String where = (doorbell ? "doorbell, " : "kernel, ") + cpus + " CPUs, align " + align;
                    assertEquals(0, curve.operations() % (cpus / 2), where + ": whole calls per sender");
                    for (Traced other : new Traced[] {first, later}) {
                        assertEquals(curve.perOperation().transfers(), other.perOperation().transfers(), 1e-9, where);
                        assertEquals(curve.perOperation().invalidations(), other.perOperation().invalidations(), 1e-9, where);
                        assertEquals(curve.perOperation().upgrades(), other.perOperation().upgrades(), 1e-9, where);
                    }
                }
            }
        }
    }

    @Test
    void anOddCountOrAnUnknownSeriesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SHAPE.transfers(CsdManyShape.LINE_ALIGNED, 3, Model.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> SHAPE.transfers("align-16", 2, Model.DEFAULT));
    }
}
