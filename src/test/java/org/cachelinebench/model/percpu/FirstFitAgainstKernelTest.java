package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

import org.cachelinebench.claims.ChunkSets;
import org.junit.jupiter.api.Test;

/**
 * {@link PcpuAllocator}'s allocator against the kernel's block-hint search ({@link PercpuKernelPort}, ported from
 * mm/percpu.c): the same recorded sequence of allocations and frees run on both, and at every step the same bit
 * offset, the same writes of {@code nr_empty_pop_pages} (how many, by how much), the same count after and the same
 * slot list (so {@code list} is written on the same steps). The
 * sequences are the ones the model's numbers rest on: the benchmarks' and traces' 4-byte areas at each occupancy the
 * suite measures ({@code -p live=N}, 8 the gated one's), every CPU of the symmetric execl trace allocating and
 * freeing in a random lock order, and {@link ExeclSteadyState}'s mms by first fit. Two faults put into the port are
 * caught, one at the first step, one later: the comparison can fail.
 */
class FirstFitAgainstKernelTest {
    /** One step of a sequence: an allocation of {@code bits} at a multiple of {@code align} bits, or a free. */
    record Op(boolean alloc, int bits, int align, int area) {
        static Op alloc(int bits, int align, int area) { return new Op(true, bits, align, area); }
        static Op free(int area) { return new Op(false, 0, 0, area); }
    }

    /**
     * What a step did: the area's bit offset; the writes of {@code nr_empty_pop_pages}, how many and their sum; the
     * count after; the slot list the chunk is on after ({@code pcpu_chunk_relocate()} writes {@code list} when it
     * changes).
     */
    record Step(int offset, int writes, int change, int nrEmptyPopPages, int slot) {}

    /** An allocator that runs a sequence. */
    interface Allocator {
        int alloc(int bits, int align);

        void free(int bitOff, int bits);

        /** Writes of nr_empty_pop_pages since the last call: {count, sum}. */
        int[] takeWrites();

        int nrEmptyPopPages();

        int slot();
    }

    /** The model on the 2026 mm tree's off-heap layout; {@code firstFit} its first fit, else the traces' allocArea. */
    static Allocator model(boolean firstFit) {
        OffHeapPcpuChunk c = new OffHeapPcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT);
        PcpuAllocatorMemory md = c.members().metadata();
        return new Allocator() {
            long writes = md.emptyPopPagesWrites();
            int count = c.members().nrEmptyPopPages();

            @Override
            public int alloc(int bits, int align) {
                return firstFit ? PcpuAllocator.allocAreaFirstFit(c, bits, align) : PcpuAllocator.allocArea(c, bits);
            }

            @Override
            public void free(int bitOff, int bits) {
                if (firstFit) {
                    PcpuAllocator.freeAreaAt(c, bitOff);
                } else {
                    PcpuAllocator.freeArea(c, bitOff, bits);
                }
            }

            @Override
            public int[] takeWrites() {
                int[] out = {(int) (md.emptyPopPagesWrites() - writes), c.members().nrEmptyPopPages() - count};
                writes = md.emptyPopPagesWrites();
                count = c.members().nrEmptyPopPages();
                return out;
            }

            @Override
            public int nrEmptyPopPages() {
                return c.members().nrEmptyPopPages();
            }

            @Override
            public int slot() {
                return PcpuAllocatorMemory.chunkSlot(c.getInt(PcpuChunkFields.FREE_BYTES),
                        c.getInt(PcpuChunkFields.CONTIG_HINT));
            }
        };
    }

    /** The port, of the model's chunk size. */
    static Allocator kernel(PercpuKernelPort.Mutation mutation) {
        PercpuKernelPort k = new PercpuKernelPort(PcpuAllocator.CHUNK_PAGES, mutation);
        return new Allocator() {
            @Override public int alloc(int bits, int align) { return k.alloc(bits, align); }
            @Override public void free(int bitOff, int bits) { k.free(bitOff); }

            @Override
            public int[] takeWrites() {
                List<Integer> w = k.takeEmptyPagesWrites();
                return new int[] {w.size(), w.stream().mapToInt(Integer::intValue).sum()};
            }

            @Override public int nrEmptyPopPages() { return k.nrEmptyPopPages(); }
            @Override public int slot() { return k.chunkSlot(); }
        };
    }

    /** The steps of {@code ops} on {@code a}. */
    static List<Step> run(Allocator a, List<Op> ops) {
        List<Integer> offsets = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        List<Step> out = new ArrayList<>();
        for (Op op : ops) {
            int offset;
            if (op.alloc()) {
                offset = a.alloc(op.bits(), op.align());
                while (offsets.size() <= op.area()) {
                    offsets.add(-1);
                    sizes.add(0);
                }
                offsets.set(op.area(), offset);
                sizes.set(op.area(), op.bits());
            } else {
                offset = offsets.get(op.area());
                a.free(offset, sizes.get(op.area()));
            }
            int[] w = a.takeWrites();
            out.add(new Step(offset, w[0], w[1], a.nrEmptyPopPages(), a.slot()));
        }
        return out;
    }

    /** The first step at which the two differ, or -1. */
    static int firstDifference(List<Step> a, List<Step> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i >= a.size() || i >= b.size() || !a.get(i).equals(b.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Asserts the model and the kernel take the same steps; returns the kernel's. */
    static List<Step> sameSteps(List<Op> ops, boolean firstFit, String where) {
        List<Step> model = run(model(firstFit), ops);
        List<Step> kernel = run(kernel(PercpuKernelPort.Mutation.NONE), ops);
        int at = firstDifference(model, kernel);
        assertEquals(-1, at, where + ": step " + at + " is " + ops.get(Math.max(at, 0)) + ": the model "
                + (at < 0 ? "" : model.get(at)) + ", the kernel " + (at < 0 ? "" : kernel.get(at)));
        return kernel;
    }

    static int writes(List<Step> steps, int from) {
        return steps.subList(from, steps.size()).stream().mapToInt(Step::writes).sum();
    }

    // ---- the recorded sequences --------------------------------------------------------------------------------

    /** PendingArea at occupancy {@code live}: {@code live} 4-byte areas allocated, then freed oldest first. */
    static List<Op> liveN(int live, int periods) {
        List<Op> ops = new ArrayList<>();
        int area = 0;
        for (int p = 0; p < periods; p++) {
            for (int i = 0; i < live; i++) {
                ops.add(Op.alloc(PcpuAllocator.AREA_BITS, 1, area + i));
            }
            for (int i = 0; i < live; i++) {
                ops.add(Op.free(area + i));
            }
            area += live;
        }
        return ops;
    }

    /**
     * PcpuExecl on {@code cpus} CPUs: each allocates a 4-byte area and later frees it, the lock taken in a random
     * (seeded) order of the CPUs, so that up to {@code cpus} areas are held at once, freed in any order.
     */
    static List<Op> symmetricExecl(int cpus, int steps, long seed) {
        Random random = new Random(seed);
        int[] held = new int[cpus];
        Arrays.fill(held, -1);
        List<Op> ops = new ArrayList<>();
        int area = 0;
        for (int i = 0; i < steps; i++) {
            int cpu = random.nextInt(cpus);
            if (held[cpu] < 0) {
                held[cpu] = area++;
                ops.add(Op.alloc(PcpuAllocator.AREA_BITS, 1, held[cpu]));
            } else {
                ops.add(Op.free(held[cpu]));
                held[cpu] = -1;
            }
        }
        return ops;
    }

    /** The setup's length in {@link #execlSteadyState}: the first mms and the background areas. */
    static int setupSteps(int processes, int background) {
        return 2 * processes + background;
    }

    /**
     * {@link ExeclSteadyState}'s sequence, drawn as it draws it (the same Random calls in the same order): the
     * processes' first mms and the background areas in a shuffled order, then execve()s, each a new mm's two
     * allocations and, later, the old mm's two frees.
     */
    static List<Op> execlSteadyState(int processes, int background, long seed, int execs) {
        int cidBits = ExeclSteadyState.MM_CID_BYTES / PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        int cidAlign = ExeclSteadyState.MM_CID_ALIGN / PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        int rssBits = ExeclSteadyState.RSS_STAT_BYTES / PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        int rssAlign = ExeclSteadyState.RSS_STAT_ALIGN / PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        int bgBits = ExeclSteadyState.BACKGROUND_BYTES / PcpuAllocator.PCPU_MIN_ALLOC_SIZE;
        Random random = new Random(seed);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < processes + background; i++) {
            order.add(i);
        }
        Collections.shuffle(order, random);
        List<Op> ops = new ArrayList<>();
        int[] area = {0};
        int[][] mms = new int[processes][];
        Supplier<int[]> allocMm = () -> {
            int cid = area[0]++;
            int rss = area[0]++;
            ops.add(Op.alloc(cidBits, cidAlign, cid));
            ops.add(Op.alloc(rssBits, rssAlign, rss));
            return new int[] {cid, rss};
        };
        for (int i : order) {
            if (i < processes) {
                mms[i] = allocMm.get();
            } else {
                ops.add(Op.alloc(bgBits, 1, area[0]++));
            }
        }
        int[][] newMm = new int[processes][];
        int done = 0;
        while (done < execs) {
            int p = random.nextInt(processes);
            if (newMm[p] == null) {
                newMm[p] = allocMm.get();
            } else {
                ops.add(Op.free(mms[p][0]));
                ops.add(Op.free(mms[p][1]));
                mms[p] = newMm[p];
                newMm[p] = null;
                done++;
            }
        }
        return ops;
    }

    // ---- the checks ----------------------------------------------------------------------------------------------

    /**
     * The benchmarks' and traces' allocator ({@code allocArea}, 4-byte areas) at every occupancy the chunk-empty-pages sets
     * measure, 8 the gated chunk-interleaved set's: the kernel takes the same steps, and writes nr_empty_pop_pages
     * twice per period of 2 x live steps (the block turns used, then empty), the rate the benchmarks print.
     */
    @Test
    void theBenchmarksOccupanciesTakeTheKernelsSteps() {
        int periods = 4;
        for (int live : ChunkSets.EMPTY_PAGES_LIVE) {
            List<Step> kernel = sameSteps(liveN(live, periods), false, "live=" + live);
            assertEquals(2 * periods, writes(kernel, 0), "live=" + live + ": the kernel's writes");
            for (int i = 0; i < live; i++) {
                assertEquals(i, kernel.get(i).offset(), "live=" + live + ": the kernel's offsets, in order from 0");
            }
        }
    }

    /**
     * The symmetric execl trace's allocator (every CPU allocating a 4-byte area, then freeing it, the lock in any
     * order; 8 the scaling execl point's CPUs): the kernel takes the same steps, areas freed out of order included.
     */
    @Test
    void everyCpuAllocatingInAnyLockOrderTakesTheKernelsSteps() {
        for (int cpus : new int[] {2, 8, 16}) {
            for (long seed = 1; seed <= 3; seed++) {
                sameSteps(symmetricExecl(cpus, 4000, seed), false, cpus + " CPUs, seed " + seed);
            }
        }
    }

    /**
     * ExeclSteadyState's sequences by first fit, at the settings ExeclSteadyStateTest and pcpu-chunk.md use: the
     * kernel takes the same steps, and its write counts after the setup are the ones ExeclSteadyStateTest states.
     * The replay on the model counts what ExeclSteadyState.run counts, so the sequence is the class's.
     */
    @Test
    void execlSteadyStatesTakeTheKernelsSteps() {
        // {processes, background, seed, execs, the kernel's writes of nr_empty_pop_pages after the setup}
        int[][] runs = {{1, 0, 1, 1000, 0}, {128, 0, 1, 2000, 1}, {128, 64, 1, 2000, 0}, {224, 32, 7, 3000, 1},
                {8, 0, 1, 3000, 0}, {64, 0, 1, 3000, 0}, {224, 0, 1, 3000, 1}, {448, 0, 1, 3000, 2}};
        for (int[] r : runs) {
            String where = r[0] + " processes, " + r[1] + " background, seed " + r[2] + ", " + r[3] + " execs";
            List<Op> ops = execlSteadyState(r[0], r[1], r[2], r[3]);
            int setup = setupSteps(r[0], r[1]);
            List<Step> kernel = sameSteps(ops, true, where);
            assertEquals(r[4], writes(kernel, setup), where + ": the kernel's writes");
            List<Step> model = run(model(true), ops);
            ExeclSteadyState.Result counted = ExeclSteadyState.run(r[0], r[1], r[2], r[3]);
            assertEquals(counted.steps(), model.size() - setup, where + ": the replay's steps are the class's");
            assertEquals(counted.writes(), writes(model, setup), where + ": the replay's writes are the class's");
        }
    }

    /** A block contig hint one bit short: the first allocation no longer sees an empty block, and is caught. */
    @Test
    void aContigHintOffByOneIsCaughtAtTheFirstStep() {
        List<Op> ops = liveN(8, 2);
        int at = firstDifference(run(model(false), ops), run(kernel(PercpuKernelPort.Mutation.BLOCK_CONTIG_OFF_BY_ONE), ops));
        assertEquals(0, at, "the first alloc writes nr_empty_pop_pages in the model and not in the faulty kernel");
    }

    /**
     * A search that ignores first_free and starts at the contig hint: the first allocation after a free leaves a hole
     * below the hint goes elsewhere, and is caught there (not at once: until a hole opens, both take the same steps).
     */
    @Test
    void aSearchIgnoringFirstFreeIsCaughtAtTheFirstHole() {
        List<Op> ops = execlSteadyState(8, 0, 1, 100);
        int at = firstDifference(run(model(true), ops),
                run(kernel(PercpuKernelPort.Mutation.SEARCH_FROM_CONTIG_HINT), ops));
        // steps 0-15 the eight first mms, 16-19 two new ones on top, 20-21 an old mm freed: step 22 is the next mm
        assertEquals(22, at, "the first allocation after a hole opened: " + ops.subList(Math.max(at - 2, 0), at + 1));
    }
}
