/*
 * pcpu.h: struct pcpu_chunk as each compared layout declares it (mm/percpu-internal.h, x86-64), and the memory
 * accesses benchmarks/c/pcpu.c times on it: the reader's pcpu_chunk_addr() (one READ_ONCE of base_addr, no lock),
 * and the allocator's whole path as the Java model makes it (model.percpu.PcpuAllocator for a chunk with members,
 * driven as harness.chunk PcpuChunkWorkload drives it), access for access in the same order: pcpu_alloc()'s part
 * under pcpu_lock and the part after it (populated[], base_addr, obj_exts), free_percpu()'s base_addr before the
 * lock and its part under it; every read of list, free_bytes, chunk_md, nr_pages, isolated, the bitmap and
 * md_blocks pointers, obj_cgroups/obj_exts and nr_empty_pop_pages, the bitmaps and block metadata those point to,
 * and the globals pcpu_nr_empty_pop_pages, pcpu_stats and pcpu_chunk_lists[] (struct pcpu_meta, allocated apart
 * from everything the reader touches). A -DPCPU_RECORD=1 build prints the accesses (pcpu --record), and
 * CPcpuAccessRecordTest holds them equal to the Java path's. Included by pcpu.c only. Offsets are gcc's, from the
 * declarations: none is written here, and CPcpuProgramTest checks gcc's against the Java model's for every layout
 * and config.
 *
 * The kernel config is chosen when the program is built (benchmarks/c-reference --config passes these):
 *   -DPCPU_STATS=0|1  CONFIG_PERCPU_STATS: int nr_alloc; size_t max_alloc_size; in front of list
 *   -DPCPU_MEMCG=0|1  CONFIG_MEMCG (CONFIG_MEMCG_KMEM before v6.10): obj_cgroups, or from v6.10 obj_exts under
 *                     NEED_PCPUOBJ_EXT; the default 1 is what distribution kernels build
 *   -DPCPU_RECORD=1   print every allocator access (for --record only: the printing is the cost of a timed run)
 */
#ifndef CACHELINEBENCH_PCPU_H
#define CACHELINEBENCH_PCPU_H

#include "common.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PCPU_STATS
#define PCPU_STATS 0
#endif
#ifndef PCPU_MEMCG
#define PCPU_MEMCG 1
#endif

/* include/linux/types.h */
struct list_head {
    struct list_head *next, *prev;
};

/* mm/percpu-internal.h: a chunk's and each block's allocation hints, in bits. */
struct pcpu_block_md {
    int scan_hint;
    int scan_hint_start;
    int contig_hint;
    int contig_hint_start;
    int left_free;
    int right_free;
    int first_free;
    int nr_bits;
};

struct obj_cgroup;
struct pcpuobj_ext;

#if PCPU_STATS
#define PCPU_CHUNK_STATS_MEMBERS int nr_alloc; size_t max_alloc_size;
#else
#define PCPU_CHUNK_STATS_MEMBERS
#endif
#if PCPU_MEMCG
#define PCPU_OBJ_CGROUPS struct obj_cgroup **obj_cgroups;
#define PCPU_OBJ_EXTS struct pcpuobj_ext *obj_exts;
#else
#define PCPU_OBJ_CGROUPS
#define PCPU_OBJ_EXTS
#endif

/* ____cacheline_aligned_in_smp on x86-64 SMP: L1_CACHE_BYTES, 64, a constant of the kernel's build. */
#define ____cacheline_aligned_in_smp __attribute__((aligned(64)))

/* v6.4-rc4: base_addr the last 8 bytes of the line free_bytes and chunk_md are in. */
struct pcpu_chunk_v6_4_rc4 {
    PCPU_CHUNK_STATS_MEMBERS
    struct list_head list;
    int free_bytes;
    struct pcpu_block_md chunk_md;
    void *base_addr;
    unsigned long *alloc_map;
    unsigned long *bound_map;
    struct pcpu_block_md *md_blocks;
    void *data;
    bool immutable;
    bool isolated;
    int start_offset;
    int end_offset;
    PCPU_OBJ_CGROUPS
    int nr_pages;
    int nr_populated;
    int nr_empty_pop_pages;
    unsigned long populated[];
};

/* Yu Ma's v2 (not merged): bound_map moved up in front of base_addr, nothing else. */
struct pcpu_chunk_v2_reorder {
    PCPU_CHUNK_STATS_MEMBERS
    struct list_head list;
    int free_bytes;
    struct pcpu_block_md chunk_md;
    unsigned long *bound_map;
    void *base_addr;
    unsigned long *alloc_map;
    struct pcpu_block_md *md_blocks;
    void *data;
    bool immutable;
    bool isolated;
    int start_offset;
    int end_offset;
    PCPU_OBJ_CGROUPS
    int nr_pages;
    int nr_populated;
    int nr_empty_pop_pages;
    unsigned long populated[];
};

/* v6.5 (3a6358c0dbe6): the same move, and base_addr ____cacheline_aligned_in_smp. */
struct pcpu_chunk_v6_5_merged {
    PCPU_CHUNK_STATS_MEMBERS
    struct list_head list;
    int free_bytes;
    struct pcpu_block_md chunk_md;
    unsigned long *bound_map;
    void *base_addr ____cacheline_aligned_in_smp;
    unsigned long *alloc_map;
    struct pcpu_block_md *md_blocks;
    void *data;
    bool immutable;
    bool isolated;
    int start_offset;
    int end_offset;
    PCPU_OBJ_CGROUPS
    int nr_pages;
    int nr_populated;
    int nr_empty_pop_pages;
    unsigned long populated[];
};

/*
 * "mm/percpu-internal.h: optimise pcpu_chunk struct to save memory" (mm tree, 2026, v2), in the order the Java
 * model (ChunkVersion.SAVE_MEMORY) takes: after end_offset nr_pages, nr_populated, nr_empty_pop_pages, then
 * obj_exts, so nr_empty_pop_pages lands in base_addr's line; 128 bytes in the default config (192 before).
 * (The mm mirror sjp38/linux at 4cb698ef2066 has nr_empty_pop_pages first after end_offset: also in that line.)
 */
struct pcpu_chunk_save_memory {
    PCPU_CHUNK_STATS_MEMBERS
    struct list_head list;
    int free_bytes;
    struct pcpu_block_md chunk_md;
    unsigned long *bound_map;
    void *base_addr ____cacheline_aligned_in_smp;
    unsigned long *alloc_map;
    struct pcpu_block_md *md_blocks;
    void *data;
    bool immutable;
    bool isolated;
    int start_offset;
    int end_offset;
    int nr_pages;
    int nr_populated;
    int nr_empty_pop_pages;
    PCPU_OBJ_EXTS
    unsigned long populated[];
};

/* The 128 bytes without the hazard: nr_empty_pop_pages in the 4-byte hole after chunk_md, with free_bytes. */
struct pcpu_chunk_save_memory_hole {
    PCPU_CHUNK_STATS_MEMBERS
    struct list_head list;
    int free_bytes;
    struct pcpu_block_md chunk_md;
    int nr_empty_pop_pages;
    unsigned long *bound_map;
    void *base_addr ____cacheline_aligned_in_smp;
    unsigned long *alloc_map;
    struct pcpu_block_md *md_blocks;
    void *data;
    bool immutable;
    bool isolated;
    int start_offset;
    int end_offset;
    int nr_pages;
    int nr_populated;
    PCPU_OBJ_EXTS
    unsigned long populated[];
};

/* The layouts by number, with the Java model's names (ChunkVersion labels). */
enum layout { V6_4_RC4, V2_REORDER, V6_5_MERGED, SAVE_MEMORY, SAVE_MEMORY_HOLE, LAYOUTS };

/* Where a layout puts the members the workload touches: gcc's offsets, through offsetof. */
struct chunk_offsets {
    const char *name;
    size_t size;
    size_t list, free_bytes, chunk_md, base_addr, alloc_map, bound_map, md_blocks, isolated, nr_pages, nr_populated,
           nr_empty_pop_pages, populated;
    long obj_exts;                      /* obj_cgroups or obj_exts; -1 without CONFIG_MEMCG */
    long nr_alloc, max_alloc_size;      /* -1 without CONFIG_PERCPU_STATS */
};

#if PCPU_STATS
#define STATS_OFFSETS(T) (long)offsetof(T, nr_alloc), (long)offsetof(T, max_alloc_size)
#else
#define STATS_OFFSETS(T) -1, -1
#endif
#if PCPU_MEMCG
#define OBJ_OFFSET(T, obj) (long)offsetof(T, obj)
#else
#define OBJ_OFFSET(T, obj) -1
#endif
#define CHUNK_OFFSETS(label, T, obj) { label, sizeof(T), offsetof(T, list), offsetof(T, free_bytes),                  \
        offsetof(T, chunk_md), offsetof(T, base_addr), offsetof(T, alloc_map), offsetof(T, bound_map),               \
        offsetof(T, md_blocks), offsetof(T, isolated), offsetof(T, nr_pages), offsetof(T, nr_populated),             \
        offsetof(T, nr_empty_pop_pages), offsetof(T, populated), OBJ_OFFSET(T, obj), STATS_OFFSETS(T) }

static const struct chunk_offsets layouts[LAYOUTS] = {
    [V6_4_RC4] = CHUNK_OFFSETS("v6.4-rc4", struct pcpu_chunk_v6_4_rc4, obj_cgroups),
    [V2_REORDER] = CHUNK_OFFSETS("v2-reorder", struct pcpu_chunk_v2_reorder, obj_cgroups),
    [V6_5_MERGED] = CHUNK_OFFSETS("v6.5-merged", struct pcpu_chunk_v6_5_merged, obj_cgroups),
    [SAVE_MEMORY] = CHUNK_OFFSETS("save-memory", struct pcpu_chunk_save_memory, obj_exts),
    [SAVE_MEMORY_HOLE] = CHUNK_OFFSETS("save-memory-hole", struct pcpu_chunk_save_memory_hole, obj_exts),
};

/* What the layouts are for, as relations gcc must agree with (kernel facts, not measurements). */
#if !PCPU_STATS
/* (CONFIG_PERCPU_STATS's 16 bytes in front move v6.4-rc4's base_addr into the next line.) */
_Static_assert(offsetof(struct pcpu_chunk_v6_4_rc4, base_addr) / 64 == offsetof(struct pcpu_chunk_v6_4_rc4, free_bytes) / 64,
               "v6.4-rc4: base_addr in free_bytes' line");
#endif
_Static_assert(offsetof(struct pcpu_chunk_v6_5_merged, base_addr) % 64 == 0, "v6.5-merged: base_addr starts a line");
_Static_assert(offsetof(struct pcpu_chunk_save_memory, nr_empty_pop_pages) / 64
               == offsetof(struct pcpu_chunk_save_memory, base_addr) / 64,
               "save-memory: nr_empty_pop_pages in base_addr's line");
_Static_assert(offsetof(struct pcpu_chunk_save_memory_hole, nr_empty_pop_pages) / 64
               != offsetof(struct pcpu_chunk_save_memory_hole, base_addr) / 64,
               "save-memory-hole: nr_empty_pop_pages outside base_addr's line");
_Static_assert(sizeof(struct pcpu_chunk_save_memory_hole) == sizeof(struct pcpu_chunk_save_memory),
               "save-memory-hole keeps save-memory's size");

/* ---- mm/percpu.c's constants, and the model's (as model.percpu.PcpuAllocator) ---- */

#define PAGE_SHIFT 12
#define PCPU_MIN_ALLOC_SIZE 4
#define BITS_PER_LONG 64
/* PCPU_BITMAP_BLOCK_SIZE is PAGE_SIZE: one pcpu_block_md per page, in bits. */
#define PCPU_BITMAP_BLOCK_BITS ((1 << PAGE_SHIFT) / PCPU_MIN_ALLOC_SIZE)
#define PCPU_SLOT_BASE_SHIFT 5
/* The model's chunk: one unit of PCPU_MIN_UNIT_SIZE (32 KiB), every page populated. */
#define CHUNK_PAGES 8
#define UNIT_SHIFT (PAGE_SHIFT + 3)
#define UNIT_SIZE (CHUNK_PAGES << PAGE_SHIFT)
#define CHUNK_BITS (UNIT_SIZE / PCPU_MIN_ALLOC_SIZE)
_Static_assert(UNIT_SIZE == 1 << UNIT_SHIFT, "UNIT_SHIFT is log2(UNIT_SIZE)");
/* pcpu_free_slot: __pcpu_size_to_slot(pcpu_unit_size) + 2 (fls(1 << k) is k + 1); pcpu_nr_slots two more. */
#define PCPU_FREE_SLOT (UNIT_SHIFT + 1 - PCPU_SLOT_BASE_SHIFT + 2 + 2)
#define PCPU_NR_SLOTS (PCPU_FREE_SLOT + 2)
/* PCPU_EMPTY_POP_PAGES_LOW / _HIGH: the balance and reclaim thresholds pcpu_alloc() and free_percpu() compare. */
#define PCPU_EMPTY_POP_PAGES_LOW 2
#define PCPU_EMPTY_POP_PAGES_HIGH 4
/* An area: the s32 of a percpu_counter, one bit of the map. */
#define AREA_SIZE 4
#define AREA_BITS (AREA_SIZE / PCPU_MIN_ALLOC_SIZE)
/* base_addr: in the x86-64 vmalloc area; only ever read. */
#define CHUNK_BASE_ADDR 0xffffc90000400000UL
/* pcpu_first_chunk / pcpu_reserved_chunk: chunks elsewhere, never the model's (only compared with it). */
#define FIRST_CHUNK_VALUE 0xffff888100a00000UL
#define RESERVED_CHUNK_VALUE 0xffff888100a01000UL
/* obj_cgroups / obj_exts: allocated with the chunk, never dereferenced here (only tested for NULL). */
#define OBJ_EXTS_VALUE 0xffff888100aff000UL

/* Member access by offset, for set-up and the checks (not recorded, not part of the timed path). */
#define INT_AT(c, off) (*(int *)((unsigned char *)(c) + (off)))
#define LONG_AT(c, off) (*(unsigned long *)((unsigned char *)(c) + (off)))
#define MD_AT(c, o, member) INT_AT(c, (o)->chunk_md + offsetof(struct pcpu_block_md, member))
#define MD(o, member) ((o)->chunk_md + offsetof(struct pcpu_block_md, member))

/* struct percpu_stats (mm/percpu-internal.h), the u64s as x86-64's unsigned long. */
struct percpu_stats {
    unsigned long nr_alloc, nr_dealloc, nr_cur_alloc, nr_max_alloc;
    unsigned int nr_chunks, nr_max_chunks;
    unsigned long min_alloc_size, max_alloc_size;
};

/*
 * What the allocator touches outside the struct, as model.percpu.PcpuAllocatorMemory: the chunk's bitmaps and
 * md_blocks[] (where its pointer members point) and the globals pcpu_nr_empty_pop_pages, pcpu_stats,
 * pcpu_chunk_lists[] (each list_head as its next and prev words), which count this chunk only, and the
 * __ro_after_init ones free_percpu() reads (struct pcpu_ro_after_init). Each section
 * starts a line; the whole is allocated on its own, 128-aligned and a multiple of 128 bytes, so none of it
 * shares a line or an adjacent-line pair with a chunk, a lock or the reader's data (--dry-run prints where).
 */
/* pcpu_unit_size, pcpu_free_slot, pcpu_chunk_lists (the pointer), pcpu_first_chunk, pcpu_reserved_chunk. */
struct pcpu_ro_after_init {
    int unit_size, free_slot;
    unsigned long chunk_lists, first_chunk, reserved_chunk;
};

struct pcpu_meta {
    int nr_empty_pop_pages __attribute__((aligned(LINE)));
    struct percpu_stats stats __attribute__((aligned(LINE)));
    struct pcpu_ro_after_init ro __attribute__((aligned(LINE)));
    unsigned long slot_lists[PCPU_NR_SLOTS][2] __attribute__((aligned(LINE)));
    unsigned long alloc_map[CHUNK_BITS / BITS_PER_LONG] __attribute__((aligned(LINE)));
    unsigned long bound_map[CHUNK_BITS / BITS_PER_LONG + 1] __attribute__((aligned(LINE)));
    struct pcpu_block_md md_blocks[CHUNK_PAGES] __attribute__((aligned(LINE)));
};

/*
 * The allocator's accesses, each a relaxed atomic so that the compiler keeps every one, in order: the timed build
 * makes exactly the accesses a -DPCPU_RECORD=1 build's --record prints, one line each (REGION load|store OFFSET:
 * the chunk's byte offset, or the offset in a pcpu_meta section named as the Java recorder names it).
 */
#ifndef PCPU_RECORD
#define PCPU_RECORD 0
#endif
#if PCPU_RECORD
static void pcpu_record(const char *region, const char *what, long off)
{
    if (off < 0)
        printf("%s %s\n", region, what);
    else
        printf("%s %s %ld\n", region, what, off);
}
#define RECORD(region, what, off) pcpu_record(region, what, (long)(off))
#else
#define RECORD(region, what, off) ((void)(region), (void)(what), (void)(off))
#endif
#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE int chunk_ld_i(const void *c, size_t off)
{
    RECORD("chunk", "load", off);
    return __atomic_load_n((const int *)((const unsigned char *)c + off), __ATOMIC_RELAXED);
}

ALWAYS_INLINE void chunk_st_i(void *c, size_t off, int v)
{
    RECORD("chunk", "store", off);
    __atomic_store_n((int *)((unsigned char *)c + off), v, __ATOMIC_RELAXED);
}

ALWAYS_INLINE unsigned long chunk_ld_l(const void *c, size_t off)
{
    RECORD("chunk", "load", off);
    return __atomic_load_n((const unsigned long *)((const unsigned char *)c + off), __ATOMIC_RELAXED);
}

ALWAYS_INLINE void chunk_st_l(void *c, size_t off, unsigned long v)
{
    RECORD("chunk", "store", off);
    __atomic_store_n((unsigned long *)((unsigned char *)c + off), v, __ATOMIC_RELAXED);
}

ALWAYS_INLINE bool chunk_ld_b(const void *c, size_t off)
{
    RECORD("chunk", "load", off);
    return __atomic_load_n((const bool *)((const unsigned char *)c + off), __ATOMIC_RELAXED);
}

/* An access to a pcpu_meta section that starts at base. */
ALWAYS_INLINE int meta_ld_i(const char *section, const void *base, const int *p)
{
    RECORD(section, "load", (const unsigned char *)p - (const unsigned char *)base);
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}

ALWAYS_INLINE void meta_st_i(const char *section, const void *base, int *p, int v)
{
    RECORD(section, "store", (const unsigned char *)p - (const unsigned char *)base);
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

ALWAYS_INLINE unsigned long meta_ld_l(const char *section, const void *base, const unsigned long *p)
{
    RECORD(section, "load", (const unsigned char *)p - (const unsigned char *)base);
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}

ALWAYS_INLINE void meta_st_l(const char *section, const void *base, unsigned long *p, unsigned long v)
{
    RECORD(section, "store", (const unsigned char *)p - (const unsigned char *)base);
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

ALWAYS_INLINE int imin(int a, int b) { return a < b ? a : b; }
ALWAYS_INLINE unsigned long lmax(unsigned long a, unsigned long b) { return a > b ? a : b; }

/* A broken model invariant (the Java model throws): the first is reported, and the run fails its checks. */
static void pcpu_broken(const char *what) __attribute__((cold, noinline));
static void pcpu_broken(const char *what) { record_error("allocator: %s", what); }

/* ---- bitmaps (set_bit, bitmap_clear, test_bit, find_next_zero_bit), each word a load and a store ---- */

ALWAYS_INLINE void map_set_bit(const char *section, unsigned long *map, int bit)
{
    unsigned long *w = &map[bit / BITS_PER_LONG];
    meta_st_l(section, map, w, meta_ld_l(section, map, w) | 1UL << (bit % BITS_PER_LONG));
}

ALWAYS_INLINE void map_clear_bit(const char *section, unsigned long *map, int bit)
{
    unsigned long *w = &map[bit / BITS_PER_LONG];
    meta_st_l(section, map, w, meta_ld_l(section, map, w) & ~(1UL << (bit % BITS_PER_LONG)));
}

ALWAYS_INLINE bool map_test_bit(const char *section, const unsigned long *map, int bit)
{
    return meta_ld_l(section, map, &map[bit / BITS_PER_LONG]) >> (bit % BITS_PER_LONG) & 1;
}

/* The first clear bit at or after from, or size; loads the words it scans. */
ALWAYS_INLINE int map_next_zero_bit(const char *section, const unsigned long *map, int from, int size)
{
    for (int bit = from; bit < size; bit = (bit / BITS_PER_LONG + 1) * BITS_PER_LONG) {
        unsigned long free = ~meta_ld_l(section, map, &map[bit / BITS_PER_LONG]) >> (bit % BITS_PER_LONG);
        if (free)
            return imin(bit + __builtin_ctzl(free), size);
    }
    return size;
}

/* ---- the alloc/free path, access for access as model.percpu.PcpuAllocator's for a chunk with members ---- */

/* pcpu_chunk_slot(): 0 when full, the free slot when entirely free, else __pcpu_size_to_slot(contig size). */
ALWAYS_INLINE int pcpu_chunk_slot(int free_bytes, int contig_hint)
{
    if (free_bytes < PCPU_MIN_ALLOC_SIZE || contig_hint == 0)
        return 0;
    int size = contig_hint * PCPU_MIN_ALLOC_SIZE;
    int slot = (32 - __builtin_clz((unsigned)size)) - PCPU_SLOT_BASE_SHIFT + 2;

    return size == UNIT_SIZE ? PCPU_FREE_SLOT : slot > 1 ? slot : 1;
}

ALWAYS_INLINE unsigned long slot_head(struct pcpu_meta *g, int slot) { return (unsigned long)g->slot_lists[slot]; }

/* The free_bytes and chunk_md.contig_hint loads, in that order, and the slot they give. */
ALWAYS_INLINE int chunk_slot_now(const void *c, const struct chunk_offsets *o)
{
    int free_bytes = chunk_ld_i(c, o->free_bytes);

    return pcpu_chunk_slot(free_bytes, chunk_ld_i(c, MD(o, contig_hint)));
}

/*
 * pcpu_chunk_relocate(): the slot from the hints, then isolated; a chunk alone in its old slot's list is
 * list_move()d: its list.prev and list.next loaded, the old and new heads stored, then its list.next and list.prev.
 */
ALWAYS_INLINE void pcpu_chunk_relocate(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int oslot)
{
    int nslot = chunk_slot_now(c, o);

    if (chunk_ld_b(c, o->isolated) || oslot == nslot)
        return;
    unsigned long old = slot_head(g, oslot), head = slot_head(g, nslot);
    unsigned long entry = (unsigned long)((unsigned char *)c + o->list);
    if (chunk_ld_l(c, o->list + sizeof(unsigned long)) != old || chunk_ld_l(c, o->list) != old)
        pcpu_broken("chunk not alone in its slot's list");
    meta_st_l("pcpu_chunk_lists", g->slot_lists, &g->slot_lists[oslot][1], old);   /* __list_del() */
    meta_st_l("pcpu_chunk_lists", g->slot_lists, &g->slot_lists[oslot][0], old);
    meta_st_l("pcpu_chunk_lists", g->slot_lists, &g->slot_lists[nslot][1], entry); /* list_add() */
    meta_st_l("pcpu_chunk_lists", g->slot_lists, &g->slot_lists[nslot][0], entry);
    chunk_st_l(c, o->list, head);
    chunk_st_l(c, o->list + sizeof(unsigned long), head);
}

/* pcpu_update_empty_pages(chunk, nr): chunk->nr_empty_pop_pages += nr, then the global unless isolated. */
ALWAYS_INLINE void pcpu_update_empty_pages(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int nr,
                                           uint64_t *empty_writes)
{
    chunk_st_i(c, o->nr_empty_pop_pages, chunk_ld_i(c, o->nr_empty_pop_pages) + nr);
    (*empty_writes)++;
    if (!chunk_ld_b(c, o->isolated))
        meta_st_i("pcpu_nr_empty_pop_pages", &g->nr_empty_pop_pages, &g->nr_empty_pop_pages,
                  meta_ld_i("pcpu_nr_empty_pop_pages", &g->nr_empty_pop_pages, &g->nr_empty_pop_pages) + nr);
}

/* The model's arithmetic on the chunk_md hints (PcpuAllocator.chunkMdAlloc / chunkMdFree): a load and a store each. */
ALWAYS_INLINE void md_add(void *c, size_t off, int d) { chunk_st_i(c, off, chunk_ld_i(c, off) + d); }

ALWAYS_INLINE void chunk_md_alloc(void *c, const struct chunk_offsets *o)
{
    md_add(c, MD(o, contig_hint), -AREA_BITS);
    md_add(c, MD(o, contig_hint_start), AREA_BITS);
    md_add(c, MD(o, scan_hint), AREA_BITS);
    md_add(c, MD(o, scan_hint_start), AREA_BITS);
    md_add(c, MD(o, left_free), -AREA_BITS);
    md_add(c, MD(o, right_free), -AREA_BITS);
}

ALWAYS_INLINE void chunk_md_free(void *c, const struct chunk_offsets *o, int nr_bits)
{
    md_add(c, MD(o, contig_hint), AREA_BITS);
    md_add(c, MD(o, contig_hint_start), -AREA_BITS);
    md_add(c, MD(o, scan_hint), -AREA_BITS);
    md_add(c, MD(o, scan_hint_start), -AREA_BITS);
    md_add(c, MD(o, left_free), AREA_BITS);
    chunk_st_i(c, MD(o, right_free), imin(chunk_ld_i(c, MD(o, right_free)) + AREA_BITS, nr_bits));
}

/*
 * pcpu_block_update_hint_alloc() on the area's block, through the md_blocks pointer: the block's contig_hint and
 * first_free (advanced when the area starts there), scan_hint, left_free and right_free; and
 * pcpu_update_empty_pages(chunk, -1) when the block was entirely free.
 */
ALWAYS_INLINE void block_hint_alloc(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int bit_off,
                                    int next_free, uint64_t *empty_writes)
{
    struct pcpu_block_md *blocks = (struct pcpu_block_md *)chunk_ld_l(c, o->md_blocks);
    struct pcpu_block_md *b = &blocks[bit_off / PCPU_BITMAP_BLOCK_BITS];
    int s_off = bit_off % PCPU_BITMAP_BLOCK_BITS;
    int contig = meta_ld_i("md_blocks", blocks, &b->contig_hint);
    bool was_empty = contig == PCPU_BITMAP_BLOCK_BITS;

    if (s_off == meta_ld_i("md_blocks", blocks, &b->first_free))
        meta_st_i("md_blocks", blocks, &b->first_free, imin(next_free - (bit_off - s_off), PCPU_BITMAP_BLOCK_BITS));
    meta_st_i("md_blocks", blocks, &b->scan_hint, 0);
    meta_st_i("md_blocks", blocks, &b->contig_hint, contig - AREA_BITS);
    meta_st_i("md_blocks", blocks, &b->left_free, imin(meta_ld_i("md_blocks", blocks, &b->left_free), s_off));
    meta_st_i("md_blocks", blocks, &b->right_free,
              imin(meta_ld_i("md_blocks", blocks, &b->right_free), PCPU_BITMAP_BLOCK_BITS - s_off - AREA_BITS));
    if (was_empty)
        pcpu_update_empty_pages(c, o, g, -1, empty_writes);
}

/* pcpu_block_update_hint_free(): pcpu_update_empty_pages(chunk, +1) when the free leaves the block entirely free. */
ALWAYS_INLINE void block_hint_free(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int bit_off,
                                   uint64_t *empty_writes)
{
    struct pcpu_block_md *blocks = (struct pcpu_block_md *)chunk_ld_l(c, o->md_blocks);
    struct pcpu_block_md *b = &blocks[bit_off / PCPU_BITMAP_BLOCK_BITS];
    int s_off = bit_off % PCPU_BITMAP_BLOCK_BITS;
    int contig = meta_ld_i("md_blocks", blocks, &b->contig_hint) + AREA_BITS;

    meta_st_i("md_blocks", blocks, &b->contig_hint, contig);
    meta_st_i("md_blocks", blocks, &b->first_free, imin(meta_ld_i("md_blocks", blocks, &b->first_free), s_off));
    if (contig == meta_ld_i("md_blocks", blocks, &b->nr_bits)) {
        meta_st_i("md_blocks", blocks, &b->left_free, contig);
        meta_st_i("md_blocks", blocks, &b->right_free, contig);
        pcpu_update_empty_pages(c, o, g, 1, empty_writes);
    }
}

/* pcpu_stats_area_alloc() (CONFIG_PERCPU_STATS): the global pcpu_stats, then the chunk's counters. */
ALWAYS_INLINE void pcpu_stats_area_alloc(void *c, const struct chunk_offsets *o, struct pcpu_meta *g)
{
#if PCPU_STATS
    struct percpu_stats *s = &g->stats;
    unsigned long cur = meta_ld_l("pcpu_stats", s, &s->nr_cur_alloc) + 1;

    meta_st_l("pcpu_stats", s, &s->nr_alloc, meta_ld_l("pcpu_stats", s, &s->nr_alloc) + 1);
    meta_st_l("pcpu_stats", s, &s->nr_cur_alloc, cur);
    meta_st_l("pcpu_stats", s, &s->nr_max_alloc, lmax(meta_ld_l("pcpu_stats", s, &s->nr_max_alloc), cur));
    unsigned long min = meta_ld_l("pcpu_stats", s, &s->min_alloc_size);
    meta_st_l("pcpu_stats", s, &s->min_alloc_size, min < AREA_SIZE ? min : AREA_SIZE);
    meta_st_l("pcpu_stats", s, &s->max_alloc_size, lmax(meta_ld_l("pcpu_stats", s, &s->max_alloc_size), AREA_SIZE));
    chunk_st_i(c, (size_t)o->nr_alloc, chunk_ld_i(c, (size_t)o->nr_alloc) + 1);
    chunk_st_l(c, (size_t)o->max_alloc_size, lmax(chunk_ld_l(c, (size_t)o->max_alloc_size), AREA_SIZE));
#else
    (void)c, (void)o, (void)g;
#endif
}

/* pcpu_stats_area_dealloc() (CONFIG_PERCPU_STATS). */
ALWAYS_INLINE void pcpu_stats_area_dealloc(void *c, const struct chunk_offsets *o, struct pcpu_meta *g)
{
#if PCPU_STATS
    struct percpu_stats *s = &g->stats;

    meta_st_l("pcpu_stats", s, &s->nr_dealloc, meta_ld_l("pcpu_stats", s, &s->nr_dealloc) + 1);
    meta_st_l("pcpu_stats", s, &s->nr_cur_alloc, meta_ld_l("pcpu_stats", s, &s->nr_cur_alloc) - 1);
    chunk_st_i(c, (size_t)o->nr_alloc, chunk_ld_i(c, (size_t)o->nr_alloc) - 1);
#else
    (void)c, (void)o, (void)g;
#endif
}

/* obj_cgroups / obj_exts tested for NULL (pcpu_memcg_post_alloc_hook(), pcpu_memcg_free_hook()): a load where configured. */
ALWAYS_INLINE void check_obj_exts(const void *c, const struct chunk_offsets *o)
{
    if (o->obj_exts >= 0 && chunk_ld_l(c, (size_t)o->obj_exts) == 0)
        pcpu_broken("obj_exts is NULL");
}

/*
 * pcpu_alloc()'s part under pcpu_lock (PcpuAllocator.allocArea, then finishAlloc): list.next (the slot list's
 * walk), the old slot, nr_pages, first_free, the bitmaps through their pointers, free_bytes, first_free, the
 * block's hints, the chunk's hints, pcpu_chunk_relocate(), isolated (pcpu_reintegrate_chunk()), the stats, and the
 * global pcpu_nr_empty_pop_pages (the balance check). Returns the area's bit offset.
 */
ALWAYS_INLINE int pcpu_alloc_area(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, uint64_t *empty_writes)
{
    if (chunk_ld_l(c, o->list) == 0)
        pcpu_broken("chunk not on a slot list");
    int oslot = chunk_slot_now(c, o);
    int map_bits = chunk_ld_i(c, o->nr_pages) * PCPU_BITMAP_BLOCK_BITS;
    int bit_off = chunk_ld_i(c, MD(o, first_free));
    unsigned long *alloc_map = (unsigned long *)chunk_ld_l(c, o->alloc_map);

    if (bit_off + AREA_BITS > map_bits || map_test_bit("alloc_map", alloc_map, bit_off)) {
        pcpu_broken("no free area at first_free");
        return 0;
    }
    map_set_bit("alloc_map", alloc_map, bit_off);
    unsigned long *bound_map = (unsigned long *)chunk_ld_l(c, o->bound_map);
    map_set_bit("bound_map", bound_map, bit_off);
    map_set_bit("bound_map", bound_map, bit_off + AREA_BITS);
    chunk_st_i(c, o->free_bytes, chunk_ld_i(c, o->free_bytes) - AREA_SIZE);
    int next_free = map_next_zero_bit("alloc_map", alloc_map, bit_off + AREA_BITS, map_bits);
    chunk_st_i(c, MD(o, first_free), next_free);
    block_hint_alloc(c, o, g, bit_off, next_free, empty_writes);
    chunk_md_alloc(c, o);
    pcpu_chunk_relocate(c, o, g, oslot);
    if (chunk_ld_b(c, o->isolated))
        pcpu_broken("the model's chunk is never isolated");
    pcpu_stats_area_alloc(c, o, g);
    if (meta_ld_i("pcpu_nr_empty_pop_pages", &g->nr_empty_pop_pages, &g->nr_empty_pop_pages) < PCPU_EMPTY_POP_PAGES_LOW)
        pcpu_broken("pcpu_schedule_balance_work(): the model never populates");
    return bit_off;
}

/*
 * pcpu_alloc() after pcpu_lock (PcpuAllocator.afterAlloc): the area's page in populated[], base_addr
 * (__addr_to_pcpu_ptr), obj_exts (pcpu_memcg_post_alloc_hook()). Returns the percpu pointer.
 */
ALWAYS_INLINE unsigned long pcpu_after_alloc(const void *c, const struct chunk_offsets *o, int bit_off)
{
    int off = bit_off * PCPU_MIN_ALLOC_SIZE, page = off >> PAGE_SHIFT;

    if (!(chunk_ld_l(c, o->populated + page / BITS_PER_LONG * sizeof(unsigned long)) >> (page % BITS_PER_LONG) & 1))
        pcpu_broken("page unpopulated: the model never populates");
    unsigned long ptr = chunk_ld_l(c, o->base_addr) + (unsigned long)off;
    check_obj_exts(c, o);
    return ptr;
}

/* free_percpu()'s off = addr - chunk->base_addr, before pcpu_lock (PcpuAllocator.freeOffset), as a bit offset. */
ALWAYS_INLINE int pcpu_free_offset(const void *c, const struct chunk_offsets *o, unsigned long ptr)
{
    return (int)((ptr - chunk_ld_l(c, o->base_addr)) / PCPU_MIN_ALLOC_SIZE);
}

/*
 * pcpu_should_reclaim_chunk() (mm/percpu-vm.c): the chunk against pcpu_first_chunk and pcpu_reserved_chunk (it is
 * neither), then the isolated chunk's or the globals' test.
 */
ALWAYS_INLINE bool pcpu_should_reclaim(const void *c, const struct chunk_offsets *o, struct pcpu_meta *g)
{
    struct pcpu_ro_after_init *ro = &g->ro;

    if ((unsigned long)c == meta_ld_l("ro_after_init", ro, &ro->first_chunk)
        || (unsigned long)c == meta_ld_l("ro_after_init", ro, &ro->reserved_chunk))
        return false;
    if (chunk_ld_b(c, o->isolated) && chunk_ld_i(c, o->nr_empty_pop_pages) != 0)
        return true;
    int global = meta_ld_i("pcpu_nr_empty_pop_pages", &g->nr_empty_pop_pages, &g->nr_empty_pop_pages);
    if (global <= PCPU_EMPTY_POP_PAGES_HIGH + chunk_ld_i(c, o->nr_empty_pop_pages))
        return false;
    int empty = chunk_ld_i(c, o->nr_empty_pop_pages);
    return empty >= chunk_ld_i(c, o->nr_pages) / 4;
}

/*
 * free_percpu()'s check after the hooks (PcpuAllocator.freeBalanceCheck): a chunk not isolated and entirely free
 * (free_bytes == pcpu_unit_size) walks pcpu_chunk_lists[pcpu_free_slot] for another free chunk (the head's next,
 * then each entry's list.next); any other asks pcpu_should_reclaim_chunk(). The model's one chunk finds only itself
 * and is never reclaimed.
 */
ALWAYS_INLINE void pcpu_free_balance_check(const void *c, const struct chunk_offsets *o, struct pcpu_meta *g)
{
    struct pcpu_ro_after_init *ro = &g->ro;

    if (!chunk_ld_b(c, o->isolated)
        && chunk_ld_i(c, o->free_bytes) == meta_ld_i("ro_after_init", ro, &ro->unit_size)) {
        unsigned long lists = meta_ld_l("ro_after_init", ro, &ro->chunk_lists);
        unsigned long head = lists + (unsigned long)meta_ld_i("ro_after_init", ro, &ro->free_slot) * 2 * sizeof(unsigned long);
        unsigned long self = (unsigned long)((const unsigned char *)c + o->list);
        for (unsigned long pos = meta_ld_l("pcpu_chunk_lists", g->slot_lists, (const unsigned long *)head); pos != head;
             pos = chunk_ld_l(c, o->list))
            if (pos != self) {
                pcpu_broken("another free chunk in the free slot: the model has one chunk");
                return;
            }
    } else if (pcpu_should_reclaim(c, o, g)) {
        pcpu_broken("pcpu_should_reclaim_chunk(): the model never reclaims");
    }
}

/*
 * free_percpu()'s part under pcpu_lock (PcpuAllocator.freeArea), in the 2026 mm tree's order: the old slot, the
 * area's first bit in alloc_map and bound_map, bound_map and nr_pages (find_next_bit() to the area's end),
 * alloc_map cleared, free_bytes, first_free, the block's hints, chunk_md.nr_bits, the chunk's hints,
 * pcpu_chunk_relocate(), the stats, obj_exts (pcpu_memcg_free_hook()), then the balance check.
 */
ALWAYS_INLINE void pcpu_free_area(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int bit_off,
                                  uint64_t *empty_writes)
{
    int oslot = chunk_slot_now(c, o);

    if (!map_test_bit("alloc_map", (unsigned long *)chunk_ld_l(c, o->alloc_map), bit_off)
        || !map_test_bit("bound_map", (unsigned long *)chunk_ld_l(c, o->bound_map), bit_off)) {
        pcpu_broken("no area starts at the freed offset");
        return;
    }
    unsigned long *bound_map = (unsigned long *)chunk_ld_l(c, o->bound_map);
    int map_bits = chunk_ld_i(c, o->nr_pages) * PCPU_BITMAP_BLOCK_BITS;

    if (bit_off + AREA_BITS > map_bits || !map_test_bit("bound_map", bound_map, bit_off + AREA_BITS)) {
        pcpu_broken("no area at the freed offset");
        return;
    }
    map_clear_bit("alloc_map", (unsigned long *)chunk_ld_l(c, o->alloc_map), bit_off);
    chunk_st_i(c, o->free_bytes, chunk_ld_i(c, o->free_bytes) + AREA_SIZE);
    chunk_st_i(c, MD(o, first_free), imin(chunk_ld_i(c, MD(o, first_free)), bit_off));
    block_hint_free(c, o, g, bit_off, empty_writes);
    chunk_md_free(c, o, chunk_ld_i(c, MD(o, nr_bits)));
    pcpu_chunk_relocate(c, o, g, oslot);
    pcpu_stats_area_dealloc(c, o, g);
    check_obj_exts(c, o);
    pcpu_free_balance_check(c, o, g);
}

/*
 * A fresh, empty, fully populated chunk and its metadata, as pcpu_alloc_chunk() (zeroed), pcpu_init_md_blocks()
 * and pcpu_chunk_relocate(chunk, -1) leave them, and the Java model's OffHeapPcpuChunk: every hint the whole chunk,
 * the pointers at the metadata, alone in the free slot's list, the globals counting it only, base_addr set.
 */
static inline void pcpu_chunk_init(void *c, const struct chunk_offsets *o, struct pcpu_meta *g)
{
    unsigned long entry = (unsigned long)((unsigned char *)c + o->list);

    memset(c, 0, o->size + sizeof(unsigned long));
    memset(g, 0, sizeof *g);
    g->nr_empty_pop_pages = CHUNK_PAGES;
    g->stats.min_alloc_size = LONG_MAX;
    g->ro = (struct pcpu_ro_after_init){ .unit_size = UNIT_SIZE, .free_slot = PCPU_FREE_SLOT,
                                         .chunk_lists = (unsigned long)g->slot_lists,
                                         .first_chunk = FIRST_CHUNK_VALUE, .reserved_chunk = RESERVED_CHUNK_VALUE };
    for (int s = 0; s < PCPU_NR_SLOTS; s++)
        g->slot_lists[s][0] = g->slot_lists[s][1] = slot_head(g, s);
    for (int b = 0; b < CHUNK_PAGES; b++)
        g->md_blocks[b] = (struct pcpu_block_md){ .contig_hint = PCPU_BITMAP_BLOCK_BITS, .left_free = PCPU_BITMAP_BLOCK_BITS,
                                                  .right_free = PCPU_BITMAP_BLOCK_BITS, .nr_bits = PCPU_BITMAP_BLOCK_BITS };
    INT_AT(c, o->free_bytes) = UNIT_SIZE;
    MD_AT(c, o, contig_hint) = CHUNK_BITS;
    MD_AT(c, o, left_free) = CHUNK_BITS;
    MD_AT(c, o, right_free) = CHUNK_BITS;
    MD_AT(c, o, nr_bits) = CHUNK_BITS;
    INT_AT(c, o->nr_pages) = CHUNK_PAGES;
    INT_AT(c, o->nr_populated) = CHUNK_PAGES;
    INT_AT(c, o->nr_empty_pop_pages) = CHUNK_PAGES;
    LONG_AT(c, o->populated) = (1UL << CHUNK_PAGES) - 1;
    LONG_AT(c, o->alloc_map) = (unsigned long)g->alloc_map;
    LONG_AT(c, o->bound_map) = (unsigned long)g->bound_map;
    LONG_AT(c, o->md_blocks) = (unsigned long)g->md_blocks;
    if (o->obj_exts >= 0)
        LONG_AT(c, (size_t)o->obj_exts) = OBJ_EXTS_VALUE;
    LONG_AT(c, o->list) = LONG_AT(c, o->list + sizeof(unsigned long)) = slot_head(g, PCPU_FREE_SLOT);
    g->slot_lists[PCPU_FREE_SLOT][0] = g->slot_lists[PCPU_FREE_SLOT][1] = entry;
    __atomic_store_n((unsigned long *)((unsigned char *)c + o->base_addr), CHUNK_BASE_ADDR, __ATOMIC_RELEASE);
}

/* pcpu_chunk_addr(chunk, cpu, page): READ_ONCE(chunk->base_addr) + pcpu_unit_page_offset(cpu, page). No lock. */
static inline __attribute__((always_inline)) unsigned long pcpu_chunk_addr(const void *c, const struct chunk_offsets *o,
                                                                           unsigned long unit_page_offset)
{
    return READ_ONCE(*(const unsigned long *)((const unsigned char *)c + o->base_addr)) + unit_page_offset;
}

#endif
