/* gcc-variants: - */
/* Flexible array members and GNU zero-length arrays. */
struct list_head { struct list_head *next, *prev; };

struct flex_long {
	int n;
	char c;
	unsigned long data[];
};

struct flex_struct {
	char c;
	struct list_head items[];
};

struct flex_ptr {
	short s;
	char *names[];
};

struct zero_len {
	char c;
	char mark[0] __aligned(64);
	int after;
	int tail[0];
};

struct flex_after_union {
	union {
		int a;
		char b;
	};
	u16 bits[];
};
