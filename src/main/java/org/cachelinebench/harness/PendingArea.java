package org.cachelinebench.harness;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The area a benchmark thread allocated in the {@code pcpu_chunk} and has not freed yet, or none: the
 * allocators alternate allocate and free, and an iteration may end between the two.
 */
@State(Scope.Thread)
public class PendingArea {
    /** The area's bit offset in the chunk, or {@link #NONE}. */
    public int bitOff = NONE;

    public static final int NONE = -1;
}
