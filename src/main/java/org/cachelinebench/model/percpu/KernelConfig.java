package org.cachelinebench.model.percpu;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The two kernel options that add members to {@code struct pcpu_chunk} (mm/percpu-internal.h).
 *
 * <p>{@code CONFIG_PERCPU_STATS} puts {@code int nr_alloc; size_t max_alloc_size;} in front of
 * {@code list}, which shifts every later member by 16 bytes and so moves the line boundaries;
 * {@code CONFIG_MEMCG_KMEM} adds {@code struct obj_cgroup **obj_cgroups} after {@code end_offset},
 * behind {@code base_addr}. Distribution kernels build with stats off and kmem accounting on, which
 * is {@link #DEFAULT}.
 *
 * <p>The value names are the benchmark's {@code @Param config} spelling: the default, or the
 * changes made to it.
 */
public enum KernelConfig {
    /** CONFIG_PERCPU_STATS=n, CONFIG_MEMCG_KMEM=y. */
    DEFAULT("default", false, true),
    /** CONFIG_PERCPU_STATS=y, CONFIG_MEMCG_KMEM=y. */
    PLUS_STATS("+stats", true, true),
    /** CONFIG_PERCPU_STATS=n, CONFIG_MEMCG_KMEM=n. */
    MINUS_MEMCG("-memcg", false, false),
    /** CONFIG_PERCPU_STATS=y, CONFIG_MEMCG_KMEM=n. */
    PLUS_STATS_MINUS_MEMCG("+stats-memcg", true, false);

    private final String label;
    private final boolean percpuStats;
    private final boolean memcgKmem;

    KernelConfig(String label, boolean percpuStats, boolean memcgKmem) {
        this.label = label;
        this.percpuStats = percpuStats;
        this.memcgKmem = memcgKmem;
    }

    /** The {@code @Param config} value. */
    public String label() { return label; }
    public boolean percpuStats() { return percpuStats; }
    public boolean memcgKmem() { return memcgKmem; }

    /** "PERCPU_STATS=n MEMCG_KMEM=y", for reports. */
    public String describe() {
        return "PERCPU_STATS=" + (percpuStats ? 'y' : 'n') + " MEMCG_KMEM=" + (memcgKmem ? 'y' : 'n');
    }

    /** The config with these two options, e.g. the one whose members a kernel's own layout has. */
    public static KernelConfig of(boolean percpuStats, boolean memcgKmem) {
        for (KernelConfig c : values()) {
            if (c.percpuStats == percpuStats && c.memcgKmem == memcgKmem) {
                return c;
            }
        }
        throw new AssertionError("every combination of the two options is a value");
    }

    /** Parses a {@code @Param config} value; the message names the bad value and the good ones. */
    public static KernelConfig parse(String value) {
        return EnumParam.parse("config", values(), KernelConfig::label, value);
    }
}
