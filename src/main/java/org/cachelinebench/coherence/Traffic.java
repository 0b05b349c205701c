package org.cachelinebench.coherence;

import java.util.Locale;

/**
 * Coherence traffic, as totals or per operation. A miss is one of three kinds, as a machine tells them apart
 * (perf c2c's HITM is the first): {@code transfers}, {@code sharedReads} or {@code memoryReads}.
 *
 * @param transfers     misses served by another CPU's modified (or, under MOESI, owned) copy: the dirty line
 *                      moves core to core (prefetches included)
 * @param invalidations other CPUs' copies destroyed by a write or locked read-modify-write
 * @param upgrades      writes to a line held shared or owned: ownership is requested, no data moves
 * @param writeBacks    modified lines written to memory because another CPU read them (MESI only)
 * @param memoryReads   misses no cache could serve (a line's first touch)
 * @param prefetches    the part of {@code transfers} and {@code sharedReads} the adjacent-line prefetcher caused
 * @param sharedReads   misses served while other caches hold the line only clean (exclusive or shared): the
 *                      shared cache (or memory) supplies it, no core gives up dirty data
 */
public record Traffic(double transfers, double invalidations, double upgrades, double writeBacks,
                      double memoryReads, double prefetches, double sharedReads) {
    public static final Traffic NONE = new Traffic(0, 0, 0, 0, 0, 0, 0);

    public Traffic plus(Traffic o) {
        return new Traffic(transfers + o.transfers, invalidations + o.invalidations, upgrades + o.upgrades,
                writeBacks + o.writeBacks, memoryReads + o.memoryReads, prefetches + o.prefetches,
                sharedReads + o.sharedReads);
    }

    public Traffic minus(Traffic o) {
        return plus(o.times(-1));
    }

    public Traffic times(double f) {
        return new Traffic(transfers * f, invalidations * f, upgrades * f, writeBacks * f, memoryReads * f,
                prefetches * f, sharedReads * f);
    }

    /** Per operation: these totals over {@code operations}. */
    public Traffic per(long operations) {
        if (operations < 1) {
            throw new IllegalArgumentException("no operations to divide by: " + operations);
        }
        return times(1.0 / operations);
    }

    /**
     * Misses another cache holds the line for, dirty or clean ({@code transfers} and {@code sharedReads}): the line
     * came to this core from another's use of it, which a layout that keeps it apart removes; a memory read does not.
     */
    public double lineMoves() {
        return transfers + sharedReads;
    }

    /** Every miss, of the three kinds. */
    public double misses() {
        return transfers + sharedReads + memoryReads;
    }

    /** "2.00 transfers, 1.00 shared reads, 0.00 memory reads, 1.00 invalidations, 1.00 upgrades". */
    public String describe() {
        return String.format(Locale.ROOT, "%.2f transfers, %.2f shared reads, %.2f memory reads, %.2f invalidations, "
                + "%.2f upgrades", transfers, sharedReads, memoryReads, invalidations, upgrades);
    }
}
