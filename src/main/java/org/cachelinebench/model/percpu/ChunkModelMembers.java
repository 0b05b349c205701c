package org.cachelinebench.model.percpu;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.StructLayout;

/**
 * The members of {@code struct pcpu_chunk} the model loads and stores ({@link OffHeapPcpuChunk},
 * {@link OffHeapPcpuChunkMembers}), each with the size it accesses: what a layout must give them for the model to
 * run it, whoever laid it out (a modelled version, or a kernel's own BTF). A layout that lacks one, gives one another
 * size, puts one where its load is not aligned, or has no flexible {@code populated[]} last is refused in one line
 * ({@link #problem}): the model would read and write other bytes than the kernel does.
 */
public final class ChunkModelMembers {
    /** A member the model accesses and its size in bytes; {@code populated[]} is 0, a flexible array of words. */
    public record Member(String name, int size) {}

    /** The flexible array the chunk's page bitmap lives in: the struct's last member. */
    public static final String POPULATED = "populated";
    /** CONFIG_PERCPU_STATS's counters, written by {@code pcpu_stats_area_alloc()}: both or neither. */
    public static final List<Member> STATS = List.of(new Member("nr_alloc", 4), new Member("max_alloc_size", 8));

    /** Every layout has these: the readers' {@code base_addr}, the allocator's ints, lists, pointers and bitmap. */
    public static final List<Member> REQUIRED = required();

    private ChunkModelMembers() {}

    private static List<Member> required() {
        List<Member> out = new ArrayList<>();
        out.add(new Member("list.next", 8));
        out.add(new Member("list.prev", 8));
        for (String name : PcpuChunkFields.KERNEL_NAMES) {
            out.add(new Member(name, Integer.BYTES));
        }
        out.add(new Member("bound_map", 8));
        out.add(new Member(PcpuChunkLayouts.BASE_ADDR, 8));
        out.add(new Member("alloc_map", 8));
        out.add(new Member("md_blocks", 8));
        out.add(new Member("isolated", 1));
        out.add(new Member("nr_pages", 4));
        out.add(new Member("nr_populated", 4));
        out.add(new Member(PcpuChunkLayouts.NR_EMPTY_POP_PAGES, 4));
        out.add(new Member(POPULATED, 0));
        return List.copyOf(out);
    }

    /** The memcg vector's member: {@code obj_exts} (2026 orders and later kernels), else {@code obj_cgroups}, else null. */
    public static String objExts(StructLayout layout) {
        return find(layout, PcpuChunkLayouts.OBJ_EXTS) != null ? PcpuChunkLayouts.OBJ_EXTS
                : find(layout, PcpuChunkLayouts.OBJ_CGROUPS) != null ? PcpuChunkLayouts.OBJ_CGROUPS : null;
    }

    /** True when {@code layout} has CONFIG_PERCPU_STATS's counters. */
    public static boolean percpuStats(StructLayout layout) {
        return find(layout, STATS.get(0).name()) != null;
    }

    /** The kernel config whose members {@code layout} has: stats by {@code nr_alloc}, memcg by its vector. */
    public static KernelConfig config(StructLayout layout) {
        return KernelConfig.of(percpuStats(layout), objExts(layout) != null);
    }

    /**
     * Why the model cannot run {@code layout}, said after the struct's name ("has no member chunk_md.contig_hint,
     * which the model writes"), or null when it can.
     */
    public static String problem(StructLayout layout) {
        List<Member> wanted = new ArrayList<>(REQUIRED);
        boolean stats = percpuStats(layout);
        if (stats || find(layout, STATS.get(1).name()) != null) {
            wanted.addAll(STATS);       // one counter without the other is a config the model does not know
        }
        String vector = objExts(layout);
        if (vector != null) {
            wanted.add(new Member(vector, 8));
        }
        for (Member w : wanted) {
            StructLayout.Member m = find(layout, w.name());
            if (m == null) {
                return "has no member " + w.name() + ", which the model accesses";
            }
            if (w.name().equals(POPULATED)) {
                if (!m.type().isArray() || m.size() != 0 || m.type().element().size() != Long.BYTES
                        || m.offset() < lastEnd(layout, m)) {
                    return "has " + POPULATED + " as " + m.type().name() + " at " + m.offset()
                            + ", where the model keeps the page bitmap in a flexible array of 8-byte words, last";
                }
                continue;
            }
            if (m.isBitField() || m.size() != w.size()) {
                return "has " + w.name() + " of " + (m.isBitField() ? m.bitWidth() + " bits" : m.size() + " bytes")
                        + ", where the model accesses " + w.size();
            }
            if (m.offset() % w.size() != 0) {
                return "has " + w.name() + " at " + m.offset() + ", where the model's " + w.size()
                        + "-byte access would not be aligned";
            }
        }
        return null;
    }

    /** The end of the members before {@code last}, the flexible array (which must come after them all). */
    private static int lastEnd(StructLayout layout, StructLayout.Member last) {
        int end = 0;
        for (StructLayout.Member m : layout.members()) {
            if (!m.name().equals(last.name())) {
                end = Math.max(end, m.end());
            }
        }
        return end;
    }

    /** The member at {@code path} (dotted for a nested one), or null where there is none. */
    static StructLayout.Member find(StructLayout layout, String path) {
        try {
            return layout.member(path);
        } catch (IllegalArgumentException e) {
            return null;     // no such member, or a dotted path through one that is no struct
        }
    }
}
