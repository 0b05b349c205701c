package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.measure.RunningKernelChunkInterleaved;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RunningKernelChunkInterleaved as a user runs it, briefly, on this machine's kernel: where the kernel has BTF and
 * pahole is installed (under CI both must be), a warmup and a measurement iteration of a few cycles (as
 * ChunkInterleavedIT's) exit 0 with every side's placement printed and every counter of both roles reported; a kernel
 * whose layout the model cannot run exits 2 in one line before any fork. Never speed.
 */
class RunningKernelChunkInterleavedIT {
    static final String BENCH = "^" + RunningKernelChunkInterleaved.class.getName().replace(".", "\\.") + "\\.";

    @Test
    void itRunsOnTheRunningKernelsLayoutBesideV65Merged(@TempDir Path dir) throws Exception {
        MachineAssumption.require(Files.exists(Path.of(PaholeCommand.RUNNING_KERNEL_BTF)),
                "no BTF at " + PaholeCommand.RUNNING_KERNEL_BTF + " (a kernel built with CONFIG_DEBUG_INFO_BTF)");
        MachineAssumption.require(PaholeCommand.onPath() != null, "no pahole (apt-get install dwarves)");
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of(BENCH));
        args.addAll(ChunkInterleavedIT.fixedCycles(RunningKernelChunkInterleaved.NAMES.size()));
        args.addAll(List.of("-t", "2", "-rf", "json", "-rff", json.toString()));
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, ChunkInterleavedIT.ONE_FORK_SECONDS);
        String refusal = ParamHook.machineProblem(RunningKernelChunkInterleaved.class.getName());
        if (refusal != null) {
            ChunkInterleavedIT.assertExitedTwoInOneLine(r, "benchmarks.jar: RunningKernelChunkInterleaved: " + refusal);
            return;
        }
        ChunkInterleavedIT.assertEveryRolesCounters(r, json, 2, RunningKernelChunkInterleaved.NAMES,
                InterleavedCountersTest.withRoles(RunningKernelChunkInterleaved.NAMES,
                        RunningKernelChunkInterleaved.REFERENCE_SIDE, List.of()));
        for (String side : RunningKernelChunkInterleaved.NAMES) {
            assertTrue(r.stdout.lines().anyMatch(l -> l.startsWith("#   " + side + " ") && l.contains("base_addr (+")),
                    side + "'s placement in\n" + r.describe());
        }
        assertTrue(r.stdout.lines().anyMatch(l -> l.startsWith("#   running-kernel ")
                && l.contains("struct pcpu_chunk running-kernel [")), r.describe());
    }
}
