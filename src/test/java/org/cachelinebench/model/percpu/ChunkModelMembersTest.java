package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;
import org.junit.jupiter.api.Test;

/**
 * What a {@code pcpu_chunk} layout must give the model to be run ({@link ChunkModelMembers}, {@link ChunkStruct}): every
 * modelled version and config passes and shows its own config; the members the model touches on a recording chunk are
 * all listed, and each listed one has its row in the access table; and a layout with one of them renamed away, resized, unaligned, or without the flexible bitmap last is
 * refused in one line naming it.
 */
class ChunkModelMembersTest {
    private static final StructLayout MERGED = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_5_MERGED, KernelConfig.PLUS_STATS);

    @Test
    void everyModelledLayoutIsAcceptedAndShowsItsConfig() {
        for (ChunkVersion v : ChunkVersion.values()) {
            for (KernelConfig c : KernelConfig.values()) {
                ChunkStruct s = ChunkStruct.of(v, c);
                assertNull(ChunkModelMembers.problem(s.layout()), s.name());
                assertEquals(c, s.config(), s.name());
                assertEquals(c.percpuStats(), s.percpuStats(), s.name());
            }
        }
    }

    /** The allocator's steps on a recording chunk touch only listed members ("list" is list.next and list.prev). */
    @Test
    void everyMemberTheAllocatorTouchesIsListed() {
        Set<String> listed = new TreeSet<>();
        for (ChunkVersion v : ChunkVersion.values()) {
            for (KernelConfig c : KernelConfig.values()) {
                RecordingPcpuChunk chunk = new RecordingPcpuChunk(v, c);
                Set<String> touched = new TreeSet<>();
                long first = chunk.alloc();
                long second = chunk.alloc();
                chunk.free(first);
                chunk.free(second);
                touched.addAll(chunk.touched().keySet());
                List<ChunkModelMembers.Member> model = new ArrayList<>(ChunkModelMembers.REQUIRED);
                model.addAll(ChunkModelMembers.STATS);
                model.add(new ChunkModelMembers.Member(PcpuChunkLayouts.OBJ_EXTS, 8));
                model.add(new ChunkModelMembers.Member(PcpuChunkLayouts.OBJ_CGROUPS, 8));
                for (String t : touched) {
                    assertTrue(model.stream().anyMatch(m -> m.name().equals(t) || m.name().startsWith(t + ".")),
                            PcpuChunkLayouts.name(v, c) + ": the model touches " + t + ", which ChunkModelMembers lacks");
                }
                listed.addAll(touched);
            }
        }
        assertTrue(listed.containsAll(List.of("free_bytes", "chunk_md.contig_hint", "list", "nr_alloc", "obj_exts")),
                "the recording saw the allocator's members: " + listed);
    }

    /** Every member listed is one the access table (the one source of who touches what) has a row for. */
    @Test
    void everyListedMemberHasARowInTheAccessTable() {
        List<ChunkModelMembers.Member> listed = new ArrayList<>(ChunkModelMembers.REQUIRED);
        listed.addAll(ChunkModelMembers.STATS);
        for (ChunkModelMembers.Member m : listed) {
            assertTrue(PcpuChunkAccess.rows().stream().anyMatch(r -> m.name().equals(r.member)
                    || m.name().startsWith(r.member + ".")), m.name() + " has no row in PcpuChunkAccess");
        }
    }

    @Test
    void aMissingMemberIsNamed() {
        for (ChunkModelMembers.Member m : ChunkModelMembers.REQUIRED) {
            String last = m.name().substring(m.name().lastIndexOf('.') + 1);
            StructLayout renamed = edit(MERGED, m.name(), null, last + "_elsewhere", false);
            assertEquals("has no member " + m.name() + ", which the model accesses", ChunkModelMembers.problem(renamed));
        }
        StructLayout half = edit(MERGED, "max_alloc_size", null, "max_size", false);
        assertEquals("has no member max_alloc_size, which the model accesses", ChunkModelMembers.problem(half),
                "CONFIG_PERCPU_STATS's counters come both or neither");
    }

    @Test
    void aSizeTheModelCannotPlaceIsNamed() {
        StructLayout shortFree = edit(MERGED, "free_bytes", CType.U16, "free_bytes", false);
        assertEquals(MERGED.offsetOf("chunk_md"), shortFree.offsetOf("chunk_md"), "the rest stays where it was");
        assertEquals("has free_bytes of 2 bytes, where the model accesses 4", ChunkModelMembers.problem(shortFree));
        StructLayout longPages = edit(MERGED, "nr_pages", CType.LONG, "nr_pages", false);
        assertEquals("has nr_pages of 8 bytes, where the model accesses 4", ChunkModelMembers.problem(longPages));
        StructLayout packed = edit(MERGED, "immutable", CType.BOOL, "immutable", true);   // after nr_alloc, max_alloc_size
        assertEquals("has list.next at 12, where the model's 8-byte access would not be aligned",
                ChunkModelMembers.problem(packed));
        StructLayout fixed = edit(MERGED, "populated", CType.array(CType.UNSIGNED_LONG, 1), "populated", false);
        assertTrue(ChunkModelMembers.problem(fixed).startsWith("has populated as "), ChunkModelMembers.problem(fixed));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ChunkStruct("mine", shortFree));
        assertEquals("mine has free_bytes of 2 bytes, where the model accesses 4", e.getMessage());
    }

    /**
     * {@code s} with the member at {@code path} (dotted for a nested one) given {@code type} (null: its own) and
     * {@code name}; {@code packed}: the struct packed, its members' attributes kept.
     */
    static StructLayout edit(StructLayout s, String path, CType type, String name, boolean packed) {
        StructLayout.Builder b = StructLayout.builder(s.tag());
        if (packed) {
            b.packed();
        }
        int dot = path.indexOf('.');
        String head = dot < 0 ? path : path.substring(0, dot);
        List<StructLayout.Member> members = s.members();
        for (int i = 0; i < members.size(); i++) {
            StructLayout.Member m = members.get(i);
            CType t = m.type();
            String n = m.name();
            if (n.equals(head)) {
                if (dot >= 0) {
                    t = CType.struct(edit(t.struct(), path.substring(dot + 1), type, name, false));
                } else {
                    t = type == null ? t : type;
                    n = name;
                }
            }
            if (i == members.size() - 1 && t.isArray() && t.length() == 0) {
                b.flexibleArray(t.element(), n, m.alignAttr(), false);
            } else {
                b.member(t, n, m.alignAttr(), false);
            }
        }
        return b.build();
    }
}
