package org.cachelinebench.model.percpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * How often an execl-like steady state writes {@code chunk->nr_empty_pop_pages}: a model count, no timing, no threads.
 * {@link PcpuAllocator}'s first fit ({@link PcpuAllocator#allocAreaFirstFit}, {@link PcpuAllocator#freeAreaAt}) on
 * one chunk, with its per-block empty accounting, under this workload:
 * <ul>
 *   <li>{@code processes} processes are alive at once, each holding one mm's percpu areas. An mm is what
 *       kernel/fork.c's {@code mm_init()} allocates: {@code mm_alloc_cid()}'s {@code alloc_percpu(struct mm_cid)}
 *       (include/linux/mm_types.h; {@code u64 time; int cid;} on the kernels that allocate it, v6.4 on: 16 bytes,
 *       8-aligned), then {@code percpu_counter_init_many(mm->rss_stat, ..., NR_MM_COUNTERS)} (lib/percpu_counter.c:
 *       one allocation of {@code NR_MM_COUNTERS} = 4 {@code s32}, 16 bytes, 4-aligned).</li>
 *   <li>{@code background} long-lived areas of the same 16 bytes, allocated among the processes' first mms in a
 *       seeded shuffled order and never freed: other users' areas sharing the blocks.</li>
 *   <li>Each event picks a process at random (seeded). One holding a single mm starts an execve: {@code bprm_mm_init()}
 *       allocates the new mm. One holding two finishes it: {@code exec_mmap()}'s {@code mmput(old_mm)} reaches
 *       {@code __mmdrop()}, which frees {@code mm_destroy_cid()}'s area then {@code percpu_counter_destroy_many()}'s.
 *       So the old mm is freed after the new one is allocated, with other processes' steps in between.</li>
 * </ul>
 * All areas being 16 bytes, they all start at multiples of 16 and none spans two blocks, as first fit needs here.
 */
public final class ExeclSteadyState {
    /** {@code sizeof(struct mm_cid)}: {@code u64 time; int cid;} padded to its 8-byte alignment. */
    static final int MM_CID_BYTES = 16;
    static final int MM_CID_ALIGN = 8;
    /** {@code NR_MM_COUNTERS} (MM_FILEPAGES, MM_ANONPAGES, MM_SWAPENTS, MM_SHMEMPAGES) counters of {@code s32}. */
    static final int NR_MM_COUNTERS = 4;
    static final int RSS_STAT_BYTES = NR_MM_COUNTERS * Integer.BYTES;
    static final int RSS_STAT_ALIGN = Integer.BYTES;
    /** A background area: the same size as the mm's, so that first fit keeps every area inside one block. */
    static final int BACKGROUND_BYTES = 16;

    /** What a run counted, from the first event on (the setup's allocations not counted). */
    public record Result(int processes, int background, long seed, long steps, long writes) {
        /** Writes of {@code nr_empty_pop_pages} per alloc/free step. */
        public double rate() { return steps == 0 ? 0 : (double) writes / steps; }
    }

    private final OffHeapPcpuChunk chunk = new OffHeapPcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT);
    private final PcpuAllocatorMemory md = chunk.members().metadata();

    private ExeclSteadyState() {}

    /**
     * Runs {@code execs} execve()s of the steady state (each: a new mm's two allocations and the old mm's two frees).
     * Throws IllegalArgumentException when the areas held at some point do not fit the model's one chunk of
     * {@link PcpuAllocator#CHUNK_PAGES} pages with the two empty pages pcpu_alloc() keeps ({@code PCPU_EMPTY_POP_PAGES_LOW}).
     */
    public static Result run(int processes, int background, long seed, int execs) {
        if (processes < 1 || background < 0 || execs < 1) {
            throw new IllegalArgumentException("need processes >= 1, background >= 0, execs >= 1");
        }
        try {
            return new ExeclSteadyState().steady(processes, background, seed, execs);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(processes + " processes and " + background
                    + " background areas do not fit the model's chunk: " + e.getMessage());
        }
    }

    private Result steady(int processes, int background, long seed, int execs) {
        Random random = new Random(seed);
        // the setup: the processes' first mms and the background areas, in a shuffled order
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < processes + background; i++) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        List<int[]> mms = new ArrayList<>();            // per process: its mms' areas, oldest first
        for (int i = 0; i < processes; i++) {
            mms.add(null);
        }
        for (int i : order) {
            if (i < processes) {
                mms.set(i, allocMm());
            } else {
                PcpuAllocator.allocAreaFirstFit(chunk, BACKGROUND_BYTES / PcpuAllocator.PCPU_MIN_ALLOC_SIZE, 1);
            }
        }
        int[][] newMm = new int[processes][];
        long steps0 = md.steps();
        long writes0 = md.emptyPopPagesWrites();
        int done = 0;
        while (done < execs) {
            int p = random.nextInt(processes);
            if (newMm[p] == null) {
                newMm[p] = allocMm();                   // bprm_mm_init() -> mm_alloc() -> mm_init()
            } else {
                freeMm(mms.get(p));                     // exec_mmap() -> mmput(old_mm) -> __mmdrop()
                mms.set(p, newMm[p]);
                newMm[p] = null;
                done++;
            }
        }
        return new Result(processes, background, seed, md.steps() - steps0, md.emptyPopPagesWrites() - writes0);
    }

    /** mm_init(): mm_alloc_cid(), then percpu_counter_init_many() for rss_stat; the areas' bit offsets. */
    private int[] allocMm() {
        int cid = PcpuAllocator.allocAreaFirstFit(chunk, MM_CID_BYTES / PcpuAllocator.PCPU_MIN_ALLOC_SIZE,
                MM_CID_ALIGN / PcpuAllocator.PCPU_MIN_ALLOC_SIZE);
        int rss = PcpuAllocator.allocAreaFirstFit(chunk, RSS_STAT_BYTES / PcpuAllocator.PCPU_MIN_ALLOC_SIZE,
                RSS_STAT_ALIGN / PcpuAllocator.PCPU_MIN_ALLOC_SIZE);
        return new int[] {cid, rss};
    }

    /** __mmdrop(): mm_destroy_cid(), then percpu_counter_destroy_many(). */
    private void freeMm(int[] mm) {
        PcpuAllocator.freeAreaAt(chunk, mm[0]);
        PcpuAllocator.freeAreaAt(chunk, mm[1]);
    }
}
