package org.cachelinebench.coherence.scenario;

import java.util.List;

import org.cachelinebench.coherence.CpuList;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.kernel.ChunkTrace;
import org.cachelinebench.coherence.kernel.TracedPcpuChunk;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.ipi.CsdAllocationOrder;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;

/**
 * The many-CPU shapes the suite's models run in, for predicted curves. A shape added by another model (e.g. an
 * {@code smp_call_function_many_cond} model) is one more entry in {@link #ALL}.
 */
public final class Shapes {
    private Shapes() {}

    /** ChunkFalseSharing's shape at any CPU count: one allocator, every other CPU a reader. */
    public static final Shape PCPU_READERS = new PcpuShape("pcpu-readers",
            "pcpu_chunk: one CPU allocating under pcpu_lock, all others reading base_addr; every CPU's transfers",
            null,
            SuiteScenarios.PER_ALLOCATION, 2, CpuList.MAX) {
        @Override
        Traced trace(ChunkTrace.ChunkFactory chunk, int cpus, Model model) {
            return ChunkTrace.readersAndAllocator(chunk, cpus - 1, model);
        }
    };

    /**
     * ChunkSymmetric's shape: every CPU allocates, reads base_addr once per CPU, and frees (execl). Traced
     * round-robin whatever the model's schedule: here the false sharing is one CPU's loads outside the lock meeting
     * another's stores inside it, at the same time, which only the finest interleaving shows; under bursts the
     * quantum would decide where a holder's turn ends inside its critical section, and with it the count of
     * spinners that miss on the lock word. {@code pcpu_lock} hands over in FIFO order, as the kernel's queued
     * spinlock does ({@link org.cachelinebench.coherence.kernel.QueuedSpinlock}), so every CPU keeps its turn
     * and the count's window opens at any CPU
     * count. Round-robin costs a turn per access per CPU, so the time grows with the square of the CPUs: the
     * curve stops at 128.
     */
    public static final Shape PCPU_SYMMETRIC = new PcpuShape("pcpu-symmetric",
            "pcpu_chunk: every CPU allocating, reading base_addr once per CPU, and freeing (execl), round-robin",
            ChunkTrace.CPU, SuiteScenarios.PER_ALLOC_FREE, 1, 128) {
        @Override
        Traced trace(ChunkTrace.ChunkFactory chunk, int cpus, Model model) {
            return ChunkTrace.symmetric(chunk, cpus, model.with(Schedule.ROUND_ROBIN));
        }
    };

    /**
     * ChunkExecl's shape with one allocator: CPU 0 running execl (as {@link #PCPU_SYMMETRIC}'s CPUs do), all others
     * reading {@code base_addr}; the readers' transfers per load. Round-robin for the same reason.
     */
    public static final Shape PCPU_EXECL_READERS = new PcpuShape("pcpu-execl-readers",
            "pcpu_chunk: one CPU running execl under pcpu_lock, all others reading base_addr, round-robin",
            ChunkTrace.READER, SuiteScenarios.PER_READ, 2, CpuList.MAX) {
        @Override
        Traced trace(ChunkTrace.ChunkFactory chunk, int cpus, Model model) {
            return ChunkTrace.execl(chunk, cpus, 1, model.with(Schedule.ROUND_ROBIN));
        }
    };

    /** IpiMany's shape: N/2 senders calling the same N/2 targets, one series per csd alignment. */
    public static final Shape CSD_MANY = new CsdManyShape(CsdAllocationOrder.ADJACENT);
    /** The same with the boot CPU's csds apart from the other senders' ({@code -p placement=boot-apart}). */
    public static final Shape CSD_MANY_BOOT_APART = new CsdManyShape(CsdAllocationOrder.BOOT_APART);

    public static final List<Shape> ALL = List.of(PCPU_READERS, PCPU_SYMMETRIC, PCPU_EXECL_READERS, CSD_MANY,
            CSD_MANY_BOOT_APART);

    /** The shape named {@code name}; the message names the known ones. */
    public static Shape parse(String name) {
        for (Shape s : ALL) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown curve '" + name + "' (known: "
                + String.join(", ", ALL.stream().map(Shape::name).toList()) + ")");
    }

    /** A pcpu shape's point as a suite comparison's side: {@code layout} in {@code config} at {@code cpus} CPUs. */
    static Scenario pcpuPoint(Shape pcpuShape, String layout, KernelConfig config, int cpus) {
        return ((PcpuShape) pcpuShape).scenario(layout, config, cpus);
    }

    /** A pcpu workload over the kernel layouts, in the default config for a curve. */
    private abstract static class PcpuShape implements Shape {
        private final String name;
        private final String title;
        private final String role;
        private final String unit;
        private final int minCpus;
        private final int maxCpus;

        PcpuShape(String name, String title, String role, String unit, int minCpus, int maxCpus) {
            this.maxCpus = maxCpus;
            this.name = name;
            this.title = title;
            this.role = role;
            this.unit = unit;
            this.minCpus = minCpus;
        }

        abstract Traced trace(ChunkTrace.ChunkFactory chunk, int cpus, Model model);

        @Override public String name() { return name; }
        @Override public String title() { return title; }
        @Override public String unit() { return unit; }
        @Override public int minCpus() { return minCpus; }
        @Override public int maxCpus() { return maxCpus; }

        @Override
        public List<String> series() {
            return java.util.Arrays.stream(ChunkVersion.values()).map(ChunkVersion::label).toList();
        }

        @Override
        public double transfers(String series, int cpus, Model model) {
            Scenario point = scenario(series, KernelConfig.DEFAULT, cpus);
            return point.traffic(point.trace().apply(model)).transfers();
        }

        /** The shape's point at {@code cpus} CPUs for one layout and config, as a suite comparison's side. */
        Scenario scenario(String layout, KernelConfig config, int cpus) {
            if (cpus < minCpus) {
                throw new IllegalArgumentException(name + " runs on at least " + minCpus + " CPUs, not " + cpus);
            }
            var struct = PcpuChunkLayouts.pcpuChunk(PercpuParams.layout(layout), config);
            return new Scenario(name + " " + layout + " " + config + " " + cpus, unit, role,
                    m -> trace(TracedPcpuChunk.factory(struct), cpus, m));
        }
    }
}
