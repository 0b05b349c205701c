package org.cachelinebench.struct.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.benchmarks.ChunkFalseSharing;
import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.harness.chunk.KernelChunkSource;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkModelMembers;
import org.cachelinebench.model.percpu.ChunkStruct;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The running kernel's pcpu_chunk as the benchmarks measure it ({@code -p layout=running-kernel},
 * RunningKernelChunkInterleaved): a v6.5+ kernel's layout, the 6.18 kernel's checked-in pahole text and this machine's
 * own BTF, is v6.5-merged in the kernel's config wherever the model touches it; and everything that stops it is one
 * line, shown with a fake pahole and missing files, never this machine's state.
 */
class RunningKernelChunkTest {
    static final Path PAHOLE = Path.of("src/test/resources/org/cachelinebench/struct/pahole");
    static final String SUBJECT = "the running kernel's pcpu_chunk";

    @TempDir
    Path dir;

    /** The members the model touches, at the same offsets and sizes as in v6.5-merged with the same options. */
    static void assertMergedWhereTheModelTouches(ChunkStruct kernel) {
        StructLayout merged = ChunkStruct.of(ChunkVersion.V6_5_MERGED, kernel.config()).layout();
        List<ChunkModelMembers.Member> touched = new ArrayList<>(ChunkModelMembers.REQUIRED);
        if (kernel.percpuStats()) {
            touched.addAll(ChunkModelMembers.STATS);
        }
        for (ChunkModelMembers.Member m : touched) {
            assertEquals(merged.member(m.name()).offset(), kernel.layout().member(m.name()).offset(), m.name());
            assertEquals(merged.member(m.name()).size(), kernel.layout().member(m.name()).size(), m.name());
        }
        String vector = ChunkModelMembers.objExts(kernel.layout());
        if (vector != null) {
            assertEquals(merged.offsetOf(ChunkModelMembers.objExts(merged)), kernel.layout().offsetOf(vector),
                    "the memcg vector, " + vector + " in the kernel's");
        }
    }

    @Test
    void the618KernelsLayoutIsV65MergedWithStatsWhereTheModelTouchesIt() throws Exception {
        ChunkStruct k = RunningKernelChunk.read(fakeBlob().toString(),
                fakePahole(Files.readString(PAHOLE.resolve("pcpu_chunk-expanded.txt")), "BTF: idx: 3, Unknown kind 17\n")
                        .toString());
        assertEquals(KernelConfig.PLUS_STATS, k.config(), "CONFIG_PERCPU_STATS's counters and obj_exts are in its BTF");
        assertMergedWhereTheModelTouches(k);
        assertEquals("struct pcpu_chunk running-kernel [+stats, from " + fakeBlob() + "]", k.name());
    }

    /** This machine's kernel, where it has BTF and pahole (under CI it must): on v6.5 or later, the merged fix. */
    @Test
    void thisMachinesKernelIsV65MergedWhereTheModelTouchesItFromV65On() throws Exception {
        boolean btf = Files.exists(Path.of(PaholeCommand.RUNNING_KERNEL_BTF));
        MachineAssumption.require(btf, "no BTF at " + PaholeCommand.RUNNING_KERNEL_BTF + " (CONFIG_DEBUG_INFO_BTF)");
        MachineAssumption.require(PaholeCommand.onPath() != null, "no pahole (apt-get install dwarves)");
        Matcher release = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(Files.readString(Path.of("/proc/sys/kernel/osrelease")));
        assumeTrue(release.find() && Integer.parseInt(release.group(1)) * 1000 + Integer.parseInt(release.group(2)) >= 6005,
                "a kernel before v6.5 has no merged fix to equal");
        assertMergedWhereTheModelTouches(RunningKernelChunk.read(PaholeCommand.RUNNING_KERNEL_BTF, System.getenv("PATH")));
    }

    /** -p layout=running-kernel's check gives the source's own verdict on this machine: none, or its one line. */
    @Test
    void theLayoutParamPassesTheSourcesVerdictOn() {
        String verdict;
        try {
            RunningKernelChunk.read(PaholeCommand.RUNNING_KERNEL_BTF, System.getenv("PATH"));
            verdict = null;
        } catch (IllegalArgumentException e) {
            verdict = e.getMessage();
        }
        assertEquals(verdict, ParamHook.problem(ChunkFalseSharing.class.getName(), PercpuParams.LAYOUT,
                PercpuParams.RUNNING_KERNEL));
        assertEquals(verdict, ParamHook.machineProblem(RunningKernelChunkInterleaved.class.getName()));
    }

    @Test
    void theHarnessFindsTheStructToolsReader() {
        assertInstanceOf(RunningKernelChunk.class, ServiceLoader.load(KernelChunkSource.class).findFirst().orElseThrow());
    }

    @Test
    void noBtfIsOneLine() {
        Path none = dir.resolve("none");
        assertRefused(SUBJECT + ": no BTF: " + none + " does not exist (a kernel built with CONFIG_DEBUG_INFO_BTF"
                + " shows its types there)", none.toString(), System.getenv("PATH"));
    }

    @Test
    void noPaholeIsOneLine() throws Exception {
        assertRefused(SUBJECT + ": " + PaholeCommand.INSTALL, fakeBlob().toString(),
                Files.createDirectories(dir.resolve("empty")).toString());
    }

    @Test
    void aPaholeTooOldForTheBtfIsOneLine() throws Exception {
        Path quiet = fakePahole("", "BTF: idx: 7, Unknown kind 19\nBTF: idx: 9, Unknown kind 17\n");
        assertRefused(SUBJECT + ": pahole v1.24 is older than this BTF (it does not know BTF kind 19): install a newer"
                + " dwarves; it printed nothing for pcpu_chunk", fakeBlob().toString(), quiet.toString());
        Path talking = fakePahole(Files.readString(PAHOLE.resolve("pcpu_chunk-expanded.txt")),
                "BTF: idx: 7, Unknown kind 19\n");
        assertRefused(SUBJECT + ": pahole v1.24 is older than this BTF (it does not know BTF kind 19): install a newer"
                + " dwarves; what it prints of the struct cannot be measured as the kernel's", fakeBlob().toString(),
                talking.toString());
    }

    @Test
    void aBtfWithoutTheStructIsOneLine() throws Exception {
        Path bin = fakePahole("", "pahole: type 'pcpu_chunk' not found\n");
        assertRefused(SUBJECT + ": the BTF has no struct or union pcpu_chunk", fakeBlob().toString(), bin.toString());
    }

    @Test
    void aMemberTheModelNeedsMissingIsOneLine() throws Exception {
        String text = Files.readString(PAHOLE.resolve("pcpu_chunk-expanded.txt")).replace(" free_bytes;", " free_space;");
        assertRefused(SUBJECT + " has no member free_bytes, which the model accesses: the benchmarks cannot run it",
                fakeBlob().toString(), fakePahole(text, "").toString());
    }

    @Test
    void aSizeTheModelCannotPlaceIsOneLine() throws Exception {
        String text = Files.readString(PAHOLE.resolve("pcpu_chunk-expanded.txt"))
                .replace("\tint                        free_bytes;                                           /*    32     4 */",
                        "\tshort int                  free_bytes;                                           /*    32     2 */");
        assertRefused(SUBJECT + " has free_bytes of 2 bytes, where the model accesses 4: the benchmarks cannot run it",
                fakeBlob().toString(), fakePahole(text, "").toString());
    }

    private static void assertRefused(String message, String btf, String searchPath) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunningKernelChunk.read(btf, searchPath));
        assertEquals(message, e.getMessage());
    }

    /** A file that starts as BTF does, for the checks that look no further than pahole. */
    private Path fakeBlob() throws Exception {
        Path blob = dir.resolve("fake.btf");
        Files.write(blob, new byte[] {(byte) 0x9f, (byte) 0xeb, 1, 0});
        return blob;
    }

    /** A folder with a pahole that prints {@code out} and {@code err} and exits 0, as 1.24 does; its version v1.24. */
    private Path fakePahole(String out, String err) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin" + Math.abs((out + err).hashCode())));
        Files.writeString(bin.resolve("out.txt"), out);
        Files.writeString(bin.resolve("err.txt"), err);
        Path pahole = bin.resolve("pahole");
        Files.writeString(pahole, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo v1.24; exit 0; fi\ncat '"
                + bin.resolve("out.txt") + "'\ncat '" + bin.resolve("err.txt") + "' >&2\nexit 0\n");
        Files.setPosixFilePermissions(pahole, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }
}
