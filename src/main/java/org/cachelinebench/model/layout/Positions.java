package org.cachelinebench.model.layout;

/**
 * Where a holder's fields are, and the accesses at them: the one idiom of the holders whose memory may be raw or a
 * recording one (the {@code pcpu_chunk}'s members, the allocator's metadata, {@code pcpu_lock}). A holder keeps
 * {@link #of}(memory) and {@link #origin}(memory) and reaches a field at origin + offset. On raw memory a position is
 * an absolute address and an access is one instruction there; on any other memory it is an index, and the access
 * goes through the memory (a recording memory records it), so the tests trace the same code the benchmarks time.
 *
 * <p>Why: the JIT loads every field again after a lock, release or volatile access (the allocator's step has four);
 * through a memory object each reload was the object, a class check and its address before the access itself. The
 * two kinds are two classes, and only a holder on a memory other than raw loads the second, so in a benchmark's fork
 * the JIT binds every access to the raw one without a test (class hierarchy analysis), and each costs few enough
 * bytecodes for the allocator's step to stay inside the JIT's inlining budget with the schedule's check after it.
 */
public abstract class Positions {
    Positions() {}

    /** The positions of {@code memory}'s bytes: absolute addresses on raw memory, else indexes. */
    public static Positions of(Memory memory) {
        return memory instanceof RawMemory ? RawMemory.POSITIONS : IndexedPositions.on(memory);
    }

    /** Where byte 0 of {@code memory} is: its absolute address on raw memory, else 0. */
    public static long origin(Memory memory) {
        return memory instanceof RawMemory r ? r.address() : 0;
    }

    public abstract long getLong(long at);

    public abstract void setLong(long at, long v);

    public abstract int getInt(long at);

    public abstract void setInt(long at, int v);

    /** As {@link Memory#getIntOpaque}. */
    public abstract int getIntOpaque(long at);

    public abstract void setIntRelease(long at, int v);

    public abstract boolean compareAndSetInt(long at, int expect, int update);
}
