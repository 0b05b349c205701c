package org.cachelinebench.struct;

/**
 * The classic false-sharing cases as Java classes, for {@code --class}: the same fields and roles as
 * the C headers under {@code classic/} and {@code benchmarks/examples/spsc.h}. The JVM decides their
 * field order; the tests assert relations only.
 */
@SuppressWarnings("unused")
final class ClassicClasses {
    private ClassicClasses() {}

    /** An SPSC ring with cached indices. */
    static class SpscRing {
        long head;
        long tail;
        long headCache;
        long tailCache;
        long mask;
        Object[] slots;
    }

    /** An MPSC queue: producers claim at tail, the consumer drains at head. */
    static class MpscQueue {
        long tail;
        long headCache;
        long head;
        long mask;
        Object[] slots;
    }

    /** A network queue's counters per direction. */
    static class NetqStats {
        long rxPackets;
        long rxBytes;
        long rxDropped;
        long txPackets;
        long txBytes;
        long txDropped;
        Object dev;
        int mtu;
    }

    /** A seqlock-protected snapshot. */
    static class ClockSnapshot {
        int seq;
        int mult;
        int shift;
        long cycleLast;
        long mask;
        long baseNs;
    }

    /** A hot counter beside its read-mostly configuration. */
    static class Limiter {
        long hits;
        int limit;
        int shift;
        long drops;
        String name;
    }

    /** Per-thread counters, one field per thread. */
    static class Counters {
        long count0;
        long count1;
        long count2;
        long count3;
        long generation;
    }
}
