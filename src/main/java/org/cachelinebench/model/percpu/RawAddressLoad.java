package org.cachelinebench.model.percpu;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;

import org.cachelinebench.model.layout.LineAlignedMemory;
import sun.misc.Unsafe;

/**
 * The readers' {@code READ_ONCE(chunk->base_addr)} for the off-heap struct: a volatile 8-byte load
 * from a raw address, the only place this package uses {@code sun.misc.Unsafe}.
 *
 * <p>Why not {@link LineAlignedMemory#getLongOpaque}: a byte-buffer view VarHandle re-checks the
 * buffer on every access (its address, limit, alignment and memory scope are fields of the buffer),
 * and an opaque or volatile access is a compiler barrier, after which the JIT must load those fields
 * again: the checks are not hoisted out of the loop, and a reader loop through them runs several times
 * slower than a C loop of {@code READ_ONCE()} (docs/pcpu-chunk.md). That cost would dilute
 * what the benchmark is about: in the fixed layouts a reader is limited by its own instructions, not by
 * the line.
 *
 * <p>A volatile load is at least as strong as {@code READ_ONCE()}: on x86-64 both are one plain
 * {@code mov}, and the JIT may neither hoist nor merge it. The address is not trusted blindly: its
 * low 30 bits must match what the JDK's public {@code alignmentOffset} says for the same byte, and a
 * value written through {@code LineAlignedMemory} must read back through the raw address.
 */
final class RawAddressLoad {
    private static final Unsafe U;
    private static final long BUFFER_ADDRESS;

    static {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (Unsafe) f.get(null);
            BUFFER_ADDRESS = U.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ExceptionInInitializerError("no raw memory access on this JVM ("
                    + e + "); the off-heap readers need sun.misc.Unsafe.getLongVolatile");
        }
    }

    private RawAddressLoad() {}

    /**
     * The absolute address of byte {@code index} of {@code memory}, an 8-aligned field. The memory
     * must stay reachable while the address is used.
     */
    static long addressOf(LineAlignedMemory memory, int index) {
        if (index < 0 || index % Long.BYTES != 0 || index + Long.BYTES > memory.capacity()) {
            throw new IllegalArgumentException("no 8-aligned long at byte " + index + " of " + memory.capacity());
        }
        ByteBuffer view = memory.asReadOnlyBuffer();
        long address = U.getLong(view, BUFFER_ADDRESS) + index;
        int unit = 1 << 30;
        if ((address & (unit - 1)) != memory.addressModulo(index, unit)) {
            throw new IllegalStateException(String.format(
                    "raw address 0x%x of byte %d disagrees with the JDK's alignmentOffset (%d mod 2^30)",
                    address, index, memory.addressModulo(index, unit)));
        }
        long saved = memory.getLongVolatile(index);
        long probe = ~saved ^ 0x5a5a5a5a5a5a5a5aL;
        memory.setLongVolatile(index, probe);
        long seen = U.getLongVolatile(null, address);
        memory.setLongVolatile(index, saved);
        if (seen != probe || U.getLongVolatile(null, address) != saved) {
            throw new IllegalStateException(String.format(
                    "raw address 0x%x does not read byte %d of the memory", address, index));
        }
        return address;
    }

    /** A volatile load of 8 bytes at {@code address}. */
    static long loadLongVolatile(long address) {
        return U.getLongVolatile(null, address);
    }
}
