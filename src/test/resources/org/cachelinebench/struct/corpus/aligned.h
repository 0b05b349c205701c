/* gcc-variants: - */
/* Alignment attributes in every place they go, with sizes from sizeof. */
struct small { char c; short s; };

typedef struct small small_t __aligned(16);
typedef int lowered_t __aligned(2);
typedef long long_lowered_t __attribute__((aligned(4)));

struct hot {
	int a;
	long b ____cacheline_aligned;
	int c;
	void *d ____cacheline_aligned_in_smp;
	char e;
};

struct boxed {
	int a;
} __aligned(32);

struct holders {
	char c;
	struct boxed b;
	small_t t;
	lowered_t lo;
	char x;
	long_lowered_t ll;
	int y __attribute__((aligned(sizeof(long) * 2)));
	char z __aligned(sizeof(struct small));
	int arr[4] __aligned(2 * sizeof(int));
};

struct typed_union {
	char c;
	union {
		int a;
		long b;
	} __aligned(64);
	char d;
};

struct __attribute__((aligned(128))) wide_type {
	char c;
};

struct nested_aligned {
	char c;
	struct {
		char x;
		long y __aligned(32);
	} inner;
	struct hot h;
	char d;
} ____cacheline_aligned;

struct bare_aligned {
	char c;
	long long l __attribute__((aligned));
};
