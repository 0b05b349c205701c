package org.cachelinebench.coherence.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.ObjectFields;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.MetadataPointer;
import org.cachelinebench.model.percpu.MetadataPointers;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuAllocatorMemory;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.model.percpu.PcpuChunkMembers;

/**
 * {@link PcpuChunkMembers} of a Java {@code pcpu_chunk} class laid out in a recording memory: each field the classes'
 * allocator path loads or stores ({@code listNext}/{@code listPrev}, {@code nrPages}, {@code isolated},
 * {@code nrEmptyPopPages}, the pointer fields, {@code populated}) at the offset JOL gives it in the running JVM, and
 * {@code populated[]}, a separate object on the heap, in a memory of its own at JOL's array base offset. Each call is
 * the one load or store of the field the classes' own accessor makes, so the allocator runs the classes' whole path
 * here as it does on the objects.
 *
 * <p>A reference field is as wide as JOL says (4 bytes with compressed oops, else 8) and holds a handle, not an
 * address: what it names (a {@link MetadataPointer}, or the array) is read-only and lives elsewhere, as the
 * {@link MetadataPointers} of the classes do; the allocator's metadata is not traced, as the off-heap layouts' is
 * not. {@code isolated}, a boolean, is read as the int that starts at it (Memory has no byte access; the trace counts
 * the line of an access's first byte).
 */
final class ObjectChunkMembers implements PcpuChunkMembers {
    private final Memory memory;
    private final Memory array;
    private final MetadataPointers pointers = new MetadataPointers();
    /** What reference handle {@code h} names is {@code referents.get(h - 1)}; handle 0 is null. */
    private final List<Object> referents = new ArrayList<>();
    private final FieldSlot listNext;
    private final FieldSlot listPrev;
    private final FieldSlot allocMap;
    private final FieldSlot boundMap;
    private final FieldSlot mdBlocks;
    private final FieldSlot objCgroups;
    private final FieldSlot populated;
    private final int start;
    private final int nrPages;
    private final int nrPopulated;
    private final int nrEmptyPopPages;
    private final int isolated;
    private final int populatedBase;

    /**
     * The fields of {@code type} for an object at byte {@code start} of {@code memory}; its {@code populated[]} at
     * byte 0 of {@code array}.
     */
    ObjectChunkMembers(Memory memory, int start, Class<?> type, Memory array) {
        this.memory = memory;
        this.array = array;
        this.start = start;
        Map<String, FieldSlot> fields = ChunkObjects.fields(type);
        listNext = field(fields, "list.next");
        listPrev = field(fields, "list.prev");
        allocMap = field(fields, "alloc_map");
        boundMap = field(fields, "bound_map");
        mdBlocks = field(fields, "md_blocks");
        objCgroups = field(fields, PcpuChunkLayouts.OBJ_CGROUPS);
        populated = field(fields, "populated");
        nrPages = at(field(fields, "nr_pages"));
        nrPopulated = at(field(fields, "nr_populated"));
        nrEmptyPopPages = at(field(fields, PcpuChunkLayouts.NR_EMPTY_POP_PAGES));
        isolated = at(field(fields, "isolated"));
        populatedBase = ObjectFields.arrayBaseOffset(long.class);
    }

    /** The Java field that spells kernel member {@code kernel}, as JOL placed it. */
    private static FieldSlot field(Map<String, FieldSlot> fields, String kernel) {
        String java = ChunkObjects.javaField(kernel);
        FieldSlot s = fields.get(java);
        if (s == null) {
            throw new IllegalArgumentException("the class has no field " + java + " for " + kernel);
        }
        return s;
    }

    private int at(FieldSlot s) {
        return start + (int) s.offset();
    }

    /** A load of reference field {@code s}: what it names. */
    private Object load(FieldSlot s) {
        long handle = s.size() == Integer.BYTES ? memory.getInt(at(s)) : memory.getLong(at(s));
        if (handle <= 0 || handle > referents.size()) {
            throw new IllegalStateException("reference field " + s.name() + " holds no reference");
        }
        return referents.get((int) handle - 1);
    }

    /** A store of a reference to {@code referent} into field {@code s}. */
    private void store(FieldSlot s, Object referent) {
        int i = referents.indexOf(referent);
        if (i < 0) {
            referents.add(referent);
            i = referents.size() - 1;
        }
        if (s.size() == Integer.BYTES) {
            memory.setInt(at(s), i + 1);
        } else {
            memory.setLong(at(s), i + 1);
        }
    }

    private long address(FieldSlot s) {
        return ((MetadataPointer) load(s)).address();
    }

    /** {@inheritDoc} As the classes' constructors leave it; {@code isolated} stays false (the memory comes zeroed). */
    @Override
    public void initialise() {
        MetadataPointer head = pointers.initialise(STRUCT_ADDR_VALUE);
        store(populated, array);
        memory.setInt(nrEmptyPopPages, PcpuAllocator.CHUNK_PAGES);
        memory.setInt(nrPopulated, PcpuAllocator.CHUNK_PAGES);
        memory.setInt(nrPages, PcpuAllocator.CHUNK_PAGES);
        array.setLong(populatedBase, (1L << PcpuAllocator.CHUNK_PAGES) - 1);
        store(allocMap, pointers.allocMap());
        store(boundMap, pointers.boundMap());
        store(mdBlocks, pointers.mdBlocks());
        store(objCgroups, pointers.objCgroups());
        store(listNext, head);
        store(listPrev, head);
    }

    @Override public PcpuAllocatorMemory metadata() { return pointers.memory(); }
    @Override public int nrPages() { return memory.getInt(nrPages); }
    @Override public boolean isolated() { return (memory.getInt(isolated) & 0xff) != 0; }
    @Override public int nrEmptyPopPages() { return memory.getInt(nrEmptyPopPages); }
    @Override public void setNrEmptyPopPages(int value) { memory.setInt(nrEmptyPopPages, value); }
    @Override public long listNext() { return address(listNext); }
    @Override public long listPrev() { return address(listPrev); }
    @Override public long listAddress() { return STRUCT_ADDR_VALUE; }

    /** The classes' {@code listNext = p; listPrev = p;}. */
    @Override
    public void setList(long head) {
        MetadataPointer p = pointers.slotHead(head);
        store(listNext, p);
        store(listPrev, p);
    }

    @Override public long allocMap() { return address(allocMap); }
    @Override public long boundMap() { return address(boundMap); }
    @Override public long mdBlocks() { return address(mdBlocks); }
    /** The classes spell the default config: {@code obj_cgroups} present. */
    @Override public boolean hasObjExts() { return true; }
    @Override public long objExts() { return address(objCgroups); }

    /** The classes' {@code populated[page / 64]}: a load of the reference, then of the array's word. */
    @Override
    public long populatedWord(int page) {
        if (load(populated) != array) {
            throw new IllegalStateException("populated names no array");
        }
        return array.getLong(populatedBase + page / Long.SIZE * Long.BYTES);
    }
}
