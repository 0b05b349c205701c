package org.cachelinebench.model.percpu;

/**
 * {@code pcpu_unit_offsets[]}: where each possible CPU's unit starts, relative to a chunk's
 * {@code base_addr}. Written once at boot and only read afterwards, so it is shared read-only by every
 * CPU and plays no part in the false sharing; it is here so that the readers do the whole
 * {@code pcpu_chunk_addr()} computation.
 */
public final class PcpuUnits {
    /** Pages per unit: {@code PCPU_MIN_UNIT_SIZE} is 32 KiB. */
    public static final int UNIT_PAGES = 8;
    public static final long UNIT_SIZE = (long) UNIT_PAGES << PcpuAllocator.PAGE_SHIFT;

    private PcpuUnits() {}

    /** The CPUs this JVM may run on stand for the kernel's possible CPUs. */
    public static int possibleCpus() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** {@code pcpu_unit_offsets[cpu]} for {@code cpus} CPUs, one unit after another. */
    public static long[] offsets(int cpus) {
        if (cpus < 1) {
            throw new IllegalArgumentException("need at least one CPU, not " + cpus);
        }
        long[] out = new long[cpus];
        for (int cpu = 0; cpu < cpus; cpu++) {
            out[cpu] = cpu * UNIT_SIZE;
        }
        return out;
    }

    /** {@code pcpu_unit_page_offset(cpu, page)}: {@code pcpu_unit_offsets[cpu] + (page << PAGE_SHIFT)}. */
    public static long unitPageOffset(long[] unitOffsets, int cpu, int page) {
        return unitOffsets[cpu] + ((long) page << PcpuAllocator.PAGE_SHIFT);
    }

    /**
     * {@code n} values of {@link #unitPageOffset}, walking every CPU's unit for page 0, then page 1,
     * and so on through {@link #UNIT_PAGES} pages, then again: what a reader adds to {@code base_addr}
     * in its {@code i}-th call. Precomputed so that the reader loop is one load of the table (whose
     * bounds the JIT can prove) besides the load of {@code base_addr}.
     */
    public static long[] readerSequence(int cpus, int n) {
        long[] units = offsets(cpus);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = unitPageOffset(units, i % cpus, (i / cpus) % UNIT_PAGES);
        }
        return out;
    }
}
