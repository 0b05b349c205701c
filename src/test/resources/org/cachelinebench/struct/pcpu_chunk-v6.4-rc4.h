/*
 * struct pcpu_chunk as mm/percpu-internal.h declares it at v6.4-rc4 (x86-64), with the structs it
 * embeds: the member list of the suite's PcpuChunkLayouts, written as the header writes it.
 * The suite's default config: CONFIG_PERCPU_STATS off, CONFIG_MEMCG_KMEM on
 * (benchmarks/struct pcpu_chunk-v6.4-rc4.h -D CONFIG_MEMCG_KMEM).
 */
#include <linux/types.h>
#include <linux/percpu.h>

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

struct pcpu_chunk {
#ifdef CONFIG_PERCPU_STATS
	int			nr_alloc;
	size_t			max_alloc_size;
#endif

	struct list_head	list;
	int			free_bytes;	/* written under pcpu_lock */
	struct pcpu_block_md	chunk_md;	/* written under pcpu_lock */
	void			*base_addr;	/* read by every CPU, outside the lock */

	unsigned long		*alloc_map;
	unsigned long		*bound_map;
	struct pcpu_block_md	*md_blocks;

	void			*data;
	bool			immutable;
	bool			isolated;
	int			start_offset;
	int			end_offset;
#ifdef CONFIG_MEMCG_KMEM
	struct obj_cgroup	**obj_cgroups;
#endif

	int			nr_pages;
	int			nr_populated;
	int			nr_empty_pop_pages;
	unsigned long		populated[];
};
