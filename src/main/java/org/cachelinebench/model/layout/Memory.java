package org.cachelinebench.model.layout;

/**
 * The word accesses the kernel models make, by byte index and strength: what their protocol code is written
 * against, so that one copy of the code both runs the benchmarks and can be traced.
 *
 * <p>Three implementations: two off-heap ones, {@link LineAlignedMemory} (the IPI models, the struct tool's workload)
 * and {@link RawMemory} (the {@code pcpu_chunk} model), and the coherence package's recording memory, which only a
 * prediction loads. A benchmark JVM sees one concrete subclass (no benchmark runs both models), and the JIT binds
 * every call here to it by class hierarchy analysis: inlined, with no type check, exactly the code the protocols
 * compiled to when they named the concrete class. Each method keeps
 * its name's strength (plain, opaque, acquire, release, volatile, atomic), so the models' orderings are the
 * kernel's whichever memory runs them. Fields are naturally aligned, indices count bytes from byte 0.
 */
public abstract class Memory {
    /** Package-private: the recording memory extends {@link Traced}, nothing else may add an implementation. */
    Memory() {}

    /** The line size the memory is laid out for. */
    public abstract int lineSize();

    /** Bytes of memory. */
    public abstract int capacity();

    /** The address of byte {@code index} modulo {@code unit} (a power of two): real for off-heap memory. */
    public abstract int addressModulo(int index, int unit);

    /** Where {@code size} bytes at {@code offset} fall among the lines. */
    public final Placement place(int offset, int size) {
        return Placement.of(this, offset, size);
    }

    // ---- 8-byte fields --------------------------------------------------------------------------

    public abstract long getLong(int i);
    public abstract void setLong(int i, long v);
    public abstract long getLongOpaque(int i);
    public abstract long getLongAcquire(int i);
    public abstract void setLongRelease(int i, long v);
    public abstract long getLongVolatile(int i);
    public abstract void setLongVolatile(int i, long v);
    public abstract boolean compareAndSetLong(int i, long expect, long update);
    public abstract long compareAndExchangeLong(int i, long expect, long update);
    public abstract long getAndSetLong(int i, long v);

    // ---- 4-byte fields --------------------------------------------------------------------------

    public abstract int getInt(int i);
    public abstract void setInt(int i, int v);
    public abstract int getIntOpaque(int i);
    public abstract void setIntOpaque(int i, int v);
    public abstract int getIntAcquire(int i);
    public abstract void setIntRelease(int i, int v);
    public abstract int getIntVolatile(int i);
    public abstract boolean compareAndSetInt(int i, int expect, int update);

    /**
     * The base of a memory that is not off-heap: its "addresses" are its indices, byte 0 on a boundary of every
     * unit. Public for the coherence package's recording memory; a benchmark never loads a subclass of it.
     */
    public abstract static class Traced extends Memory {
        protected Traced() {}

        @Override
        public final int addressModulo(int index, int unit) {
            if (Integer.bitCount(unit) != 1) {
                throw new IllegalArgumentException("unit " + unit + " is not a power of two");
            }
            return index & (unit - 1);
        }
    }
}
