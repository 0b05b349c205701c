/*
 * What the tool's own header reader cannot take and a compiler can: system includes, a function-like
 * macro in a declaration, a config. Compiled with gcc -g and read back through pahole.
 */
#include <stdint.h>
#include <pthread.h>
#include <netinet/in.h>

#define COUNTER(name)	uint64_t name##_packets, name##_bytes

struct entry;

struct sock_stats {
	pthread_mutex_t		lock;		/* taken to open and close */
	struct sockaddr_in	peer;		/* set at open */
	COUNTER(rx);
	COUNTER(tx);
	void			(*destroy)(struct entry *);
#ifdef CONFIG_SOCK_DEBUG
	char			owner[24];
#endif
	unsigned int		open:1, nodelay:1;
	int			fd;
};

struct sock_stats sock_stats_instance;
