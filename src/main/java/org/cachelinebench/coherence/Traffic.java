package org.cachelinebench.coherence;

import java.util.Locale;

/**
 * Coherence traffic, as totals or per operation.
 *
 * @param transfers     misses served by another CPU's cache: the line moves core to core (prefetches included)
 * @param invalidations other CPUs' copies destroyed by a write or locked read-modify-write
 * @param upgrades      writes to a line held shared: ownership is requested, no data moves
 * @param writeBacks    modified lines written to memory because another CPU read them (MESI only)
 * @param memoryReads   misses no cache could serve (a line's first touch)
 * @param prefetches    the part of {@code transfers} the adjacent-line prefetcher caused
 */
public record Traffic(double transfers, double invalidations, double upgrades, double writeBacks,
                      double memoryReads, double prefetches) {
    public static final Traffic NONE = new Traffic(0, 0, 0, 0, 0, 0);

    public Traffic plus(Traffic o) {
        return new Traffic(transfers + o.transfers, invalidations + o.invalidations, upgrades + o.upgrades,
                writeBacks + o.writeBacks, memoryReads + o.memoryReads, prefetches + o.prefetches);
    }

    public Traffic minus(Traffic o) {
        return plus(o.times(-1));
    }

    public Traffic times(double f) {
        return new Traffic(transfers * f, invalidations * f, upgrades * f, writeBacks * f, memoryReads * f,
                prefetches * f);
    }

    /** Per operation: these totals over {@code operations}. */
    public Traffic per(long operations) {
        if (operations < 1) {
            throw new IllegalArgumentException("no operations to divide by: " + operations);
        }
        return times(1.0 / operations);
    }

    /** Transfers, invalidations and upgrades: what a line costs in messages on the interconnect. */
    public double messages() {
        return transfers + invalidations + upgrades;
    }

    /** "2.00 transfers, 1.00 invalidations, 1.00 upgrades". */
    public String describe() {
        return String.format(Locale.ROOT, "%.2f transfers, %.2f invalidations, %.2f upgrades", transfers,
                invalidations, upgrades);
    }
}
