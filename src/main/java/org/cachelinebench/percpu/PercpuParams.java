package org.cachelinebench.percpu;

import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;

/**
 * The {@code @Param} values of this package's benchmarks, parsed in one place so that
 * {@code checkParam} (run by the suite's Main before any fork) and each benchmark's setup give the
 * same message.
 */
final class PercpuParams {
    static final String LAYOUT = "layout";
    static final String CONFIG = "config";

    private PercpuParams() {}

    /** For the off-heap benchmarks: {@code layout} is a {@link ChunkVersion}, {@code config} a {@link KernelConfig}. */
    static void check(String name, String value) {
        if (LAYOUT.equals(name)) {
            layout(value);
        } else if (CONFIG.equals(name)) {
            config(value);
        }
    }

    static ChunkVersion layout(String value) {
        return ChunkVersion.parse(value);
    }

    static KernelConfig config(String value) {
        return KernelConfig.parse(value);
    }
}
