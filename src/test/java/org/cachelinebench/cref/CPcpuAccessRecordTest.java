package org.cachelinebench.cref;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.cref.CProgram.Run;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.RecordingPcpuChunk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The C reference's allocator (benchmarks/c/pcpu.h) makes the Java model's accesses, access for access: a
 * {@code -DPCPU_RECORD=1} build's {@code --record} of two rounds of the occupancy (4 x live steps) prints, for every
 * layout and config at live 1, 8 and 64, exactly the lines {@link RecordingPcpuChunk} records of the Java path on the
 * same steps (each chunk access with its offset, each allocator-memory access with its section and offset, the
 * lock), in the same order. A C build with one access taken out differs. No speed is asserted.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CPcpuAccessRecordTest {
    static final int[] LIVE = {1, 8, 64};
    /** An access the mutant drops: pcpu_alloc_area()'s load of isolated (pcpu_reintegrate_chunk()). */
    static final String DROPPED = "    if (chunk_ld_b(c, o->isolated))\n        pcpu_broken(\"the model's chunk is never isolated\");\n";

    @TempDir
    static Path dir;

    /** The --record build for {@code config} of the sources in {@code source} (benchmarks/c or a mutant's copy). */
    static Path build(Path source, KernelConfig config, String name) throws Exception {
        String[] d = CPcpuProgramTest.defines(config);
        return CProgram.compile(dir, source.resolve("pcpu.c"), name, d[0], d[1], "-DPCPU_RECORD=1");
    }

    /** The C program's record of layout {@code version} at {@code live}: its stdout, after a clean exit. */
    static List<String> cRecord(Path exe, ChunkVersion version, int live) throws Exception {
        Run r = CProgram.run(dir, List.of(exe.toString(), "--record", version.label(), "--live", Integer.toString(live)), null);
        assertEquals(0, r.exit(), r.err().toString());
        assertEquals(List.of(), r.err());
        return r.out();
    }

    /** Null when equal, else where the two first differ, with the lines around it. */
    static String firstDifference(List<String> java, List<String> c) {
        int i = 0;
        while (i < java.size() && i < c.size() && java.get(i).equals(c.get(i))) {
            i++;
        }
        if (i == java.size() && i == c.size()) {
            return null;
        }
        int from = Math.max(0, i - 6);
        return "line " + i + " of " + java.size() + " (Java) / " + c.size() + " (C)\nJava: "
                + java.subList(from, Math.min(java.size(), i + 3)) + "\nC:    " + c.subList(from, Math.min(c.size(), i + 3));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(KernelConfig.class)
    void theCAllocatorMakesTheJavaPathsAccessesInOrder(KernelConfig config) throws Exception {
        CProgram.requireGccLinuxTwoCpus();
        Path exe = build(CProgram.ROOT.resolve("benchmarks/c"), config, "pcpu-record-" + config.name());
        List<String> problems = new ArrayList<>();
        for (ChunkVersion v : ChunkVersion.values()) {
            for (int live : LIVE) {
                List<String> java = RecordingPcpuChunk.record(v, config, live, 4 * live);
                String d = firstDifference(java, cRecord(exe, v, live));
                if (d != null) {
                    problems.add(v.label() + " live " + live + ": " + d);
                }
            }
        }
        assertEquals(List.of(), problems, config.describe());
    }

    /** The comparison sees one access fewer: the mutant differs from the Java path where it drops it. */
    @Test
    void aCAllocatorWithOneAccessLessDiffers() throws Exception {
        CProgram.requireGccLinuxTwoCpus();
        Path mutant = Files.createDirectories(dir.resolve("mutant"));
        Path c = CProgram.ROOT.resolve("benchmarks/c");
        for (String f : List.of("pcpu.c", "common.h")) {
            Files.copy(c.resolve(f), mutant.resolve(f));
        }
        String header = Files.readString(c.resolve("pcpu.h"));
        assertTrue(header.contains(DROPPED), "pcpu.h no longer has the access the mutant drops");
        assertEquals(header.indexOf(DROPPED), header.lastIndexOf(DROPPED), "the dropped access is in pcpu.h once");
        Files.writeString(mutant.resolve("pcpu.h"), header.replace(DROPPED, ""));
        Path exe = build(mutant, KernelConfig.DEFAULT, "pcpu-record-mutant");
        ChunkVersion v = ChunkVersion.values()[0];
        assertNull(firstDifference(RecordingPcpuChunk.record(v, KernelConfig.DEFAULT, 1, 4),
                cRecord(build(c, KernelConfig.DEFAULT, "pcpu-record-unmutated"), v, 1)), "the unmutated build agrees");
        String d = firstDifference(RecordingPcpuChunk.record(v, KernelConfig.DEFAULT, 1, 4), cRecord(exe, v, 1));
        assertNotNull(d, "the mutant's record equals the Java path's");
    }
}
