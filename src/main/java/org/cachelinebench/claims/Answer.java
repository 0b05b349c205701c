package org.cachelinebench.claims;

import java.util.List;

import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.harness.chunk.ChunkSides;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;

/**
 * The answer the jar's default run prints: its profile and the rows of its closing table, one headline comparison
 * each, every one interleaved (both sides in one fork's schedule, so the machine's drift cannot make the ratio) and
 * read against the A/A control of its own set. Data only; {@code runner.AnswerTable} prints it.
 */
public final class Answer {
    private Answer() {}

    /**
     * The occupancy of the row for nr_empty_pop_pages in base_addr's line: the gated pcpu set's, so that the two
     * pcpu rows share how often the allocator writes that member.
     */
    static final int REORDER_LIVE = Integer.parseInt(ChunkSets.CI_LIVE);

    /**
     * The default run: the six interleaved sets of the headline comparisons, at most 12 rounds (even, so that a
     * linear drift cancels; the runner stops after 8 once the gated claims among them are decided), each fork
     * 1x500ms warmup + 2x500ms measurement: six forks of about 2.5 s a round, inside the 5 minutes the budget allows.
     */
    public static final Profile PROFILE = new Profile("default", List.of(Suite.FLOOR_SET, MailboxSets.MAILBOX_SET,
            MailboxSets.OBJECT_MAILBOX_SET, ChunkSets.CHUNK_INTERLEAVED_SET, ChunkSets.CHUNK_OBJECT_INTERLEAVED_SET,
            ChunkSets.emptyPagesSet(REORDER_LIVE)), 12, new IterationSpec(1, 500), new IterationSpec(2, 500), 300, 1.0);

    /**
     * One row: a comparison and the A/A control it is read against.
     *
     * @param label   what a person reads: "subject / reference" and where
     * @param claim   the comparison's id ({@link Claim#id()})
     * @param control the id of its set's A/A control
     */
    public record Row(String label, String claim, String control) {}

    public static final List<Row> ROWS = List.of(
            new Row("pcpu_chunk readers: v6.4-rc4 / v6.5-merged",
                    chunk(ChunkSets.CHUNK_INTERLEAVED_SET, ChunkSides.V6_4_RC4),
                    chunk(ChunkSets.CHUNK_INTERLEAVED_SET, ChunkSides.V6_5_MERGED_AGAIN)),
            new Row("pcpu_chunk readers, nr_empty_pop_pages in base_addr's line (live=" + REORDER_LIVE
                    + ") / v6.5-merged",
                    chunk(ChunkSets.emptyPagesSet(REORDER_LIVE), ChunkSides.SAVE_MEMORY),
                    chunk(ChunkSets.emptyPagesSet(REORDER_LIVE), ChunkSides.V6_5_MERGED_AGAIN)),
            new Row("Java object readers: unpadded / padded",
                    object(ChunkObjectSides.UNPADDED, ChunkObjectSides.PADDED),
                    object(ChunkObjectSides.PADDED_AGAIN, ChunkObjectSides.PADDED)),
            new Row("Java object readers: unpadded / @Contended",
                    object(ChunkObjectSides.UNPADDED, ChunkObjectSides.CONTENDED),
                    object(ChunkObjectSides.PADDED_AGAIN, ChunkObjectSides.PADDED)),
            new Row("csd, kernel protocol: straddled / line-aligned",
                    sides(Suite.FLOOR_SET, CsdSides.STRADDLED, CsdSides.LINE_ALIGNED),
                    sides(Suite.FLOOR_SET, CsdSides.LINE_ALIGNED_AGAIN, CsdSides.LINE_ALIGNED)),
            new Row("csd, kernel protocol: size-aligned (mainline) / line-aligned",
                    sides(Suite.FLOOR_SET, CsdSides.SIZE_ALIGNED, CsdSides.LINE_ALIGNED),
                    sides(Suite.FLOOR_SET, CsdSides.LINE_ALIGNED_AGAIN, CsdSides.LINE_ALIGNED)),
            new Row("flag mailbox, off-heap: straddled / line-aligned",
                    sides(MailboxSets.MAILBOX_SET, CsdSides.STRADDLED, CsdSides.LINE_ALIGNED),
                    sides(MailboxSets.MAILBOX_SET, CsdSides.LINE_ALIGNED_AGAIN, CsdSides.LINE_ALIGNED)),
            new Row("flag mailbox, Java object: straddled / one-line",
                    sides(MailboxSets.OBJECT_MAILBOX_SET, ObjectMailboxSides.STRADDLED, ObjectMailboxSides.ONE_LINE),
                    sides(MailboxSets.OBJECT_MAILBOX_SET, ObjectMailboxSides.ONE_LINE_AGAIN,
                            ObjectMailboxSides.ONE_LINE)));

    private static String chunk(String set, String subject) {
        return Claim.interleaved(set, Suite.INTERLEAVED_VARIANT, ChunkSides.READER, subject, ChunkSides.V6_5_MERGED,
                Expect.info(Expect.Direction.SLOWER), "").id();
    }

    private static String object(String subject, String reference) {
        return Claim.interleaved(ChunkSets.CHUNK_OBJECT_INTERLEAVED_SET, Suite.INTERLEAVED_VARIANT, ChunkSides.READER,
                subject, reference, Expect.info(Expect.Direction.SLOWER), "").id();
    }

    private static String sides(String set, String subject, String reference) {
        return Claim.interleaved(set, Suite.INTERLEAVED_VARIANT, subject, reference,
                Expect.info(Expect.Direction.SLOWER), "").id();
    }
}
