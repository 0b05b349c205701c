package org.cachelinebench.coherence.predict;

import java.util.LinkedHashMap;
import java.util.Map;

import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;

/**
 * The modelled kernel structs {@code benchmarks/predict --struct} knows: the csd layouts by the names
 * {@code benchmarks/layout} prints them under, the {@code pcpu_chunk} by version and, unless default, config
 * ("v6.4-rc4", "v6.5-merged +stats").
 */
final class StructCatalog {
    private StructCatalog() {}

    static Map<String, StructLayout> all() {
        Map<String, StructLayout> m = new LinkedHashMap<>();
        for (CallSingleData.Named n : CallSingleData.LAYOUTS) {
            m.put(n.name(), n.layout());
        }
        for (KernelConfig config : KernelConfig.values()) {
            for (ChunkVersion version : ChunkVersion.values()) {
                m.put(version.label() + (config == KernelConfig.DEFAULT ? "" : " " + config.label()),
                        PcpuChunkLayouts.pcpuChunk(version, config));
            }
        }
        return m;
    }

    static StructLayout parse(String name) {
        StructLayout s = all().get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown struct '" + name + "' (known: " + String.join(", ", all().keySet()) + ")");
        }
        return s;
    }
}
