/* gcc-variants: - */
/* Packed structs and members, packed with aligned, packed bit-fields. */
struct wire {
	u8 type;
	u32 length;
	u16 port;
	u64 seq;
} __packed;

struct __attribute__((packed)) wire2 {
	char c;
	long l;
	struct wire w;
};

struct member_packed {
	char c;
	int x __packed;
	char d;
	int y __attribute__((packed, aligned(2)));
};

struct packed_aligned {
	char c;
	int x;
} __packed __aligned(4);

struct packed_bits {
	char a;
	int b:31;
	int c:4;
	char d;
	int :0;
	char e;
} __packed;

struct holds_packed {
	char c;
	struct wire w;
	struct packed_aligned pa;
	char d;
};
