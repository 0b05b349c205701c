package org.cachelinebench.model.layout;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Off-heap memory whose byte 0 sits on a cache-line boundary, the {@link Memory} the IPI models and the struct tool's
 * workload run on (the {@code pcpu_chunk} model runs on {@link RawMemory}), with
 * the access strengths the kernel uses: plain, opaque ({@code READ_ONCE}/{@code WRITE_ONCE}), acquire ({@code smp_load_acquire}),
 * release ({@code smp_store_release}), volatile, and atomic read-modify-writes ({@code cmpxchg},
 * {@code xchg}): the strengths the two models use, nothing more. Fields are addressed by byte index and must be naturally aligned.
 *
 * <p>Built on a direct {@link ByteBuffer} and {@link MethodHandles#byteBufferViewVarHandle}: the JDK's
 * public API, no {@code sun.misc.Unsafe}. The alignment is proven from the buffer's real address with
 * {@link ByteBuffer#alignmentOffset(int, int)}, never assumed.
 */
public final class LineAlignedMemory extends Memory {
    private static final VarHandle LONG =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INT =
            MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final ByteBuffer buffer;
    private final int lineSize;

    private LineAlignedMemory(ByteBuffer buffer, int lineSize) {
        this.buffer = buffer;
        this.lineSize = lineSize;
    }

    /** {@code lines} whole lines of zeroed memory, starting on a {@code lineSize} boundary. */
    public static LineAlignedMemory allocate(int lines, int lineSize) {
        CacheLine.validate(Integer.toString(lineSize), "line size");
        if (lines < 1) {
            throw new IllegalArgumentException("need at least one line, not " + lines);
        }
        int bytes = Math.multiplyExact(lines, lineSize);
        ByteBuffer raw = ByteBuffer.allocateDirect(bytes + lineSize);
        ByteBuffer aligned = raw.alignedSlice(lineSize).limit(bytes).slice().order(ByteOrder.nativeOrder());
        LineAlignedMemory m = new LineAlignedMemory(aligned, lineSize);
        if (m.addressModulo(0, lineSize) != 0) {
            throw new IllegalStateException("aligned slice does not start on a line: address mod "
                    + lineSize + " = " + m.addressModulo(0, lineSize));
        }
        return m;
    }

    /** {@code lines} lines of the machine's {@link CacheLine#SIZE}. */
    public static LineAlignedMemory allocate(int lines) {
        return allocate(lines, CacheLine.SIZE);
    }

    @Override public int lineSize() { return lineSize; }
    @Override public int capacity() { return buffer.capacity(); }

    /** The real address of byte {@code index}, modulo {@code unit} (a power of two), as the JDK computes it. */
    @Override
    public int addressModulo(int index, int unit) {
        return buffer.alignmentOffset(index, unit);
    }

    // ---- 8-byte fields --------------------------------------------------------------------------

    @Override public long getLong(int i) { return (long) LONG.get(buffer, i); }
    @Override public void setLong(int i, long v) { LONG.set(buffer, i, v); }
    @Override public long getLongOpaque(int i) { return (long) LONG.getOpaque(buffer, i); }
    @Override public long getLongAcquire(int i) { return (long) LONG.getAcquire(buffer, i); }
    @Override public void setLongRelease(int i, long v) { LONG.setRelease(buffer, i, v); }
    @Override public long getLongVolatile(int i) { return (long) LONG.getVolatile(buffer, i); }
    @Override public void setLongVolatile(int i, long v) { LONG.setVolatile(buffer, i, v); }
    @Override public boolean compareAndSetLong(int i, long expect, long update) {
        return LONG.compareAndSet(buffer, i, expect, update);
    }
    @Override public long compareAndExchangeLong(int i, long expect, long update) {
        return (long) LONG.compareAndExchange(buffer, i, expect, update);
    }
    @Override public long getAndSetLong(int i, long v) { return (long) LONG.getAndSet(buffer, i, v); }

    // ---- 4-byte fields --------------------------------------------------------------------------

    @Override public int getInt(int i) { return (int) INT.get(buffer, i); }
    @Override public void setInt(int i, int v) { INT.set(buffer, i, v); }
    @Override public int getIntOpaque(int i) { return (int) INT.getOpaque(buffer, i); }
    @Override public void setIntOpaque(int i, int v) { INT.setOpaque(buffer, i, v); }
    @Override public int getIntAcquire(int i) { return (int) INT.getAcquire(buffer, i); }
    @Override public void setIntRelease(int i, int v) { INT.setRelease(buffer, i, v); }
    @Override public int getIntVolatile(int i) { return (int) INT.getVolatile(buffer, i); }
    @Override public boolean compareAndSetInt(int i, int expect, int update) {
        return INT.compareAndSet(buffer, i, expect, update);
    }
}
