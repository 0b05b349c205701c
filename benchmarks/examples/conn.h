/*
 * One network connection, served by two threads: the receive thread counts what arrives, the transmit
 * thread what leaves, and both look up the socket and the MTU for every packet. It reads naturally and
 * fits in one 64-byte line, which is the problem.
 */
#include <linux/types.h>

struct conn {
	const char	*name;		/* set at open */
	int		fd;		/* read for every packet, both ways */
	u32		mtu;		/* read for every packet, both ways */
	u64		rx_packets;	/* receive thread */
	u64		rx_bytes;	/* receive thread */
	u64		tx_packets;	/* transmit thread */
	u64		tx_bytes;	/* transmit thread */
	unsigned int	open:1;		/* set at open and close */
	unsigned int	nodelay:1;	/* set by setsockopt() */
	struct conn	*next;		/* hash chain, changed under a lock */
};
