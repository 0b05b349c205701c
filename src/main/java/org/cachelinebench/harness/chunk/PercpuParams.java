package org.cachelinebench.harness.chunk;

import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuAllocatorMemory;

/**
 * The {@code @Param} values of the pcpu_chunk benchmarks, parsed in one place so that
 * {@code checkParam} (run by the suite's Main before any fork) and each benchmark's setup give the
 * same message.
 */
public final class PercpuParams {
    public static final String LAYOUT = "layout";
    public static final String CONFIG = "config";
    /** The allocator's occupancy: areas allocated one after another into an empty block, then freed in order. */
    public static final String LIVE = "live";

    private PercpuParams() {}

    /** For the off-heap benchmarks: {@code layout} is a {@link ChunkVersion}, {@code config} a {@link KernelConfig}. */
    public static void check(String name, String value) {
        if (LAYOUT.equals(name)) {
            layout(value);
        } else if (CONFIG.equals(name)) {
            config(value);
        } else if (LIVE.equals(name)) {
            live(value);
        }
    }

    /** A {@code live} value: 1 to the areas a block holds ({@code PCPU_BITMAP_BLOCK_BITS / AREA_BITS}). */
    public static int live(String value) {
        int live;
        try {
            live = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(liveProblem(value));
        }
        return checkLive(live);
    }

    /** {@code live} itself when possible, else the one-line problem. */
    public static int checkLive(int live) {
        if (live < 1 || live > AREAS_PER_BLOCK) {
            throw new IllegalArgumentException(liveProblem(Integer.toString(live)));
        }
        return live;
    }

    /** Areas of {@link PcpuAllocator#AREA_BITS} bits a block of {@code PCPU_BITMAP_BLOCK_BITS} holds. */
    public static final int AREAS_PER_BLOCK = PcpuAllocatorMemory.BLOCK_BITS / PcpuAllocator.AREA_BITS;

    private static String liveProblem(String value) {
        return "live must be an occupancy from 1 to " + AREAS_PER_BLOCK + " (areas a block holds), not '" + value + "'";
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
