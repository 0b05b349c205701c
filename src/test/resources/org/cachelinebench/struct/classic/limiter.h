/* A rate limiter: a hot counter of hits, a counter of drops, and the configuration both check. */
struct limiter {
	u64		hits;		/* every request */
	u32		limit;		/* set at init */
	u32		shift;		/* set at init */
	u64		drops;		/* every dropped request */
	const char	*name;		/* set at init */
};
