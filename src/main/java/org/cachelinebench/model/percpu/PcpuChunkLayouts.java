package org.cachelinebench.model.percpu;

import static org.cachelinebench.model.layout.CType.BOOL;
import static org.cachelinebench.model.layout.CType.INT;
import static org.cachelinebench.model.layout.CType.SIZE_T;
import static org.cachelinebench.model.layout.CType.UNSIGNED_LONG;
import static org.cachelinebench.model.layout.CType.VOID_PTR;
import static org.cachelinebench.model.layout.CType.pointer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.StructLayout;

/**
 * {@code struct pcpu_chunk} and the structs inside it, as mm/percpu-internal.h declares them for
 * x86-64, one field list per version and kernel config (the save-memory orders: {@link ChunkVersion}). Read it side by
 * side with the header:
 *
 * <pre>
 * struct pcpu_chunk {
 * #ifdef CONFIG_PERCPU_STATS
 *         int                     nr_alloc;
 *         size_t                  max_alloc_size;
 * #endif
 *         struct list_head        list;
 *         int                     free_bytes;      // written under pcpu_lock
 *         struct pcpu_block_md    chunk_md;        // written under pcpu_lock
 *         unsigned long           *bound_map;      // v2 and v6.5: moved up to here
 *         void                    *base_addr;      // read by every CPU outside pcpu_lock
 *                                                  // v6.5: ____cacheline_aligned_in_smp
 *         unsigned long           *alloc_map;
 *         unsigned long           *bound_map;      // v6.4-rc4 only
 *         struct pcpu_block_md    *md_blocks;
 *         void                    *data;
 *         bool                    immutable;
 *         bool                    isolated;
 *         int                     start_offset;
 *         int                     end_offset;
 * #ifdef CONFIG_MEMCG_KMEM
 *         struct obj_cgroup       **obj_cgroups;
 * #endif
 *         int                     nr_pages;
 *         int                     nr_populated;
 *         int                     nr_empty_pop_pages;
 *         unsigned long           populated[];
 * };
 * </pre>
 *
 * Offsets, holes and sizes are not written here: {@link StructLayout} computes them from this list.
 */
public final class PcpuChunkLayouts {
    /**
     * {@code ____cacheline_aligned_in_smp} on x86-64 SMP is {@code __aligned__(L1_CACHE_BYTES)}, and
     * {@code L1_CACHE_BYTES} is 64 there (CONFIG_X86_L1_CACHE_SHIFT=6): a compile-time constant of the
     * kernel, not the line size of the machine the benchmark runs on.
     */
    public static final int X86_64_L1_CACHE_BYTES = 64;

    /** include/linux/types.h: {@code struct list_head { struct list_head *next, *prev; };} */
    public static final StructLayout LIST_HEAD = StructLayout.builder("list_head")
            .field(pointer("struct list_head *"), "next")
            .field(pointer("struct list_head *"), "prev")
            .build();

    /** mm/percpu-internal.h: the chunk's and each block's allocation hints, in bits. */
    public static final StructLayout PCPU_BLOCK_MD = StructLayout.builder("pcpu_block_md")
            .field(INT, "scan_hint")
            .field(INT, "scan_hint_start")
            .field(INT, "contig_hint")
            .field(INT, "contig_hint_start")
            .field(INT, "left_free")
            .field(INT, "right_free")
            .field(INT, "first_free")
            .field(INT, "nr_bits")
            .build();

    /** The member the readers load outside {@code pcpu_lock}: {@code pcpu_chunk_addr()} adds it to every address. */
    public static final String BASE_ADDR = "base_addr";
    /** The count {@code pcpu_update_empty_pages()} keeps: written when a block turns empty or stops being empty. */
    public static final String NR_EMPTY_POP_PAGES = "nr_empty_pop_pages";
    /** CONFIG_MEMCG_KMEM's vector of object cgroups, v6.4-rc4 to v6.5. */
    public static final String OBJ_CGROUPS = "obj_cgroups";
    /** Its successor under NEED_PCPUOBJ_EXT (CONFIG_MEMCG or CONFIG_MEM_ALLOC_PROFILING), in the save-memory orders. */
    public static final String OBJ_EXTS = "obj_exts";

    /**
     * The hints {@code pcpu_alloc_area()} / {@code pcpu_free_area()} rewrite through
     * {@code pcpu_block_update*()} on {@code chunk->chunk_md}. {@code nr_bits} is not among them: it is
     * set when the chunk is created and only read afterwards.
     */
    public static final List<String> CHUNK_MD_HINTS = List.of(
            "chunk_md.scan_hint", "chunk_md.scan_hint_start", "chunk_md.contig_hint",
            "chunk_md.contig_hint_start", "chunk_md.left_free", "chunk_md.right_free",
            "chunk_md.first_free");

    private PcpuChunkLayouts() {}

    /** The struct as {@code version} declares it, built with the options of {@code config}. */
    public static StructLayout pcpuChunk(ChunkVersion version, KernelConfig config) {
        return pcpuChunk(version, config, 0);
    }

    /**
     * The same with {@code char future[leadingBytes]} in front of everything: a member some later
     * patch might add (as CONFIG_PERCPU_STATS adds 16 bytes), for testing what a layout relies on.
     */
    static StructLayout pcpuChunk(ChunkVersion version, KernelConfig config, int leadingBytes) {
        StructLayout.Builder b = StructLayout.builder("pcpu_chunk");
        if (leadingBytes > 0) {
            b.field(CType.array(CType.CHAR, leadingBytes), "future");
        }
        if (config.percpuStats()) {
            b.field(INT, "nr_alloc");
            b.field(SIZE_T, "max_alloc_size");
        }
        b.field(CType.struct(LIST_HEAD), "list");
        b.field(INT, "free_bytes");
        b.field(CType.struct(PCPU_BLOCK_MD), "chunk_md");
        if (version == ChunkVersion.SAVE_MEMORY_HOLE) {
            b.field(INT, NR_EMPTY_POP_PAGES);
        }
        switch (version) {
            case V6_4_RC4:
                b.field(VOID_PTR, BASE_ADDR);
                b.field(pointer("unsigned long *"), "alloc_map");
                b.field(pointer("unsigned long *"), "bound_map");
                break;
            case V2_REORDER:
                b.field(pointer("unsigned long *"), "bound_map");
                b.field(VOID_PTR, BASE_ADDR);
                b.field(pointer("unsigned long *"), "alloc_map");
                break;
            case V6_5_MERGED:
            case SAVE_MEMORY:
            case SAVE_MEMORY_HOLE:
                b.field(pointer("unsigned long *"), "bound_map");
                b.fieldAligned(VOID_PTR, BASE_ADDR, X86_64_L1_CACHE_BYTES);
                b.field(pointer("unsigned long *"), "alloc_map");
                break;
            default:
                throw new AssertionError(version);
        }
        b.field(pointer("struct pcpu_block_md *"), "md_blocks");
        b.field(VOID_PTR, "data");
        b.field(BOOL, "immutable");
        b.field(BOOL, "isolated");
        b.field(INT, "start_offset");
        b.field(INT, "end_offset");
        if (version.hasObjExts()) {
            b.field(INT, "nr_pages");
            b.field(INT, "nr_populated");
            if (version == ChunkVersion.SAVE_MEMORY) {
                b.field(INT, NR_EMPTY_POP_PAGES);
            }
            if (config.memcgKmem()) {
                b.field(pointer("struct pcpuobj_ext *"), OBJ_EXTS);
            }
        } else {
            if (config.memcgKmem()) {
                b.field(pointer("struct obj_cgroup **"), OBJ_CGROUPS);
            }
            b.field(INT, "nr_pages");
            b.field(INT, "nr_populated");
            b.field(INT, NR_EMPTY_POP_PAGES);
        }
        b.flexibleArray(UNSIGNED_LONG, "populated");
        return b.build();
    }

    /**
     * The members the allocator writes on the alloc/free steps in this version and config, from the access table
     * ({@link PcpuChunkAccess#writtenOnAllocFreePath}): every one of them must stay off {@code base_addr}'s line.
     */
    public static List<String> writtenOnAllocFreePath(ChunkVersion version, KernelConfig config) {
        return PcpuChunkAccess.writtenOnAllocFreePath(pcpuChunk(version, config));
    }

    /**
     * Which of {@code written} share a {@code lineSize} line with {@code reader}, for a struct whose
     * first byte is {@code startInLine} bytes into a line. Empty means the reader's line is never
     * invalidated by those writes.
     */
    public static List<String> sharingLineWith(StructLayout s, String reader, List<String> written,
                                               int lineSize, int startInLine) {
        StructLayout.Member r = s.member(reader);
        List<String> out = new ArrayList<>();
        for (String w : written) {
            StructLayout.Member m = s.member(w);
            if (CacheLine.shareLine(startInLine + (long) r.offset(), r.size(),
                    startInLine + (long) m.offset(), m.size(), lineSize)) {
                out.add(w);
            }
        }
        return out;
    }

    /**
     * The written members that share {@code base_addr}'s line when the struct starts on a line, as slab
     * allocation places it.
     */
    public static List<String> writtenSharingBaseAddrLine(ChunkVersion version, KernelConfig config,
                                                          int lineSize) {
        return sharingLineWith(pcpuChunk(version, config), BASE_ADDR, writtenOnAllocFreePath(version, config),
                lineSize, 0);
    }

    /** Name for reports and the layout printer, e.g. "struct pcpu_chunk v6.5-merged [default]". */
    public static String name(ChunkVersion version, KernelConfig config) {
        return "struct pcpu_chunk " + version.label() + " [" + config.label() + "]";
    }

    /**
     * Every layout of this model, for {@code Pahole.format}: the nested structs first, then
     * {@code pcpu_chunk} for each config (default first) and each version.
     */
    public static Map<String, StructLayout> catalog() {
        Map<String, StructLayout> out = new LinkedHashMap<>();
        out.put(LIST_HEAD.typeName(), LIST_HEAD);
        out.put(PCPU_BLOCK_MD.typeName(), PCPU_BLOCK_MD);
        for (KernelConfig config : KernelConfig.values()) {
            for (ChunkVersion version : ChunkVersion.values()) {
                out.put(name(version, config), pcpuChunk(version, config));
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
