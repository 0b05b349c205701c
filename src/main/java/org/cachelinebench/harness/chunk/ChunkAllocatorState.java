package org.cachelinebench.harness.chunk;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/** The allocator thread's position in the interleaved {@code pcpu_chunk} schedule, as the JMH state its method takes. */
@State(Scope.Thread)
public class ChunkAllocatorState {
    public final ChunkAllocatorCursor cursor;

    /** For ChunkInterleaved's {@link ChunkSides}. */
    public ChunkAllocatorState() {
        this(ChunkSides.NAMES.size());
    }

    /** For a benchmark of {@code sides} sides (its own {@code @State} subclass). */
    protected ChunkAllocatorState(int sides) {
        cursor = new ChunkAllocatorCursor(sides);
    }

    /**
     * Each iteration starts the schedule from its first slice, as the reader's state does; in single-shot mode the
     * allocator follows the reader to its last batch ({@link ChunkReaderState#restart}).
     */
    @Setup(Level.Iteration)
    public void restart(BenchmarkParams params) {
        if (ChunkReaderState.fixedLength(params)) {
            cursor.resetFixedLength();
        } else {
            cursor.reset();
        }
    }
}
