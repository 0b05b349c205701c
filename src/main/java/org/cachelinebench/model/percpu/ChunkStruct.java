package org.cachelinebench.model.percpu;

import org.cachelinebench.model.layout.StructLayout;

/**
 * One {@code struct pcpu_chunk} layout the model runs, with the name a fork prints: a modelled version in a kernel
 * config ({@link #of}), or a layout read elsewhere, such as the running kernel's from its BTF. Every offset the model
 * uses comes from {@link #layout()}; a layout the model cannot run ({@link ChunkModelMembers#problem}) is refused
 * here, in one line, so that no chunk is ever built on it.
 */
public record ChunkStruct(String name, StructLayout layout) {
    public ChunkStruct {
        String problem = ChunkModelMembers.problem(layout);
        if (problem != null) {
            throw new IllegalArgumentException(name + " " + problem);
        }
    }

    /** The modelled {@code version} in {@code config}, named as the layout printer names it. */
    public static ChunkStruct of(ChunkVersion version, KernelConfig config) {
        return new ChunkStruct(PcpuChunkLayouts.name(version, config), PcpuChunkLayouts.pcpuChunk(version, config));
    }

    /** True when the layout has CONFIG_PERCPU_STATS's counters, which the allocator then updates. */
    public boolean percpuStats() {
        return ChunkModelMembers.percpuStats(layout);
    }

    /** The kernel config whose members the layout has. */
    public KernelConfig config() {
        return ChunkModelMembers.config(layout);
    }
}
