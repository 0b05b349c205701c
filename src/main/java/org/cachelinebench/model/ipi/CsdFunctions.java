package org.cachelinebench.model.ipi;

/**
 * The fixed table of functions a csd can carry. In the kernel {@code csd->func} is a function pointer;
 * here it is the function's id in this table, stored in the same 8-byte field, and id 0 is NULL.
 *
 * <p>Each function is a cheap 64-bit mix of {@code info}, so that the receiver's checksum of
 * {@code func(info)} changes if any IPI is lost, repeated, or read with a stale {@code func} or
 * {@code info}.
 */
final class CsdFunctions {
    static final int NULL = 0;
    static final int COUNT = 4;

    private CsdFunctions() {}

    /** The function the sender puts in the csd for IPI number {@code seq}: all ids in turn. */
    static int pick(long seq) {
        return 1 + (int) (seq & (COUNT - 1));
    }

    /** {@code func(info)}. */
    static long call(int func, long info) {
        switch (func) {
            case 1: return info * 0x9E3779B97F4A7C15L;
            case 2: return Long.rotateLeft(info, 29) ^ 0xC2B2AE3D27D4EB4FL;
            case 3: return info + 0x165667B19E3779F9L;
            case 4: return ~info;
            default:
                throw new IllegalStateException("csd func is " + (func == NULL ? "NULL" : "unknown id " + func)
                        + " (info " + info + "): the csd was read before it was written, or torn");
        }
    }
}
