package org.cachelinebench.harness.chunk;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.EnumParam;
import org.cachelinebench.model.percpu.ChunkStruct;
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
    /** The {@code layout} value of the running kernel's own pcpu_chunk, read from its BTF ({@link KernelChunkSource}). */
    public static final String RUNNING_KERNEL = "running-kernel";
    public static final String CONFIG = "config";
    /** The allocator's occupancy: areas allocated one after another into an empty block, then freed in order. */
    public static final String LIVE = "live";

    private PercpuParams() {}

    /**
     * For the off-heap benchmarks: {@code layout} is a {@link ChunkVersion} or {@link #RUNNING_KERNEL} (read here, so
     * that a kernel without BTF is refused before any fork), {@code config} a {@link KernelConfig}.
     */
    public static void check(String name, String value) {
        if (LAYOUT.equals(name)) {
            struct(value, KernelConfig.DEFAULT.label());
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

    /** A modelled {@code layout} value (the coherence model's scenarios take no other). */
    public static ChunkVersion layout(String value) {
        return ChunkVersion.parse(value);
    }

    public static KernelConfig config(String value) {
        return KernelConfig.parse(value);
    }

    /**
     * The layout the {@code layout} and {@code config} values name: a modelled version in that config, or the running
     * kernel's, whose config is its own (its BTF has the members its options add; {@code config} is for the modelled
     * layouts beside it). A bad value is one line listing the good ones.
     */
    public static ChunkStruct struct(String layout, String config) {
        KernelConfig c = config(config);
        if (RUNNING_KERNEL.equals(layout)) {
            return KernelChunkSource.runningKernel();
        }
        for (ChunkVersion v : ChunkVersion.values()) {
            if (v.label().equals(layout)) {
                return ChunkStruct.of(v, c);
            }
        }
        List<String> good = new ArrayList<>();
        for (ChunkVersion v : ChunkVersion.values()) {
            good.add(v.label());
        }
        good.add(RUNNING_KERNEL);
        throw new IllegalArgumentException(EnumParam.mustBe(LAYOUT, good, layout));
    }

    /** The off-heap chunk the {@code layout} and {@code config} values name: every off-heap benchmark's setup. */
    public static OffHeapPcpuChunk chunk(String layout, String config) {
        return new OffHeapPcpuChunk(struct(layout, config));
    }
}
