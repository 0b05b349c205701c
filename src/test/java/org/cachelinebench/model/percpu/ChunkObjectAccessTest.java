package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.cachelinebench.model.percpu.ChunkAccessRecorder.field;
import static org.cachelinebench.model.percpu.ChunkAccessRecorder.javaName;

import java.lang.reflect.Field;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.cachelinebench.model.percpu.ChunkObjects.Variant;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Access;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Kind;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Rate;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Role;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Java classes run the allocator's whole path, as the access table says, as {@link PcpuAllocatorAccessTest}
 * checks for the off-heap layouts: one alloc and one free at live=1 (both turn the block and the chunk's slot over)
 * touch exactly the rows the table gives for every alloc / every free / those transitions, and at live=2 the steps
 * that turn nothing over touch none of the transition rows. The accesses are recorded at the
 * {@link PcpuChunkFields}/{@link PcpuChunkMembers} calls ({@link ChunkAccessRecorder}); the Java fields that changed (read by reflection) must be
 * among the members recorded as written, and each accessor must reach the field {@link ChunkObjects#KERNEL_MEMBERS}
 * names, so the recording is the class's own.
 */
class ChunkObjectAccessTest {
    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyAllocAndFreeTouchesWhatTheTableSays(Variant variant) throws Exception {
        ChunkAccessRecorder c = new ChunkAccessRecorder(variant.create());
        long ptr = c.alloc();
        assertEquals(expected(true, true), c.touched(), variant.label() + ": the first alloc (block turns used)");
        c.free(ptr);
        assertEquals(expected(false, true), c.touched(), variant.label() + ": its free (block turns empty)");

        long first = c.alloc();
        c.touched();
        long second = c.alloc();
        assertEquals(expected(true, false), c.touched(), variant.label() + ": a second area into a used block");
        c.free(first);
        assertEquals(expected(false, false), c.touched(), variant.label() + ": a free that leaves it used");
        c.free(second);
        assertEquals(expected(false, true), c.touched(), variant.label() + ": the free that empties it");
        assertEquals(6, c.chunk.members().metadata().steps());
        assertEquals(4, c.chunk.members().metadata().emptyPopPagesWrites(), "two used/empty round trips");
    }

    /** Each accessor loads or stores the field ChunkObjects maps to its member, in every class. */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void eachAccessorReachesTheFieldOfItsMember(Variant variant) throws Exception {
        PcpuChunkFields chunk = variant.create();
        PcpuChunkMembers m = chunk.members();
        assertSame(chunk, m);
        for (int i = 0; i < PcpuChunkFields.KERNEL_NAMES.size(); i++) {
            Field f = field(chunk, javaName(PcpuChunkFields.KERNEL_NAMES.get(i)));
            chunk.setInt(i, 1000 + i);
            assertEquals(1000 + i, f.getInt(chunk), f.getName());
            f.setInt(chunk, 2000 + i);
            assertEquals(2000 + i, chunk.getInt(i), f.getName());
        }
        Field empty = field(chunk, javaName(PcpuChunkLayouts.NR_EMPTY_POP_PAGES));
        m.setNrEmptyPopPages(77);
        assertEquals(77, empty.getInt(chunk));
        assertEquals(PcpuAllocator.CHUNK_PAGES, field(chunk, javaName("nr_pages")).getInt(chunk));
        assertEquals(PcpuAllocator.CHUNK_PAGES, m.nrPages());
        field(chunk, javaName("isolated")).setBoolean(chunk, true);
        assertTrue(m.isolated());
        PcpuAllocatorMemory md = m.metadata();
        assertEquals(md.allocMapAddress(), pointer(chunk, "alloc_map"));
        assertEquals(md.allocMapAddress(), m.allocMap());
        assertEquals(md.boundMapAddress(), pointer(chunk, "bound_map"));
        assertEquals(md.boundMapAddress(), m.boundMap());
        assertEquals(md.mdBlocksAddress(), pointer(chunk, "md_blocks"));
        assertEquals(md.mdBlocksAddress(), m.mdBlocks());
        assertEquals(pointer(chunk, PcpuChunkLayouts.OBJ_CGROUPS), m.objExts());
        long head = md.slotHead(0);
        m.setList(head);
        assertEquals(head, pointer(chunk, "list.next"));
        assertEquals(head, pointer(chunk, "list.prev"));
        assertEquals(head, m.listNext());
        assertEquals(head, m.listPrev());
        assertEquals(((long[]) field(chunk, javaName("populated")).get(chunk))[0], m.populatedWord(0));
        assertEquals(PcpuAllocator.CHUNK_BASE_ADDR, field(chunk, javaName(PcpuChunkLayouts.BASE_ADDR)).getLong(chunk));
    }

    /** Member -> strongest access, from the table's allocator rows that apply to one alloc or one free. */
    private static Map<String, Kind> expected(boolean alloc, boolean transition) {
        Set<Rate> rates = EnumSet.of(Rate.EVERY_OPERATION, alloc ? Rate.EVERY_ALLOC : Rate.EVERY_FREE);
        if (transition) {
            rates.add(Rate.ON_SLOT_CHANGE);
            rates.add(Rate.ON_EMPTY_BLOCK_TRANSITION);
        }
        // One block here: a free turns it over exactly when it leaves the chunk entirely free, and free_percpu()
        // then walks the free slot's list instead of calling pcpu_should_reclaim_chunk().
        if (!alloc) {
            rates.add(transition ? Rate.ON_FREE_EMPTYING_CHUNK : Rate.ON_FREE_LEAVING_CHUNK_IN_USE);
        }
        Map<String, Kind> out = new TreeMap<>();
        for (Access r : PcpuChunkAccess.rows(ChunkObjects.KERNEL_LAYOUT)) {
            if (r.role == Role.ALLOCATOR && rates.contains(r.rate)) {
                out.merge(r.member, r.kind, ChunkObjectAccessTest::stronger);
            }
        }
        return out;
    }

    private static Kind stronger(Kind x, Kind y) {
        return x == Kind.WRITES || y == Kind.WRITES ? Kind.WRITES : Kind.READS;
    }

    private static long pointer(Object o, String kernel) throws IllegalAccessException {
        return ((MetadataPointer) field(o, javaName(kernel)).get(o)).address();
    }
}
