/*
 * What the corpus headers take from the kernel's and libc's headers when gcc compiles them: the type
 * names and layout macros of include/linux/types.h, include/linux/compiler_attributes.h and
 * include/linux/cache.h for x86-64 (L1_CACHE_BYTES 64). benchmarks/struct knows these names itself.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <sys/types.h>

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;
typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic64_t;
typedef atomic64_t atomic_long_t;

#define __aligned(x)			__attribute__((__aligned__(x)))
#define __packed			__attribute__((__packed__))
#define SMP_CACHE_BYTES			64
#define ____cacheline_aligned		__attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp	____cacheline_aligned
#define __rcu
#define __percpu
