package org.cachelinebench.model.percpu;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The member orders of {@code struct pcpu_chunk} compared here.
 *
 * <ul>
 *   <li>{@link #V6_4_RC4}: the order the false sharing was found in; {@code base_addr} is the last
 *       8 bytes of the line that {@code free_bytes} and {@code chunk_md} live in.</li>
 *   <li>{@link #V2_REORDER}: Yu Ma's v1/v2 patch (not merged): {@code bound_map} moved up in front of
 *       {@code base_addr}, nothing else, so {@code base_addr} starts the next line when the struct
 *       starts on a line and the options leave the preceding members as they are.</li>
 *   <li>{@link #V6_5_MERGED}: what v6.5 merged (v3): the same move, and {@code base_addr} declared
 *       {@code ____cacheline_aligned_in_smp}, so it starts a line whatever precedes it; the attribute
 *       also makes the whole struct line-aligned (and its size a multiple of the line).</li>
 *   <li>{@link #SAVE_MEMORY}: the mm tree's "optimise pcpu_chunk struct to save memory" (v2): v6.5's
 *       order to {@code end_offset}, then {@code nr_pages}, {@code nr_populated}, {@code nr_empty_pop_pages}
 *       and the object extension vector ({@code obj_exts}) last, so the struct loses a line and
 *       {@code nr_empty_pop_pages} joins {@code base_addr}'s line.</li>
 *   <li>{@link #SAVE_MEMORY_HOLE}: the same order with {@code nr_empty_pop_pages} moved into the 4-byte hole
 *       after {@code chunk_md}: as small, and nothing written on the alloc/free path in {@code base_addr}'s
 *       line (the alternative a reviewer could ask for).</li>
 * </ul>
 */
public enum ChunkVersion {
    V6_4_RC4("v6.4-rc4"),
    V2_REORDER("v2-reorder"),
    V6_5_MERGED("v6.5-merged"),
    SAVE_MEMORY("save-memory"),
    SAVE_MEMORY_HOLE("save-memory-hole");

    private final String label;

    ChunkVersion(String label) {
        this.label = label;
    }

    /** True for the save-memory orders, which name the memcg member {@code obj_exts} (a {@code struct pcpuobj_ext *}). */
    public boolean hasObjExts() {
        return this == SAVE_MEMORY || this == SAVE_MEMORY_HOLE;
    }

    /** The {@code @Param layout} value. */
    public String label() { return label; }

    /** Parses a {@code @Param layout} value; the message names the bad value and the good ones. */
    public static ChunkVersion parse(String value) {
        return EnumParam.parse("layout", values(), ChunkVersion::label, value);
    }
}
