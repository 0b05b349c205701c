/* A network queue's counters: the receive path counts what arrives, the transmit path what leaves. */
struct net_device;

struct netq_stats {
	u64			rx_packets;
	u64			rx_bytes;
	u64			rx_dropped;
	u64			tx_packets;
	u64			tx_bytes;
	u64			tx_dropped;
	struct net_device	*dev;		/* set at open */
	u32			mtu;		/* set at open */
};
