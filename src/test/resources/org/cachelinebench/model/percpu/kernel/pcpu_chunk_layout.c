/*
 * Lays out the kernel's own text of struct pcpu_chunk (one of the percpu-internal-*.h excerpts next
 * to this file) with gcc for x86-64 and prints "sizeof N", "alignof N", then "member offset size"
 * for every member. PcpuChunkKernelHeaderTest builds it once per excerpt and kernel config:
 *
 *   gcc -std=gnu11 -Wall -Werror -DPERCPU_INTERNAL='"percpu-internal-v6.5.h"' \
 *       [-DCONFIG_PERCPU_STATS] [-DCONFIG_MEMCG_KMEM] -o pcpu_chunk_layout pcpu_chunk_layout.c
 *
 * (the 2026 excerpts take -DCONFIG_MEMCG instead, from which they define NEED_PCPUOBJ_EXT themselves)
 *
 * and compares the output with pcpu_chunk_layout.txt, which the Java model must match. The member
 * list in main() is written from the header text, not from the Java model.
 *
 * Below, the types and attributes the excerpts use, as the kernel defines them for x86-64 with
 * CONFIG_SMP=y; the header each comes from is named above it.
 */
#include <stdio.h>

/* include/uapi/asm-generic/posix_types.h, __BITS_PER_LONG == 64 */
typedef unsigned long	__kernel_ulong_t;
typedef __kernel_ulong_t __kernel_size_t;

/* include/linux/types.h */
typedef __kernel_size_t		size_t;
typedef _Bool			bool;

struct list_head {
	struct list_head *next, *prev;
};

/* include/linux/memcontrol.h: only pointed to by the excerpts */
struct obj_cgroup;

/* arch/x86/Kconfig.cpu: 6 for a generic x86-64 kernel (GENERIC_CPU), as distributions build it */
#define CONFIG_X86_L1_CACHE_SHIFT 6

/* arch/x86/include/asm/cache.h */
#define L1_CACHE_SHIFT	(CONFIG_X86_L1_CACHE_SHIFT)
#define L1_CACHE_BYTES	(1 << L1_CACHE_SHIFT)

/* include/linux/cache.h, CONFIG_SMP=y */
#define SMP_CACHE_BYTES L1_CACHE_BYTES
#define ____cacheline_aligned __attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp ____cacheline_aligned

/* include/linux/stddef.h */
#define offsetof(TYPE, MEMBER)	__builtin_offsetof(TYPE, MEMBER)

#include PERCPU_INTERNAL

#define MEMBER(m) printf("%s %zu %zu\n", #m, offsetof(struct pcpu_chunk, m), \
			 sizeof(((struct pcpu_chunk *)0)->m))

int main(void)
{
	printf("sizeof %zu\n", sizeof(struct pcpu_chunk));
	printf("alignof %zu\n", _Alignof(struct pcpu_chunk));
#ifdef CONFIG_PERCPU_STATS
	MEMBER(nr_alloc);
	MEMBER(max_alloc_size);
#endif
	MEMBER(list);
	MEMBER(list.next);
	MEMBER(list.prev);
	MEMBER(free_bytes);
	MEMBER(chunk_md);
	MEMBER(chunk_md.scan_hint);
	MEMBER(chunk_md.scan_hint_start);
	MEMBER(chunk_md.contig_hint);
	MEMBER(chunk_md.contig_hint_start);
	MEMBER(chunk_md.left_free);
	MEMBER(chunk_md.right_free);
	MEMBER(chunk_md.first_free);
	MEMBER(chunk_md.nr_bits);
	MEMBER(base_addr);
	MEMBER(alloc_map);
	MEMBER(bound_map);
	MEMBER(md_blocks);
	MEMBER(data);
	MEMBER(immutable);
	MEMBER(isolated);
	MEMBER(start_offset);
	MEMBER(end_offset);
#ifdef CONFIG_MEMCG_KMEM
	MEMBER(obj_cgroups);
#endif
#ifdef NEED_PCPUOBJ_EXT
	MEMBER(obj_exts);
#endif
	MEMBER(nr_pages);
	MEMBER(nr_populated);
	MEMBER(nr_empty_pop_pages);
	/* a flexible array member has no size */
	printf("populated %zu 0\n", offsetof(struct pcpu_chunk, populated));
	return 0;
}
