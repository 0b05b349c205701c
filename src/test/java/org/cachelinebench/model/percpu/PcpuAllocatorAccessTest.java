package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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
            RecordingPcpuChunk c = new RecordingPcpuChunk(version, config);
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
        // One block here: a free turns it over exactly when it leaves the chunk entirely free, and free_percpu()
        // then walks the free slot's list instead of calling pcpu_should_reclaim_chunk().
        if (!alloc) {
            rates.add(transition ? Rate.ON_FREE_EMPTYING_CHUNK : Rate.ON_FREE_LEAVING_CHUNK_IN_USE);
        }
        Map<String, Kind> out = new TreeMap<>();
        for (Access r : PcpuChunkAccess.rows(layout)) {
            if (r.role == Role.ALLOCATOR && rates.contains(r.rate)) {
                out.merge(r.member, r.kind, (x, y) -> x == Kind.WRITES || y == Kind.WRITES ? Kind.WRITES : Kind.READS);
            }
        }
        return out;
    }
}
