package org.cachelinebench.claims;

import static org.cachelinebench.claims.Expect.Direction.SLOWER;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.benchmarks.ChunkInterleaved;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.harness.ChunkObjectSides;
import org.cachelinebench.harness.ChunkSides;

/**
 * The interleaved {@code pcpu_chunk} set: the "chunk" set's claims with every layout a side of one
 * ChunkInterleaved fork ({@link ChunkSides}), so that a neighbour coming and going between forks moves no side
 * alone; and the "chunk-object" set's the same way, every Java class a side of one ChunkObjectInterleaved fork
 * ({@link ChunkObjectSides}). In both, the reader's slowdown gates in profile ci, against the A/A control in the
 * same forks; the allocator's is reported. Data only; {@link Suite} lists them among its sets and claims.
 */
public final class ChunkSets {
    private ChunkSets() {}

    static final String INTERLEAVED = ChunkInterleaved.class.getName() + ".chunk";
    public static final String CHUNK_INTERLEAVED_SET = "chunk-interleaved";

    static final ComparisonSet CHUNK_INTERLEAVED = interleavedSet(CHUNK_INTERLEAVED_SET,
            "pcpu_chunk off-heap mirror, every layout a side of one schedule: base_addr reader vs allocator"
                    + " (ChunkInterleaved)", INTERLEAVED);

    static final String OBJECT_INTERLEAVED = ChunkObjectInterleaved.class.getName() + ".chunk";
    public static final String CHUNK_OBJECT_INTERLEAVED_SET = "chunk-object-interleaved";

    static final ComparisonSet CHUNK_OBJECT_INTERLEAVED = interleavedSet(CHUNK_OBJECT_INTERLEAVED_SET,
            "pcpu_chunk as Java objects, every class a side of one schedule: baseAddr reader vs allocator"
                    + " (ChunkObjectInterleaved)", OBJECT_INTERLEAVED);

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
        return List.copyOf(c);
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
