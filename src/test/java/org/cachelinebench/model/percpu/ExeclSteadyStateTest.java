package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The execl steady state's write count follows the protocol: first fit on PcpuAllocator writes nr_empty_pop_pages
 * exactly when a block turns used or empty, as the live=N benchmarks' pattern does; an mm allocated before the old
 * one is freed never empties the working block; a block boundary at the top of the held areas makes a write, and
 * background areas that move the top off it take it away; a seed gives the same counts. The counts are the kernel's
 * block-hint search's on the same sequences (FirstFitAgainstKernelTest).
 */
class ExeclSteadyStateTest {
    @Test
    void firstFitOnTheLiveNPatternWritesOncePerNStepsAsTheBenchmarkDoes() {
        for (int live : new int[] {1, 8, 64}) {
            OffHeapPcpuChunk c = new OffHeapPcpuChunk(ChunkVersion.SAVE_MEMORY, KernelConfig.DEFAULT);
            PcpuAllocatorMemory md = c.members().metadata();
            int[] held = new int[live];
            for (int cycle = 0; cycle < 16; cycle++) {
                for (int i = 0; i < live; i++) {
                    held[i] = PcpuAllocator.allocAreaFirstFit(c, PcpuAllocator.AREA_BITS, 1);
                }
                for (int i = 0; i < live; i++) {
                    PcpuAllocator.freeAreaAt(c, held[i]);
                }
            }
            assertEquals(2 * 16 * live, md.steps());
            assertEquals(2 * 16, md.emptyPopPagesWrites(), "live=" + live + ": one write per turn of the block");
        }
    }

    // The write counts below are the kernel's: FirstFitAgainstKernelTest runs the same sequences (drawn as
    // ExeclSteadyState draws them) on a port of mm/percpu.c's block-hint search and gets these numbers.

    @Test
    void oneProcessAloneNeverEmptiesItsBlock() {
        ExeclSteadyState.Result r = ExeclSteadyState.run(1, 0, 1, 1000);
        assertEquals(4000, r.steps(), "two allocations and two frees per execve");
        assertEquals(0, r.writes(), "the new mm is allocated before the old is freed, in the same block");
    }

    @Test
    void aBlockBoundaryAtTheTopWritesAndBackgroundMovingItAwayDoesNot() {
        // 128 mms of 32 bytes fill one 4 KiB block exactly: the first execve's new mm takes the next block, and first
        // fit puts every later one into a hole an old mm left, so over 2000 execves that block turns used once
        int perBlock = (1 << PcpuAllocator.PAGE_SHIFT)
                / (ExeclSteadyState.MM_CID_BYTES + ExeclSteadyState.RSS_STAT_BYTES);
        ExeclSteadyState.Result atBoundary = ExeclSteadyState.run(perBlock, 0, 1, 2000);
        assertEquals(1, atBoundary.writes(), "a block boundary at the top: " + atBoundary);
        ExeclSteadyState.Result moved = ExeclSteadyState.run(perBlock, 64, 1, 2000);
        assertEquals(0, moved.writes(), "background filling the working block: " + moved);
    }

    @Test
    void aSeedGivesTheSameCounts() {
        assertEquals(ExeclSteadyState.run(224, 32, 7, 3000), ExeclSteadyState.run(224, 32, 7, 3000));
    }
}
