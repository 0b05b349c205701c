/*
 * pcpu: the pcpu_chunk workload of the Java ChunkInterleaved benchmark in C, in the same interleaved schedule
 * (docs/interleaved-design.md, "The pcpu_chunk schedule"), so that the Java harness's reader ratios can be set
 * beside native code's on the same machine in the same minutes. A calibration aid, not one of the suite's
 * results. The structs and the accesses are in pcpu.h, next to the kernel code they follow.
 *
 *   benchmarks/c-reference --workload pcpu [--runs N] [--out FILE] [--config C] [program options]
 *   gcc -O2 -pthread -o pcpu benchmarks/c/pcpu.c        or build it yourself (-DPCPU_STATS=1 -DPCPU_MEMCG=0: configs)
 *
 * usage: pcpu [--set classic|empty-pages] [--live N] [--seconds S] [--cpus A,B] [--json] [--dry-run] [--layouts]
 *             [--record LAYOUT]
 *   --set classic   (default) v6.4-rc4, v2-reorder, v6.5-merged (the reference), v6.5-merged-again (A/A)
 *         empty-pages save-memory, save-memory-hole, v6.5-merged (the reference), v6.5-merged-again (A/A)
 *   --live N        the areas the allocator holds at most (1..1024, default 1): it allocates N areas one after
 *                   another into the chunk's empty first block, then frees them in order, so the block turns used
 *                   on one step and empty on another of every 2N, and nr_empty_pop_pages is written on those two
 *                   (1: every step, the alternating alloc and free of the Java model's default)
 *   --seconds S     run whole cycles until S seconds have passed (default 3; at least one cycle)
 *   --cpus A,B      the reader's and the allocator's CPU (default: the first two this process may use)
 *   --json          one JSON object on stdout, the text lines on stderr
 *   --dry-run       check the arguments and CPUs, print the plan, where each side's members lie and the
 *                   "placement" lines (chunks, pcpu_meta, locks, the reader's data; from the real addresses),
 *                   run nothing; exit 1 when a pcpu_meta shares a line or a 128-byte pair with any of them
 *   --layouts       print gcc's offsets of every layout for the config built in, run nothing
 *   --record L      only in a build with -DPCPU_RECORD=1: print every access the allocator makes in 4N steps on
 *                   layout L's chunk (one thread, nothing timed); CPcpuAccessRecordTest compares it with Java's
 *
 * Output: a header line, then per side
 *   SIDE  LAYOUT  reader R ns/load ratio X  allocator A ns/step ratio Y  steps S  writes/step W  check ok
 * R and A are over the whole run (the sums); X and Y are MEDIANS over the cycles of each cycle's own ratio to
 * the reference (the reader's: nanos, every side the same loads; the allocator's: ns per step), the statistic
 * the Java harness reports. W is the measured rate of nr_empty_pop_pages writes per allocator step.
 * Exit: 0 ok; 1 a check failed (one line names the first problem); 2 bad arguments, lines that are not 64
 * bytes, or a CPU that cannot be pinned (one line); 3 the watchdog: no slice completed for 10 s (one line).
 *
 * Memory: 4 blocks, one per side, each a line-aligned place for one chunk (and its populated[] word), its
 * pcpu_meta (pcpu.h: bitmaps, md_blocks[], and the globals, which count that chunk only, as the Java model's
 * PcpuAllocatorMemory) allocated apart, 128-aligned, and its pcpu_lock, a word alone at the start of the middle
 * line of three, as the Java PcpuLock. Side s in block b is side s's layout on block b's memory; a block holds
 * one side's chunk at a time.
 *
 * Schedule (the Java ChunkInterleaving): a slice is 32 reader batches of 1,024 pcpu_chunk_addr() loads on the
 * slice's chunk; a group is 2N slices, the palindrome of blocks 0..N-1, N-1..0, block b used by side
 * (b + g) mod N; a cycle is N groups. The reader leads: it opens a slice (a release store), waits until the
 * allocator has entered it, times its 32 batches and opens the next. The allocator follows: after every step
 * (alloc: lock, pcpu_alloc_area, unlock, the part after the lock; free: the offset, lock, pcpu_free_area,
 * unlock) it loads which slice is open (acquire) and, when that moved on, books its
 * steps and its own clock's time to the slice it leaves and enters the next. Blocks change hands only between
 * groups: the reader waits until the allocator has left the group, checks every block's chunk, sets the next
 * owners' chunks up fresh and opens the next group. Neither wait is timed.
 *
 * Checks (exit 1): at every hand-over, per block: the lock free, base_addr as set up, free_bytes down by
 * exactly the areas held, nr_empty_pop_pages 8 less 1 while areas are held, the block's
 * pcpu_nr_empty_pop_pages the same, and none of the allocator's model invariants broken (pcpu.h's pcpu_broken);
 * at every slice's end the allocator still in it; per side, the reader's loads those of the
 * cycles run. A cycle in which the allocator made no step for some side is left out of the medians and
 * counted.
 */
#define PROGRAM "pcpu"
#include "common.h"
#include "pcpu.h"

#define SIDES 4
#define REFERENCE 2
#define BATCHES 32
#define OPS 1024
#define MAX_LIVE (PCPU_BITMAP_BLOCK_BITS / AREA_BITS)
#define LOCK_LINES 3
#define DEFAULT_SECONDS 3.0
#define MAX_SECONDS 3600.0
#define STOP UINT64_MAX
#ifndef LOG_CYCLES
#define LOG_CYCLES 65536
#endif
/*
 * For CPcpuProgramTest only, never set by benchmarks/c-reference: FAULT=1 makes the allocator leave free_bytes
 * 4 bytes off once, FAULT=3 nr_empty_pop_pages one off once, which the hand-over checks must catch (exit 1);
 * FAULT=2 makes the allocator stop in group 1, which the watchdog must catch (exit 3).
 */
#ifndef FAULT
#define FAULT 0
#endif

enum set { CLASSIC, EMPTY_PAGES };
static const char *const set_names[] = { "classic", "empty-pages" };
static const char *const side_names_of[2][SIDES] = {
    { "v6.4-rc4", "v2-reorder", "v6.5-merged", "v6.5-merged-again" },
    { "save-memory", "save-memory-hole", "v6.5-merged", "v6.5-merged-again" },
};
static const enum layout side_layouts_of[2][SIDES] = {
    { V6_4_RC4, V2_REORDER, V6_5_MERGED, V6_5_MERGED },
    { SAVE_MEMORY, SAVE_MEMORY_HOLE, V6_5_MERGED, V6_5_MERGED },
};

/*
 * The areas one side holds in one block's chunk, as the Java PendingArea: live_target areas are allocated one
 * after another into the empty first block, then freed in the same order, so the block turns used on the first
 * step and empty on the last of every 2 x live_target. Each is the percpu pointer pcpu_alloc() returned.
 */
struct held_areas {
    int live;                           /* areas held now */
    int freeing;                        /* 1: freeing them in order; 0: allocating */
    int next_free;                      /* index in ptr[] of the next area to free */
    unsigned long ptr[MAX_LIVE];
};

/* Written by main before the threads start, only read after. */
struct config {
    enum set set;
    int live;
    double seconds;
    int cpu[2];                         /* the reader's, the allocator's */
    int json, dry_run, layouts_only, record;  /* record: --record's layout + 1, else 0 */
    const char *const *names;           /* by side */
    const enum layout *layout;          /* by side */
    unsigned char *chunk_mem[SIDES];    /* by block: the chunk and its populated[] word */
    struct pcpu_meta *meta[SIDES];       /* by block: the chunk's bitmaps, md_blocks[] and globals */
    int *lock[SIDES];
    long unit_page_offsets[OPS];        /* what the i-th load of a batch adds, as PcpuUnits.readerSequence */
    int cpus_possible;
} PADDED;

/* Per side, one cycle's or the run's totals of one thread. */
struct totals {
    uint64_t reader_nanos[SIDES];
    uint64_t alloc_nanos[SIDES], alloc_steps[SIDES], empty_writes[SIDES];
};

/* Written by the reader only (and the allocator's cycle, at the barrier, while the allocator waits there). */
struct reader {
    struct thread_state st;
    struct totals cycle, sum;
    uint64_t cycles, logged, not_logged, skipped, loads[SIDES];
    uint64_t start_ns, end_ns, sink;
    struct totals *log;                 /* LOG_CYCLES cycles, set up by main */
} PADDED;

/* Written by the allocator only. */
struct allocator {
    struct thread_state st;
    struct totals cycle;                /* the cycle under way; read and cleared by the reader at the barrier */
    struct held_areas held[SIDES][SIDES];   /* [side][block]; reset by the reader at a hand-over */
    uint64_t sink;
    int faulted;
} PADDED;

struct padded_word {
    uint64_t v;
} PADDED;

static struct config cfg;
static struct reader rd;
static struct allocator al;
static struct padded_word slice_open;   /* reader -> allocator: k + 1 while slice k is open */
static struct padded_word slice_entered;/* allocator -> reader: k + 1 once it is in slice k */
static struct padded_word group_open;   /* reader -> allocator: g + 1 once group g may start; STOP */
static struct padded_word group_left;   /* allocator -> reader: g + 1 once it has left group g */
static struct padded_word slices_done;  /* reader -> watchdog */

_Static_assert(sizeof(struct padded_word) == PAIR, "a word alone in its line pair");

static struct { double reader[SIDES], allocator[SIDES]; } med;

/* ---- the schedule (InterleavedSchedule) ---- */

static inline int block_at(int pos) { return pos < SIDES ? pos : 2 * SIDES - 1 - pos; }
static inline int side_in(int block, uint64_t g) { return (int)((block + g % SIDES) % SIDES); }
static inline uint64_t group_of(uint64_t k) { return k / (2 * SIDES); }
static inline int pos_of(uint64_t k) { return (int)(k % (2 * SIDES)); }
static inline int ends_group(uint64_t k) { return pos_of(k) == 2 * SIDES - 1; }
static inline int ends_cycle(uint64_t k) { return (k + 1) % (2 * SIDES * SIDES) == 0; }

static inline void *chunk_of(int block) { return cfg.chunk_mem[block]; }

/* ---- the reader ---- */

static inline __attribute__((always_inline)) unsigned long read_batches(const void *c, const struct chunk_offsets *o)
{
    unsigned long sum = 0;

    for (int b = 0; b < BATCHES; b++)
        for (int i = 0; i < OPS; i++)
            sum += pcpu_chunk_addr(c, o, (unsigned long)cfg.unit_page_offsets[i]);
    return sum;
}

/* One loop compiled per layout, so its offsets are constants. */
static unsigned long read_slice(enum layout l, const void *c)
{
    switch (l) {
    case V6_4_RC4: return read_batches(c, &layouts[V6_4_RC4]);
    case V2_REORDER: return read_batches(c, &layouts[V2_REORDER]);
    case V6_5_MERGED: return read_batches(c, &layouts[V6_5_MERGED]);
    case SAVE_MEMORY: return read_batches(c, &layouts[SAVE_MEMORY]);
    case SAVE_MEMORY_HOLE: return read_batches(c, &layouts[SAVE_MEMORY_HOLE]);
    default: die(2, "no layout %d", (int)l);
    }
}

/* ---- the allocator ---- */

static inline __attribute__((always_inline)) void lock_acquire(int *word)
{
    int expected = 0;

    RECORD("lock", "acquire", -1);
    while (!__atomic_compare_exchange_n(word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        SPIN_UNTIL(__atomic_load_n(word, __ATOMIC_RELAXED) == 0, "pcpu_lock to be free", word);
        expected = 0;
    }
}

static inline __attribute__((always_inline)) void lock_release(int *word)
{
    RECORD("lock", "release", -1);
    __atomic_store_n(word, 0, __ATOMIC_RELEASE);
}

/*
 * One step of the Java allocateOrFreeOnce: the next alloc of the held areas (pcpu_lock around the part under it,
 * then the part after it), or the next free (the offset before the lock, then the part under it). Counts the
 * nr_empty_pop_pages writes.
 */
static inline __attribute__((always_inline)) void
step(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int *lock, struct held_areas *h,
     uint64_t *empty_writes)
{
    if (!h->freeing) {
        lock_acquire(lock);
        int bit_off = pcpu_alloc_area(c, o, g, empty_writes);
        lock_release(lock);
        h->ptr[h->live++] = pcpu_after_alloc(c, o, bit_off);
        if (h->live == cfg.live) {
            h->freeing = 1;
            h->next_free = 0;
        }
    } else {
        int bit_off = pcpu_free_offset(c, o, h->ptr[h->next_free++]);
        lock_acquire(lock);
        pcpu_free_area(c, o, g, bit_off, empty_writes);
        lock_release(lock);
        if (--h->live == 0)
            h->freeing = 0;
    }
}

/* Steps on one chunk until the reader opens another slice than k; returns the steps made. */
static inline __attribute__((always_inline)) uint64_t
steps_in_slice(void *c, const struct chunk_offsets *o, struct pcpu_meta *g, int *lock, struct held_areas *h,
               uint64_t k, uint64_t *empty_writes)
{
    uint64_t steps = 0;

    do {
        step(c, o, g, lock, h, empty_writes);
        steps++;
    } while (smp_load_acquire(&slice_open.v) == k + 1);
    return steps;
}

static uint64_t allocate_slice(enum layout l, void *c, struct pcpu_meta *g, int *lock, struct held_areas *h,
                               uint64_t k, uint64_t *empty_writes)
{
    switch (l) {
    case V6_4_RC4: return steps_in_slice(c, &layouts[V6_4_RC4], g, lock, h, k, empty_writes);
    case V2_REORDER: return steps_in_slice(c, &layouts[V2_REORDER], g, lock, h, k, empty_writes);
    case V6_5_MERGED: return steps_in_slice(c, &layouts[V6_5_MERGED], g, lock, h, k, empty_writes);
    case SAVE_MEMORY: return steps_in_slice(c, &layouts[SAVE_MEMORY], g, lock, h, k, empty_writes);
    case SAVE_MEMORY_HOLE: return steps_in_slice(c, &layouts[SAVE_MEMORY_HOLE], g, lock, h, k, empty_writes);
    default: die(2, "no layout %d", (int)l);
    }
}

static void *allocator_main(void *arg)
{
    (void)arg;
    self = &al.st;
    for (uint64_t k = 0;; k++) {
        uint64_t g = group_of(k), open;
        int b = block_at(pos_of(k)), s = side_in(b, g);

        if (pos_of(k) == 0) {
            SPIN_UNTIL((open = smp_load_acquire(&group_open.v)) == g + 1 || open == STOP,
                       "the reader to open the next group", &group_open.v);
            if (open == STOP)
                break;
        }
        set_place(&al.st, g, pos_of(k), s, b);
        if (FAULT == 2 && g == 1)
            SPIN_UNTIL(0, "nothing (FAULT=2 stopped the allocator)", &group_open.v);
        void *c = chunk_of(b);
        const struct chunk_offsets *o = &layouts[cfg.layout[s]];
        uint64_t t = now_ns();
        smp_store_release(&slice_entered.v, k + 1);
        uint64_t steps = allocate_slice(cfg.layout[s], c, cfg.meta[b], cfg.lock[b], &al.held[s][b], k,
                                        &al.cycle.empty_writes[s]);
        if ((FAULT == 1 || FAULT == 3) && g == 1 && !al.faulted) {
            al.faulted = 1;
            INT_AT(c, FAULT == 1 ? o->free_bytes : o->nr_empty_pop_pages) += FAULT == 1 ? AREA_SIZE : 1;
        }
        al.cycle.alloc_nanos[s] += now_ns() - t;
        al.cycle.alloc_steps[s] += steps;
        if (ends_group(k))
            smp_store_release(&group_left.v, g + 1);
    }
    __atomic_store_n(&al.st.finished, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* ---- hand-over (the reader, at the barrier, the allocator out of every block) ---- */

/* What is wrong with the chunk block b holds for side s, or NULL (into buf). */
static const char *check_block(int b, int s, char *buf, size_t len)
{
    const void *c = chunk_of(b);
    const struct chunk_offsets *o = &layouts[cfg.layout[s]];
    const struct held_areas *h = &al.held[s][b];
    int free_expected = UNIT_SIZE - h->live * AREA_SIZE;
    int empty_expected = CHUNK_PAGES - (h->live > 0);
    unsigned long base = __atomic_load_n((const unsigned long *)((const unsigned char *)c + o->base_addr),
                                         __ATOMIC_RELAXED);

    if (__atomic_load_n(cfg.lock[b], __ATOMIC_ACQUIRE))
        snprintf(buf, len, "%s in block %d: pcpu_lock still held", cfg.names[s], b);
    else if (base != CHUNK_BASE_ADDR)
        snprintf(buf, len, "%s in block %d: base_addr is 0x%lx, not 0x%lx", cfg.names[s], b, base, CHUNK_BASE_ADDR);
    else if (INT_AT(c, o->free_bytes) != free_expected)
        snprintf(buf, len, "%s in block %d: free_bytes %d, not %d (%d areas held)", cfg.names[s], b,
                 INT_AT(c, o->free_bytes), free_expected, h->live);
    else if (INT_AT(c, o->nr_empty_pop_pages) != empty_expected)
        snprintf(buf, len, "%s in block %d: nr_empty_pop_pages %d, not %d (%d areas held)", cfg.names[s], b,
                 INT_AT(c, o->nr_empty_pop_pages), empty_expected, h->live);
    else if (cfg.meta[b]->nr_empty_pop_pages != empty_expected)
        snprintf(buf, len, "%s in block %d: pcpu_nr_empty_pop_pages %d, not the chunk's %d", cfg.names[s], b,
                 cfg.meta[b]->nr_empty_pop_pages, empty_expected);
    else
        return NULL;
    return buf;
}

/* Before group g: checks every block's chunk of group g - 1, then sets up group g's owners' chunks fresh. */
static void hand_over(uint64_t g)
{
    char buf[300];

    for (int b = 0; b < SIDES; b++) {
        int s = side_in(b, g - 1);
        const char *problem = check_block(b, s, buf, sizeof buf);
        if (problem)
            record_error("after group %llu: %s", (unsigned long long)(g - 1), problem);
    }
    for (int b = 0; b < SIDES; b++) {
        int s = side_in(b, g);
        pcpu_chunk_init(chunk_of(b), &layouts[cfg.layout[s]], cfg.meta[b]);
        al.held[s][b] = (struct held_areas){ 0 };
    }
}

/* At a cycle's end: both roles' totals into the sums and the log; a cycle missing an allocator side is skipped. */
static void commit_cycle(void)
{
    struct totals t = al.cycle;
    int every_side = 1;

    for (int s = 0; s < SIDES; s++) {
        t.reader_nanos[s] = rd.cycle.reader_nanos[s];
        every_side &= t.alloc_steps[s] > 0;
    }
    rd.cycles++;
    if (every_side) {
        for (int s = 0; s < SIDES; s++) {
            rd.sum.reader_nanos[s] += t.reader_nanos[s];
            rd.sum.alloc_nanos[s] += t.alloc_nanos[s];
            rd.sum.alloc_steps[s] += t.alloc_steps[s];
            rd.sum.empty_writes[s] += t.empty_writes[s];
            rd.loads[s] += 2ULL * SIDES * BATCHES * OPS;
        }
        if (rd.logged < LOG_CYCLES)
            rd.log[rd.logged++] = t;
        else
            rd.not_logged++;
    } else {
        rd.skipped++;
    }
    memset(&rd.cycle, 0, sizeof rd.cycle);
    memset(&al.cycle, 0, sizeof al.cycle);
}

static void *reader_main(void *arg)
{
    const uint64_t limit = (uint64_t)(cfg.seconds * 1e9);

    (void)arg;
    self = &rd.st;
    rd.start_ns = now_ns();
    for (uint64_t k = 0;; k++) {
        uint64_t g = group_of(k);
        int b = block_at(pos_of(k)), s = side_in(b, g);

        set_place(&rd.st, g, pos_of(k), s, b);
        SPIN_UNTIL(smp_load_acquire(&slice_entered.v) == k + 1, "the allocator to enter the slice", &slice_entered.v);
        uint64_t t = now_ns();
        rd.sink += read_slice(cfg.layout[s], chunk_of(b));
        uint64_t t2 = now_ns();
        rd.cycle.reader_nanos[s] += t2 - t;
        if (__atomic_load_n(&slice_entered.v, __ATOMIC_RELAXED) != k + 1)
            record_error("slice %llu (%s in block %d): the allocator was not in it at the reader's last batch",
                         (unsigned long long)k, cfg.names[s], b);
        smp_store_release(&slice_open.v, k + 2);
        __atomic_store_n(&slices_done.v, k + 1, __ATOMIC_RELAXED);
        if (!ends_group(k))
            continue;
        SPIN_UNTIL(smp_load_acquire(&group_left.v) == g + 1, "the allocator to leave the group", &group_left.v);
        hand_over(g + 1);
        if (ends_cycle(k)) {
            commit_cycle();
            if (t2 - rd.start_ns >= limit) {
                rd.end_ns = t2;
                smp_store_release(&group_open.v, STOP);
                break;
            }
        }
        smp_store_release(&group_open.v, g + 2);
    }
    __atomic_store_n(&rd.st.finished, 1, __ATOMIC_RELEASE);
    return NULL;
}

/* ---- results ---- */

static const char *check_results(char *buf, size_t len)
{
    if (first_error.ready)
        return first_error.text;
    for (int s = 0; s < SIDES; s++) {
        uint64_t expected = (rd.cycles - rd.skipped) * 2ULL * SIDES * BATCHES * OPS;
        if (rd.loads[s] != expected) {
            snprintf(buf, len, "side %s: %llu reader loads, expected %llu", cfg.names[s],
                     (unsigned long long)rd.loads[s], (unsigned long long)expected);
            return buf;
        }
    }
    if (rd.cycles == rd.skipped) {
        snprintf(buf, len, "every one of the %llu cycles lacked an allocator step for some side",
                 (unsigned long long)rd.cycles);
        return buf;
    }
    return NULL;
}

static void compute_medians(void)
{
    size_t n = (size_t)rd.logged;
    double *v = malloc((n ? n : 1) * sizeof *v);

    if (!v)
        die(2, "cannot allocate %zu doubles for the medians", n);
    for (int s = 0; s < SIDES; s++) {
        for (size_t c = 0; c < n; c++)
            v[c] = (double)rd.log[c].reader_nanos[s] / (double)rd.log[c].reader_nanos[REFERENCE];
        med.reader[s] = median(v, n);
        for (size_t c = 0; c < n; c++) {
            const struct totals *t = &rd.log[c];
            v[c] = ((double)t->alloc_nanos[s] / (double)t->alloc_steps[s])
                   / ((double)t->alloc_nanos[REFERENCE] / (double)t->alloc_steps[REFERENCE]);
        }
        med.allocator[s] = median(v, n);
    }
    free(v);
}

static double per(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : NAN; }
static double reader_cost(int s) { return per(rd.sum.reader_nanos[s], rd.loads[s]); }
static double alloc_cost(int s) { return per(rd.sum.alloc_nanos[s], rd.sum.alloc_steps[s]); }
static double write_rate(int s) { return per(rd.sum.empty_writes[s], rd.sum.alloc_steps[s]); }

static const char *config_text(void)
{
    return PCPU_STATS ? (PCPU_MEMCG ? "+stats" : "+stats-memcg") : (PCPU_MEMCG ? "default" : "-memcg");
}

static void print_text(FILE *out)
{
    char medians[120];

    if (rd.not_logged)
        snprintf(medians, sizeof medians, "ratios: medians over the first %llu cycles (%llu more not logged)",
                 (unsigned long long)rd.logged, (unsigned long long)rd.not_logged);
    else
        snprintf(medians, sizeof medians, "ratios: medians over the cycles");
    fprintf(out, PROGRAM ": set %s, config %s, live %d, CPUs %d,%d, %d sides, %llu cycles of %d groups x %d slices x %d batches x %d loads (%llu skipped), %.2f s; %s\n",
            set_names[cfg.set], config_text(), cfg.live, cfg.cpu[0], cfg.cpu[1], SIDES,
            (unsigned long long)rd.cycles, SIDES, 2 * SIDES, BATCHES, OPS, (unsigned long long)rd.skipped,
            (double)(rd.end_ns - rd.start_ns) / 1e9, medians);
    for (int s = 0; s < SIDES; s++)
        fprintf(out, "%-18s %-13s reader %7.3f ns/load ratio %6.3f  allocator %7.2f ns/step ratio %6.3f  steps %llu  writes/step %.4f  check ok\n",
                cfg.names[s], layouts[cfg.layout[s]].name, reader_cost(s), med.reader[s], alloc_cost(s),
                med.allocator[s], (unsigned long long)rd.sum.alloc_steps[s], write_rate(s));
}

static void print_json(FILE *out, time_t utc)
{
    char when[32];

    utc_text(when, sizeof when, utc);
    fprintf(out, "{\"program\":\"benchmarks/c/pcpu.c\",\"utc\":\"%s\",\"set\":\"%s\",\"config\":\"%s\",\"live\":%d,"
                 "\"cpus\":[%d,%d],\"line_bytes\":%d,\"batches_per_slice\":%d,\"loads_per_batch\":%d,\"sides_count\":%d,"
                 "\"reference\":\"%s\",\"cycles\":%llu,\"cycles_logged\":%llu,\"cycles_not_logged\":%llu,"
                 "\"cycles_skipped\":%llu,\"seconds\":%.3f,\"check\":\"ok\",\"sides\":[",
            when, set_names[cfg.set], config_text(), cfg.live, cfg.cpu[0], cfg.cpu[1], LINE, BATCHES, OPS, SIDES,
            cfg.names[REFERENCE], (unsigned long long)rd.cycles, (unsigned long long)rd.logged,
            (unsigned long long)rd.not_logged, (unsigned long long)rd.skipped, (double)(rd.end_ns - rd.start_ns) / 1e9);
    /* reader_ratio, allocator_ratio: medians over the logged cycles; the *_ratio_sum fields: over the sums. */
    for (int s = 0; s < SIDES; s++) {
        const struct chunk_offsets *o = &layouts[cfg.layout[s]];
        fprintf(out, "%s{\"side\":\"%s\",\"layout\":\"%s\",\"base_addr_offset\":%zu,\"nr_empty_pop_pages_offset\":%zu,"
                     "\"reader_nanos_sum\":%llu,\"reader_loads\":%llu,\"reader_ns_per_load\":%.4f,\"reader_ratio\":%.5f,"
                     "\"reader_ratio_sum\":%.5f,\"allocator_nanos_sum\":%llu,\"allocator_steps\":%llu,"
                     "\"allocator_ns_per_step\":%.3f,\"allocator_ratio\":%.5f,\"allocator_ratio_sum\":%.5f,"
                     "\"nr_empty_pop_pages_writes\":%llu,\"writes_per_step\":%.6f}",
                s ? "," : "", cfg.names[s], o->name, o->base_addr, o->nr_empty_pop_pages,
                (unsigned long long)rd.sum.reader_nanos[s], (unsigned long long)rd.loads[s], reader_cost(s),
                med.reader[s], reader_cost(s) / reader_cost(REFERENCE), (unsigned long long)rd.sum.alloc_nanos[s],
                (unsigned long long)rd.sum.alloc_steps[s], alloc_cost(s), med.allocator[s],
                alloc_cost(s) / alloc_cost(REFERENCE), (unsigned long long)rd.sum.empty_writes[s], write_rate(s));
    }
    fprintf(out, "]}\n");
}

/* --layouts: gcc's offsets for the config built in, one layout a line (CPcpuProgramTest reads them). */
static void print_layouts(void)
{
    printf(PROGRAM ": config %s (PERCPU_STATS=%s MEMCG=%s)\n", config_text(), PCPU_STATS ? "y" : "n", PCPU_MEMCG ? "y" : "n");
    for (int l = 0; l < LAYOUTS; l++) {
        const struct chunk_offsets *o = &layouts[l];
        printf("%s size %zu list %zu free_bytes %zu chunk_md %zu base_addr %zu isolated %zu nr_pages %zu "
               "nr_populated %zu nr_empty_pop_pages %zu populated %zu\n", o->name, o->size, o->list, o->free_bytes,
               o->chunk_md, o->base_addr, o->isolated, o->nr_pages, o->nr_populated, o->nr_empty_pop_pages,
               o->populated);
    }
}

/* "line 1" of a member at offset off, size n, of the chunk in block 0 (from its real address). */
static int line_of(size_t off) { return (int)(((uintptr_t)cfg.chunk_mem[0] + off) / LINE - (uintptr_t)cfg.chunk_mem[0] / LINE); }

/* --dry-run: the plan, and per side where base_addr lies and which written members share its line. */
static void print_plan(void)
{
    printf(PROGRAM ": would run set %s, config %s, live %d, CPUs %d,%d, %d sides, whole cycles of %d groups x %d slices x %d batches x %d loads for %.3g s\n",
           set_names[cfg.set], config_text(), cfg.live, cfg.cpu[0], cfg.cpu[1], SIDES, SIDES, 2 * SIDES, BATCHES,
           OPS, cfg.seconds);
    for (int s = 0; s < SIDES; s++) {
        const struct chunk_offsets *o = &layouts[cfg.layout[s]];
        int base = line_of(o->base_addr);
        char shared[200] = "";
        struct { const char *name; size_t off, size; } written[] = {
            { "list", o->list, sizeof(struct list_head) }, { "free_bytes", o->free_bytes, sizeof(int) },
            { "chunk_md", o->chunk_md, sizeof(struct pcpu_block_md) },
            { "nr_empty_pop_pages", o->nr_empty_pop_pages, sizeof(int) },
        };
        for (size_t w = 0; w < sizeof written / sizeof written[0]; w++)
            if (line_of(written[w].off) <= base && line_of(written[w].off + written[w].size - 1) >= base)
                snprintf(shared + strlen(shared), sizeof shared - strlen(shared), "%s%s", *shared ? ", " : "",
                         written[w].name);
        printf("%-18s %s: %zu bytes from a line start; base_addr (+%zu) in line %d with %s\n", cfg.names[s], o->name,
               o->size, o->base_addr, base, *shared ? shared : "no member the allocator writes");
    }
}

/* Bytes at a real address, for the placement lines. */
struct span {
    const char *name;
    int block;                          /* -1: not a block's */
    uintptr_t start;
    size_t bytes;
};

/* True when a and b have a byte in one 128-byte aligned pair (which holds when they share a line). */
static int share_pair(const struct span *a, const struct span *b)
{
    return a->start / PAIR <= (b->start + b->bytes - 1) / PAIR && b->start / PAIR <= (a->start + a->bytes - 1) / PAIR;
}

/*
 * --dry-run's placement lines, from the real addresses: each block's chunk, its pcpu_meta and its pcpu_lock word,
 * and the reader's own data; then per pcpu_meta what it shares a line or a 128-byte pair with (the spatial
 * prefetcher's unit), which must be nothing. Returns the number of pcpu_meta that share (exit 1 when any does).
 */
static int print_placement(void)
{
    struct span reader[] = {
        { "cfg (unit_page_offsets[])", -1, (uintptr_t)&cfg, sizeof cfg },
        { "rd", -1, (uintptr_t)&rd, sizeof rd },
        { "slice_open", -1, (uintptr_t)&slice_open, sizeof slice_open },
        { "slice_entered", -1, (uintptr_t)&slice_entered, sizeof slice_entered },
        { "group_open", -1, (uintptr_t)&group_open, sizeof group_open },
        { "group_left", -1, (uintptr_t)&group_left, sizeof group_left },
        { "slices_done", -1, (uintptr_t)&slices_done, sizeof slices_done },
    };
    struct span others[SIDES * 2 + sizeof reader / sizeof reader[0]];
    size_t n = 0, chunk_bytes = 0;
    int sharing = 0;

    for (int l = 0; l < LAYOUTS; l++)
        if (layouts[l].size + sizeof(unsigned long) > chunk_bytes)
            chunk_bytes = layouts[l].size + sizeof(unsigned long);
    for (int b = 0; b < SIDES; b++) {
        others[n++] = (struct span){ "chunk", b, (uintptr_t)cfg.chunk_mem[b], chunk_bytes };
        others[n++] = (struct span){ "pcpu_lock", b, (uintptr_t)cfg.lock[b], sizeof(int) };
        printf("placement block %d: chunk 0x%lx-0x%lx (%s lines %lu-%lu), pcpu_lock word 0x%lx, pcpu_meta 0x%lx-0x%lx"
               " (%zu bytes, lines %lu-%lu)\n", b, (unsigned long)cfg.chunk_mem[b],
               (unsigned long)cfg.chunk_mem[b] + chunk_bytes - 1, (uintptr_t)cfg.chunk_mem[b] % PAIR ? "odd" : "pair-aligned",
               (unsigned long)((uintptr_t)cfg.chunk_mem[b] / LINE), (unsigned long)(((uintptr_t)cfg.chunk_mem[b] + chunk_bytes - 1) / LINE),
               (unsigned long)cfg.lock[b], (unsigned long)cfg.meta[b], (unsigned long)cfg.meta[b] + sizeof(struct pcpu_meta) - 1,
               sizeof(struct pcpu_meta), (unsigned long)((uintptr_t)cfg.meta[b] / LINE),
               (unsigned long)(((uintptr_t)cfg.meta[b] + sizeof(struct pcpu_meta) - 1) / LINE));
    }
    for (size_t r = 0; r < sizeof reader / sizeof reader[0]; r++) {
        others[n++] = reader[r];
        printf("placement reader: %s 0x%lx-0x%lx (%zu bytes)\n", reader[r].name, (unsigned long)reader[r].start,
               (unsigned long)(reader[r].start + reader[r].bytes - 1), reader[r].bytes);
    }
    for (int b = 0; b < SIDES; b++) {
        struct span meta = { "pcpu_meta", b, (uintptr_t)cfg.meta[b], sizeof(struct pcpu_meta) };
        char shared[400] = "";
        for (size_t i = 0; i < n; i++)
            if (share_pair(&meta, &others[i]))
                snprintf(shared + strlen(shared), sizeof shared - strlen(shared), "%sshares a pair with %s %s",
                         *shared ? "; " : "", others[i].name, others[i].block >= 0 ? "of a block" : "(the reader's)");
        printf("placement block %d: pcpu_meta %s\n", b, *shared ? shared : "shares no 64-byte line and no 128-byte pair"
               " with any chunk, pcpu_lock or the reader's data");
        sharing += *shared != 0;
    }
    return sharing;
}

/* ---- command line and setup ---- */

static void usage(FILE *out)
{
    fputs("usage: " PROGRAM " [--set classic|empty-pages] [--live N] [--seconds S] [--cpus A,B] [--json] [--dry-run] [--layouts]\n"
          "The pcpu_chunk reader and allocator of the Java ChunkInterleaved between two pinned threads, four\n"
          "layouts interleaved (benchmarks/c/pcpu.c says how).\n"
          "  --set        classic (default): v6.4-rc4, v2-reorder, v6.5-merged (reference), v6.5-merged-again\n"
          "               empty-pages: save-memory, save-memory-hole, v6.5-merged (reference), v6.5-merged-again\n"
          "  --live N     areas held at most, 1..1024 (default 1): nr_empty_pop_pages written on 2 of 2N steps\n"
          "  --seconds S  run whole cycles until S seconds have passed (default 3)\n"
          "  --cpus A,B   the reader's and the allocator's CPU (default: the first two allowed)\n"
          "  --json       one JSON object on stdout; the text goes to stderr\n"
          "  --dry-run    check the arguments and CPUs, print the plan and each side's lines, run nothing\n"
          "  --layouts    print gcc's offsets of every layout for the config built in, run nothing\n"
          "  --record L   (a -DPCPU_RECORD=1 build) print every access of 4 x --live steps on layout L, run nothing\n"
          "Output: per side the reader's ns/load and the allocator's ns/step over the run, each one's ratio to\n"
          "v6.5-merged as the median over the cycles, and the measured nr_empty_pop_pages writes per step.\n"
          "Exit: 0 ok, 1 a check failed, 2 bad arguments or pinning, 3 watchdog (10 s without progress).\n",
          out);
}

static void parse_args(int argc, char **argv)
{
    const char *cpus = NULL;

    cfg.set = CLASSIC;
    cfg.live = 1;
    cfg.seconds = DEFAULT_SECONDS;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL, *eq;
        char opt[32];

        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            exit(0);
        }
        if (strcmp(arg, "--json") == 0 || strcmp(arg, "--dry-run") == 0 || strcmp(arg, "--layouts") == 0) {
            *(arg[2] == 'j' ? &cfg.json : arg[2] == 'd' ? &cfg.dry_run : &cfg.layouts_only) = 1;
            continue;
        }
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (arg[0] == '-')
                die(2, "unknown option '%s' (see --help)", arg);
            die(2, "unexpected argument '%s': the sides come from --set (see --help)", arg);
        }
        eq = strchr(arg, '=');
        snprintf(opt, sizeof opt, "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
        if (strcmp(opt, "--set") && strcmp(opt, "--live") && strcmp(opt, "--seconds") && strcmp(opt, "--cpus")
            && strcmp(opt, "--record"))
            die(2, "unknown option '%s' (see --help)", opt);
        if (eq)
            value = eq + 1;
        else if (i + 1 < argc)
            value = argv[++i];
        else
            die(2, "%s needs a value (see --help)", opt);

        if (strcmp(opt, "--set") == 0) {
            if (strcmp(value, "classic") == 0)
                cfg.set = CLASSIC;
            else if (strcmp(value, "empty-pages") == 0)
                cfg.set = EMPTY_PAGES;
            else
                die(2, "--set must be classic or empty-pages, not '%s'", value);
        } else if (strcmp(opt, "--live") == 0) {
            cfg.live = (int)parse_long("--live", value, 1, MAX_LIVE);
        } else if (strcmp(opt, "--seconds") == 0) {
            cfg.seconds = parse_seconds(value, MAX_SECONDS);
        } else if (strcmp(opt, "--record") == 0) {
            if (!PCPU_RECORD)
                die(2, "--record needs a build with -DPCPU_RECORD=1");
            for (int l = 0; l < LAYOUTS && !cfg.record; l++)
                if (strcmp(value, layouts[l].name) == 0)
                    cfg.record = l + 1;
            if (!cfg.record)
                die(2, "--record needs a layout: v6.4-rc4, v2-reorder, v6.5-merged, save-memory or save-memory-hole, not '%s'",
                    value);
        } else {
            cpus = value;
        }
    }
    cfg.names = side_names_of[cfg.set];
    cfg.layout = side_layouts_of[cfg.set];
    if (!cfg.layouts_only && !cfg.record)
        choose_cpus(cpus, cfg.cpu);
}

static void *aligned_lines(size_t bytes, const char *what, int b)
{
    size_t rounded = (bytes + PAIR - 1) / PAIR * PAIR;
    void *m = aligned_alloc(PAIR, rounded);

    if (!m)
        die(2, "cannot allocate %zu bytes for block %d's %s", rounded, b, what);
    if ((uintptr_t)m % PAIR != 0)
        die(2, "block %d's %s at %p is not on a %d-byte boundary", b, what, m, PAIR);
    memset(m, 0, rounded);
    return m;
}

static void setup(void)
{
    size_t chunk_bytes = 0;
    cpu_set_t allowed;

    for (int l = 0; l < LAYOUTS; l++)
        if (layouts[l].size + sizeof(unsigned long) > chunk_bytes)
            chunk_bytes = layouts[l].size + sizeof(unsigned long);
    for (int b = 0; b < SIDES; b++) {
        cfg.chunk_mem[b] = aligned_lines(chunk_bytes, "chunk", b);
        cfg.meta[b] = aligned_lines(sizeof(struct pcpu_meta), "pcpu_meta", b);
        cfg.lock[b] = (int *)((unsigned char *)aligned_lines(LOCK_LINES * LINE, "pcpu_lock", b) + LINE);
    }
    /* pcpu_unit_page_offset(cpu, page) for the possible CPUs, as PcpuUnits.readerSequence */
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        die(2, "cannot read this process's CPU affinity: %s", strerror(errno));
    cfg.cpus_possible = CPU_COUNT(&allowed);
    for (int i = 0; i < OPS; i++)
        cfg.unit_page_offsets[i] = (long)(i % cfg.cpus_possible) * UNIT_SIZE
                                   + ((long)((i / cfg.cpus_possible) % CHUNK_PAGES) << PAGE_SHIFT);
    for (int b = 0; b < SIDES; b++)
        pcpu_chunk_init(chunk_of(b), &layouts[cfg.layout[side_in(b, 0)]], cfg.meta[b]);
    smp_store_release(&slice_open.v, 1);
    smp_store_release(&group_open.v, 1);
}

/*
 * --record LAYOUT (a -DPCPU_RECORD=1 build): 4 x --live steps, two rounds of the occupancy, on block 0's chunk set
 * up fresh for LAYOUT, in this thread; each step a line "step K alloc|free", then one line per access (pcpu.h's
 * RECORD). CPcpuAccessRecordTest compares them with the Java model's.
 */
static int record_steps(enum layout l)
{
    const struct chunk_offsets *o = &layouts[l];
    struct held_areas *h = &al.held[0][0];
    uint64_t empty_writes = 0;

    pcpu_chunk_init(chunk_of(0), o, cfg.meta[0]);
    *h = (struct held_areas){ 0 };
    for (int k = 0; k < 4 * cfg.live; k++) {
        printf("step %d %s\n", k, h->freeing ? "free" : "alloc");
        step(chunk_of(0), o, cfg.meta[0], cfg.lock[0], h, &empty_writes);
    }
    if (first_error.ready)
        die(1, "check failed: %s", first_error.text);
    return 0;
}

int main(int argc, char **argv)
{
    char problem[400];
    const char *failed;
    pthread_t reader, allocator;
    time_t utc;

    parse_args(argc, argv);
    if (cfg.layouts_only) {
        print_layouts();
        return 0;
    }
    check_line_size();
    setup();
    if (cfg.record)
        return record_steps(cfg.record - 1);
    if (cfg.dry_run) {
        print_plan();
        return print_placement() ? 1 : 0;
    }
    rd.log = calloc(LOG_CYCLES, sizeof *rd.log);
    if (!rd.log)
        die(2, "cannot allocate the per-cycle log of %d cycles", LOG_CYCLES);
    memset(rd.log, 0, LOG_CYCLES * sizeof *rd.log);   /* touched before the threads start: no page fault while measuring */
    utc = time(NULL);
    allocator = start_pinned("allocator", cfg.cpu[1], allocator_main);
    reader = start_pinned("reader", cfg.cpu[0], reader_main);
    watchdog(&slices_done.v, "reader", &rd.st, "allocator", &al.st, cfg.names);
    pthread_join(reader, NULL);
    pthread_join(allocator, NULL);
    if ((failed = check_results(problem, sizeof problem)) != NULL)
        die(1, "check failed: %s", failed);
    compute_medians();
    print_text(cfg.json ? stderr : stdout);
    if (cfg.json)
        print_json(stdout, utc);
    return 0;
}
