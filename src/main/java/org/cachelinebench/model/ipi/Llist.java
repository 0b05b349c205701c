package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.Memory;

/**
 * The lock-less list of include/linux/llist.h and lib/llist.c, on off-heap memory.
 *
 * <p>A "pointer" is the byte index of a {@code struct llist_node} in the {@link org.cachelinebench.model.layout.Memory} block,
 * and {@link #NULL} is 0: index 0 of a {@link CsdBlock} is never a node. Accesses have the kernel's
 * strengths: {@code READ_ONCE} is opaque, {@code cmpxchg} and {@code xchg} are full-barrier atomics
 * (volatile CAS and getAndSet), and the {@code ->next} fields are plain C accesses, ordered for the other
 * CPU by the {@code cmpxchg} that publishes a node and the {@code xchg} that takes it.
 */
final class Llist {
    static final long NULL = 0L;

    /** Offset of {@code next} in {@code struct llist_node}, and of {@code first} in {@code struct llist_head}. */
    static final int NEXT = CallSingleData.LLIST_NODE.offsetOf("next");
    static final int FIRST = CallSingleData.LLIST_HEAD.offsetOf("first");

    private Llist() {}

    /**
     * {@code llist_add(new, head)}, i.e. {@code llist_add_batch(new, new, head)} of current include/linux/llist.h:
     * <pre>
     * first = READ_ONCE(head->first);
     * do {
     *     new_last->next = first;
     * } while (!try_cmpxchg(&amp;head->first, &amp;first, new_first));
     * return !first;
     * </pre>
     * {@code head->first} is loaded once: a failed {@code try_cmpxchg} hands back the value it found, and the retry
     * uses that, with no second load (with several producers on one queue a reload would be one more read of the
     * head's line). v4.13 reloaded on a retry; its model has one producer per queue, where no retry happens.
     * Returns true when the list was empty: then the IPI is sent.
     */
    static boolean add(Memory m, long node, int head) {
        long first = m.getLongOpaque(head + FIRST);
        while (true) {
            m.setLong((int) node + NEXT, first);
            long found = m.compareAndExchangeLong(head + FIRST, first, node);
            if (found == first) {
                return first == NULL;
            }
            first = found;
        }
    }

    /** {@code llist_del_all(head)}: {@code xchg(&head->first, NULL)}. */
    static long delAll(Memory m, int head) {
        return m.getAndSetLong(head + FIRST, NULL);
    }

    /** {@code llist_empty(head)}: {@code READ_ONCE(head->first) == NULL}. */
    static boolean isEmpty(Memory m, int head) {
        return m.getLongOpaque(head + FIRST) == NULL;
    }

    /**
     * {@code llist_reverse_order(head)} (lib/llist.c): oldest first. It writes every node's {@code next},
     * so the receiver dirties the line holding each node's {@code llist}, one-entry lists included.
     */
    static long reverseOrder(Memory m, long head) {
        long newHead = NULL;
        while (head != NULL) {
            long tmp = head;
            head = m.getLong((int) head + NEXT);
            m.setLong((int) tmp + NEXT, newHead);
            newHead = tmp;
        }
        return newHead;
    }

    /** {@code node->next}. */
    static long next(Memory m, long node) {
        return m.getLong((int) node + NEXT);
    }

    /** {@code prev->next = next}: the unlinking store of the current kernel's flush loop. */
    static void setNext(Memory m, long node, long next) {
        m.setLong((int) node + NEXT, next);
    }
}
