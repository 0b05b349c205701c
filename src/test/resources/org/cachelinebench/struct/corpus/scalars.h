/* gcc-variants: - */
/* Every scalar spelling the tool knows, pointers of all kinds, arrays, typedefs and enums. */
enum colour { RED, GREEN = 5, BLUE };
enum wide { SMALL = -1, HUGE = 0x100000000 };
typedef unsigned long long ull_t;
typedef int vec3[3];
typedef void (*callback_t)(void *data, int flags);
typedef struct point { int x, y; } point_t;

struct all_scalars {
	char c;
	signed char sc;
	unsigned char uc;
	short s;
	short int si;
	unsigned short us;
	int i;
	signed si2;
	unsigned u;
	unsigned int ui;
	long l;
	long int li;
	unsigned long ul;
	long long ll;
	unsigned long long ull;
	long unsigned int lui;
	_Bool b1;
	bool b2;
	float f;
	double d;
	size_t sz;
	u8 a8;
	u16 a16;
	u32 a32;
	u64 a64;
	s8 b8;
	s16 b16;
	s32 b32;
	s64 b64;
	uint8_t c8;
	uint16_t c16;
	uint32_t c32;
	uint64_t c64;
	int8_t d8;
	int16_t d16;
	int32_t d32;
	int64_t d64;
	atomic_t at;
	atomic_long_t alt;
	enum colour col;
	enum wide w;
	ull_t t;
	char tail;
};

struct pointers {
	char c;
	void *v;
	char **pp;
	const char *const cs;
	struct pointers *self;
	struct undefined_elsewhere *opaque;
	void (*fn)(void);
	int (*fn2)(int a, char *b);
	callback_t cb;
	int (*pa)[4];
	char end;
};

struct arrays {
	char c;
	int one[3];
	short two[2][3];
	char three[2][3][5];
	vec3 v;
	point_t pts[2];
	struct point p2[2][2];
	long after;
	char flag;
};

struct by_value {
	char c;
	struct point p;
	point_t q;
	struct arrays a;
	char d;
};
