package org.cachelinebench.coherence.unit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.cachelinebench.coherence.Model;
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.junit.jupiter.api.Test;

/** The critical path's classes on the probes (each adds exactly its own class) and on the csd sides. */
class CriticalPathTest {
    private static CriticalPath path(IpiProtocol protocol, String side) {
        for (Side s : CsdSides.of(protocol, CsdLayout.V4_13, IpiMode.SYNC, 0)) {
            if (s.name().equals(side)) {
                return CriticalPath.of(s::in, Model.DEFAULT);
            }
        }
        throw new AssertionError(side);
    }

    /** Each probe is the floor's two hops and exactly one line of the class it prices: what makes it a unit. */
    @Test
    void eachProbeAddsItsOwnClassToTheFloor() {
        assertEquals(new CriticalPath(2, 0, 0, 0), path(IpiProtocol.KERNEL, CsdSides.FLOOR));
        assertEquals(new CriticalPath(2, 1, 0, 0), path(IpiProtocol.KERNEL, CsdSides.PROBE_SERIAL));
        assertEquals(new CriticalPath(2, 0, 1, 0), path(IpiProtocol.KERNEL, CsdSides.PROBE_PAIR));
        assertEquals(new CriticalPath(2, 0, 0, 2), path(IpiProtocol.KERNEL, CsdSides.PROBE_PARALLEL));
    }

    /**
     * The straddle's extra line: in the kernel's protocol the receiver loads both csd lines after taking the queue,
     * so the second overlaps the first; in the flag mailbox the payload's other line is loaded after the wait for
     * the flag, in series. The fix and the A/A control add nothing.
     */
    @Test
    void theStraddlesExtraLineIsParallelInTheKernelAndSerialInTheFlagMailbox() {
        CriticalPath kernel = path(IpiProtocol.KERNEL, CsdSides.STRADDLED).minus(path(IpiProtocol.KERNEL, CsdSides.LINE_ALIGNED));
        assertEquals(new CriticalPath(0, 0, 0, 1), kernel);
        CriticalPath flag = path(IpiProtocol.FLAG, CsdSides.STRADDLED).minus(path(IpiProtocol.FLAG, CsdSides.LINE_ALIGNED));
        assertEquals(new CriticalPath(0, 1, 0, 0), flag);
        for (IpiProtocol p : List.of(IpiProtocol.KERNEL, IpiProtocol.FLAG)) {
            CriticalPath ref = path(p, CsdSides.LINE_ALIGNED);
            assertEquals(new CriticalPath(0, 0, 0, 0), path(p, CsdSides.SIZE_ALIGNED).minus(ref), p.toString());
            assertEquals(new CriticalPath(0, 0, 0, 0), path(p, CsdSides.LINE_ALIGNED_AGAIN).minus(ref), p.toString());
        }
    }
}
