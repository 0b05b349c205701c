/* gcc-variants: - */
/* Kernel-header style: sparse annotations, comments, forward declarations, typedef'd anonymous structs. */
struct llist_node {
	struct llist_node *next;
};

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

typedef struct {
	u64 seq;
	u32 count;
} seqcount_t;

struct page_pool_stats;

struct task_like {
	/* hot: read by every CPU */
	volatile long			state;
	void __percpu			*stack;
	struct task_like __rcu		*parent;	/* updated under lock */
	// written by the scheduler
	int				on_cpu;
	unsigned int			flags,
					ptrace;
	struct llist_node		wake_entry;
	struct rcu_head			rcu;
	seqcount_t			seq;
	struct page_pool_stats		*stats;
	const char			*comm;
	int				prio, static_prio, normal_prio;
	unsigned long			nvcsw, nivcsw;
	atomic_t			usage;
	atomic_long_t			refs;
};
