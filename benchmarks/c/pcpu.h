/*
 * pcpu.h: struct pcpu_chunk as each compared layout declares it (mm/percpu-internal.h, x86-64), and the memory
 * accesses benchmarks/c/pcpu.c times on it: the reader's pcpu_chunk_addr() and the allocator's
 * pcpu_alloc_area() / pcpu_free_area() under pcpu_lock, as the Java model (model.percpu.PcpuAllocator, harness.chunk
 * PcpuChunkWorkload) makes them. Included by pcpu.c only. Offsets are gcc's, from the declarations: none is
 * written here, and CPcpuLayoutTest checks gcc's against the Java model's for every layout and config.
 *
 * The kernel config is chosen when the program is built (benchmarks/c-reference --config passes these):
 *   -DPCPU_STATS=0|1  CONFIG_PERCPU_STATS: int nr_alloc; size_t max_alloc_size; in front of list
 *   -DPCPU_MEMCG=0|1  CONFIG_MEMCG (CONFIG_MEMCG_KMEM before v6.10): obj_cgroups, or from v6.10 obj_exts under
 *                     NEED_PCPUOBJ_EXT; the default 1 is what distribution kernels build
 */
#ifndef CACHELINEBENCH_PCPU_H
#define CACHELINEBENCH_PCPU_H

#include "common.h"

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
 * model (ChunkVersion.MM_2026_SIZE) takes: after end_offset nr_pages, nr_populated, nr_empty_pop_pages, then
 * obj_exts, so nr_empty_pop_pages lands in base_addr's line; 128 bytes in the default config (192 before).
 * (The mm mirror sjp38/linux at 4cb698ef2066 has nr_empty_pop_pages first after end_offset: also in that line.)
 */
struct pcpu_chunk_mm_2026_size {
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
struct pcpu_chunk_mm_2026_hole {
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
enum layout { V6_4_RC4, V2_REORDER, V6_5_MERGED, MM_2026_SIZE, MM_2026_HOLE, LAYOUTS };

/* Where a layout puts the members the workload touches: gcc's offsets, through offsetof. */
struct chunk_offsets {
    const char *name;
    size_t size;
    size_t list, free_bytes, chunk_md, base_addr, isolated, nr_pages, nr_populated, nr_empty_pop_pages, populated;
    long nr_alloc, max_alloc_size;      /* -1 without CONFIG_PERCPU_STATS */
};

#if PCPU_STATS
#define STATS_OFFSETS(T) (long)offsetof(T, nr_alloc), (long)offsetof(T, max_alloc_size)
#else
#define STATS_OFFSETS(T) -1, -1
#endif
#define CHUNK_OFFSETS(label, T) { label, sizeof(T), offsetof(T, list), offsetof(T, free_bytes), offsetof(T, chunk_md), \
        offsetof(T, base_addr), offsetof(T, isolated), offsetof(T, nr_pages), offsetof(T, nr_populated),            \
        offsetof(T, nr_empty_pop_pages), offsetof(T, populated), STATS_OFFSETS(T) }

static const struct chunk_offsets layouts[LAYOUTS] = {
    [V6_4_RC4] = CHUNK_OFFSETS("v6.4-rc4", struct pcpu_chunk_v6_4_rc4),
    [V2_REORDER] = CHUNK_OFFSETS("v2-reorder", struct pcpu_chunk_v2_reorder),
    [V6_5_MERGED] = CHUNK_OFFSETS("v6.5-merged", struct pcpu_chunk_v6_5_merged),
    [MM_2026_SIZE] = CHUNK_OFFSETS("mm-2026-size", struct pcpu_chunk_mm_2026_size),
    [MM_2026_HOLE] = CHUNK_OFFSETS("mm-2026-hole", struct pcpu_chunk_mm_2026_hole),
};

/* What the layouts are for, as relations gcc must agree with (kernel facts, not measurements). */
#if !PCPU_STATS
/* (CONFIG_PERCPU_STATS's 16 bytes in front move v6.4-rc4's base_addr into the next line.) */
_Static_assert(offsetof(struct pcpu_chunk_v6_4_rc4, base_addr) / 64 == offsetof(struct pcpu_chunk_v6_4_rc4, free_bytes) / 64,
               "v6.4-rc4: base_addr in free_bytes' line");
#endif
_Static_assert(offsetof(struct pcpu_chunk_v6_5_merged, base_addr) % 64 == 0, "v6.5-merged: base_addr starts a line");
_Static_assert(offsetof(struct pcpu_chunk_mm_2026_size, nr_empty_pop_pages) / 64
               == offsetof(struct pcpu_chunk_mm_2026_size, base_addr) / 64,
               "mm-2026-size: nr_empty_pop_pages in base_addr's line");
_Static_assert(offsetof(struct pcpu_chunk_mm_2026_hole, nr_empty_pop_pages) / 64
               != offsetof(struct pcpu_chunk_mm_2026_hole, base_addr) / 64,
               "mm-2026-hole: nr_empty_pop_pages outside base_addr's line");
_Static_assert(sizeof(struct pcpu_chunk_mm_2026_hole) == sizeof(struct pcpu_chunk_mm_2026_size),
               "mm-2026-hole keeps mm-2026-size's size");

/* ---- mm/percpu.c's constants, and the model's (as model.percpu.PcpuAllocator) ---- */

#define PAGE_SHIFT 12
#define PCPU_MIN_ALLOC_SIZE 4
/* PCPU_BITMAP_BLOCK_SIZE is PAGE_SIZE: one pcpu_block_md per page, in bits. */
#define PCPU_BITMAP_BLOCK_BITS ((1 << PAGE_SHIFT) / PCPU_MIN_ALLOC_SIZE)
#define PCPU_SLOT_BASE_SHIFT 5
/* The model's chunk: one unit of PCPU_MIN_UNIT_SIZE (32 KiB), every page populated. */
#define CHUNK_PAGES 8
#define UNIT_SIZE (CHUNK_PAGES << PAGE_SHIFT)
#define CHUNK_BITS (UNIT_SIZE / PCPU_MIN_ALLOC_SIZE)
/* An area: the s32 of a percpu_counter, one bit of the map. */
#define AREA_SIZE 4
#define AREA_BITS (AREA_SIZE / PCPU_MIN_ALLOC_SIZE)
/* base_addr: in the x86-64 vmalloc area; only ever read. */
#define CHUNK_BASE_ADDR 0xffffc90000400000UL
/* list's self-pointers point at where the struct pretends to live. */
#define STRUCT_ADDR_VALUE 0xffff888100a3c000UL
/* pcpu_chunk_lists[]: the slot heads a relocated chunk's list points to. */
#define PCPU_CHUNK_LISTS_VALUE 0xffffffff83a00000UL

/* Member access by offset: the offsets are constants where a loop is compiled for one layout. */
#define INT_AT(c, off) (*(int *)((unsigned char *)(c) + (off)))
#define BOOL_AT(c, off) (*(bool *)((unsigned char *)(c) + (off)))
#define LONG_AT(c, off) (*(unsigned long *)((unsigned char *)(c) + (off)))
#define MD_AT(c, o, member) INT_AT(c, (o)->chunk_md + offsetof(struct pcpu_block_md, member))

/* The globals of mm/percpu.c the path touches, each in lines of its own (they are not in the chunk). */
struct pcpu_globals {
    int nr_empty_pop_pages;             /* pcpu_nr_empty_pop_pages */
} PADDED;

/*
 * A chunk as the allocator sees it: the struct, its md_blocks[] (kmalloc'd elsewhere, lines of their own) and
 * the areas it holds. live_target areas are allocated one after another into the empty first block, then freed
 * in the same order, so the block turns used on the first step and empty on the last of every 2 x live_target.
 */
struct held_areas {
    int live;                           /* areas held now */
    int freeing;                        /* 1: freeing them in order; 0: allocating */
    int next_free;                      /* index in bit_off[] of the next area to free */
    int bit_off[PCPU_BITMAP_BLOCK_BITS / AREA_BITS];
};

/* pcpu_chunk_slot(chunk): 0 when full, else the slot for the chunk's contig hint (pcpu_size_to_slot). */
static inline __attribute__((always_inline)) int pcpu_chunk_slot(void *c, const struct chunk_offsets *o)
{
    int contig = MD_AT(c, o, contig_hint);

    if (INT_AT(c, o->free_bytes) < PCPU_MIN_ALLOC_SIZE || contig == 0)
        return 0;
    int size = contig * PCPU_MIN_ALLOC_SIZE;
    /* pcpu_size_to_slot: the free slot for a whole unit, else __pcpu_size_to_slot: max(fls(size) - 5 + 2, 1) */
    int fls = 32 - __builtin_clz((unsigned)size);
    int slot = fls - PCPU_SLOT_BASE_SHIFT + 2;
    int free_slot = (32 - __builtin_clz((unsigned)UNIT_SIZE)) - PCPU_SLOT_BASE_SHIFT + 2 + 1;

    return size == UNIT_SIZE ? free_slot : slot > 1 ? slot : 1;
}

/*
 * pcpu_chunk_relocate(chunk, oslot): the slot from the hints, then isolated; a chunk that changes slot is
 * list_move()d, which writes its list.next and list.prev (the slot heads and neighbours are other memory).
 */
static inline __attribute__((always_inline)) void pcpu_chunk_relocate(void *c, const struct chunk_offsets *o, int oslot)
{
    int nslot = pcpu_chunk_slot(c, o);

    if (BOOL_AT(c, o->isolated))
        return;
    if (oslot != nslot) {
        unsigned long head = PCPU_CHUNK_LISTS_VALUE + (unsigned long)nslot * sizeof(struct list_head);
        LONG_AT(c, o->list + offsetof(struct list_head, next)) = head;      /* alone in the slot's list */
        LONG_AT(c, o->list + offsetof(struct list_head, prev)) = head;
    }
}

/* pcpu_update_empty_pages(chunk, nr): chunk->nr_empty_pop_pages += nr, and the global unless isolated. */
static inline __attribute__((always_inline)) void
pcpu_update_empty_pages(void *c, const struct chunk_offsets *o, struct pcpu_globals *g, int nr)
{
    INT_AT(c, o->nr_empty_pop_pages) += nr;
    if (!BOOL_AT(c, o->isolated))
        g->nr_empty_pop_pages += nr;
}

/*
 * pcpu_alloc_area(chunk, bits): the Java model's accesses in its order (PcpuAllocator.allocArea: nr_bits and
 * first_free read, free_bytes and the chunk_md hints read-modify-written, first_free advanced), with the slot
 * before and pcpu_chunk_relocate after; pcpu_block_update_hint_alloc's empty-block accounting on the block's
 * md: when the area takes a block that was entirely free, pcpu_update_empty_pages(chunk, -1). The stats
 * (pcpu_stats_area_alloc) follow, as pcpu_alloc() calls them. Returns the area's bit offset and counts the
 * nr_empty_pop_pages writes.
 */
static inline __attribute__((always_inline)) int
pcpu_alloc_area(void *c, const struct chunk_offsets *o, struct pcpu_block_md *block, struct pcpu_globals *g,
                uint64_t *empty_writes)
{
    int oslot = pcpu_chunk_slot(c, o);
    int nr_bits = MD_AT(c, o, nr_bits);
    int bit_off = MD_AT(c, o, first_free);

    INT_AT(c, o->free_bytes) -= AREA_BITS * PCPU_MIN_ALLOC_SIZE;
    MD_AT(c, o, first_free) = bit_off + AREA_BITS < nr_bits ? bit_off + AREA_BITS : nr_bits;
    /* pcpu_block_update_hint_alloc: the block first, then the chunk's hints */
    int was_empty = block->contig_hint == PCPU_BITMAP_BLOCK_BITS;
    block->contig_hint -= AREA_BITS;
    block->first_free += AREA_BITS;
    if (was_empty) {
        pcpu_update_empty_pages(c, o, g, -1);
        (*empty_writes)++;
    }
    MD_AT(c, o, contig_hint) -= AREA_BITS;
    MD_AT(c, o, contig_hint_start) += AREA_BITS;
    MD_AT(c, o, scan_hint) += AREA_BITS;
    MD_AT(c, o, scan_hint_start) += AREA_BITS;
    MD_AT(c, o, left_free) -= AREA_BITS;
    MD_AT(c, o, right_free) -= AREA_BITS;
    pcpu_chunk_relocate(c, o, oslot);
#if PCPU_STATS
    INT_AT(c, o->nr_alloc)++;
    if (LONG_AT(c, o->max_alloc_size) < AREA_SIZE)
        LONG_AT(c, o->max_alloc_size) = AREA_SIZE;
#endif
    return bit_off;
}

/*
 * pcpu_free_area(chunk, bit_off, bits): the stats (pcpu_stats_area_dealloc) first, as the kernel, then the
 * Java model's accesses (free_bytes and the hints back, first_free = min(first_free, bit_off)), with
 * pcpu_block_update_hint_free's accounting (a block left entirely free: pcpu_update_empty_pages(chunk, +1))
 * and pcpu_chunk_relocate; then free_percpu()'s reads: isolated and free_bytes, and
 * pcpu_should_reclaim_chunk()'s of isolated and nr_empty_pop_pages (its decision is not acted on: reclaim is
 * the balance worker's, outside the path timed here).
 */
static inline __attribute__((always_inline)) int
pcpu_free_area(void *c, const struct chunk_offsets *o, struct pcpu_block_md *block, struct pcpu_globals *g,
               int bit_off, uint64_t *empty_writes)
{
#if PCPU_STATS
    INT_AT(c, o->nr_alloc)--;
#endif
    int oslot = pcpu_chunk_slot(c, o);
    int first_free = MD_AT(c, o, first_free);

    INT_AT(c, o->free_bytes) += AREA_BITS * PCPU_MIN_ALLOC_SIZE;
    MD_AT(c, o, first_free) = first_free < bit_off ? first_free : bit_off;
    block->contig_hint += AREA_BITS;
    if (block->first_free > bit_off)
        block->first_free = bit_off;
    if (block->contig_hint == PCPU_BITMAP_BLOCK_BITS) {
        pcpu_update_empty_pages(c, o, g, +1);
        (*empty_writes)++;
    }
    MD_AT(c, o, contig_hint) += AREA_BITS;
    MD_AT(c, o, contig_hint_start) -= AREA_BITS;
    MD_AT(c, o, scan_hint) -= AREA_BITS;
    MD_AT(c, o, scan_hint_start) -= AREA_BITS;
    MD_AT(c, o, left_free) += AREA_BITS;
    MD_AT(c, o, right_free) += AREA_BITS;
    pcpu_chunk_relocate(c, o, oslot);
    /* free_percpu(): !chunk->isolated && chunk->free_bytes == pcpu_unit_size, then pcpu_should_reclaim_chunk() */
    int reads = BOOL_AT(c, o->isolated) + INT_AT(c, o->free_bytes);
    reads += BOOL_AT(c, o->isolated) + READ_ONCE(INT_AT(c, o->nr_empty_pop_pages));
    return reads;
}

/*
 * A fresh, empty, fully populated chunk, as pcpu_alloc_chunk() (zeroed) and pcpu_init_md_blocks() leave it,
 * and the Java model's OffHeapPcpuChunk.initialise: INIT_LIST_HEAD, every hint the whole chunk, base_addr set.
 */
static inline void pcpu_chunk_init(void *c, const struct chunk_offsets *o, struct pcpu_block_md *blocks)
{
    unsigned long list = STRUCT_ADDR_VALUE + o->list;

    memset(c, 0, o->size + sizeof(unsigned long));
    LONG_AT(c, o->list + offsetof(struct list_head, next)) = list;
    LONG_AT(c, o->list + offsetof(struct list_head, prev)) = list;
    INT_AT(c, o->free_bytes) = UNIT_SIZE;
    MD_AT(c, o, scan_hint) = 0;
    MD_AT(c, o, scan_hint_start) = 0;
    MD_AT(c, o, contig_hint) = CHUNK_BITS;
    MD_AT(c, o, contig_hint_start) = 0;
    MD_AT(c, o, left_free) = CHUNK_BITS;
    MD_AT(c, o, right_free) = CHUNK_BITS;
    MD_AT(c, o, first_free) = 0;
    MD_AT(c, o, nr_bits) = CHUNK_BITS;
    INT_AT(c, o->nr_pages) = CHUNK_PAGES;
    INT_AT(c, o->nr_populated) = CHUNK_PAGES;
    INT_AT(c, o->nr_empty_pop_pages) = CHUNK_PAGES;
    LONG_AT(c, o->populated) = (1UL << CHUNK_PAGES) - 1;
    __atomic_store_n((unsigned long *)((unsigned char *)c + o->base_addr), CHUNK_BASE_ADDR, __ATOMIC_RELEASE);
    for (int b = 0; b < CHUNK_PAGES; b++)
        blocks[b] = (struct pcpu_block_md){ .contig_hint = PCPU_BITMAP_BLOCK_BITS, .left_free = PCPU_BITMAP_BLOCK_BITS,
                                            .right_free = PCPU_BITMAP_BLOCK_BITS, .nr_bits = PCPU_BITMAP_BLOCK_BITS };
}

/* pcpu_chunk_addr(chunk, cpu, page): READ_ONCE(chunk->base_addr) + pcpu_unit_page_offset(cpu, page). No lock. */
static inline __attribute__((always_inline)) unsigned long pcpu_chunk_addr(const void *c, const struct chunk_offsets *o,
                                                                           unsigned long unit_page_offset)
{
    return READ_ONCE(*(const unsigned long *)((const unsigned char *)c + o->base_addr)) + unit_page_offset;
}

#endif
