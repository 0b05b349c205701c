package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.cachelinebench.benchmarks.scaling.ChunkExecl;
import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * {@code -p layout=running-kernel} on the off-heap benchmarks, on this machine's kernel where it has BTF and pahole
 * (under CI it must): every benchmark's checkParam takes it, and ChunkFalseSharing's and ChunkSymmetric's setups run
 * the kernel's own layout, whose reader and allocator compute what the kernel computes and leave the chunk as found.
 */
class RunningKernelLayoutTest {
    @Test
    void theOffHeapBenchmarksRunTheRunningKernelsLayout() {
        MachineAssumption.require(Files.exists(Path.of(PaholeCommand.RUNNING_KERNEL_BTF)),
                "no BTF at " + PaholeCommand.RUNNING_KERNEL_BTF + " (a kernel built with CONFIG_DEBUG_INFO_BTF)");
        MachineAssumption.require(PaholeCommand.onPath() != null, "no pahole (apt-get install dwarves)");
        for (Class<?> b : new Class<?>[] {ChunkFalseSharing.class, ChunkSymmetric.class, ChunkExecl.class}) {
            assertEquals(null, ParamHook.problem(b.getName(), PercpuParams.LAYOUT, PercpuParams.RUNNING_KERNEL), b.getName());
        }
        ChunkFalseSharing f = new ChunkFalseSharing();
        f.layout = PercpuParams.RUNNING_KERNEL;
        f.config = "default";
        f.setUp();
        assertTrue(f.chunk.name().startsWith("struct pcpu_chunk running-kernel ["), f.chunk.name());
        assertEquals(PcpuChunkWorkload.OPS * PcpuAllocator.CHUNK_BASE_ADDR + Arrays.stream(f.unitPageOffsets).sum(),
                f.reader());
        int free = f.chunk.getInt(PcpuChunkFields.FREE_BYTES);
        ChunkFalseSharing.Occupied a = new ChunkFalseSharing.Occupied();
        f.allocator(a, new Control());
        assertEquals(0, a.held(), "an even number of steps ends with a free");
        assertEquals(free, f.chunk.getInt(PcpuChunkFields.FREE_BYTES));

        ChunkSymmetric s = new ChunkSymmetric();
        s.layout = PercpuParams.RUNNING_KERNEL;
        s.config = "default";
        s.setUp();
        assertEquals(f.chunk.name(), s.chunk.name());
        PendingArea area = new PendingArea();
        s.pcpuAllocFree(area, new Control());
        assertEquals(0, area.held());
        assertEquals(free, s.chunk.getInt(PcpuChunkFields.FREE_BYTES));
    }
}
