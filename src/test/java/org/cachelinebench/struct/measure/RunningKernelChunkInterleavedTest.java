package org.cachelinebench.struct.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.harness.chunk.ChunkBlocks;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.percpu.ChunkStruct;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.struct.c.PaholeText;
import org.cachelinebench.benchmarks.InterleavedCountersTest;
import org.junit.jupiter.api.Test;

/**
 * RunningKernelChunkInterleaved's sides and counters, on the 6.18 kernel's checked-in pahole text (not this machine's):
 * the kernel's layout, then v6.5-merged twice in the kernel's own options; each chunk at a line start in every block,
 * base_addr where the BTF puts it with nothing written beside it; and the counters JMH reports are the ones declared.
 */
class RunningKernelChunkInterleavedTest {
    static ChunkStruct kernel618() throws Exception {
        String text = Files.readString(RunningKernelChunkTest.PAHOLE.resolve("pcpu_chunk-expanded.txt"));
        return new ChunkStruct("struct pcpu_chunk running-kernel [6.18]",
                PaholeText.read("pcpu_chunk-expanded.txt", text, "pcpu_chunk").struct().layout());
    }

    @Test
    void theSidesAreTheKernelsThenV65MergedTwiceInItsOptions() throws Exception {
        ChunkStruct k = kernel618();
        List<ChunkStruct> sides = RunningKernelChunkInterleaved.structs(k);
        assertEquals(List.of("struct pcpu_chunk running-kernel [6.18]", "struct pcpu_chunk v6.5-merged [+stats]",
                "struct pcpu_chunk v6.5-merged [+stats]"), sides.stream().map(ChunkStruct::name).toList());
        assertEquals(RunningKernelChunkInterleaved.NAMES.size(), sides.size());
        ChunkBlocks blocks = new ChunkBlocks(sides, CacheLine.SIZE, 1);
        for (int s = 0; s < sides.size(); s++) {
            for (int b = 0; b < blocks.size(); b++) {
                OffHeapPcpuChunk c = blocks.chunk(s, b);
                assertEquals(0, c.placement().startInLine(), c.describe());
                assertEquals(128, c.layout().offsetOf(PcpuChunkLayouts.BASE_ADDR), c.describe());
                assertEquals(List.of(), c.writtenSharingBaseAddrLine(), c.describe());
            }
        }
        assertEquals(k.layout(), blocks.chunk(0, 0).layout(), "the kernel's side runs the layout its BTF gives");
    }

    @Test
    void theCountersAreTheDeclaredOnes() throws Exception {
        Set<String> declared = new TreeSet<>();
        for (Method m : RunningKernelChunkInterleaved.SideCounters.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                declared.add(m.getName());
            }
        }
        assertEquals(InterleavedCountersTest.withRoles(RunningKernelChunkInterleaved.NAMES,
                RunningKernelChunkInterleaved.REFERENCE_SIDE, List.of()), declared);
        assertEquals(18, declared.size(), "3 sides x 2 roles x (ns, calls), 2 medians per role, 2 cycle counts");
        assertEquals(Set.of("runningKernelReaderRatioMedian", "v65MergedAgainReaderRatioMedian",
                "runningKernelAllocatorRatioMedian", "v65MergedAgainAllocatorRatioMedian"),
                new TreeSet<>(declared.stream().filter(n -> n.contains("Ratio")).toList()));
    }
}
