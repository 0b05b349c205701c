package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cachelinebench.harness.CsdSides;
import org.cachelinebench.harness.InterleavedSide;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.junit.jupiter.api.Test;

class HandshakeTraceTest {
    @Test
    void prints() {
        for (IpiProtocol p : IpiProtocol.values()) {
            for (InterleavedSide side : CsdSides.of(p, CsdLayout.V4_13, IpiMode.SYNC, 0)) {
                Traced t = HandshakeTrace.trace(side::in, Model.DEFAULT);
                System.out.println(p + " " + side.name() + ": " + t.perOperation().describe() + " " + t.byLine());
            }
        }
        assertEquals(1, 1);
    }
}
