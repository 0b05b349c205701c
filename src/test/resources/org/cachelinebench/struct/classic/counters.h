/* Per-thread counters in one array, summed now and then. */
struct counters {
	u64		count[4];	/* thread i adds to count[i] */
	u64		generation;	/* set at init */
};
