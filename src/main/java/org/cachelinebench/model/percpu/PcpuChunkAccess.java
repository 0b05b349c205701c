package org.cachelinebench.model.percpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.cachelinebench.model.layout.StructLayout;

/**
 * Who touches each member of {@code struct pcpu_chunk}, in which mm/percpu.c function, under which lock and how
 * often: the one source the guard tests, the struct tool's roles files, the allocator model and the docs'
 * table (docs/pcpu-chunk-access.md) are derived from, in the manner of the kernel's
 * Documentation/networking/net_cachelines tables.
 *
 * <p>Two roles: the {@link Role#READER} is every CPU computing {@code pcpu_chunk_addr()} outside the lock; the
 * {@link Role#ALLOCATOR} is {@code pcpu_alloc()} and {@code free_percpu()} with what they call. Functions are
 * named as in mm/percpu.c and mm/percpu-internal.h of 2026 (the mm tree); where v6.4/v6.5 differ the row says so.
 * A row names a member some layouts lack ({@code obj_cgroups}, {@code obj_exts}, the stats counters): it applies
 * to the layouts that have it ({@link #rows(StructLayout)}).
 */
public final class PcpuChunkAccess {
    /** Who accesses: the two roles the model runs. */
    public enum Role {
        READER("reader"), ALLOCATOR("allocator");

        private final String label;

        Role(String label) { this.label = label; }

        /** The name the roles files and the traces use. */
        public String label() { return label; }
    }

    /** A read, or a write (the kernel's stores here are read-modify-writes). */
    public enum Kind {
        READS("reads"), WRITES("writes");

        private final String label;

        Kind(String label) { this.label = label; }

        public String label() { return label; }
    }

    /** The lock held at the access. */
    public enum Lock {
        NONE("none"), PCPU_LOCK("pcpu_lock"), PCPU_ALLOC_MUTEX("pcpu_alloc_mutex, then pcpu_lock");

        private final String label;

        Lock(String label) { this.label = label; }

        public String label() { return label; }
    }

    /**
     * How often, per operation of the role (a reader's operation is one {@code pcpu_chunk_addr()}, an allocator's
     * one allocation or one free). Some rates follow the occupancy of the allocator's pages: at {@code live=N}
     * (N areas allocated one after another into an empty block, then freed in order) a block turns used once and
     * empty once per 2N steps.
     */
    public enum Rate {
        EVERY_OPERATION("every operation", true),
        EVERY_ALLOC("every alloc", true),
        EVERY_FREE("every free", true),
        /** {@code pcpu_chunk_relocate()} moves the chunk's list entry only when its slot changes. */
        ON_SLOT_CHANGE("when the chunk changes slot (occupancy: 2 of 2N steps at live=N)", true),
        /** {@code pcpu_update_empty_pages()} from the hint updates: a block (a page) turns empty or stops being empty. */
        ON_EMPTY_BLOCK_TRANSITION("on an empty-block transition (occupancy: 2 of 2N steps at live=N)", true),
        /**
         * free_percpu()'s balance check on a free that leaves the chunk entirely free ({@code free_bytes ==
         * pcpu_unit_size}): the walk of the free slot's list. The model's one chunk empties once per 2N steps.
         */
        ON_FREE_EMPTYING_CHUNK("on a free that leaves the chunk entirely free (occupancy: 1 of 2N steps at live=N)",
                true),
        /** free_percpu()'s balance check on any other free: {@code pcpu_should_reclaim_chunk()}. */
        ON_FREE_LEAVING_CHUNK_IN_USE("on a free that leaves the chunk in use (occupancy: N-1 of 2N steps at live=N)",
                true),
        /** Balance work and first-time population, not the alloc/free steps the benchmarks time. */
        ON_POPULATE("on populate/depopulate (pages stay populated here)", false),
        AT_CREATION("when the chunk is created or its pages mapped", false);

        private final String label;
        private final boolean allocFreePath;

        Rate(String label, boolean allocFreePath) {
            this.label = label;
            this.allocFreePath = allocFreePath;
        }

        public String label() { return label; }

        /** True for the rates of the alloc/free steps themselves (what the guard protects the readers from). */
        public boolean onAllocFreePath() { return allocFreePath; }

        /**
         * This rate as a roles-file fraction at occupancy {@code live} (see the enum), or null for an access that is
         * not on the alloc/free steps; "1" is written as nothing.
         */
        public String rolesFraction(int live) {
            switch (this) {
                case EVERY_OPERATION: return "";
                case EVERY_ALLOC:
                case EVERY_FREE: return "1/2";
                case ON_SLOT_CHANGE:
                case ON_EMPTY_BLOCK_TRANSITION: return live == 1 ? "" : "1/" + live;
                case ON_FREE_EMPTYING_CHUNK: return "1/" + 2 * live;
                case ON_FREE_LEAVING_CHUNK_IN_USE: return live == 1 ? null : (live - 1) + "/" + 2 * live;  // live=1: never
                default: return null;
            }
        }
    }

    /** One row of the table: a member (a dotted path for a nested one), who, how, where, under what, how often. */
    public static final class Access {
        public final String member;
        public final Role role;
        public final Kind kind;
        public final String functions;
        public final Lock lock;
        public final Rate rate;

        Access(String member, Role role, Kind kind, String functions, Lock lock, Rate rate) {
            this.member = member;
            this.role = role;
            this.kind = kind;
            this.functions = functions;
            this.lock = lock;
            this.rate = rate;
        }
    }

    private static final List<Access> TABLE = table();

    private PcpuChunkAccess() {}

    private static List<Access> table() {
        List<Access> t = new ArrayList<>();
        Role a = Role.ALLOCATOR;
        t.add(new Access("nr_alloc", a, Kind.WRITES, "pcpu_stats_area_alloc() from pcpu_alloc(), pcpu_stats_area_dealloc()"
                + " from pcpu_free_area() (CONFIG_PERCPU_STATS)", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        t.add(new Access("max_alloc_size", a, Kind.WRITES, "pcpu_stats_area_alloc() (CONFIG_PERCPU_STATS)",
                Lock.PCPU_LOCK, Rate.EVERY_ALLOC));
        t.add(new Access("list", a, Kind.WRITES, "pcpu_chunk_relocate() -> __pcpu_chunk_move() (list_move) from"
                + " pcpu_alloc_area()/pcpu_free_area()", Lock.PCPU_LOCK, Rate.ON_SLOT_CHANGE));
        t.add(new Access("list", a, Kind.READS, "pcpu_alloc(): list_for_each_entry_safe() over pcpu_chunk_lists[slot]",
                Lock.PCPU_LOCK, Rate.EVERY_ALLOC));
        t.add(new Access("list", a, Kind.READS, "free_percpu(): list_for_each_entry() over"
                + " pcpu_chunk_lists[pcpu_free_slot] (free_bytes == pcpu_unit_size)", Lock.PCPU_LOCK,
                Rate.ON_FREE_EMPTYING_CHUNK));
        t.add(new Access("free_bytes", a, Kind.WRITES, "pcpu_alloc_area()/pcpu_free_area(); read by pcpu_chunk_slot()"
                + " and free_percpu()", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        for (String hint : PcpuChunkLayouts.CHUNK_MD_HINTS) {
            t.add(new Access(hint, a, Kind.WRITES, "pcpu_alloc_area()/pcpu_free_area() (first_free),"
                    + " pcpu_block_update_hint_alloc()/_free() -> pcpu_chunk_refresh_hint()/pcpu_block_update()",
                    Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        }
        t.add(new Access("chunk_md.nr_bits", a, Kind.READS, "pcpu_block_update() on &chunk->chunk_md; set by"
                + " pcpu_init_md_blocks()", Lock.PCPU_LOCK, Rate.EVERY_FREE));
        t.add(new Access("bound_map", a, Kind.READS, "pcpu_alloc_area() (set_bit), pcpu_free_area() (test_bit,"
                + " find_next_bit): the bitmap lives elsewhere", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        t.add(new Access(PcpuChunkLayouts.BASE_ADDR, Role.READER, Kind.READS, "pcpu_chunk_addr() (pcpu_alloc()'s"
                + " memset per possible CPU, percpu-vm.c's map/unmap/flush)", Lock.NONE, Rate.EVERY_OPERATION));
        t.add(new Access(PcpuChunkLayouts.BASE_ADDR, a, Kind.READS, "free_percpu() (off = addr - base_addr: before"
                + " pcpu_lock since 2026, under it in v6.4/v6.5), pcpu_alloc() (__addr_to_pcpu_ptr)",
                Lock.NONE, Rate.EVERY_OPERATION));
        t.add(new Access("alloc_map", a, Kind.READS, "pcpu_find_zero_area(), bitmap_set()/bitmap_clear(),"
                + " pcpu_index_alloc_map(): the bitmap lives elsewhere", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        t.add(new Access("md_blocks", a, Kind.READS, "pcpu_block_update_hint_alloc()/_free(),"
                + " pcpu_next_fit_region(): the block metadata lives elsewhere", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        t.add(new Access("data", a, Kind.READS, "percpu-vm.c: pcpu_create_chunk()/pcpu_destroy_chunk() (the vm areas)",
                Lock.PCPU_ALLOC_MUTEX, Rate.AT_CREATION));
        t.add(new Access("immutable", a, Kind.READS, "pcpu_alloc() WARN_ON while populating, pcpu_balance_free()",
                Lock.PCPU_ALLOC_MUTEX, Rate.ON_POPULATE));
        t.add(new Access("isolated", a, Kind.READS, "pcpu_chunk_relocate(), pcpu_update_empty_pages(), free_percpu(),"
                + " pcpu_should_reclaim_chunk()", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        t.add(new Access("start_offset", a, Kind.READS, "pcpu_addr_in_chunk() from pcpu_chunk_addr_search() (the first"
                + " chunk's), pcpu_alloc_first_chunk()", Lock.NONE, Rate.AT_CREATION));
        t.add(new Access("end_offset", a, Kind.READS, "pcpu_addr_in_chunk() (the first chunk's),"
                + " pcpu_alloc_first_chunk()", Lock.NONE, Rate.AT_CREATION));
        t.add(new Access(PcpuChunkLayouts.OBJ_CGROUPS, a, Kind.READS, "pcpu_memcg_free_hook() from free_percpu()"
                + " (v6.4/v6.5, CONFIG_MEMCG_KMEM)", Lock.PCPU_LOCK, Rate.EVERY_FREE));
        t.add(new Access(PcpuChunkLayouts.OBJ_CGROUPS, a, Kind.READS, "pcpu_memcg_post_alloc_hook() after pcpu_lock,"
                + " for an accounted allocation (GFP_KERNEL_ACCOUNT, as mm_init()'s)", Lock.NONE, Rate.EVERY_ALLOC));
        t.add(new Access(PcpuChunkLayouts.OBJ_EXTS, a, Kind.READS, "pcpu_memcg_free_hook(), pcpu_alloc_tag_free_hook()"
                + " from free_percpu() (NEED_PCPUOBJ_EXT)", Lock.PCPU_LOCK, Rate.EVERY_FREE));
        t.add(new Access(PcpuChunkLayouts.OBJ_EXTS, a, Kind.READS, "pcpu_memcg_post_alloc_hook() after pcpu_lock,"
                + " for an accounted allocation (GFP_KERNEL_ACCOUNT, as mm_init()'s)", Lock.NONE, Rate.EVERY_ALLOC));
        t.add(new Access("nr_pages", a, Kind.READS, "pcpu_chunk_map_bits() in pcpu_alloc_area()/pcpu_free_area()/"
                + "pcpu_find_block_fit()", Lock.PCPU_LOCK, Rate.EVERY_OPERATION));
        t.add(new Access("nr_populated", a, Kind.WRITES, "pcpu_chunk_populated()/pcpu_chunk_depopulated()",
                Lock.PCPU_LOCK, Rate.ON_POPULATE));
        t.add(new Access(PcpuChunkLayouts.NR_EMPTY_POP_PAGES, a, Kind.WRITES, "pcpu_update_empty_pages() from"
                + " pcpu_block_update_hint_alloc() (a block whose contig_hint was PCPU_BITMAP_BLOCK_BITS) and"
                + " pcpu_block_update_hint_free() (a block left entirely free)", Lock.PCPU_LOCK,
                Rate.ON_EMPTY_BLOCK_TRANSITION));
        t.add(new Access(PcpuChunkLayouts.NR_EMPTY_POP_PAGES, a, Kind.READS, "pcpu_should_reclaim_chunk() from"
                + " free_percpu() (a free that leaves the chunk in use)", Lock.PCPU_LOCK,
                Rate.ON_FREE_LEAVING_CHUNK_IN_USE));
        t.add(new Access(PcpuChunkLayouts.NR_EMPTY_POP_PAGES, a, Kind.WRITES, "pcpu_chunk_populated()/"
                + "pcpu_chunk_depopulated() -> pcpu_update_empty_pages()", Lock.PCPU_LOCK, Rate.ON_POPULATE));
        t.add(new Access("populated", a, Kind.READS, "pcpu_alloc(): for_each_clear_bitrange_from(chunk->populated)"
                + " after pcpu_lock, for a non-atomic allocation", Lock.NONE, Rate.EVERY_ALLOC));
        return Collections.unmodifiableList(t);
    }

    /** Every row, in the struct's member order of v6.5 (the stats counters first). */
    public static List<Access> rows() {
        return TABLE;
    }

    /** The rows whose member {@code layout} has. */
    public static List<Access> rows(StructLayout layout) {
        List<Access> out = new ArrayList<>();
        for (Access r : TABLE) {
            if (has(layout, r.member)) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * The members the allocator writes on the alloc/free steps themselves, in {@code layout}'s member order: what
     * must not share a line with {@code base_addr}, whatever they are called.
     */
    public static List<String> writtenOnAllocFreePath(StructLayout layout) {
        Set<String> out = new LinkedHashSet<>();
        for (StructLayout.Member m : leaves(layout)) {
            for (Access r : TABLE) {
                if (r.role == Role.ALLOCATOR && r.kind == Kind.WRITES && r.rate.onAllocFreePath()
                        && covers(r.member, m.name())) {
                    out.add(m.name());
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The members the allocator writes on every alloc or every free, whatever the occupancy, in {@code layout}'s
     * member order (a subset of {@link #writtenOnAllocFreePath}).
     */
    public static List<String> writtenEveryStep(StructLayout layout) {
        Set<String> out = new LinkedHashSet<>();
        for (StructLayout.Member m : leaves(layout)) {
            for (Access r : TABLE) {
                if (r.role == Role.ALLOCATOR && r.kind == Kind.WRITES && covers(r.member, m.name())
                        && (r.rate == Rate.EVERY_OPERATION || r.rate == Rate.EVERY_ALLOC || r.rate == Rate.EVERY_FREE)) {
                    out.add(m.name());
                }
            }
        }
        return List.copyOf(out);
    }

    /** The rate of the alloc/free-path write of {@code member}, for messages; null when it is not written there. */
    public static Rate writeRate(String member) {
        for (Access r : TABLE) {
            if (r.role == Role.ALLOCATOR && r.kind == Kind.WRITES && r.rate.onAllocFreePath() && covers(r.member, member)) {
                return r.rate;
            }
        }
        return null;
    }

    /**
     * The roles file for the struct tool ({@code ROLE reads|writes MEMBER... [RATE]}, docs/struct.md) for
     * {@code layout}: one line per row on the alloc/free steps, at occupancy {@code live}.
     */
    public static String rolesFile(StructLayout layout, int live, String header) {
        StringBuilder sb = new StringBuilder(header);
        for (Access r : rows(layout)) {
            String fraction = r.rate.rolesFraction(live);
            if (fraction == null) {
                continue;
            }
            sb.append(r.role.label()).append(' ').append(r.kind.label()).append(' ').append(r.member);
            if (!fraction.isEmpty()) {
                sb.append(' ').append(fraction);
            }
            sb.append("   # ").append(r.rate.label()).append('\n');
        }
        return sb.toString();
    }

    /** The table as docs/pcpu-chunk-access.md has it (a markdown table, net_cachelines style). */
    public static String markdownTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("| member | role | access | mm/percpu.c | lock | how often |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (Access r : TABLE) {
            sb.append("| `").append(r.member).append("` | ").append(r.role.label()).append(" | ").append(r.kind.label())
                    .append(" | ").append(r.functions).append(" | ").append(r.lock.label()).append(" | ")
                    .append(r.rate.label()).append(" |\n");
        }
        return sb.toString();
    }

    /** True when the row for {@code rowMember} covers the leaf {@code leaf} ("list" covers "list.next"). */
    private static boolean covers(String rowMember, String leaf) {
        return leaf.equals(rowMember) || leaf.startsWith(rowMember + ".");
    }

    private static boolean has(StructLayout layout, String path) {
        for (StructLayout.Member m : leaves(layout)) {
            if (covers(path, m.name())) {
                return true;
            }
        }
        return false;
    }

    /** Every member as a dotted path, nested structs' members instead of the struct ("list.next", not "list"). */
    private static List<StructLayout.Member> leaves(StructLayout layout) {
        List<StructLayout.Member> out = new ArrayList<>();
        for (StructLayout.Member m : layout.members()) {
            if (m.type().isStruct() && !m.type().isArray()) {
                for (StructLayout.Member n : m.type().struct().members()) {
                    out.add(layout.member(m.name() + "." + n.name()));
                }
            } else {
                out.add(m);
            }
        }
        return out;
    }
}
