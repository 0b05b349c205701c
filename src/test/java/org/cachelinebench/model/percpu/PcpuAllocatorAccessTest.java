package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Access;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Kind;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Rate;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Role;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The allocator model does what the access table says, member by member: on a recording chunk of every layout and
 * config, one alloc and one free at live=1 (both turn the block, and the chunk's slot, over) touch exactly the rows
 * the table gives for every alloc / every free / those transitions, with the strongest access the table names; and
 * at live=2 the alloc and the free that turn nothing over touch none of the transition rows.
 */
class PcpuAllocatorAccessTest {
    @ParameterizedTest
    @EnumSource(ChunkVersion.class)
    void everyAllocAndFreeTouchesWhatTheTableSays(ChunkVersion version) {
        for (KernelConfig config : KernelConfig.values()) {
            String where = PcpuChunkLayouts.name(version, config);
            RecordingChunk c = new RecordingChunk(PcpuChunkLayouts.pcpuChunk(version, config), config);
            long ptr = c.alloc();
            assertEquals(expected(c.layout, true, true), c.touched(), where + ": the first alloc (block turns used)");
            c.free(ptr);
            assertEquals(expected(c.layout, false, true), c.touched(), where + ": its free (block turns empty)");

            long first = c.alloc();
            c.touched();
            long second = c.alloc();
            assertEquals(expected(c.layout, true, false), c.touched(), where + ": a second area into a used block");
            c.free(first);
            assertEquals(expected(c.layout, false, false), c.touched(), where + ": a free that leaves it used");
            c.free(second);
            assertEquals(expected(c.layout, false, true), c.touched(), where + ": the free that empties it");
        }
    }

    /** Member -> strongest access, from the table's allocator rows that apply to one alloc or one free. */
    private static Map<String, Kind> expected(StructLayout layout, boolean alloc, boolean transition) {
        Set<Rate> rates = EnumSet.of(Rate.EVERY_OPERATION, alloc ? Rate.EVERY_ALLOC : Rate.EVERY_FREE);
        if (transition) {
            rates.add(Rate.ON_SLOT_CHANGE);
            rates.add(Rate.ON_EMPTY_BLOCK_TRANSITION);
        }
        Map<String, Kind> out = new TreeMap<>();
        for (Access r : PcpuChunkAccess.rows(layout)) {
            if (r.role == Role.ALLOCATOR && rates.contains(r.rate)) {
                out.merge(r.member, r.kind, (x, y) -> x == Kind.WRITES || y == Kind.WRITES ? Kind.WRITES : Kind.READS);
            }
        }
        return out;
    }

    /** A kernel-layout chunk on a recording memory, with the allocator's own memory beside it (not recorded). */
    private static final class RecordingChunk implements PcpuChunkFields {
        final StructLayout layout;
        final RecordingMemory memory;
        final PcpuChunkMembers members;
        private final boolean stats;

        RecordingChunk(StructLayout layout, KernelConfig config) {
            this.layout = layout;
            this.stats = config.percpuStats();
            memory = new RecordingMemory(layout.size() + Long.BYTES);
            members = new OffHeapPcpuChunkMembers(memory, 0, layout, new PcpuAllocatorMemory());
            PcpuAllocator.initialiseEmpty(this);
            members.initialise();
            memory.setLong(layout.offsetOf(PcpuChunkLayouts.BASE_ADDR), PcpuAllocator.CHUNK_BASE_ADDR);
            memory.touched.clear();
        }

        long alloc() {
            int bitOff = PcpuAllocator.allocArea(this, PcpuAllocator.AREA_BITS);
            return PcpuAllocator.afterAlloc(this, bitOff);
        }

        void free(long ptr) {
            PcpuAllocator.freeArea(this, PcpuAllocator.freeOffset(this, ptr), PcpuAllocator.AREA_BITS);
        }

        /** The members touched since the last call, by their table names, with the strongest access. */
        Map<String, Kind> touched() {
            Map<String, Kind> out = new TreeMap<>();
            memory.touched.forEach((index, kind) -> out.merge(member(index), kind,
                    (x, y) -> x == Kind.WRITES || y == Kind.WRITES ? Kind.WRITES : Kind.READS));
            memory.touched.clear();
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

        @Override public int getInt(int member) { return memory.getInt(layout.offsetOf(KERNEL_NAMES.get(member))); }
        @Override public void setInt(int member, int value) {
            memory.setInt(layout.offsetOf(KERNEL_NAMES.get(member)), value);
        }
        @Override public long baseAddrOnce() { return memory.getLongVolatile(layout.offsetOf(PcpuChunkLayouts.BASE_ADDR)); }
        @Override public PcpuChunkMembers members() { return members; }

        @Override public void statsAreaAlloc(int size) {
            if (stats) {
                members.metadata().statsAreaAlloc(size);
                memory.setInt(layout.offsetOf("nr_alloc"), memory.getInt(layout.offsetOf("nr_alloc")) + 1);
                int max = layout.offsetOf("max_alloc_size");
                memory.setLong(max, Math.max(memory.getLong(max), size));
            }
        }

        @Override public void statsAreaDealloc() {
            if (stats) {
                members.metadata().statsAreaDealloc();
                memory.setInt(layout.offsetOf("nr_alloc"), memory.getInt(layout.offsetOf("nr_alloc")) - 1);
            }
        }
    }

    /** A heap memory that notes the start index of every access and whether it wrote. */
    private static final class RecordingMemory extends Memory.Traced {
        final Map<Integer, Kind> touched = new TreeMap<>();
        private final ByteBuffer buffer;

        RecordingMemory(int bytes) {
            buffer = ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder());
        }

        private <T> T read(int i, T v) { touched.putIfAbsent(i, Kind.READS); return v; }
        private void wrote(int i) { touched.put(i, Kind.WRITES); }

        @Override public int lineSize() { return 64; }
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
        @Override public void setIntRelease(int i, int v) { setInt(i, v); }
        @Override public int getIntVolatile(int i) { return getInt(i); }
        @Override public boolean compareAndSetInt(int i, int e, int u) { throw new UnsupportedOperationException(); }
    }
}
