/*
 * struct pcpu_chunk in the order of the 2026 size patch ("mm/percpu-internal.h: optimise pcpu_chunk struct
 * to save memory", mm tree), the variant with nr_pages, nr_populated, nr_empty_pop_pages, then obj_exts:
 * 128 bytes in the default config, base_addr still ____cacheline_aligned_in_smp, and nr_empty_pop_pages at
 * 116, in base_addr's line. A test header built from that order for the struct tool's smallest change
 * (the model's own copy of the header lives with the percpu model).
 */
#include <linux/types.h>

struct list_head {
	struct list_head *next, *prev;
};

/* allocation hints of a chunk or of one of its blocks, in bits */
struct pcpu_block_md {
	int			scan_hint;
	int			scan_hint_start;
	int			contig_hint;
	int			contig_hint_start;
	int			left_free;
	int			right_free;
	int			first_free;
	int			nr_bits;
};

struct pcpuobj_ext {
#ifdef CONFIG_MEMCG
	struct obj_cgroup	*cgroup;
#endif
};

struct pcpu_chunk {
#ifdef CONFIG_PERCPU_STATS
	int			nr_alloc;
	size_t			max_alloc_size;
#endif

	struct list_head	list;
	int			free_bytes;	/* written under pcpu_lock */
	struct pcpu_block_md	chunk_md;	/* written under pcpu_lock */
	unsigned long		*bound_map;

	void			*base_addr ____cacheline_aligned_in_smp;	/* read by every CPU */

	unsigned long		*alloc_map;
	struct pcpu_block_md	*md_blocks;

	void			*data;
	bool			immutable;
	bool			isolated;
	int			start_offset;
	int			end_offset;
	int			nr_pages;
	int			nr_populated;
	int			nr_empty_pop_pages;	/* written under pcpu_lock when a page turns empty or used */
#ifdef CONFIG_MEMCG
	struct pcpuobj_ext	*obj_exts;
#endif

	unsigned long		populated[];
};
