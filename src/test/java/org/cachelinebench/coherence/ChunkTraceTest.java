package org.cachelinebench.coherence;

import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.junit.jupiter.api.Test;

class ChunkTraceTest {
    @Test
    void prints() {
        for (ChunkVersion v : ChunkVersion.values()) {
            var layout = PcpuChunkLayouts.pcpuChunk(v, KernelConfig.DEFAULT);
            Traced t = ChunkTrace.readersAndAllocator(m -> TracedPcpuChunk.of(m, layout), 1, Model.DEFAULT);
            System.out.println(v + " " + t.byRole() + " " + t.byLine());
            for (int n : new int[] {2, 4, 8}) {
                Traced s = ChunkTrace.symmetric(m -> TracedPcpuChunk.of(m, layout), n, Model.DEFAULT);
                System.out.println("  sym " + n + " " + s.operations() + " " + s.perOperation().describe());
            }
        }
    }
}
