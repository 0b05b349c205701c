package org.cachelinebench.harness.chunk;

import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The areas a benchmark thread allocated in the {@code pcpu_chunk} and has not freed yet, oldest first, as the
 * percpu pointers {@code pcpu_alloc()} returned. The occupancy ({@link #occupy}, {@code -p live=N}) says how many:
 * the allocator allocates N areas one after another, then frees them in order, so its block turns used once and
 * empty once per 2N steps; N = 1 (the default) alternates one alloc and its free. An iteration may end anywhere in
 * between; the next one goes on from there.
 */
@State(Scope.Thread)
public class PendingArea {
    private long[] held = new long[1];
    private int first;
    private int count;
    private boolean freeing;

    /** Holds up to {@code live} areas from now on, none held. */
    public void occupy(int live) {
        held = new long[PercpuParams.checkLive(live)];
        clear();
    }

    /** The occupancy N. */
    public int live() { return held.length; }

    /** Areas held now. */
    public int held() { return count; }

    /** True when the next step frees the oldest area (N are held, or some of them were freed already). */
    public boolean freeing() { return freeing; }

    /** The oldest area held; only while {@link #held} is positive. */
    public long oldest() { return held[first]; }

    /** A new area, the newest held; at N held the allocator turns to freeing. Inlined into the step (PcpuChunkWorkload). */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void add(long ptr) {
        int i = first + count;
        held[i >= held.length ? i - held.length : i] = ptr;
        if (++count == held.length) {
            freeing = true;
        }
    }

    /** The oldest area was freed; with none left the allocator turns to allocating. Inlined into the step. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public void removeOldest() {
        if (++first == held.length) {
            first = 0;
        }
        if (--count == 0) {
            freeing = false;
        }
    }

    /** None held (the chunk was set up fresh). */
    public void clear() {
        first = 0;
        count = 0;
        freeing = false;
    }
}
