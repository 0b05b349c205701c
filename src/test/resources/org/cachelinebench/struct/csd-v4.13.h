/* struct call_single_data as include/linux/smp.h declares it at v4.13 (x86-64) */
struct llist_node {
	struct llist_node *next;
};

typedef void (*smp_call_func_t)(void *info);

struct call_single_data {
	struct llist_node llist;
	smp_call_func_t func;
	void *info;
	unsigned int flags;
};
