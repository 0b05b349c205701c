/*
 * csd.h: the v4.13 call_single_data and the three protocols benchmarks/c/interleaved.c runs on its bytes,
 * written to read side by side with include/linux/llist.h, lib/llist.c and kernel/smp.c at v4.13 (and
 * with the Java model, SmpV4_13, Llist and FlagPingPong). Included by interleaved.c only.
 *
 * Access strengths, kernel to C (x86-64 instructions in brackets), besides common.h's READ_ONCE, acquire and
 * release:
 *   plain C access of a csd member          plain C access [mov]; the other CPU reads it only after the
 *                                           cmpxchg/xchg on the queue head or a release/acquire pair
 *   smp_wmb()                               __atomic_thread_fence(RELEASE) [no instruction, as on x86]
 *   cmpxchg, xchg                           __atomic_compare_exchange_n, __atomic_exchange_n, SEQ_CST
 *                                           [lock cmpxchg, xchg]: full barriers, as the kernel's
 */
#ifndef CACHELINEBENCH_CSD_H
#define CACHELINEBENCH_CSD_H

#include "common.h"

#include <stddef.h>
#include <stdint.h>

/* include/linux/llist.h */
struct llist_node {
    struct llist_node *next;
};

struct llist_head {
    struct llist_node *first;
};

/* include/linux/smp.h at v4.13: 28 bytes of members, 32 with padding, aligned to 8 only. */
struct call_single_data {
    struct llist_node llist;
    void (*func)(void *info);           /* smp_call_func_t */
    void *info;
    unsigned int flags;
};

_Static_assert(offsetof(struct call_single_data, llist.next) == 0, "llist.next at 0");
_Static_assert(offsetof(struct call_single_data, func) == 8, "func at 8");
_Static_assert(offsetof(struct call_single_data, info) == 16, "info at 16");
_Static_assert(offsetof(struct call_single_data, flags) == 24, "flags at 24");
_Static_assert(sizeof(struct call_single_data) == 32, "32 bytes");

/* kernel/smp.c */
enum {
    CSD_FLAG_LOCK = 0x01,
    CSD_FLAG_SYNCHRONOUS = 0x02,
};

#define smp_wmb()               __atomic_thread_fence(__ATOMIC_RELEASE)

static inline struct llist_node *cmpxchg_node(struct llist_node **p, struct llist_node *old, struct llist_node *new)
{
    __atomic_compare_exchange_n(p, &old, new, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return old;                         /* the value found: old itself when the exchange happened */
}

/* A protocol fact the receiver found broken: recorded by the includer, reported at the end (exit 1). */
static void protocol_error(const char *what, unsigned long value);

/* ---- lib/llist.c and include/linux/llist.h (v4.13) ---- */

/*
 * llist_add(new, head) = llist_add_batch(new, new, head):
 *     do { new_last->next = first = READ_ONCE(head->first); }
 *     while (cmpxchg(&head->first, first, new_first) != first);
 *     return !first;
 * True when the list was empty: then the kernel sends the IPI.
 */
static inline int llist_add(struct llist_node *new, struct llist_head *head)
{
    struct llist_node *first;

    do {
        new->next = first = READ_ONCE(head->first);
    } while (cmpxchg_node(&head->first, first, new) != first);
    return !first;
}

/* llist_del_all(head): xchg(&head->first, NULL). */
static inline struct llist_node *llist_del_all(struct llist_head *head)
{
    return __atomic_exchange_n(&head->first, NULL, __ATOMIC_SEQ_CST);
}

/* llist_empty(head): READ_ONCE(head->first) == NULL. */
static inline int llist_empty(struct llist_head *head)
{
    return READ_ONCE(head->first) == NULL;
}

/*
 * llist_reverse_order(head): oldest first. It stores every node's next, a one-node list's included
 * (next = NULL), so the receiver writes the line that holds the csd's llist on every IPI.
 */
static inline struct llist_node *llist_reverse_order(struct llist_node *head)
{
    struct llist_node *new_head = NULL;

    while (head) {
        struct llist_node *tmp = head;
        head = head->next;
        tmp->next = new_head;
        new_head = tmp;
    }
    return new_head;
}

/* ---- kernel/smp.c (v4.13) ---- */

/* csd_lock_wait: smp_cond_load_acquire(&csd->flags, !(VAL & CSD_FLAG_LOCK)). */
static inline void csd_lock_wait(struct call_single_data *csd)
{
    SPIN_UNTIL(!(smp_load_acquire(&csd->flags) & CSD_FLAG_LOCK),
               "csd_lock_wait: the csd's flags to lose CSD_FLAG_LOCK", &csd->flags);
}

/* csd_lock: csd_lock_wait(csd); csd->flags |= CSD_FLAG_LOCK; smp_wmb(); */
static inline void csd_lock(struct call_single_data *csd)
{
    csd_lock_wait(csd);
    csd->flags |= CSD_FLAG_LOCK;
    smp_wmb();
}

/* csd_unlock: WARN_ON(!(csd->flags & CSD_FLAG_LOCK)) (checked by the caller); smp_store_release(&csd->flags, 0). */
static inline void csd_unlock(struct call_single_data *csd)
{
    smp_store_release(&csd->flags, 0);
}

/*
 * generic_exec_single(cpu, csd, func, info) for another, online CPU:
 *     csd->func = func; csd->info = info;
 *     if (llist_add(&csd->llist, &per_cpu(call_single_queue, cpu)))
 *         arch_send_call_function_single_ipi(cpu);
 * The "IPI": none when doorbell is NULL (the receiver polls its queue head), else a store-release of 1
 * to the doorbell word. Returns 1 when the IPI was sent.
 */
static inline __attribute__((always_inline)) int
generic_exec_single(struct call_single_data *csd, struct llist_head *queue, unsigned int *doorbell,
                    void (*func)(void *), void *info)
{
    csd->func = func;
    csd->info = info;
    if (llist_add(&csd->llist, queue)) {
        if (doorbell)
            smp_store_release(doorbell, 1);     /* arch_send_call_function_single_ipi(cpu) */
        return 1;
    }
    return 0;
}

/*
 * smp_call_function_single(cpu, func, info, wait). With wait the csd is the on-stack
 *     struct call_single_data csd_stack = { .flags = CSD_FLAG_LOCK | CSD_FLAG_SYNCHRONOUS };
 * (the initializer zeroes the other members; here the "stack" slot is the side's placement, reused by
 * every call as a caller's stack slot is) and the call waits for csd_unlock after queueing; without wait
 * it is the per-CPU csd_data, taken with csd_lock. Returns 1 when the IPI was sent.
 */
static inline __attribute__((always_inline)) int
smp_call_function_single(struct call_single_data *csd, struct llist_head *queue, unsigned int *doorbell,
                         void (*func)(void *), void *info, int wait)
{
    int ipi;

    if (wait) {
        csd->llist.next = NULL;
        csd->func = NULL;
        csd->info = NULL;
        csd->flags = CSD_FLAG_LOCK | CSD_FLAG_SYNCHRONOUS;
    } else {
        csd_lock(csd);
    }
    ipi = generic_exec_single(csd, queue, doorbell, func, info);
    if (wait)
        csd_lock_wait(csd);
    return ipi;
}

/*
 * flush_smp_call_function_queue (v4.13, the single-IPI part):
 *     entry = llist_del_all(head);
 *     entry = llist_reverse_order(entry);
 *     llist_for_each_entry_safe(csd, csd_next, entry, llist) {
 *         smp_call_func_t func = csd->func;
 *         void *info = csd->info;
 *         if (csd->flags & CSD_FLAG_SYNCHRONOUS) { func(info); csd_unlock(csd); }
 *         else                                   { csd_unlock(csd); func(info); }
 *     }
 * Returns the csds handled.
 */
static inline __attribute__((always_inline)) int flush_smp_call_function_queue(struct llist_head *head)
{
    struct llist_node *entry = llist_del_all(head);
    int handled = 0;

    entry = llist_reverse_order(entry);
    for (struct llist_node *node = entry, *next; node; node = next, handled++) {
        struct call_single_data *csd = (struct call_single_data *)node;   /* container_of: llist at 0 */
        next = csd->llist.next;                                             /* _safe: read before unlock */
        void (*func)(void *) = csd->func;
        void *info = csd->info;
        unsigned int flags = csd->flags;

        if (!(flags & CSD_FLAG_LOCK))
            protocol_error("csd_unlock of a csd without CSD_FLAG_LOCK: flags", flags);
        if (flags & CSD_FLAG_SYNCHRONOUS) {
            func(info);
            csd_unlock(csd);
        } else {
            csd_unlock(csd);
            func(info);
        }
    }
    return handled;
}

/* The receiver, polling: waits until its queue is not empty, as an idle CPU polling with TIF_POLLING_NRFLAG. */
static inline __attribute__((always_inline)) int receive_polling(struct llist_head *head)
{
    SPIN_UNTIL(!llist_empty(head), "its call_single_queue head to become non-empty", &head->first);
    return flush_smp_call_function_queue(head);
}

/*
 * The receiver with a doorbell: waits for the "IPI" (acquire), clears it, flushes. A relaxed clear is
 * enough: the next ring of this doorbell comes only after the sender has seen this call's csd_unlock,
 * a store-release that orders the clear before it, so a ring can never be overwritten by a late clear.
 */
static inline __attribute__((always_inline)) int receive_doorbell(struct llist_head *head, unsigned int *doorbell)
{
    SPIN_UNTIL(smp_load_acquire(doorbell) != 0, "the doorbell to ring", doorbell);
    WRITE_ONCE(*doorbell, 0);
    return flush_smp_call_function_queue(head);
}

/* ---- the flag mailbox a Java developer writes: the csd bytes, no queue ---- */

/* Sender: wait for the mailbox to be empty (acquire), fill it (plain), publish flags = 1 (release). */
static inline __attribute__((always_inline)) void mailbox_send(struct call_single_data *csd, void (*func)(void *), void *info)
{
    SPIN_UNTIL(smp_load_acquire(&csd->flags) == 0, "the mailbox's flags to become 0 (empty)", &csd->flags);
    csd->llist.next = NULL;
    csd->func = func;
    csd->info = info;
    smp_store_release(&csd->flags, 1);
}

/* The sender's wait for the last call to be handled, before a slice's clock is read. */
static inline void mailbox_wait_empty(struct call_single_data *csd)
{
    SPIN_UNTIL(smp_load_acquire(&csd->flags) == 0, "the mailbox's flags to become 0 (empty)", &csd->flags);
}

/* Receiver: wait for flags != 0 (acquire), read next, func and info, run func(info), flags = 0 (release). */
static inline __attribute__((always_inline)) void mailbox_receive(struct call_single_data *csd)
{
    SPIN_UNTIL(smp_load_acquire(&csd->flags) != 0, "the mailbox's flags to become 1 (full)", &csd->flags);
    struct llist_node *next = csd->llist.next;
    void (*func)(void *) = csd->func;
    void *info = csd->info;

    if (next)
        protocol_error("the mailbox's next is not NULL but", (unsigned long)next);
    func(info);
    smp_store_release(&csd->flags, 0);
}

/* ---- the floor: one 4-byte flag bounced in one line ---- */

/* Sender: raise the flag (release), wait until it is down (acquire). */
static inline __attribute__((always_inline)) void floor_send(unsigned int *flag)
{
    smp_store_release(flag, 1);
    SPIN_UNTIL(smp_load_acquire(flag) == 0, "the floor's flag to come down", flag);
}

/* Receiver: wait until the flag is up (acquire), lower it (release). */
static inline __attribute__((always_inline)) void floor_receive(unsigned int *flag)
{
    SPIN_UNTIL(smp_load_acquire(flag) != 0, "the floor's flag to go up", flag);
    smp_store_release(flag, 0);
}

#endif
