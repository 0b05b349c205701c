package org.cachelinebench.model.layout;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.openjdk.jol.vm.VirtualMachine;

/**
 * Live addresses of Java objects, from JOL, with JOL's arithmetic checked first.
 *
 * <p>Without the Serviceability Agent JOL does not know how the JVM compresses references: it
 * assumes the shift is log2 of the object alignment (3) and the base 0. A heap under 4 GB is
 * addressed unscaled (shift 0), and then every address JOL reports is 8 times too large, which
 * changes where lines fall. The check: two objects allocated one after the other in a thread-local
 * allocation buffer are adjacent, so their addresses must differ by the first one's size. Whatever
 * factor the reported difference is off by, JOL's addresses are divided by it (1 when JOL is right; 8
 * for an unscaled heap). A heap-based compressed mode (a base JOL does not know) shifts every address
 * by the same large power of two, which leaves addresses modulo a line unchanged.
 */
public final class HeapAddresses {
    private static final int TRIES = 64;
    private static volatile long scale;   // 0 until checked

    private HeapAddresses() {}

    /** The object's address now (the GC may move it later): JOL's, corrected by the checked scale. */
    public static long addressOf(Object o) {
        long s = scale;
        if (s == 0) {
            s = checkScale();
        }
        return QuietJol.vm().addressOf(o) / s;
    }

    /**
     * The bytes one instance from {@code factory} takes in the heap, as the distance between two instances
     * allocated one after the other (the most common distance over many pairs). Unlike the class's field
     * layout, it includes what HotSpot adds after the last field (the padding after {@code @Contended} fields),
     * and unlike JOL's {@code sizeOf} it needs no instrumentation agent.
     */
    public static long allocatedSize(Supplier<?> factory) {
        Map<Long, Integer> seen = new HashMap<>();
        Object[] keep = new Object[2 * TRIES];   // escapes, so the JIT cannot elide the allocations
        for (int i = 0; i < TRIES; i++) {
            Object a = factory.get();
            Object b = factory.get();
            keep[2 * i] = a;
            keep[2 * i + 1] = b;
            seen.merge(addressOf(b) - addressOf(a), 1, Integer::sum);
        }
        for (Map.Entry<Long, Integer> e : seen.entrySet()) {
            if (e.getValue() > TRIES / 2 && e.getKey() > 0) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("cannot measure the allocated size of " + keep[0].getClass().getName()
                + ": no distance between " + TRIES + " pairs of adjacent instances was the most common by a majority: "
                + seen);
    }

    /** The factor JOL's addresses are off by, found once per JVM. */
    public static synchronized long checkScale() {
        if (scale != 0) {
            return scale;
        }
        VirtualMachine vm = QuietJol.vm();
        int agree1 = 0;
        int agree8 = 0;
        Object[] keep = new Object[2 * TRIES];   // escapes, so the JIT cannot elide the allocations
        for (int i = 0; i < TRIES; i++) {
            long[] a = new long[5];
            long[] b = new long[5];
            keep[2 * i] = a;
            keep[2 * i + 1] = b;
            long size = vm.sizeOf(a);
            long diff = vm.addressOf(b) - vm.addressOf(a);
            if (diff == size) {
                agree1++;
            } else if (diff == 8 * size) {
                agree8++;
            }
        }
        if (agree1 > TRIES / 2) {
            scale = 1;
        } else if (agree8 > TRIES / 2) {
            scale = 8;
        } else {
            throw new IllegalStateException("cannot check JOL's object addresses on this JVM: of " + TRIES
                    + " pairs of adjacent allocations, " + agree1 + " were one object size apart and "
                    + agree8 + " eight sizes apart");
        }
        return scale;
    }
}
