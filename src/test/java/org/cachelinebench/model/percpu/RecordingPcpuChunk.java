package org.cachelinebench.model.percpu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Kind;

/**
 * A kernel-layout chunk, its allocator memory and its {@code pcpu_lock} on recording memories, run by the real
 * {@link PcpuAllocator} and {@link PcpuChunkWorkload}: every access, in program order, as one line of the form the C
 * reference's {@code --record} prints ({@code chunk load|store OFFSET}, {@code SECTION load|store OFFSET} for the
 * allocator memory's sections, {@code lock acquire|release}); and per struct member the strongest access since the
 * last {@link #touched} (what {@link PcpuAllocatorAccessTest} compares with the access table). The struct's own
 * accessors are {@link OffHeapPcpuChunk}'s, on a {@link Memory} instead of its off-heap memory.
 */
public final class RecordingPcpuChunk implements PcpuChunkFields {
    final StructLayout layout;
    private final boolean stats;
    private final List<String> log = new ArrayList<>();
    private final Map<Integer, Kind> touched = new TreeMap<>();
    private final RecordingMemory memory;
    private final PcpuAllocatorMemory metadata;
    private final PcpuChunkMembers members;
    private final PcpuLock lock;
    private boolean recording;

    public RecordingPcpuChunk(ChunkVersion version, KernelConfig config) {
        layout = PcpuChunkLayouts.pcpuChunk(version, config);
        stats = config.percpuStats();
        memory = new RecordingMemory(layout.size() + Long.BYTES, i -> "chunk", true);
        PcpuAllocatorMemory[] made = new PcpuAllocatorMemory[1];
        metadata = new PcpuAllocatorMemory(bytes -> new RecordingMemory(bytes, i -> {
            PcpuAllocatorMemory.Place p = made[0].placeOf(i);
            return p.section().equals("counters") ? null : p.section() + " " + p.offset();   // the model's, not the path's
        }, false));
        made[0] = metadata;
        lock = new PcpuLock(new RecordingMemory(PcpuLock.LINES * CacheLine.SIZE, i -> "lock", false));
        members = new OffHeapPcpuChunkMembers(memory, 0, layout, metadata);
        PcpuAllocator.initialiseEmpty(this);
        members.initialise();
        memory.setLongVolatile(layout.offsetOf(PcpuChunkLayouts.BASE_ADDR), PcpuAllocator.CHUNK_BASE_ADDR);
        touched.clear();
        recording = true;
    }

    /**
     * The accesses of {@code steps} steps of the allocator's loop at occupancy {@code live} on a fresh chunk, each
     * step's preceded by "step K alloc|free": what the C reference's {@code --record} prints for the same steps.
     */
    public static List<String> record(ChunkVersion version, KernelConfig config, int live, int steps) {
        RecordingPcpuChunk c = new RecordingPcpuChunk(version, config);
        PendingArea area = new PendingArea();
        area.occupy(live);
        for (int k = 0; k < steps; k++) {
            c.log.add("step " + k + (area.freeing() ? " free" : " alloc"));
            if (!PcpuChunkWorkload.allocateOrFreeOnce(c, c.lock, area, null)) {
                throw new IllegalStateException("step " + k + " did not run");
            }
        }
        return List.copyOf(c.log);
    }

    long alloc() {
        int bitOff = PcpuAllocator.allocArea(this, PcpuAllocator.AREA_BITS);
        return PcpuAllocator.afterAlloc(this, bitOff);
    }

    void free(long ptr) {
        PcpuAllocator.freeArea(this, PcpuAllocator.freeOffset(this, ptr), PcpuAllocator.AREA_BITS);
    }

    /** The struct members touched since the last call, by their table names, with the strongest access. */
    Map<String, Kind> touched() {
        Map<String, Kind> out = new TreeMap<>();
        touched.forEach((index, kind) -> out.merge(member(index), kind,
                (x, y) -> x == Kind.WRITES || y == Kind.WRITES ? Kind.WRITES : Kind.READS));
        touched.clear();
        return out;
    }

    /** The member an access starts in; "list.next" is the table's "list", "populated" a flexible array. */
    private String member(int index) {
        for (StructLayout.Member m : layout.members()) {
            int end = m.name().equals("populated") ? Integer.MAX_VALUE : m.offset() + m.size();
            if (index >= m.offset() && index < end) {
                if (m.type().isStruct() && !m.type().isArray() && !m.name().equals("list")) {
                    for (StructLayout.Member n : m.type().struct().members()) {
                        if (index - m.offset() >= n.offset() && index - m.offset() < n.offset() + n.size()) {
                            return m.name() + "." + n.name();
                        }
                    }
                }
                return m.name();
            }
        }
        throw new AssertionError("no member at " + index);
    }

    // ---- PcpuChunkFields, as OffHeapPcpuChunk ------------------------------------------------------

    @Override public int getInt(int member) { return memory.getInt(layout.offsetOf(KERNEL_NAMES.get(member))); }
    @Override public void setInt(int member, int value) { memory.setInt(layout.offsetOf(KERNEL_NAMES.get(member)), value); }
    @Override public long baseAddrOnce() { return memory.getLongVolatile(layout.offsetOf(PcpuChunkLayouts.BASE_ADDR)); }
    @Override public PcpuChunkMembers members() { return members; }

    @Override public void statsAreaAlloc(int size) {
        if (stats) {
            metadata.statsAreaAlloc(size);
            memory.setInt(layout.offsetOf("nr_alloc"), memory.getInt(layout.offsetOf("nr_alloc")) + 1);
            int max = layout.offsetOf("max_alloc_size");
            memory.setLong(max, Math.max(memory.getLong(max), size));
        }
    }

    @Override public void statsAreaDealloc() {
        if (stats) {
            metadata.statsAreaDealloc();
            memory.setInt(layout.offsetOf("nr_alloc"), memory.getInt(layout.offsetOf("nr_alloc")) - 1);
        }
    }

    /**
     * A heap memory that logs each access once recording started ("WHERE load|store OFFSET", WHERE from
     * {@code where}, null: not logged; a lock's compare-and-set and release store as "lock acquire|release"), and for
     * the struct ({@code struct}) notes the strongest access per start index.
     */
    private final class RecordingMemory extends Memory.Traced {
        private final ByteBuffer buffer;
        private final IntFunction<String> where;
        private final boolean struct;

        RecordingMemory(int bytes, IntFunction<String> where, boolean struct) {
            buffer = ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder());
            this.where = where;
            this.struct = struct;
        }

        private void note(int i, Kind kind) {
            if (!recording) {
                return;
            }
            String w = where.apply(i);
            if (w != null) {
                log.add(w.equals("chunk") ? "chunk " + (kind == Kind.WRITES ? "store " : "load ") + i
                        : w.replaceFirst(" ", kind == Kind.WRITES ? " store " : " load "));
            }
            if (struct) {
                touched.merge(i, kind, (x, y) -> x == Kind.WRITES || y == Kind.WRITES ? Kind.WRITES : Kind.READS);
            }
        }

        private <T> T read(int i, T v) { note(i, Kind.READS); return v; }
        private void wrote(int i) { note(i, Kind.WRITES); }

        private void locked(String what) {
            if (recording) {
                log.add("lock " + what);
            }
        }

        @Override public int lineSize() { return CacheLine.SIZE; }
        @Override public int capacity() { return buffer.capacity(); }
        @Override public long getLong(int i) { return read(i, buffer.getLong(i)); }
        @Override public void setLong(int i, long v) { buffer.putLong(i, v); wrote(i); }
        @Override public long getLongOpaque(int i) { return getLong(i); }
        @Override public long getLongAcquire(int i) { return getLong(i); }
        @Override public void setLongRelease(int i, long v) { setLong(i, v); }
        @Override public long getLongVolatile(int i) { return getLong(i); }
        @Override public void setLongVolatile(int i, long v) { setLong(i, v); }
        @Override public boolean compareAndSetLong(int i, long e, long u) { throw new UnsupportedOperationException(); }
        @Override public long compareAndExchangeLong(int i, long e, long u) { throw new UnsupportedOperationException(); }
        @Override public long getAndSetLong(int i, long v) { throw new UnsupportedOperationException(); }
        @Override public int getInt(int i) { return read(i, buffer.getInt(i)); }
        @Override public void setInt(int i, int v) { buffer.putInt(i, v); wrote(i); }
        @Override public int getIntOpaque(int i) { return getInt(i); }
        @Override public void setIntOpaque(int i, int v) { setInt(i, v); }
        @Override public int getIntAcquire(int i) { return getInt(i); }
        @Override public void setIntRelease(int i, int v) { buffer.putInt(i, v); locked("release"); }
        @Override public int getIntVolatile(int i) { return getInt(i); }

        @Override public boolean compareAndSetInt(int i, int e, int u) {
            locked("acquire");
            if (buffer.getInt(i) != e) {
                return false;
            }
            buffer.putInt(i, u);
            return true;
        }
    }
}
