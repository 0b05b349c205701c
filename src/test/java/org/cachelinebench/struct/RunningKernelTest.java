package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.struct.c.PaholeText;

/**
 * {@code benchmarks/layout kernel} names a kernel's structs against the modelled variants. The kernel's
 * are checked-in pahole output of a 6.18 kernel (CONFIG_PERCPU_STATS, obj_exts), not the machine's.
 */
class RunningKernelTest {
    static StructLayout fixture(String file, String struct) throws Exception {
        return PaholeText.read(file, Files.readString(BtfTest.PAHOLE.resolve(file)), struct).struct().layout();
    }

    @Test
    void aModelledVariantEqualsItself() {
        StructLayout v = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_5_MERGED, KernelConfig.PLUS_STATS);
        assertEquals(List.of("equals struct pcpu_chunk v6.5-merged [+stats] byte for byte (every member's name, offset and"
                + " size; size and alignment)"), RunningKernel.name(v, RunningKernel.pcpuChunkVariants()));
    }

    @Test
    void theKernelsPcpuChunkIsTheMergedFixWithStatsAndObjExts() throws Exception {
        assertEquals(List.of("equals struct pcpu_chunk v6.5-merged [+stats] byte for byte (every member's offset and size;"
                        + " size and alignment), but for the name of:",
                "  obj_exts at 176 (8 bytes), where the variant has obj_cgroups: the same bytes under another name"),
                RunningKernel.name(fixture("pcpu_chunk-expanded.txt", "pcpu_chunk"), RunningKernel.pcpuChunkVariants()));
    }

    /** benchmarks/layout kernel ends the kernel's pcpu_chunk with the commands that measure it, in its own options. */
    @Test
    void theKernelsPcpuChunkComesWithTheCommandThatMeasuresIt() throws Exception {
        assertEquals(List.of("measure it beside v6.5-merged [+stats] (its options), in one interleaved schedule with an A/A"
                        + " control, or in forks of their own:",
                "  java -jar target/benchmarks.jar RunningKernelChunkInterleaved",
                "  java -jar target/benchmarks.jar ChunkFalseSharing -p layout=running-kernel,v6.5-merged -p config=+stats"),
                RunningKernel.measuring(fixture("pcpu_chunk-expanded.txt", "pcpu_chunk")));
        assertEquals(List.of("the benchmarks cannot measure it: the kernel's pcpu_chunk has no member chunk_md.nr_bits,"
                        + " which the model accesses"),
                RunningKernel.measuring(PaholeText.read("x", Files.readString(BtfTest.PAHOLE.resolve("pcpu_chunk-expanded.txt"))
                        .replace(" nr_bits;", " bits;"), "pcpu_chunk").struct().layout()));
    }

    @Test
    void theKernelsCsdIsTheCurrentOne() throws Exception {
        assertEquals(List.of("equals current byte for byte (every member's name, offset and size; size and alignment)"),
                RunningKernel.name(fixture("call_single_data-expanded.txt", "__call_single_data"), RunningKernel.csdVariants()));
    }

    @Test
    void noBtfIsOneLineAndExitTwo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(), err = new java.io.ByteArrayOutputStream();
        int code = RunningKernel.run(new String[] {"--btf-file", dir.resolve("none").toString()},
                new java.io.PrintStream(out, true), new java.io.PrintStream(err, true));
        assertEquals(2, code);
        assertEquals("benchmarks/layout: no BTF: " + dir.resolve("none") + " does not exist\n", err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void aDifferenceIsNamed() {
        assertEquals(List.of("equals no modelled variant; nearest: v4.14 (1 difference)",
                        "  alignment 8 in the kernel's, 32 in the variant"),
                RunningKernel.name(CallSingleData.V4_13, java.util.Map.of("v4.14", CallSingleData.V4_14_T)));
    }
}
