/*
 * A single-producer, single-consumer ring, the case every text on false sharing starts from. The
 * producer fills slots and moves head; the consumer drains them and moves tail. Each keeps a copy of
 * the other's index and reads the real one only when its copy says the ring is full (or empty). It
 * reads naturally and fits in one 64-byte line, which is the problem.
 */
#include <linux/types.h>

struct spsc_ring {
	u64		head;		/* next slot to fill: the producer's */
	u64		tail;		/* next slot to drain: the consumer's */
	u64		head_cache;	/* the consumer's copy of head */
	u64		tail_cache;	/* the producer's copy of tail */
	u64		mask;		/* slots - 1, set at init */
	void		**slots;	/* set at init */
};
