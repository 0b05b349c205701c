package org.cachelinebench.claims;

import static org.cachelinebench.claims.Expect.Direction.SIMILAR;
import static org.cachelinebench.claims.Expect.Direction.SLOWER;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.benchmarks.ChunkEmptyPagesInterleaved;
import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.harness.chunk.PercpuParams;

/**
 * The interleaved {@code pcpu_chunk} set: the "chunk" set's claims with every layout a side of one
 * ChunkInterleaved fork ({@link ChunkSides}), so that a neighbour coming and going between forks moves no side
 * alone; and the "chunk-object" set's the same way, every Java class a side of one ChunkObjectInterleaved fork
 * ({@link ChunkObjectSides}). In both, the reader's slowdown gates in profile ci, against the A/A control in the
 * same forks; the allocator's is reported. And the empty-pages sets, one per occupancy ({@link #EMPTY_PAGES_LIVE}), each a
 * ChunkEmptyPagesInterleaved fork at {@code -p live=N}: informational reader claims only. Data only; {@link Suite} lists them among its sets and claims.
 */
public final class ChunkSets {
    private ChunkSets() {}

    static final String INTERLEAVED = ChunkInterleaved.class.getName() + ".chunk";
    public static final String CHUNK_INTERLEAVED_SET = "chunk-interleaved";

    /**
     * The allocator's occupancy in the gated pcpu set: nr_empty_pop_pages written on 1 of 8 steps, so that a layout
     * putting base_addr in that member's line shows as a partial revert (effect toward the A/A, still apart from it)
     * rather than a full one; the layouts of the classic sides keep that member off base_addr's line either way.
     */
    static final String CI_LIVE = "8";

    static final ComparisonSet CHUNK_INTERLEAVED = new ComparisonSet(CHUNK_INTERLEAVED_SET,
            "pcpu_chunk off-heap mirror, every layout a side of one schedule: base_addr reader vs allocator, live="
                    + CI_LIVE + " (ChunkInterleaved)",
            List.of(new Variant(Suite.INTERLEAVED_VARIANT, INTERLEAVED, Map.of(PercpuParams.LIVE, CI_LIVE))));

    static final String OBJECT_INTERLEAVED = ChunkObjectInterleaved.class.getName() + ".chunk";
    public static final String CHUNK_OBJECT_INTERLEAVED_SET = "chunk-object-interleaved";

    static final ComparisonSet CHUNK_OBJECT_INTERLEAVED = interleavedSet(CHUNK_OBJECT_INTERLEAVED_SET,
            "pcpu_chunk as Java objects, every class a side of one schedule: baseAddr reader vs allocator"
                    + " (ChunkObjectInterleaved)", OBJECT_INTERLEAVED);

    static final String INTERLEAVED_EMPTY_PAGES = ChunkEmptyPagesInterleaved.class.getName() + ".chunk";
    /** The occupancies the empty-pages sets run at: nr_empty_pop_pages written on every step, 1/8, 1/64, 1/512. */
    public static final List<Integer> EMPTY_PAGES_LIVE = List.of(1, 8, 64, 512);
    /** The empty-pages sets by occupancy, in {@link #EMPTY_PAGES_LIVE}'s order: chunk-empty-pages-live1, ... */
    public static final List<String> EMPTY_PAGES_SETS = EMPTY_PAGES_LIVE.stream().map(ChunkSets::emptyPagesSet)
            .toList();

    static final List<ComparisonSet> EMPTY_PAGES = EMPTY_PAGES_LIVE.stream().map(live -> new ComparisonSet(
            emptyPagesSet(live),
            "pcpu_chunk off-heap mirror, the save-memory orders and v6.5-merged sides of one schedule, live=" + live
                    + ": base_addr reader vs allocator (ChunkEmptyPagesInterleaved)",
            List.of(new Variant(Suite.INTERLEAVED_VARIANT, INTERLEAVED_EMPTY_PAGES,
                    Map.of(PercpuParams.LIVE, Integer.toString(live)))))).toList();

    /** "chunk-empty-pages-live8". */
    public static String emptyPagesSet(int live) {
        return "chunk-empty-pages-live" + live;
    }

    /** A set of one interleaved variant: the benchmark's one fork measures every side. */
    private static ComparisonSet interleavedSet(String id, String title, String benchmark) {
        return new ComparisonSet(id, title, List.of(new Variant(Suite.INTERLEAVED_VARIANT, benchmark, Map.of())));
    }

    static final List<Claim> CLAIMS = claims();

    private static List<Claim> claims() {
        List<Claim> c = new ArrayList<>();
        for (String fixed : List.of(ChunkSides.V2_REORDER, ChunkSides.V6_5_MERGED)) {
            c.add(side(ChunkSides.READER, ChunkSides.V6_4_RC4, fixed, Expect.slower(),
                    "base_addr readers are slower while base_addr shares a line with free_bytes/chunk_md (" + fixed
                            + " moves it off), measured in the same schedule"));
            c.add(side(ChunkSides.ALLOCATOR, ChunkSides.V6_4_RC4, fixed, Expect.info(SLOWER),
                    "the allocator read-modify-writes free_bytes, so with v6.4-rc4 it must take the line back from"
                            + " the reader every time (" + fixed + " spares it), measured in the same schedule"));
        }
        c.add(side(ChunkSides.READER, ChunkSides.V2_REORDER, ChunkSides.V6_5_MERGED, Expect.same(),
                "base_addr readers cost the same with either fix (both keep base_addr's line free of written"
                        + " members): a layout that lets a member written at a lower rate back into that line, on"
                        + " either side, shows here while the v6.4-rc4 claims still hold"));
        c.add(side(ChunkSides.READER, ChunkSides.V6_5_MERGED_AGAIN, ChunkSides.V6_5_MERGED, Expect.aa(),
                "A/A control: v6.5-merged as a side of its own; its distance from 1 is the interleaved design's own"
                        + " bias"));
        for (String fixed : List.of(ChunkObjectSides.PADDED, ChunkObjectSides.CONTENDED)) {
            c.add(objectSide(ChunkSides.READER, ChunkObjectSides.UNPADDED, fixed, Expect.slower(),
                    "baseAddr readers are slower while the JVM's layout puts baseAddr on a line with freeBytes/chunkMd*"
                            + " (" + fixed + " keeps it off), measured in the same schedule"));
            c.add(objectSide(ChunkSides.ALLOCATOR, ChunkObjectSides.UNPADDED, fixed, Expect.info(SLOWER),
                    "the allocator must take the line back from the readers after each of their loads (" + fixed
                            + " spares it), measured in the same schedule"));
        }
        c.add(objectSide(ChunkSides.READER, ChunkObjectSides.PADDED_AGAIN, ChunkObjectSides.PADDED,
                Expect.aa(), "A/A control: another padded instance at the same place in its line, as a side"
                        + " of its own; its distance from 1 is the interleaved design's own bias"));
        for (String set : EMPTY_PAGES_SETS) {
            c.add(emptyPagesSide(set, ChunkSides.SAVE_MEMORY, Expect.info(SLOWER), "base_addr readers are slower while"
                    + " nr_empty_pop_pages, written on every empty-block transition, shares their line (the mm tree's"
                    + " 128-byte order), at the set's occupancy, measured in the same schedule"));
            c.add(emptyPagesSide(set, ChunkSides.SAVE_MEMORY_HOLE, Expect.info(SIMILAR), "the same 128-byte order with"
                    + " nr_empty_pop_pages in the hole after chunk_md keeps base_addr's line free of written members:"
                    + " readers as fast as v6.5-merged's"));
            c.add(emptyPagesSide(set, ChunkSides.V6_5_MERGED_AGAIN, Expect.info(SIMILAR), "A/A control: v6.5-merged"
                    + " as a side of its own; its distance from 1 is the interleaved design's own bias"));
        }
        return List.copyOf(c);
    }

    private static Claim emptyPagesSide(String set, String subject, Expect expect, String claim) {
        return Claim.interleaved(set, Suite.INTERLEAVED_VARIANT, ChunkSides.READER, subject, ChunkSides.V6_5_MERGED,
                expect, claim);
    }

    private static Claim objectSide(String role, String subject, String reference, Expect expect, String claim) {
        return Claim.interleaved(CHUNK_OBJECT_INTERLEAVED_SET, Suite.INTERLEAVED_VARIANT, role, subject, reference,
                expect, claim);
    }

    private static Claim side(String role, String subject, String reference, Expect expect, String claim) {
        return Claim.interleaved(CHUNK_INTERLEAVED_SET, Suite.INTERLEAVED_VARIANT, role, subject, reference, expect,
                claim);
    }
}
