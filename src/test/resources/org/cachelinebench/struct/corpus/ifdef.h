/* gcc-variants: - | CONFIG_STATS | CONFIG_STATS CONFIG_MEMCG | CONFIG_MEMCG */
/* Preprocessor: guards, #ifdef/#ifndef/#else/#elif, object-like macros as sizes, enum constants. */
#ifndef _CORPUS_IFDEF_H
#define _CORPUS_IFDEF_H

#include <linux/types.h>

#define NR_SLOTS	4
#define SLOT_BYTES	(NR_SLOTS * 2)
#define UNUSED_FN(x)	((x) + 1)

enum { MAX_CPUS = 8, MAX_NODES = MAX_CPUS / 2 };

struct counters {
#ifdef CONFIG_STATS
	long nr_alloc;
	size_t max_alloc;
#endif
	int slots[NR_SLOTS];
	char bytes[SLOT_BYTES];
#ifndef CONFIG_MEMCG
	short no_memcg;
#else
	void **memcg;
#endif
#if defined(CONFIG_STATS) && defined(CONFIG_MEMCG)
	long both;
#elif defined CONFIG_STATS
	short stats_only;
#elif !defined(CONFIG_MEMCG)
	char neither;
#endif
#if 0
	this is not C and is never read;
#endif
	int per_cpu[MAX_CPUS];
	char per_node[MAX_NODES];
	unsigned long map[(MAX_CPUS + 63) / 64];
};

static inline int counters_slots(struct counters *c)
{
	return sizeof(c->slots) / sizeof(c->slots[0]);
}

extern struct counters global_counters;
int counters_init(struct counters *c, unsigned long flags);

#endif /* _CORPUS_IFDEF_H */
