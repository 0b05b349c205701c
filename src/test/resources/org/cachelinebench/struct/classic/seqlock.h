/*
 * A clock's snapshot under a seqlock: the writer bumps seq, updates every field, bumps seq again;
 * readers read seq, every field, and seq again, and retry when it changed. One message: it must
 * stay in one line.
 */
struct clock_snapshot {
	unsigned int	seq;
	u32		mult;
	u32		shift;
	u64		cycle_last;
	u64		mask;
	u64		base_ns;
};
