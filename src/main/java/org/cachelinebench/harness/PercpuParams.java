package org.cachelinebench.harness;

import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;

/**
 * The {@code @Param} values of the pcpu_chunk benchmarks, parsed in one place so that
 * {@code checkParam} (run by the suite's Main before any fork) and each benchmark's setup give the
 * same message.
 */
public final class PercpuParams {
    public static final String LAYOUT = "layout";
    public static final String CONFIG = "config";

    private PercpuParams() {}

    /** For the off-heap benchmarks: {@code layout} is a {@link ChunkVersion}, {@code config} a {@link KernelConfig}. */
    public static void check(String name, String value) {
        if (LAYOUT.equals(name)) {
            layout(value);
        } else if (CONFIG.equals(name)) {
            config(value);
        }
    }

    public static ChunkVersion layout(String value) {
        return ChunkVersion.parse(value);
    }

    public static KernelConfig config(String value) {
        return KernelConfig.parse(value);
    }

    /** The off-heap chunk the {@code layout} and {@code config} values name: every off-heap benchmark's setup. */
    public static OffHeapPcpuChunk chunk(String layout, String config) {
        return new OffHeapPcpuChunk(layout(layout), config(config));
    }
}
