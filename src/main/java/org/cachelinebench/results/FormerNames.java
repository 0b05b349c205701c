package org.cachelinebench.results;

import java.util.regex.Pattern;

/**
 * The names that result files written before the suite's renames hold, read as the current ones, so that every
 * committed run (results/, the test fixtures) keeps its old text and is still read by the current claims: a
 * median's counter was {@code ...RatioSum}/{@code ...ExtraSum} (now {@code ...RatioMedian}/{@code ...ExtraMedian}),
 * the mm tree's "save memory" orders were {@code mm-2026-size}/{@code mm-2026-hole} ({@code save-memory},
 * {@code save-memory-hole}; counters {@code mm2026Size...}, now {@code saveMemory...}), their sets
 * {@code chunk-2026-liveN} ({@code chunk-empty-pages-liveN}) and their benchmark {@code Chunk2026Interleaved}
 * ({@code ChunkEmptyPagesInterleaved}). Rule: applied to a file's whole text before it is parsed; every former name
 * is a token no current name contains, so a current file reads unchanged.
 */
public final class FormerNames {
    private FormerNames() {}

    private static final Pattern RATIO = Pattern.compile("\\b(\\w+)RatioSum\\b");
    private static final Pattern EXTRA = Pattern.compile("\\b(\\w+)ExtraSum\\b");

    /** {@code text} with every former name replaced by the current one. */
    public static String current(String text) {
        String s = RATIO.matcher(text).replaceAll("$1RatioMedian");
        s = EXTRA.matcher(s).replaceAll("$1ExtraMedian");
        return s.replace("mm2026Size", "saveMemory").replace("mm2026Hole", "saveMemoryHole")
                .replace("mm-2026-size", "save-memory").replace("mm-2026-hole", "save-memory-hole")
                .replace("chunk-2026-live", "chunk-empty-pages-live")
                .replace("Chunk2026Interleaved", "ChunkEmptyPagesInterleaved");
    }
}
