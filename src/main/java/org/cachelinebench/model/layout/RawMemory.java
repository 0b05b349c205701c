package org.cachelinebench.model.layout;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import sun.misc.Unsafe;

/**
 * Off-heap memory whose byte 0 sits on a cache-line boundary, accessed at its raw address: the {@link Memory} of the
 * {@code pcpu_chunk} model (the struct, {@code pcpu_lock} and the allocator's metadata), whose allocator makes some
 * sixty accesses a step. The suite's one use of {@code sun.misc.Unsafe}.
 *
 * <p>Why not {@link LineAlignedMemory}: its byte-buffer VarHandle checks the buffer on every access (address, limit,
 * read-only flag, memory scope, alignment), and after each lock, opaque or release access the JIT must load those
 * fields again. On the allocator's path that cost several times the kernel's own work, which diluted what the
 * benchmarks compare (the allocator's stores into {@code base_addr}'s line). Here an access is one instruction at
 * {@code address + index}.
 *
 * <p>Strengths, each as {@link Memory} names it: plain ({@code getLong}/{@code putLong}), release
 * ({@code putOrdered*}, which is {@code put*Release}), volatile, and the atomics ({@code compareAndSwap*},
 * {@code getAndSetLong}) are exact. {@code sun.misc.Unsafe} has no opaque or acquire load and no opaque store, so
 * those take the volatile load and the release store: at least as strong, and on x86-64 the same single {@code mov}
 * (no fence either way). {@code compareAndExchangeLong} is a {@code compareAndSwap} loop that returns a value it saw
 * after a failed swap: linearizable, only the IPI model calls it, on {@link LineAlignedMemory}.
 *
 * <p>Bounds: no access is checked, not even by an assertion, whose bytecode would count against the JIT's budget for
 * inlining the allocator's step whole. An access must lie inside {@code [0, capacity())}; all but the plain ones
 * naturally aligned (x86-64 loads and stores plain words at any byte). The callers check their offsets once, when
 * they are made: a struct's against the capacity ({@code OffHeapPcpuChunk}), a pointer's against the metadata
 * ({@code PcpuAllocatorMemory}). The memory is a direct buffer this object keeps, so it lives while this object does.
 * Its address is not trusted blindly: it must agree with the JDK's public {@code alignmentOffset}, and a value written
 * through the buffer must read back through the raw address.
 */
public final class RawMemory extends Memory {
    private static final Unsafe U;
    private static final long BUFFER_ADDRESS;

    static {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (Unsafe) f.get(null);
            BUFFER_ADDRESS = U.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ExceptionInInitializerError("no raw memory access on this JVM (" + e
                    + "); the pcpu_chunk model needs sun.misc.Unsafe");
        }
    }

    /** Keeps the memory allocated; never accessed after the checks. */
    private final ByteBuffer buffer;
    private final long address;
    private final int capacity;
    private final int lineSize;

    private RawMemory(ByteBuffer buffer, long address, int lineSize) {
        this.buffer = buffer;
        this.address = address;
        this.capacity = buffer.capacity();
        this.lineSize = lineSize;
    }

    /** {@code lines} whole lines of zeroed memory, starting on a {@code lineSize} boundary. */
    public static RawMemory allocate(int lines, int lineSize) {
        CacheLine.validate(Integer.toString(lineSize), "line size");
        if (lines < 1) {
            throw new IllegalArgumentException("need at least one line, not " + lines);
        }
        int bytes = Math.multiplyExact(lines, lineSize);
        ByteBuffer aligned = ByteBuffer.allocateDirect(bytes + lineSize).alignedSlice(lineSize).limit(bytes).slice()
                .order(ByteOrder.nativeOrder());
        RawMemory m = new RawMemory(aligned, U.getLong(aligned, BUFFER_ADDRESS), lineSize);
        m.check();
        return m;
    }

    /** {@code lines} lines of the machine's {@link CacheLine#SIZE}. */
    public static RawMemory allocate(int lines) {
        return allocate(lines, CacheLine.SIZE);
    }

    /** The raw address against the JDK's view of the same buffer: its alignment, and bytes written one way, read the other. */
    private void check() {
        int unit = 1 << 30;
        if ((address & (unit - 1)) != buffer.alignmentOffset(0, unit) || buffer.alignmentOffset(0, lineSize) != 0) {
            throw new IllegalStateException(String.format(
                    "raw address 0x%x disagrees with the JDK's alignmentOffset (%d mod 2^30, %d mod %d)",
                    address, buffer.alignmentOffset(0, unit), buffer.alignmentOffset(0, lineSize), lineSize));
        }
        for (int i : new int[] {0, capacity - Long.BYTES}) {
            long probe = 0x5a5a5a5a5a5a5a5aL ^ i;
            buffer.putLong(i, probe);
            long seen = U.getLongVolatile(null, address + i);
            buffer.putLong(i, 0L);
            if (seen != probe) {
                throw new IllegalStateException(String.format("raw address 0x%x does not reach byte %d", address, i));
            }
        }
    }

    @Override public int lineSize() { return lineSize; }
    @Override public int capacity() { return capacity; }

    /** The real address of byte {@code index}, modulo {@code unit} (a power of two). */
    @Override
    public int addressModulo(int index, int unit) {
        if (Integer.bitCount(unit) != 1) {
            throw new IllegalArgumentException("unit " + unit + " is not a power of two");
        }
        return (int) ((address + index) & (unit - 1));
    }

    /**
     * The absolute address of byte {@code index}, an 8-aligned long field, for a hot loop that loads it by
     * {@link #getLongVolatileAt} (no object in the way). Valid while this memory is reachable.
     */
    public long addressOfLong(int index) {
        if (index < 0 || index % Long.BYTES != 0 || index + Long.BYTES > capacity) {
            throw new IllegalArgumentException("no 8-aligned long at byte " + index + " of " + capacity);
        }
        return address + index;
    }

    /** A volatile load of 8 bytes at the absolute {@code address} from {@link #addressOfLong}. */
    public static long getLongVolatileAt(long address) {
        return U.getLongVolatile(null, address);
    }

    /** {@link Positions} on raw memory: a position is an absolute address (see {@link Positions#origin}). */
    static final Positions POSITIONS = new AbsolutePositions();

    private static final class AbsolutePositions extends Positions {
        @Override public long getLong(long at) { return U.getLong(null, at); }
        @Override public void setLong(long at, long v) { U.putLong(null, at, v); }
        @Override public int getInt(long at) { return U.getInt(null, at); }
        @Override public void setInt(long at, int v) { U.putInt(null, at, v); }
        // the volatile load: Unsafe has no opaque one (the class comment)
        @Override public int getIntOpaque(long at) { return U.getIntVolatile(null, at); }
        @Override public void setIntRelease(long at, int v) { U.putOrderedInt(null, at, v); }
        @Override public boolean compareAndSetInt(long at, int expect, int update) {
            return U.compareAndSwapInt(null, at, expect, update);
        }
    }

    /** The absolute address of byte 0. */
    long address() {
        return address;
    }

    // ---- 8-byte fields --------------------------------------------------------------------------

    @Override public long getLong(int i) { return U.getLong(null, address + i); }
    @Override public void setLong(int i, long v) { U.putLong(null, address + i, v); }
    @Override public long getLongOpaque(int i) { return U.getLongVolatile(null, address + i); }
    @Override public long getLongAcquire(int i) { return U.getLongVolatile(null, address + i); }
    @Override public void setLongRelease(int i, long v) { U.putOrderedLong(null, address + i, v); }
    @Override public long getLongVolatile(int i) { return U.getLongVolatile(null, address + i); }
    @Override public void setLongVolatile(int i, long v) { U.putLongVolatile(null, address + i, v); }
    @Override public boolean compareAndSetLong(int i, long expect, long update) {
        return U.compareAndSwapLong(null, address + i, expect, update);
    }
    @Override public long compareAndExchangeLong(int i, long expect, long update) {
        long a = address + i;
        while (!U.compareAndSwapLong(null, a, expect, update)) {
            long seen = U.getLongVolatile(null, a);
            if (seen != expect) {
                return seen;
            }
        }
        return expect;
    }
    @Override public long getAndSetLong(int i, long v) { return U.getAndSetLong(null, address + i, v); }

    // ---- 4-byte fields --------------------------------------------------------------------------

    @Override public int getInt(int i) { return U.getInt(null, address + i); }
    @Override public void setInt(int i, int v) { U.putInt(null, address + i, v); }
    @Override public int getIntOpaque(int i) { return U.getIntVolatile(null, address + i); }
    @Override public void setIntOpaque(int i, int v) { U.putOrderedInt(null, address + i, v); }
    @Override public int getIntAcquire(int i) { return U.getIntVolatile(null, address + i); }
    @Override public void setIntRelease(int i, int v) { U.putOrderedInt(null, address + i, v); }
    @Override public int getIntVolatile(int i) { return U.getIntVolatile(null, address + i); }
    @Override public boolean compareAndSetInt(int i, int expect, int update) {
        return U.compareAndSwapInt(null, address + i, expect, update);
    }
}
