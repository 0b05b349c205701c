/* gcc-variants: - */
/* Bit-fields: packing into units of their type, crossing rules, unnamed and zero-width ones. */
enum state { IDLE, BUSY, DEAD };

struct flags {
	unsigned int a:1;
	unsigned int b:3;
	unsigned int c:28;
	unsigned int d:1;
	int e;
};

struct crossing {
	char a[3];
	int b:12;
	short c:9;
	short d:9;
	char e;
};

struct zero_width {
	char c;
	int :0;
	char d;
	long :0;
	char e:3;
	unsigned :5;
	char f;
};

struct mixed {
	_Bool on:1;
	bool off:1;
	enum state st:2;
	unsigned long long big:40;
	unsigned long long more:30;
	u8 small:4;
	long l;
	unsigned int tail:7;
};

struct bits_in_union {
	int kind;
	union {
		unsigned int raw;
		struct {
			unsigned int lo:16;
			unsigned int hi:16;
		};
	};
	long long x:33;
	int y:20;
};
