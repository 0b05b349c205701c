/* gcc-variants: - */
/* Unions: named, anonymous, nested, inside structs and with structs inside. */
union number {
	int i;
	long l;
	double d;
	char bytes[12];
};

struct node {
	struct node *next;
	union {
		unsigned int u_flags;
		atomic_t a_flags;
	};
	u16 src, dst;
};

struct tagged {
	char kind;
	union {
		struct {
			int x, y;
		} point;
		struct {
			long a;
			char b;
		};
		char raw[3];
	};
	short tail;
	union number n;
};

union outer {
	struct {
		char c;
		long l;
	} s;
	union {
		short s1;
		int i1;
	};
	u8 b;
};

struct deep {
	int a;
	struct {
		char b;
		union {
			long c;
			struct {
				short d;
				short e;
			};
		};
	};
	char f;
};
