/*
 * interleaved: the csd protocols of the Java harness in C, run in the interleaved schedule of
 * docs/interleaved-design.md, so that the Java numbers can be checked against native code running
 * the same protocol on the same machine in the same minutes. A calibration aid, not one of the suite's
 * results. The protocols themselves are in csd.h, next to the kernel code they follow.
 *
 *   benchmarks/c-reference [--runs N] [--out FILE] [program options]   builds it and runs it N times
 *   gcc -O2 -pthread -o interleaved benchmarks/c/interleaved.c          or build it yourself
 *
 * usage: interleaved [--protocol kernel|doorbell|flag] [--mode sync|async] [--seconds S] [--work N]
 *                    [--cpus A,B] [--json] [--dry-run] [SUBJECT...]
 *   --protocol kernel    (default) v4.13 smp_call_function_single: csd, llist_add on the receiver's
 *                        call_single_queue, csd_lock_wait; the receiver polls its queue head
 *              doorbell  the same, but the "IPI" is a store-release to a doorbell word, made only when
 *                        llist_add found the queue empty (as the kernel sends the IPI only then); the
 *                        receiver waits on the doorbell, so the head line moves only as the kernel moves it
 *              flag      the flag mailbox Java developers write: wait for flags == 0, fill next, func and
 *                        info, publish flags = 1; no queue head
 *   --mode sync|async    kernel and doorbell: wait=1 (default; on-stack csd, wait for csd_unlock) or
 *                        wait=0 (per-CPU csd taken with csd_lock; the receiver unlocks before func)
 *   --seconds S          run whole cycles until S seconds have passed (default 3; at least one cycle)
 *   --work N             func(info) does N dependent multiply-adds before it records its result (default 0)
 *   --cpus A,B           the sender's and the receiver's CPU (default: the first two this process may
 *                        use, 0 and 1 on an unrestricted machine)
 *   --json               one JSON object on stdout (the same numbers per side, and protocol, mode, work,
 *                        cpus, cycles, cycles_logged, cycles_not_logged, seconds, floor_ns, utc), the text
 *                        lines on stderr
 *   --dry-run            check the arguments and the CPUs, print the plan and the lines each side's
 *                        csd or flag occupies (from the real addresses), and run nothing
 *   SUBJECT              straddled (csd at offset 48 = line - 16: llist and func in line A, info and flags
 *                        in line B), size-aligned (32: the merged fix), aa (0, the reference's own
 *                        placement: the A/A control), or an offset (a multiple of 8 in 0..56: the sweep).
 *                        Default: straddled size-aligned aa. The reference (a csd at 0) and the floor are
 *                        always measured too.
 *
 * Output: a header line (protocol, work, CPUs, sides, cycles, seconds, the cycles the medians cover), then
 * one line per side:
 *   SIDE  csd@OFFSET (or flag@0)  COST ns/call  ratio R  extra lines X  calls C  check ok
 * COST is over the whole run (the sums). R and X are MEDIANS over the cycles of each cycle's own
 * ratio = nanos(side) / nanos(reference) and extra lines = (nanos(side) - nanos(reference)) / nanos(floor)
 * (a side makes the same calls as the reference in every cycle): the extra cost in units of the machine's
 * one-line round trip measured in the same cycle. The Java harness reports the same statistic: a thread
 * preempted for far longer than a slice stalls one cycle, which a sum would carry into whichever side it
 * hit and the median ignores; for an A/A pair the per-cycle log ratio is symmetric about 0, so the median
 * is unbiased. The first LOG_CYCLES cycles are kept for the medians (allocated and touched before the
 * threads start); more are in the sums only, and the header says how many. The JSON has the medians as
 * ratio and extra_line_transfers and the sums as nanos_sum, ratio_sum and extra_line_transfers_sum. The
 * floor's own ns/call says which machine state the run came from.
 * Exit: 0 ok; 1 the program's own protocol checks failed (one line names the first problem); 2 bad
 * arguments, lines that are not 64 bytes, or a CPU that cannot be pinned (one line); 3 the watchdog: no
 * slice completed for 10 s (one line: what the sender and the receiver wait for).
 *
 * Sides: 0 = reference (a csd at offset 0 of line A), 1 = floor (one 4-byte flag at offset 0 of line A,
 * bounced: the same in every protocol), 2.. = the subjects (a csd at their offset). N sides, N blocks.
 *
 * Memory: N blocks, one per side, each of 6 lines from an origin on a 128-byte boundary (checked from
 * the address), as the Java CsdBlock:
 *   line 0  the receiver's call_single_queue (struct llist_head), alone        kernel, doorbell
 *   line 1  the doorbell word, 4 bytes at offset 0                             doorbell
 *   line 2  unused
 *   line 3  csd line A: a csd starts at offset 0..56; the floor's flag at 0    every protocol
 *   line 4  csd line B: the rest of a csd that starts past offset 32
 *   line 5  unused
 * Lines 3 and 4 are in different 128-byte pairs, so a straddle crosses a pair boundary and an
 * adjacent-line prefetch fetches no used line with another; lines 0 and 1 share a pair (only the doorbell
 * protocol uses both, the same way in every side). Side s in block b is side s's placement in block b's
 * memory: N x N handshakes, those of one block used one at a time.
 *
 * Schedule: a slice is 256 calls of one side in one block. A group is 2N slices; slice position
 * p = 0..2N-1 uses block p for p < N, else 2N-1-p (0,1,..,N-1,N-1,..,1,0), and block b is used by side
 * (b + g) mod N in group g. A cycle is N groups: every side uses every block at the same two positions
 * (b, 2N-1-b), so in an A/A comparison both sides see exactly the same memory-access sequence. The run
 * ends at a cycle boundary, so every cycle is complete and counted. Each slice is self-contained: after
 * its 256th call the sender waits until that call was handled (async and flag), so nothing is in flight
 * when the clock is read or a block changes hands. The sender reads the clock once per slice boundary;
 * the receiver follows the schedule by counting the calls it handled (one csd per side in flight).
 * Between groups (not timed) the threads meet at a barrier, the sender checks that every block is quiet
 * (queue empty, doorbell down, csd unlocked or flag down) and zeroes the blocks: the sides' csds overlap
 * in a block (one side's func or info lies where another's flags is), and every side then starts a block
 * from the same state.
 *
 * Checks (exit 1 when one fails): per side, calls handled == calls sent; the receiver's checksum of
 * func(info) equals the sum expected for the calls sent (info carries the call's sequence number, func
 * is one of four functions chosen by it); every info arrives in order; llist_add found the queue empty on
 * every call (one csd in flight); every flush handled exactly one csd; the blocks were quiet between groups.
 */
#define PROGRAM "interleaved"
#include "common.h"
#include "csd.h"

#define BLOCK_LINES 6
#define HEAD_LINE 0
#define DOORBELL_LINE 1
#define CSD_LINE 3

#define SLICE 256
#define MAX_SUBJECTS 16
#define MAX_SIDES (2 + MAX_SUBJECTS)
#define REFERENCE 0
#define FLOOR 1
#define DEFAULT_SECONDS 3.0
#define MAX_SECONDS 3600.0
#define MAX_WORK 1000000000L
#define STOP UINT64_MAX
/* Cycles kept for the medians: far more than a default run makes. */
#ifndef LOG_CYCLES
#define LOG_CYCLES 65536
#endif

/*
 * For CReferenceProgramTest only, never set by benchmarks/c-reference: FAULT=1 makes func(info) record
 * one wrong result, which the checks must catch (exit 1); FAULT=2 makes the receiver stop answering in
 * group 1, which the watchdog must catch (exit 3), sooner with a smaller WATCHDOG_SECONDS.
 */
#ifndef FAULT
#define FAULT 0
#endif
/*
 * Also for CReferenceProgramTest only: MEDIAN_INPUT=1 builds a program that runs no threads. It reads the
 * nanoseconds of every cycle from stdin, one cycle a line, one number per side in side order (reference,
 * floor, subjects), and prints them as a run's results, so the estimator can be checked on input whose
 * medians are worked out by hand (with a small LOG_CYCLES, its cap too).
 */
#ifndef MEDIAN_INPUT
#define MEDIAN_INPUT 0
#endif

enum protocol { KERNEL, DOORBELL, FLAG };
static const char *const protocol_names[] = { "kernel", "doorbell", "flag" };

/*
 * Data is kept by who writes it and who reads it: shared read-only (cfg), sender-private (tx),
 * receiver-private (rx), and each word one thread writes for the other in a line pair of its own.
 * Why: a receiver's per-call store in a line the sender reads per call (the old func_sum beside sides[]) moves one more line per call.
 */

struct side {
    char name[24];
    int floor;                          /* 1: the one-flag floor; 0: a csd */
    int offset;                         /* byte offset in line A of the csd, or of the floor's flag */
};

/* Side s in block b: side s's placement in block b's memory. */
struct handshake {
    struct llist_head *queue;           /* line 0 */
    unsigned int *doorbell;             /* line 1 */
    struct call_single_data *csd;       /* lines 3-4; NULL for the floor */
    unsigned int *flag;                 /* the floor's flag; NULL for a csd */
};

/* Written by main before the threads start, only read after: its lines stay shared in both caches. */
struct config {
    enum protocol protocol;
    int wait;                           /* 1: sync (wait=1), 0: async (wait=0) */
    long work;
    double seconds;
    int cpu[2];                         /* the sender's, the receiver's */
    int json;
    int dry_run;
    int n;                              /* sides, and blocks */
    struct side side[MAX_SIDES];
    unsigned char *block[MAX_SIDES];
    struct handshake hs[MAX_SIDES][MAX_SIDES];      /* [side][block] */
} PADDED;

struct tx_side {
    uint64_t sent;                      /* calls sent; also the next call's sequence number */
    uint64_t ipis;                      /* times llist_add found the queue empty (the IPI was sent) */
    uint64_t nanos;                     /* time of this side's slices */
    uint64_t calls;                     /* calls in those slices */
};

/* Written by the sender only. */
struct sender {
    struct thread_state st;
    struct tx_side side[MAX_SIDES];
    uint64_t cycles;
    uint64_t start_ns, end_ns;
    uint64_t cycle_nanos[MAX_SIDES];    /* the cycle under way, per side */
    uint64_t logged, not_logged;        /* cycles in the log; cycles past it (in the sums only) */
    uint64_t *log;                      /* [cycle][side] nanoseconds, LOG_CYCLES cycles, set up by main */
} PADDED;

struct rx_side {
    uint64_t handled;                   /* func(info) calls */
    uint64_t checksum;                  /* sum of their results */
    uint64_t expected_seq;              /* the info the next call must carry */
    uint64_t out_of_order;
};

/* Written by the receiver only. */
struct receiver {
    struct thread_state st;
    struct rx_side side[MAX_SIDES];
    struct rx_side *cur;                /* the side whose slice it is: func(info) records there */
} PADDED;

struct padded_word {
    uint64_t v;
} PADDED;

_Static_assert(sizeof(struct padded_word) == PAIR, "a word alone in its line pair");
_Static_assert(sizeof(struct sender) % PAIR == 0 && sizeof(struct receiver) % PAIR == 0, "padded to pairs");

/* Per side, the medians over the logged cycles (computed after the run). */
struct medians {
    double ratio[MAX_SIDES];
    double extra[MAX_SIDES];
};

static struct config cfg;
static struct sender tx;
static struct medians med;
static struct receiver rx;
static struct padded_word group_ready;  /* receiver -> sender: g + 1 once it is ready for group g */
static struct padded_word group_open;   /* sender -> receiver: g + 1 once group g may start; STOP */
static struct padded_word slices_done;  /* sender -> watchdog */
/* Side names by number, for the watchdog. */
static const char *side_names[MAX_SIDES];

static void protocol_error(const char *what, unsigned long value)
{
    record_error("receiver in group %llu, slice %d (side %s, block %d): %s 0x%lx",
                 (unsigned long long)rx.st.group, rx.st.pos, cfg.side[rx.st.side].name, rx.st.block, what, value);
}

/* ---- func(info): what the csd carries ---- */

/* --work: N dependent multiply-adds (a 64-bit LCG step each), so no compiler can fold them. */
static inline uint64_t work_chain(uint64_t x, long work)
{
    for (long i = 0; i < work; i++)
        x = x * 0x5851F42D4C957F2DULL + 0x14057B7EF767814FULL;
    return x;
}

/* The result of function `id` on `info`: four cheap mixes (as the Java CsdFunctions), then the work. */
static inline uint64_t func_result(int id, uint64_t info, long work)
{
    uint64_t x;

    switch (id) {
    case 0: x = info * 0x9E3779B97F4A7C15ULL; break;
    case 1: x = ((info << 29) | (info >> 35)) ^ 0xC2B2AE3D27D4EB4FULL; break;
    case 2: x = info + 0x165667B19E3779F9ULL; break;
    default: x = ~info; break;
    }
    return work_chain(x, work);
}

/* func(info) runs on the receiver: its result and the order check go to the receiver's own data. */
static inline void record_call(uint64_t info, uint64_t result)
{
    struct rx_side *r = rx.cur;

    r->checksum += result + (FAULT == 1 && info == 100);
    if (info != r->expected_seq)
        r->out_of_order++;
    r->expected_seq = info + 1;
    r->handled++;
}

static void func0(void *info) { record_call((uintptr_t)info, func_result(0, (uintptr_t)info, cfg.work)); }
static void func1(void *info) { record_call((uintptr_t)info, func_result(1, (uintptr_t)info, cfg.work)); }
static void func2(void *info) { record_call((uintptr_t)info, func_result(2, (uintptr_t)info, cfg.work)); }
static void func3(void *info) { record_call((uintptr_t)info, func_result(3, (uintptr_t)info, cfg.work)); }

/* Call number seq carries funcs[seq % 4] and info = seq, so a lost, repeated or stale call changes the sum. */
static void (*const funcs[4])(void *) = { func0, func1, func2, func3 };

/* ---- one slice, sender and receiver ---- */

static inline __attribute__((always_inline)) void
send_calls(const struct handshake *hp, struct tx_side *t, enum protocol protocol, int wait)
{
    const struct handshake h[1] = { *hp };      /* in registers: the loop loads only protocol memory */

    if (h->flag) {
        for (int j = 0; j < SLICE; j++)
            floor_send(h->flag);
        t->sent += SLICE;
        return;
    }
    struct call_single_data *csd = h->csd;
    unsigned int *doorbell = protocol == DOORBELL ? h->doorbell : NULL;
    uint64_t seq = t->sent, ipis = 0;

    for (int j = 0; j < SLICE; j++, seq++) {
        if (protocol == FLAG)
            mailbox_send(csd, funcs[seq & 3], (void *)(uintptr_t)seq);
        else
            ipis += smp_call_function_single(csd, h->queue, doorbell, funcs[seq & 3], (void *)(uintptr_t)seq, wait);
    }
    /* Self-contained: the slice's last call is handled before the clock is read. */
    if (protocol == FLAG)
        mailbox_wait_empty(csd);
    else if (!wait)
        csd_lock_wait(csd);
    t->sent = seq;
    t->ipis += ipis;
}

/* One function per protocol and mode, so each slice runs a loop compiled for it. */
static void send_slice(const struct handshake *h, struct tx_side *t)
{
    switch (cfg.protocol) {
    case KERNEL:
        if (cfg.wait)
            send_calls(h, t, KERNEL, 1);
        else
            send_calls(h, t, KERNEL, 0);
        break;
    case DOORBELL:
        if (cfg.wait)
            send_calls(h, t, DOORBELL, 1);
        else
            send_calls(h, t, DOORBELL, 0);
        break;
    case FLAG:
        send_calls(h, t, FLAG, 0);
        break;
    }
}

static inline __attribute__((always_inline)) void
receive_calls(const struct handshake *hp, struct rx_side *r, enum protocol protocol)
{
    const struct handshake h[1] = { *hp };      /* in registers: the loop loads only protocol memory */

    if (h->flag) {
        for (int j = 0; j < SLICE; j++)
            floor_receive(h->flag);
        r->handled += SLICE;
        return;
    }
    if (protocol == FLAG) {
        for (int j = 0; j < SLICE; j++)
            mailbox_receive(h->csd);
        return;
    }
    for (int j = 0; j < SLICE;) {
        int handled = protocol == DOORBELL ? receive_doorbell(h->queue, h->doorbell) : receive_polling(h->queue);
        if (handled != 1)
            protocol_error("a flush handled a number of csds other than 1:", (unsigned long)handled);
        j += handled;
    }
}

static void receive_slice(const struct handshake *h, struct rx_side *r)
{
    rx.cur = r;
    switch (cfg.protocol) {
    case KERNEL: receive_calls(h, r, KERNEL); break;
    case DOORBELL: receive_calls(h, r, DOORBELL); break;
    case FLAG: receive_calls(h, r, FLAG); break;
    }
}

/* ---- the schedule ---- */

static inline int block_at(int pos, int n) { return pos < n ? pos : 2 * n - 1 - pos; }

/* The side that uses block b in group g, with gi = g mod N. */
static inline int side_in(int block, int gi, int n) { return (block + gi) % n; }

/* After group g (sender, at the barrier): every block as a completed slice leaves it. */
static void check_blocks_quiet(uint64_t g)
{
    int n = cfg.n, gi = (int)(g % (uint64_t)n);

    for (int b = 0; b < n; b++) {
        const struct handshake *h = &cfg.hs[side_in(b, gi, n)][b];
        const char *side = cfg.side[side_in(b, gi, n)].name;

        if (READ_ONCE(h->queue->first))
            record_error("after group %llu, block %d (side %s): the call_single_queue is not empty", (unsigned long long)g, b, side);
        else if (READ_ONCE(*h->doorbell))
            record_error("after group %llu, block %d (side %s): the doorbell is still rung", (unsigned long long)g, b, side);
        else if (h->flag && READ_ONCE(*h->flag))
            record_error("after group %llu, block %d: the floor's flag is still up", (unsigned long long)g, b);
        else if (h->csd && READ_ONCE(h->csd->flags))
            record_error("after group %llu, block %d (side %s): the csd's flags are 0x%x, not 0",
                         (unsigned long long)g, b, side, READ_ONCE(h->csd->flags));
    }
}

/* The barrier between groups (not timed): wait for the receiver, check and zero the blocks, open group g. */
static void open_group(uint64_t g, int stop)
{
    SPIN_UNTIL(smp_load_acquire(&group_ready.v) == g + 1, "the receiver to finish the previous group", &group_ready.v);
    if (g > 0)
        check_blocks_quiet(g - 1);
    if (!stop)
        for (int b = 0; b < cfg.n; b++)
            memset(cfg.block[b], 0, BLOCK_LINES * LINE);
    smp_store_release(&group_open.v, stop ? STOP : g + 1);
}

/* At the end of a cycle (sender): its nanoseconds per side into the log, or counted when the log is full. */
static void log_cycle(void)
{
    if (tx.logged < LOG_CYCLES)
        memcpy(&tx.log[tx.logged++ * (uint64_t)cfg.n], tx.cycle_nanos, (size_t)cfg.n * sizeof *tx.log);
    else
        tx.not_logged++;
    memset(tx.cycle_nanos, 0, sizeof tx.cycle_nanos);
}

static void *sender_main(void *arg)
{
    const int n = cfg.n;
    const uint64_t limit = (uint64_t)(cfg.seconds * 1e9);
    uint64_t g = 0, slices = 0, t = 0;

    (void)arg;
    self = &tx.st;
    tx.start_ns = now_ns();
    for (;;) {
        for (int gi = 0; gi < n; gi++, g++) {
            open_group(g, 0);
            t = now_ns();
            for (int p = 0; p < 2 * n; p++) {
                int b = block_at(p, n), s = side_in(b, gi, n);

                set_place(&tx.st, g, p, s, b);
                send_slice(&cfg.hs[s][b], &tx.side[s]);
                uint64_t t2 = now_ns();
                tx.side[s].nanos += t2 - t;
                tx.side[s].calls += SLICE;
                tx.cycle_nanos[s] += t2 - t;
                t = t2;
                __atomic_store_n(&slices_done.v, ++slices, __ATOMIC_RELAXED);
            }
        }
        tx.cycles++;
        log_cycle();
        if (t - tx.start_ns >= limit)
            break;
    }
    tx.end_ns = t;
    open_group(g, 1);
    __atomic_store_n(&tx.st.finished, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void *receiver_main(void *arg)
{
    const int n = cfg.n;

    (void)arg;
    self = &rx.st;
    for (uint64_t g = 0;; g++) {
        uint64_t open;
        int gi = (int)(g % (uint64_t)n);

        smp_store_release(&group_ready.v, g + 1);
        SPIN_UNTIL((open = smp_load_acquire(&group_open.v)) == g + 1 || open == STOP,
                   "the sender to open the next group", &group_open.v);
        if (open == STOP)
            break;
        for (int p = 0; p < 2 * n; p++) {
            int b = block_at(p, n), s = side_in(b, gi, n);

            set_place(&rx.st, g, p, s, b);
            if (FAULT == 2 && g == 1)
                SPIN_UNTIL(0, "nothing (FAULT=2 stopped the receiver)", &group_open.v);
            receive_slice(&cfg.hs[s][b], &rx.side[s]);
        }
    }
    __atomic_store_n(&rx.st.finished, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* ---- results ---- */

/* The first failed check, or NULL. */
static const char *check_results(char *buf, size_t len)
{
    const uint64_t per_cycle = 2ULL * (uint64_t)cfg.n * SLICE;   /* calls of one side in one cycle */

    if (first_error.ready)
        return first_error.text;
    for (int s = 0; s < cfg.n; s++) {
        const struct side *d = &cfg.side[s];
        const struct tx_side *t = &tx.side[s];
        const struct rx_side *r = &rx.side[s];

        if (t->calls != tx.cycles * per_cycle || t->sent != t->calls) {
            snprintf(buf, len, "side %s: %llu calls timed and %llu sent, expected %llu (%llu cycles)", d->name,
                     (unsigned long long)t->calls, (unsigned long long)t->sent,
                     (unsigned long long)(tx.cycles * per_cycle), (unsigned long long)tx.cycles);
            return buf;
        }
        if (r->handled != t->sent) {
            snprintf(buf, len, "side %s: %llu calls sent but %llu handled", d->name,
                     (unsigned long long)t->sent, (unsigned long long)r->handled);
            return buf;
        }
        if (d->floor)
            continue;
        if (r->out_of_order) {
            snprintf(buf, len, "side %s: %llu of %llu calls arrived out of order", d->name,
                     (unsigned long long)r->out_of_order, (unsigned long long)r->handled);
            return buf;
        }
        uint64_t expected = 0;
        for (uint64_t seq = 0; seq < t->sent; seq++)
            expected += func_result((int)(seq & 3), seq, cfg.work);
        if (r->checksum != expected) {
            snprintf(buf, len, "side %s: the checksum of func(info) over %llu calls is 0x%llx, expected 0x%llx",
                     d->name, (unsigned long long)r->handled, (unsigned long long)r->checksum,
                     (unsigned long long)expected);
            return buf;
        }
        if (cfg.protocol != FLAG && t->ipis != t->sent) {
            snprintf(buf, len, "side %s: %llu csds queued but llist_add found the queue empty %llu times",
                     d->name, (unsigned long long)t->sent, (unsigned long long)t->ipis);
            return buf;
        }
    }
    return NULL;
}

static double cost(int s) { return (double)tx.side[s].nanos / (double)tx.side[s].calls; }

/* Per side, the medians over the logged cycles of the cycle's ratio and extra lines (after the run). */
static void compute_medians(void)
{
    size_t n = (size_t)tx.logged;
    double *v = malloc((n ? n : 1) * sizeof *v);

    if (!v)
        die(2, "cannot allocate %zu doubles for the medians", n);
    for (int s = 0; s < cfg.n; s++) {
        for (size_t c = 0; c < n; c++) {
            const uint64_t *row = &tx.log[c * (size_t)cfg.n];
            v[c] = (double)row[s] / (double)row[REFERENCE];
        }
        med.ratio[s] = median(v, n);
        for (size_t c = 0; c < n; c++) {
            const uint64_t *row = &tx.log[c * (size_t)cfg.n];
            v[c] = ((double)row[s] - (double)row[REFERENCE]) / (double)row[FLOOR];
        }
        med.extra[s] = median(v, n);
    }
    free(v);
}

/* "medians over the cycles", or over the first LOG_CYCLES and how many more there were. */
static void describe_medians(char *buf, size_t len)
{
    if (tx.not_logged)
        snprintf(buf, len, "ratio and extra lines: medians over the first %llu cycles (%llu more not logged)",
                 (unsigned long long)tx.logged, (unsigned long long)tx.not_logged);
    else
        snprintf(buf, len, "ratio and extra lines: medians over the cycles");
}

static const char *check_word(void)
{
    return MEDIAN_INPUT ? "none" : "ok";
}

static const char *mode_name(void)
{
    return cfg.protocol == FLAG ? NULL : cfg.wait ? "sync" : "async";
}

static void print_text(FILE *out)
{
    double seconds = (double)(tx.end_ns - tx.start_ns) / 1e9;
    char medians[120];

    describe_medians(medians, sizeof medians);
    fprintf(out, PROGRAM ": protocol %s%s%s%s, work %ld, CPUs %d,%d, %d sides, %llu cycles of %d groups x %d slices x %d calls, %.2f s; %s\n",
            protocol_names[cfg.protocol], mode_name() ? " (" : "", mode_name() ? mode_name() : "", mode_name() ? ")" : "",
            cfg.work, cfg.cpu[0], cfg.cpu[1], cfg.n, (unsigned long long)tx.cycles, cfg.n, 2 * cfg.n, SLICE, seconds,
            medians);
    for (int s = 0; s < cfg.n; s++) {
        char where[16];

        snprintf(where, sizeof where, "%s@%d", cfg.side[s].floor ? "flag" : "csd", cfg.side[s].offset);
        fprintf(out, "%-13s %-7s %9.1f ns/call  ratio %6.3f  extra lines %7.3f  calls %llu  check %s\n",
                cfg.side[s].name, where, cost(s), med.ratio[s], med.extra[s], (unsigned long long)tx.side[s].calls,
                check_word());
    }
}

static void print_json(FILE *out, time_t utc)
{
    char when[32];
    const char *mode = mode_name();

    utc_text(when, sizeof when, utc);
    fprintf(out, "{\"program\":\"benchmarks/c/interleaved.c\",\"utc\":\"%s\",\"protocol\":\"%s\",", when,
            protocol_names[cfg.protocol]);
    if (mode)
        fprintf(out, "\"mode\":\"%s\",", mode);
    else
        fprintf(out, "\"mode\":null,");
    fprintf(out, "\"work\":%ld,\"cpus\":[%d,%d],\"line_bytes\":%d,\"slice_calls\":%d,\"sides_count\":%d,"
                 "\"groups_per_cycle\":%d,\"slices_per_group\":%d,\"cycles\":%llu,\"cycles_logged\":%llu,"
                 "\"cycles_not_logged\":%llu,\"seconds\":%.3f,\"floor_ns\":%.3f,\"check\":\"%s\",\"sides\":[",
            cfg.work, cfg.cpu[0], cfg.cpu[1], LINE, SLICE, cfg.n, cfg.n, 2 * cfg.n,
            (unsigned long long)tx.cycles, (unsigned long long)tx.logged, (unsigned long long)tx.not_logged,
            (double)(tx.end_ns - tx.start_ns) / 1e9, cost(FLOOR), check_word());
    /* ratio, extra_line_transfers: medians over the logged cycles; the *_sum fields: over the sums. */
    for (int s = 0; s < cfg.n; s++)
        fprintf(out, "%s{\"side\":\"%s\",\"placement\":\"%s\",\"offset\":%d,\"nanos_sum\":%llu,\"calls\":%llu,"
                     "\"ns_per_call\":%.3f,\"ratio\":%.5f,\"extra_line_transfers\":%.5f,\"ratio_sum\":%.5f,"
                     "\"extra_line_transfers_sum\":%.5f}",
                s ? "," : "", cfg.side[s].name, cfg.side[s].floor ? "flag" : "csd", cfg.side[s].offset,
                (unsigned long long)tx.side[s].nanos, (unsigned long long)tx.side[s].calls, cost(s),
                med.ratio[s], med.extra[s], cost(s) / cost(REFERENCE), (cost(s) - cost(REFERENCE)) / cost(FLOOR));
    fprintf(out, "]}\n");
}

/* ---- command line ---- */

static void usage(FILE *out)
{
    fputs("usage: " PROGRAM " [--protocol kernel|doorbell|flag] [--mode sync|async] [--seconds S] [--work N]\n"
          "                   [--cpus A,B] [--json] [--dry-run] [SUBJECT...]\n"
          "The v4.13 csd protocol between two pinned threads, subjects interleaved with a line-aligned\n"
          "reference and a one-line floor (benchmarks/c/interleaved.c says how).\n"
          "  --protocol   kernel (default): smp_call_function_single, the receiver polls its queue head\n"
          "               doorbell: the same, the receiver waits on a doorbell rung when the queue was empty\n"
          "               flag: the flag mailbox (flags 0 -> fill -> flags = 1 -> func -> flags = 0)\n"
          "  --mode       sync (default) or async: smp_call_function_single's wait (kernel, doorbell)\n"
          "  --seconds S  run whole cycles until S seconds have passed (default 3)\n"
          "  --work N     dependent multiply-adds in func(info) (default 0)\n"
          "  --cpus A,B   the sender's and the receiver's CPU (default: the first two allowed)\n"
          "  --json       one JSON object on stdout; the text goes to stderr\n"
          "  --dry-run    check the arguments and CPUs, print the plan and each side's lines, run nothing\n"
          "  SUBJECT      straddled (offset 48), size-aligned (32), aa (0: the A/A control), or an\n"
          "               offset 0..56 in steps of 8; default: straddled size-aligned aa\n"
          "Output: per side its ns/call over the run, and its ratio to the reference and extra line transfers\n"
          "(cost - the reference's) / the floor's, each the median over the cycles of that cycle's own value,\n"
          "so a thread preempted in one cycle moves neither; the JSON adds the ratios of the sums (*_sum).\n"
          "Exit: 0 ok, 1 a protocol check failed, 2 bad arguments or pinning, 3 watchdog (10 s without progress).\n",
          out);
}

static void add_side(const char *name, int floor, int offset)
{
    for (int s = 0; s < cfg.n; s++)
        if (strcmp(cfg.side[s].name, name) == 0)
            die(2, "subject '%s' is named twice", name);
    if (cfg.n == MAX_SIDES)
        die(2, "at most %d subjects", MAX_SUBJECTS);
    snprintf(cfg.side[cfg.n].name, sizeof cfg.side[cfg.n].name, "%s", name);
    side_names[cfg.n] = cfg.side[cfg.n].name;
    cfg.side[cfg.n].floor = floor;
    cfg.side[cfg.n].offset = offset;
    cfg.n++;
}

static void add_subject(const char *arg)
{
    char name[24];

    if (strcmp(arg, "straddled") == 0) {
        add_side(arg, 0, LINE - (int)sizeof(struct call_single_data) / 2);
    } else if (strcmp(arg, "size-aligned") == 0) {
        add_side(arg, 0, (int)sizeof(struct call_single_data));
    } else if (strcmp(arg, "aa") == 0) {
        add_side(arg, 0, 0);
    } else if (strcmp(arg, "reference") == 0 || strcmp(arg, "floor") == 0) {
        die(2, "'%s' is always measured; name only subjects", arg);
    } else if (arg[0] >= '0' && arg[0] <= '9') {
        char *end;
        long offset = strtol(arg, &end, 10);

        if (*end || offset < 0 || offset > LINE - 8 || offset % 8 != 0)
            die(2, "subject '%s': an offset must be a multiple of 8 in 0..%d (the csd's 8-byte fields stay aligned and it starts in line A)",
                arg, LINE - 8);
        snprintf(name, sizeof name, "offset-%ld", offset);
        add_side(name, 0, (int)offset);
    } else {
        die(2, "unknown subject '%s' (straddled, size-aligned, aa, or an offset 0..%d in steps of 8)", arg, LINE - 8);
    }
}

static void parse_args(int argc, char **argv)
{
    const char *cpus = NULL, *mode = NULL;
    int subjects = 0;

    cfg.protocol = KERNEL;
    cfg.wait = 1;
    cfg.seconds = DEFAULT_SECONDS;
    add_side("reference", 0, 0);
    add_side("floor", 1, 0);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL, *eq;
        char opt[32];

        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            exit(0);
        }
        if (strcmp(arg, "--json") == 0) {
            cfg.json = 1;
            continue;
        }
        if (strcmp(arg, "--dry-run") == 0) {
            cfg.dry_run = 1;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (arg[0] == '-')
                die(2, "unknown option '%s' (see --help)", arg);
            add_subject(arg);
            subjects++;
            continue;
        }
        /* --name value or --name=value */
        eq = strchr(arg, '=');
        snprintf(opt, sizeof opt, "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
        if (strcmp(opt, "--protocol") && strcmp(opt, "--mode") && strcmp(opt, "--seconds")
                && strcmp(opt, "--work") && strcmp(opt, "--cpus"))
            die(2, "unknown option '%s' (see --help)", opt);
        if (eq)
            value = eq + 1;
        else if (i + 1 < argc)
            value = argv[++i];
        else
            die(2, "%s needs a value (see --help)", opt);

        if (strcmp(opt, "--protocol") == 0) {
            int p;
            for (p = 0; p < 3 && strcmp(value, protocol_names[p]); p++)
                ;
            if (p == 3)
                die(2, "--protocol must be kernel, doorbell or flag, not '%s'", value);
            cfg.protocol = (enum protocol)p;
        } else if (strcmp(opt, "--mode") == 0) {
            if (strcmp(value, "sync") && strcmp(value, "async"))
                die(2, "--mode must be sync or async, not '%s'", value);
            mode = value;
            cfg.wait = strcmp(value, "sync") == 0;
        } else if (strcmp(opt, "--seconds") == 0) {
            cfg.seconds = parse_seconds(value, MAX_SECONDS);
        } else if (strcmp(opt, "--work") == 0) {
            cfg.work = parse_long("--work", value, 0, MAX_WORK);
        } else {
            cpus = value;
        }
    }
    if (mode && cfg.protocol == FLAG)
        die(2, "--mode is for the kernel and doorbell protocols; the flag mailbox has one mode");
    if (!subjects) {
        add_subject("straddled");
        add_subject("size-aligned");
        add_subject("aa");
    }
    choose_cpus(cpus, cfg.cpu);
}

/* ---- setup ---- */

static void setup_blocks(void)
{
    for (int b = 0; b < cfg.n; b++) {
        unsigned char *m = aligned_alloc(PAIR, BLOCK_LINES * LINE);

        if (!m)
            die(2, "cannot allocate %d bytes for block %d", BLOCK_LINES * LINE, b);
        if ((uintptr_t)m % PAIR != 0)
            die(2, "block %d at %p is not on a %d-byte boundary", b, (void *)m, PAIR);
        memset(m, 0, BLOCK_LINES * LINE);
        cfg.block[b] = m;
    }
    for (int s = 0; s < cfg.n; s++) {
        for (int b = 0; b < cfg.n; b++) {
            unsigned char *m = cfg.block[b];
            struct handshake *h = &cfg.hs[s][b];

            h->queue = (struct llist_head *)(m + HEAD_LINE * LINE);
            h->doorbell = (unsigned int *)(m + DOORBELL_LINE * LINE);
            if (cfg.side[s].floor)
                h->flag = (unsigned int *)(m + CSD_LINE * LINE + cfg.side[s].offset);
            else
                h->csd = (struct call_single_data *)(m + CSD_LINE * LINE + cfg.side[s].offset);
        }
    }
}

/* The per-cycle log, allocated and touched before the threads start: no page fault while measuring. */
static void setup_log(void)
{
    size_t bytes = (size_t)LOG_CYCLES * (size_t)cfg.n * sizeof *tx.log;

    tx.log = malloc(bytes);
    if (!tx.log)
        die(2, "cannot allocate %zu bytes for the per-cycle log", bytes);
    memset(tx.log, 0, bytes);
}

/* MEDIAN_INPUT: the cycles from stdin instead of a run, one line each, one number per side. */
static void read_cycles(void)
{
    char line[1024];
    unsigned long lines = 0;

    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *end;

        lines++;
        for (int s = 0; s < cfg.n; s++, p = end) {
            errno = 0;
            unsigned long long v = strtoull(p, &end, 10);
            if (end == p || errno || v == 0)
                die(2, "stdin line %lu: side %d needs a number of nanoseconds above 0", lines, s);
            tx.cycle_nanos[s] = v;
            tx.side[s].nanos += v;
            tx.side[s].calls += 2ULL * (uint64_t)cfg.n * SLICE;
        }
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p && *p != '\n')
            die(2, "stdin line %lu: more than %d numbers", lines, cfg.n);
        tx.cycles++;
        log_cycle();
    }
    if (!tx.cycles)
        die(2, "no cycles on stdin");
}

/* --dry-run: what a run would do, with each side's lines computed from block 0's real addresses. */
static void print_plan(void)
{
    uintptr_t origin = (uintptr_t)cfg.block[0];

    printf(PROGRAM ": would run protocol %s%s%s%s, work %ld, CPUs %d,%d, %d sides, whole cycles of %d groups x %d slices x %d calls for %.3g s\n",
           protocol_names[cfg.protocol], mode_name() ? " (" : "", mode_name() ? mode_name() : "", mode_name() ? ")" : "",
           cfg.work, cfg.cpu[0], cfg.cpu[1], cfg.n, cfg.n, 2 * cfg.n, SLICE, cfg.seconds);
    printf("blocks: %d of %d lines, origins on a %d-byte boundary; queue head in line %d, doorbell in line %d\n",
           cfg.n, BLOCK_LINES, PAIR, HEAD_LINE, DOORBELL_LINE);
    for (int s = 0; s < cfg.n; s++) {
        const struct handshake *h = &cfg.hs[s][0];
        uintptr_t first = h->csd ? (uintptr_t)h->csd : (uintptr_t)h->flag;
        uintptr_t last = first + (h->csd ? sizeof *h->csd : sizeof *h->flag) - 1;

        unsigned long a = (unsigned long)((first - origin) / LINE), b = (unsigned long)((last - origin) / LINE);
        char lines[48];

        snprintf(lines, sizeof lines, a == b ? "line %lu" : "lines %lu-%lu", a, b);
        printf("%-13s %s at offset %d of line A: %s\n", cfg.side[s].name, h->csd ? "csd " : "flag",
               cfg.side[s].offset, lines);
    }
}

int main(int argc, char **argv)
{
    char problem[400];
    const char *failed;
    pthread_t sender, receiver;
    time_t utc;

    parse_args(argc, argv);
    check_line_size();
    setup_blocks();
    if (cfg.dry_run) {
        print_plan();
        return 0;
    }
    setup_log();
    utc = time(NULL);
    if (MEDIAN_INPUT) {
        read_cycles();
    } else {
        receiver = start_pinned("receiver", cfg.cpu[1], receiver_main);
        sender = start_pinned("sender", cfg.cpu[0], sender_main);
        watchdog(&slices_done.v, "sender", &tx.st, "receiver", &rx.st, side_names);
        pthread_join(sender, NULL);
        pthread_join(receiver, NULL);
        if ((failed = check_results(problem, sizeof problem)) != NULL)
            die(1, "check failed: %s", failed);
    }
    compute_medians();
    print_text(cfg.json ? stderr : stdout);
    if (cfg.json)
        print_json(stdout, utc);
    return 0;
}
