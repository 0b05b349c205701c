/* A multi-producer, single-consumer queue: producers claim slots at tail, the consumer drains at head. */
struct mpsc_queue {
	unsigned long	tail;		/* producers claim slots here, an atomic add each */
	unsigned long	head_cache;	/* the producers' copy of head */
	unsigned long	head;		/* the consumer's */
	unsigned long	mask;		/* slots - 1, set at init */
	void		**slots;	/* set at init */
};
