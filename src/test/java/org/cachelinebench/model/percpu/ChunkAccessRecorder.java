package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.cachelinebench.model.percpu.PcpuChunkAccess.Kind;

/**
 * A Java chunk behind a recorder: every member access the allocator makes, by the access table's member names, in
 * order and as the strongest access per member; and after each step the check that the fields that changed are
 * among those recorded as written. The accesses are recorded at the {@link PcpuChunkFields}/{@link PcpuChunkMembers}
 * calls, each one the class's load or store of its field ({@code ChunkObjectAccessTest} holds that), except two calls
 * the classes make as two accesses, which the sequence holds twice: {@code setList} ({@code listNext = p;
 * listPrev = p;}) and {@code populatedWord} (the load of the {@code populated} reference, then of the array's word).
 */
public final class ChunkAccessRecorder implements PcpuChunkFields, PcpuChunkMembers {
    /** One access: the table's member name and whether it loaded or stored. */
    public record Touch(String member, Kind kind) {}

    public final PcpuChunkFields chunk;
    private final PcpuChunkMembers m;
    private final Map<String, Kind> touched = new TreeMap<>();
    private final List<Touch> sequence = new ArrayList<>();
    private Map<String, Object> before;

    public ChunkAccessRecorder(PcpuChunkFields chunk) throws IllegalAccessException {
        this.chunk = chunk;
        this.m = chunk.members();
        before = snapshot();
    }

    /** pcpu_alloc() of one area, under the lock and after it, as the workload's step makes it. */
    public long alloc() {
        int bitOff = PcpuAllocator.allocArea(this, PcpuAllocator.AREA_BITS);
        return PcpuAllocator.afterAlloc(this, bitOff);
    }

    /** free_percpu() of the area at {@code ptr}. */
    public void free(long ptr) {
        PcpuAllocator.freeArea(this, PcpuAllocator.freeOffset(this, ptr), PcpuAllocator.AREA_BITS);
    }

    /** The members touched since the last call; asserts the changed fields were recorded as written. */
    public Map<String, Kind> touched() throws IllegalAccessException {
        Map<String, Object> now = snapshot();
        for (Map.Entry<String, Object> e : now.entrySet()) {
            if (!Objects.equals(e.getValue(), before.get(e.getKey()))) {
                String member = tableName(ChunkObjects.KERNEL_MEMBERS.get(e.getKey()));
                assertEquals(Kind.WRITES, touched.get(member), e.getKey() + " changed but was not recorded written");
            }
        }
        before = now;
        Map<String, Kind> out = new TreeMap<>(touched);
        touched.clear();
        return out;
    }

    /** Every access since the recorder was made, in order. */
    public List<Touch> sequence() {
        return List.copyOf(sequence);
    }

    /** The table's name of a leaf: "list.next" is the table's "list". */
    public static String tableName(String leaf) {
        return leaf.startsWith("list.") ? "list" : leaf;
    }

    /** The Java field that spells kernel member {@code kernel}. */
    public static String javaName(String kernel) {
        return ChunkObjects.javaField(kernel);
    }

    /** Field {@code name} of {@code o}'s class or a superclass, made accessible. */
    public static Field field(Object o, String name) {
        for (Class<?> c = o.getClass(); c != Object.class; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // a superclass declares it
            }
        }
        throw new AssertionError(o.getClass().getSimpleName() + " has no field " + name);
    }

    /** Every kernel member's field value (pointers by the address they hold, populated[] by its first word). */
    private Map<String, Object> snapshot() throws IllegalAccessException {
        Map<String, Object> out = new HashMap<>();
        for (String java : ChunkObjects.KERNEL_MEMBERS.keySet()) {
            Object v = field(chunk, java).get(chunk);
            out.put(java, v instanceof MetadataPointer p ? p.address() : v instanceof long[] a ? a[0] : v);
        }
        return out;
    }

    private <T> T read(String member, T value) {
        touched.putIfAbsent(member, Kind.READS);
        sequence.add(new Touch(member, Kind.READS));
        return value;
    }

    private void wrote(String member) {
        touched.put(member, Kind.WRITES);
        sequence.add(new Touch(member, Kind.WRITES));
    }

    @Override public int getInt(int member) { return read(KERNEL_NAMES.get(member), chunk.getInt(member)); }
    @Override public void setInt(int member, int value) { chunk.setInt(member, value); wrote(KERNEL_NAMES.get(member)); }
    @Override public long baseAddrOnce() { return read(PcpuChunkLayouts.BASE_ADDR, chunk.baseAddrOnce()); }
    @Override public PcpuChunkMembers members() { return this; }
    @Override public void initialise() { m.initialise(); }
    @Override public PcpuAllocatorMemory metadata() { return m.metadata(); }
    @Override public int nrPages() { return read("nr_pages", m.nrPages()); }
    @Override public boolean isolated() { return read("isolated", m.isolated()); }
    @Override public int nrEmptyPopPages() { return read(PcpuChunkLayouts.NR_EMPTY_POP_PAGES, m.nrEmptyPopPages()); }
    @Override public void setNrEmptyPopPages(int value) {
        m.setNrEmptyPopPages(value);
        wrote(PcpuChunkLayouts.NR_EMPTY_POP_PAGES);
    }
    @Override public long listNext() { return read("list", m.listNext()); }
    @Override public long listPrev() { return read("list", m.listPrev()); }
    @Override public long listAddress() { return m.listAddress(); }
    @Override public void setList(long head) {
        m.setList(head);
        wrote("list");         // listNext = p
        wrote("list");         // listPrev = p
    }
    @Override public long allocMap() { return read("alloc_map", m.allocMap()); }
    @Override public long boundMap() { return read("bound_map", m.boundMap()); }
    @Override public long mdBlocks() { return read("md_blocks", m.mdBlocks()); }
    @Override public boolean hasObjExts() { return m.hasObjExts(); }
    @Override public long objExts() { return read(PcpuChunkLayouts.OBJ_CGROUPS, m.objExts()); }
    /** {@code populated[page / 64]}: the reference's load, then the array word's. */
    @Override public long populatedWord(int page) {
        read("populated", null);
        return read("populated", m.populatedWord(page));
    }
}
