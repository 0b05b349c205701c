/*
 * common.h: what the C reference programs (interleaved.c, the csd protocols; pcpu.c, the pcpu_chunk reader and
 * allocator) share, written once: the one-line error exit, the clock, the spin wait that tells the watchdog what
 * it waits for, the watchdog, the first protocol problem, pinning, the command line's numbers and CPUs, and the
 * median. The includer defines PROGRAM (the name every message starts with) before including it.
 *
 * Access strengths, kernel to C (x86-64 instructions in brackets):
 *   READ_ONCE(x)                            __atomic_load_n(&x, RELAXED) [mov]
 *   WRITE_ONCE(x, v)                        __atomic_store_n(&x, v, RELAXED) [mov]
 *   smp_load_acquire / smp_cond_load_acquire __atomic_load_n(p, ACQUIRE) (in a loop) [mov]
 *   smp_store_release                       __atomic_store_n(p, v, RELEASE) [mov]
 */
#ifndef CACHELINEBENCH_COMMON_H
#define CACHELINEBENCH_COMMON_H

#ifndef PROGRAM
#error "define PROGRAM before including common.h"
#endif

#ifndef _GNU_SOURCE
#define _GNU_SOURCE                     /* sched_getaffinity, pthread_attr_setaffinity_np, CPU_SET */
#endif
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LINE 64
#define PAIR (2 * LINE)
/* A line pair of its own: aligned to and padded to 128 bytes, so no other data shares its lines. */
#define PADDED __attribute__((aligned(PAIR)))

#ifndef WATCHDOG_SECONDS
#define WATCHDOG_SECONDS 10
#endif
#define WATCHDOG_NS (WATCHDOG_SECONDS * 1000000000ULL)

#define READ_ONCE(x)            __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)        __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#define smp_load_acquire(p)     __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield" ::: "memory");
#endif
}

static void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

static void die(int code, const char *fmt, ...)
{
    va_list ap;

    fflush(stdout);
    fputs(PROGRAM ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(code);
}

static inline uint64_t now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ---- where each thread is, what it waits for, and the watchdog that says so ---- */

/* Where a thread is in the schedule, and what it has waited for too long; read by the watchdog. */
struct thread_state {
    uint64_t group;
    int pos, side, block, finished;
    const char *waiting_for;            /* set by a wait that spun STALL_SPINS times, cleared when it ends */
    const void *word;
    size_t word_size;
};

static __thread struct thread_state *self;

static void wait_stalled(const char *what, const void *word, size_t size)
{
    if (!self)
        return;
    __atomic_store_n(&self->word, word, __ATOMIC_RELAXED);
    __atomic_store_n(&self->word_size, size, __ATOMIC_RELAXED);
    __atomic_store_n(&self->waiting_for, what, __ATOMIC_RELEASE);
}

/*
 * Every wait spins with cpu_relax(), as the kernel's do. A wait that has spun STALL_SPINS times tells the
 * program what it waits for (wait_stalled) and again when it ends, so that the watchdog can say where a hung
 * run stands; an ordinary wait never gets there and pays one compare.
 */
#define STALL_SPINS (1UL << 20)

#define SPIN_UNTIL(cond, what, word)                                    \
    do {                                                                \
        unsigned long spins_ = 0;                                       \
        while (!(cond)) {                                               \
            cpu_relax();                                                \
            if (++spins_ == STALL_SPINS)                                \
                wait_stalled((what), (word), sizeof *(word));           \
        }                                                               \
        if (spins_ >= STALL_SPINS)                                      \
            wait_stalled(NULL, NULL, 0);                                \
    } while (0)

static void set_place(struct thread_state *st, uint64_t group, int pos, int side, int block)
{
    __atomic_store_n(&st->group, group, __ATOMIC_RELAXED);
    __atomic_store_n(&st->pos, pos, __ATOMIC_RELAXED);
    __atomic_store_n(&st->side, side, __ATOMIC_RELAXED);
    __atomic_store_n(&st->block, block, __ATOMIC_RELAXED);
}

/* The first protocol problem either thread found; reported at the end (exit 1), or by the watchdog. */
struct first_error {
    int claimed, ready;
    char text[400];
} PADDED;

static struct first_error first_error;

static void record_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void record_error(const char *fmt, ...)
{
    va_list ap;

    if (__atomic_exchange_n(&first_error.claimed, 1, __ATOMIC_ACQ_REL))
        return;
    va_start(ap, fmt);
    vsnprintf(first_error.text, sizeof first_error.text, fmt, ap);
    va_end(ap);
    __atomic_store_n(&first_error.ready, 1, __ATOMIC_RELEASE);
}

/* "sender in group 1, slice 0 (side straddled, block 0) waits for ... (now 0x0)", side names from names[]. */
static void describe_thread(char *buf, size_t len, const char *who, struct thread_state *st, const char *const *names)
{
    const char *what = __atomic_load_n(&st->waiting_for, __ATOMIC_ACQUIRE);
    int side = __atomic_load_n(&st->side, __ATOMIC_RELAXED);
    int n = snprintf(buf, len, "%s in group %llu, slice %d (side %s, block %d) ", who,
                     (unsigned long long)__atomic_load_n(&st->group, __ATOMIC_RELAXED),
                     __atomic_load_n(&st->pos, __ATOMIC_RELAXED), names[side],
                     __atomic_load_n(&st->block, __ATOMIC_RELAXED));

    if (n < 0 || (size_t)n >= len)
        return;
    if (__atomic_load_n(&st->finished, __ATOMIC_ACQUIRE)) {
        snprintf(buf + n, len - n, "has finished");
    } else if (what) {
        const void *word = __atomic_load_n(&st->word, __ATOMIC_RELAXED);
        size_t size = __atomic_load_n(&st->word_size, __ATOMIC_RELAXED);
        unsigned long long v = size == 8 ? __atomic_load_n((const uint64_t *)word, __ATOMIC_RELAXED)
                                         : __atomic_load_n((const unsigned int *)word, __ATOMIC_RELAXED);
        snprintf(buf + n, len - n, "waits for %s (now 0x%llx)", what, v);
    } else {
        snprintf(buf + n, len - n, "is not in a wait");
    }
}

/*
 * The main thread while the two run: returns when both have finished; exits 3 when *progress (slices completed)
 * has not moved for WATCHDOG_NS, with one line saying where each thread stands.
 */
static void watchdog(const uint64_t *progress, const char *who_a, struct thread_state *a, const char *who_b,
                     struct thread_state *b, const char *const *names)
{
    uint64_t last = UINT64_MAX, changed = now_ns();
    const struct timespec tick = { 0, 20 * 1000 * 1000 };

    for (;;) {
        nanosleep(&tick, NULL);
        if (__atomic_load_n(&a->finished, __ATOMIC_ACQUIRE) && __atomic_load_n(&b->finished, __ATOMIC_ACQUIRE))
            return;
        uint64_t done = __atomic_load_n(progress, __ATOMIC_RELAXED), t = now_ns();
        if (done != last) {
            last = done;
            changed = t;
        } else if (t - changed >= WATCHDOG_NS) {
            char sa[300], sb[300];
            int ready = __atomic_load_n(&first_error.ready, __ATOMIC_ACQUIRE);

            describe_thread(sa, sizeof sa, who_a, a, names);
            describe_thread(sb, sizeof sb, who_b, b, names);
            fflush(stdout);
            fprintf(stderr, PROGRAM ": no slice completed for %llu s: %s; %s%s%s\n",
                    (unsigned long long)(WATCHDOG_NS / 1000000000ULL), sa, sb,
                    ready ? "; first problem: " : "", ready ? first_error.text : "");
            _exit(3);
        }
    }
}

/* ---- threads and CPUs ---- */

static pthread_t start_pinned(const char *who, int cpu, void *(*body)(void *))
{
    pthread_attr_t attr;
    cpu_set_t set;
    pthread_t t;
    int err;

    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_attr_init(&attr);
    if ((err = pthread_attr_setaffinity_np(&attr, sizeof set, &set)) != 0
            || (err = pthread_create(&t, &attr, body, NULL)) != 0)
        die(2, "cannot start the %s pinned to CPU %d: %s", who, cpu, strerror(err));
    pthread_attr_destroy(&attr);
    return t;
}

static void check_line_size(void)
{
    long line = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);

    if (line > 0 && line != LINE)
        die(2, "built for %d-byte cache lines, but this CPU's L1 data cache has %ld-byte lines", LINE, line);
}

/* ---- the command line ---- */

static long parse_long(const char *opt, const char *s, long min, long max)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < min || v > max)
        die(2, "%s must be a whole number in %ld..%ld, not '%s'", opt, min, max, s);
    return v;
}

/* --seconds: a number above 0 and at most max. */
static double parse_seconds(const char *value, double max)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(value, &end);
    if (!*value || *end || errno || !isfinite(v) || v <= 0 || v > max)
        die(2, "--seconds must be a number above 0 and at most %.0f, not '%s'", max, value);
    return v;
}

/* The CPUs this process may run on, and the same as a list ("0-3,8") for messages. */
static void allowed_cpus(cpu_set_t *set, char *list, size_t len)
{
    size_t used = 0;

    if (sched_getaffinity(0, sizeof *set, set) != 0)
        die(2, "cannot read this process's CPU affinity: %s", strerror(errno));
    list[0] = '\0';
    for (int c = 0; c < CPU_SETSIZE && used < len; c++) {
        if (!CPU_ISSET(c, set) || (c > 0 && CPU_ISSET(c - 1, set)))
            continue;
        int e = c;
        while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set))
            e++;
        used += (size_t)snprintf(list + used, len - used, e > c ? "%s%d-%d" : "%s%d", used ? "," : "", c, e);
    }
}

/* The two threads' CPUs: "A,B" from --cpus (NULL: the first two this process may use), each one it may use. */
static void choose_cpus(const char *s, int cpu[2])
{
    cpu_set_t allowed;
    char list[256], copy[64], *comma;

    allowed_cpus(&allowed, list, sizeof list);
    if (!s) {
        int found = 0;
        for (int c = 0; c < CPU_SETSIZE && found < 2; c++)
            if (CPU_ISSET(c, &allowed))
                cpu[found++] = c;
        if (found < 2)
            die(2, "needs two CPUs, and this process may run only on CPU %s", list);
        return;
    }
    if (strlen(s) >= sizeof copy || !(comma = strchr(strcpy(copy, s), ',')))
        die(2, "--cpus must be two CPU numbers A,B, not '%s'", s);
    *comma = '\0';
    cpu[0] = (int)parse_long("--cpus", copy, 0, CPU_SETSIZE - 1);
    cpu[1] = (int)parse_long("--cpus", comma + 1, 0, CPU_SETSIZE - 1);
    if (cpu[0] == cpu[1])
        die(2, "--cpus needs two different CPUs, not %d twice", cpu[0]);
    for (int i = 0; i < 2; i++)
        if (!CPU_ISSET(cpu[i], &allowed))
            die(2, "CPU %d is not one this process may run on (allowed: %s)", cpu[i], list);
}

/* ---- the estimator ---- */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The median of v[0..n-1], sorted in place: the middle value, or the mean of the two middle ones. */
static double median(double *v, size_t n)
{
    if (n == 0)
        return NAN;
    qsort(v, n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* "2026-12-01T10:00:00Z" */
static void utc_text(char *buf, size_t len, time_t utc)
{
    struct tm tm;

    gmtime_r(&utc, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

#endif
