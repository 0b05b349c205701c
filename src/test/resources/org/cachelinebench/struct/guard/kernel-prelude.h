/*
 * What the kernel form of a guard takes from the kernel's headers when the tests compile it after
 * corpus/prelude.h: include/linux/cache.h's group markers and their asserts, include/linux/stddef.h's
 * offsetofend() and sizeof_field(), and BUILD_BUG_ON() with include/linux/build_bug.h's message
 * ("BUILD_BUG_ON failed: " and the condition), here a C11 _Static_assert. CONFIG_SMP is on.
 */
#define CONFIG_SMP 1
#define __init
#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#define offsetofend(TYPE, MEMBER) (offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))
#define BUILD_BUG_ON(condition) _Static_assert(!(condition), "BUILD_BUG_ON failed: " #condition)
#define __cacheline_group_begin(GROUP) __u8 __cacheline_group_begin__##GROUP[0]
#define __cacheline_group_end(GROUP) __u8 __cacheline_group_end__##GROUP[0]
#define CACHELINE_ASSERT_GROUP_MEMBER(TYPE, GROUP, MEMBER) \
	BUILD_BUG_ON(!(offsetof(TYPE, MEMBER) >= offsetofend(TYPE, __cacheline_group_begin__##GROUP) && \
		       offsetofend(TYPE, MEMBER) <= offsetof(TYPE, __cacheline_group_end__##GROUP)))
#define CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) \
	BUILD_BUG_ON(offsetof(TYPE, __cacheline_group_end__##GROUP) - \
		     offsetofend(TYPE, __cacheline_group_begin__##GROUP) > SIZE)
