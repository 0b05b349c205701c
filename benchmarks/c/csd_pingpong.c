/*
 * csd_pingpong: the IPI csd protocol of IpiInterleaved in C, to check the Java model against native
 * code on the same machine in the same minutes. Not part of the suite's results; a calibration aid.
 *
 * Two threads pinned to CPUs 0 and 1. The sender runs kernel/smp.c's sync smp_call_function_single()
 * (v4.13): csd_lock_wait (acquire spin), flags = LOCK|SYNC, func and info stores, llist_add (CAS on the
 * receiver's queue head, which has a line of its own); then csd_lock_wait until the receiver unlocks.
 * The receiver polls its queue head, llist_del_all (xchg), reads next, func, info and flags, runs
 * func(info), then csd_unlock (store-release). "floor" bounces one flag in one line instead.
 *
 * As IpiInterleaved does, a subject and a line-aligned reference alternate in slices of 256 calls in
 * ABBA order, each in its own 128-byte-aligned block, and the result is the ratio of their costs:
 *
 *   benchmarks/c/csd_pingpong OFFSET PAIRS     OFFSET: the subject csd's byte offset in its line
 *                                              (48 = straddled, 32 = size-aligned), or "floor"
 *   prints: subject ns/call, reference ns/call, ratio (subject / reference)
 *
 * Build and run: benchmarks/c-reference (gcc -O2 -pthread).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE 64
#define BLOCK_LINES 8
#define CSD_LINE 3          /* as CsdBlock: head in line 0, csd from line 3 */
#define SLICE 256
#define CSD_FLAG_LOCK 0x01u
#define CSD_FLAG_SYNCHRONOUS 0x02u

struct csd {                /* struct call_single_data, v4.13, x86-64: 32 bytes */
    _Atomic(struct csd *) next;
    void (*func)(void *);
    void *info;
    _Atomic unsigned int flags;
};

struct side {
    int floor;                          /* 1: one flag instead of the csd protocol */
    _Atomic(struct csd *) *head;        /* the receiver's call_single_queue */
    struct csd *csd;
    _Atomic unsigned int *flag;
    double nanos;
};

static struct side sides[2];            /* 0 = subject, 1 = reference */
static long pairs;
static volatile long func_sum;

static void func(void *info) { func_sum += (long)info; }

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) {
        fprintf(stderr, "csd_pingpong: cannot pin to CPU %d\n", cpu);
        exit(2);
    }
}

static void csd_lock_wait(struct csd *c) {
    while (atomic_load_explicit(&c->flags, memory_order_acquire) & CSD_FLAG_LOCK)
        __builtin_ia32_pause();
}

static void send_one(struct side *s, long i) {
    if (s->floor) {
        atomic_store_explicit(s->flag, 1, memory_order_release);
        while (atomic_load_explicit(s->flag, memory_order_acquire))
            __builtin_ia32_pause();
        return;
    }
    struct csd *c = s->csd;
    csd_lock_wait(c);
    atomic_store_explicit(&c->flags, CSD_FLAG_LOCK | CSD_FLAG_SYNCHRONOUS, memory_order_relaxed);
    c->func = func;
    c->info = (void *)i;
    struct csd *first = atomic_load_explicit(s->head, memory_order_relaxed);
    do {
        atomic_store_explicit(&c->next, first, memory_order_relaxed);
    } while (!atomic_compare_exchange_weak(s->head, &first, c));     /* llist_add: cmpxchg */
    csd_lock_wait(c);
}

static void receive_one(struct side *s) {
    if (s->floor) {
        while (!atomic_load_explicit(s->flag, memory_order_acquire))
            __builtin_ia32_pause();
        atomic_store_explicit(s->flag, 0, memory_order_release);
        return;
    }
    while (!atomic_load_explicit(s->head, memory_order_relaxed))
        __builtin_ia32_pause();
    struct csd *c = atomic_exchange(s->head, NULL);                   /* llist_del_all: xchg */
    (void)atomic_load_explicit(&c->next, memory_order_relaxed);
    void (*f)(void *) = c->func;
    void *info = c->info;
    if (atomic_load_explicit(&c->flags, memory_order_relaxed) & CSD_FLAG_SYNCHRONOUS)
        f(info);
    atomic_store_explicit(&c->flags, 0, memory_order_release);        /* csd_unlock */
}

/* ABBA: slice k belongs to the subject when k mod 4 is 0 or 3. */
static struct side *side_of(long k) { long m = k % 4; return &sides[(m == 0 || m == 3) ? 0 : 1]; }

static void *receiver(void *arg) {
    (void)arg;
    pin(1);
    for (long k = 0; k < 2 * pairs; k++) {
        struct side *s = side_of(k);
        for (int j = 0; j < SLICE; j++)
            receive_one(s);
    }
    return NULL;
}

static void init(struct side *s, int offset) {
    char *block = aligned_alloc(2 * LINE, BLOCK_LINES * LINE);
    if (!block) { perror("aligned_alloc"); exit(2); }
    memset(block, 0, BLOCK_LINES * LINE);
    s->head = (void *)block;
    s->floor = offset < 0;
    if (s->floor)
        s->flag = (void *)(block + CSD_LINE * LINE);
    else
        s->csd = (void *)(block + CSD_LINE * LINE + offset);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: csd_pingpong OFFSET|floor PAIRS\n");
        return 2;
    }
    int offset = strcmp(argv[1], "floor") == 0 ? -1 : atoi(argv[1]);
    pairs = atol(argv[2]);
    if (offset >= LINE || (offset >= 0 && offset % 8 != 0) || pairs < 1) {
        fprintf(stderr, "csd_pingpong: offset must be floor or a multiple of 8 below %d, pairs at least 1\n", LINE);
        return 2;
    }
    init(&sides[0], offset);
    init(&sides[1], 0);
    pthread_t t;
    pthread_create(&t, NULL, receiver, NULL);
    pin(0);
    for (long k = 0; k < 2 * pairs; k++) {
        struct side *s = side_of(k);
        uint64_t t0 = now_ns();
        for (int j = 0; j < SLICE; j++)
            send_one(s, j);
        s->nanos += (double)(now_ns() - t0);
    }
    pthread_join(t, NULL);
    double calls = (double)pairs * SLICE;
    printf("%s subject %.1f ns/call  reference %.1f ns/call  ratio %.3f\n", argv[1],
           sides[0].nanos / calls, sides[1].nanos / calls, sides[0].nanos / sides[1].nanos);
    return 0;
}
