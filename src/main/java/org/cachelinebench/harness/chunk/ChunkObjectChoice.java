package org.cachelinebench.harness.chunk;

import java.util.List;
import java.util.function.IntPredicate;

import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.harness.MovedDuringIteration;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.PcpuChunkFields;

/**
 * Which instance of a pool of Java {@code pcpu_chunk} objects a benchmark measures, from the live addresses, and
 * whether a move by a GC kept it what it was chosen for; the rule of ChunkObjectFalseSharing and
 * ChunkObjectInterleaved, written once. An unpadded instance must really put {@code baseAddr} on a line with a
 * field the allocator writes on the alloc/free path (the access table's writers,
 * {@link ChunkObjects#WRITTEN_UNDER_LOCK}); a fixed one ({@link ChunkObjects.Variant#separates}) must not, and one
 * that does is a {@link LayoutCheck} failure, the regression the gate exists for. Why: docs/pcpu-chunk.md.
 */
public final class ChunkObjectChoice {
    private ChunkObjectChoice() {}

    /** The chosen instance and its address when chosen. */
    public record Choice(int index, long address) {}

    /**
     * The first instance of {@code pool} that fits {@code variant} and that {@code eligible} accepts (by index).
     * Throws {@link LayoutCheck#failed} naming the fields when any instance of a fixed variant shares a line, else an
     * {@link IllegalStateException} listing every instance when none fits; {@code label} names the side in both.
     */
    public static Choice choose(String label, ChunkObjects.Variant variant, PcpuChunkFields[] pool, int line,
                                IntPredicate eligible) {
        StringBuilder seen = new StringBuilder();
        Choice chosen = null;
        for (int i = 0; i < pool.length; i++) {
            PcpuChunkFields candidate = pool[i];
            long address = HeapAddresses.addressOf(candidate);
            List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(candidate.getClass(), address, line);
            seen.append(String.format("%n#   0x%x (%d into a line): %s", address, address % line,
                    shared.isEmpty() ? "baseAddr alone" : "baseAddr with " + String.join(", ", shared)));
            if (variant.separates() && !shared.isEmpty()) {
                throw LayoutCheck.failed(String.format("%s: baseAddr shares a %d-byte line with %s in the"
                        + " instance at 0x%x (field offsets: %s); the padding does not separate them", label, line,
                        String.join(", ", shared), address, ChunkObjects.describeOffsets(candidate.getClass()),
                        variant == ChunkObjects.Variant.CONTENDED ? " (is -XX:-RestrictContended missing?)" : ""));
            }
            if (chosen == null && variant.separates() == shared.isEmpty() && eligible.test(i)) {
                chosen = new Choice(i, address);
            }
        }
        if (chosen == null) {
            throw new IllegalStateException(String.format("%s: none of %d instances has baseAddr on a %d-byte line"
                    + " with a field the allocator writes (field offsets: %s); instances:%s", label, pool.length, line,
                    ChunkObjects.describeOffsets(variant.type()), seen));
        }
        return chosen;
    }

    /** Where the chosen instance lies and what baseAddr's line holds, for the fork's output. */
    public static String describe(PcpuChunkFields chunk, long address, int line) {
        List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(chunk.getClass(), address, line);
        return String.format("%s at 0x%x, %d into a %d-byte line: baseAddr %s; gap written..baseAddr %d bytes",
                chunk.getClass().getSimpleName(), address, address % line, line,
                shared.isEmpty() ? "on no line with a written field" : "shares its line with " + String.join(", ", shared),
                ChunkObjects.gapWrittenToBaseAddr(chunk.getClass()));
    }

    /**
     * After an iteration in which the measured {@code chunk} moved from {@code from} to {@code to}: it was measured
     * at two addresses, and the iteration counts only if both fit the variant. Returns the note saying so; throws
     * {@link LayoutCheck#failed} when a fixed variant now shares a line, else an {@link IllegalStateException} when
     * the relation changed.
     */
    public static String moved(String label, ChunkObjects.Variant variant, PcpuChunkFields chunk, long from, long to,
                               int line) {
        List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(chunk.getClass(), to, line);
        if (variant.separates() && !shared.isEmpty()) {
            throw LayoutCheck.failed(String.format("%s: the measured %s moved from 0x%x to 0x%x during the iteration,"
                            + " where baseAddr shares its line with %s; the padding does not separate them", label,
                    chunk.getClass().getSimpleName(), from, to, String.join(", ", shared)));
        }
        if (variant.separates() != shared.isEmpty()) {
            throw new MovedDuringIteration(String.format("%s: the measured %s moved from 0x%x to 0x%x during the"
                            + " iteration, where baseAddr shares no line with a written field: the iteration did not"
                            + " measure what it claims", label, chunk.getClass().getSimpleName(), from, to));
        }
        return String.format("# %s: the measured object moved from 0x%x to 0x%x during the iteration; baseAddr's line"
                + " relation is the same at both%n", label, from, to);
    }
}
