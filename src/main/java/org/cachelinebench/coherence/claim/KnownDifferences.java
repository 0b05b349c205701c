package org.cachelinebench.coherence.claim;

import java.util.Locale;

import org.cachelinebench.benchmarks.ObjectMailboxInterleaved;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.ScalingSets;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.Variant;

/**
 * How a measurement is known to differ from a predicted count of line transfers, per kind of comparison, in one
 * sentence for a report row. A count of transfers is not a time: transfers that a core issues together overlap,
 * and work that moves no line adds time to both sides.
 */
final class KnownDifferences {
    private KnownDifferences() {}

    static String of(Claim c, double extraRoundTrips) {
        String extra = String.format(Locale.ROOT, "%+.2f", extraRoundTrips);
        String protocol = protocol(c);
        if (c.subject().endsWith("-again")) {
            return "A/A: the same code on the same bytes, so 0 by construction; a measured distance from 1 is the"
                    + " measurement's own bias and noise";
        }
        if (ScalingSets.Point.of(c.set()) != null) {
            return scaling(c);
        }
        if (c.set().startsWith("chunk-symmetric")) {
            return "two CPUs taking turns under pcpu_lock mostly read base_addr right after their own writes, so at"
                    + " two CPUs the model moves v6.4-rc4's line little more often; the curve (--cpus) shows more CPUs;"
                    + " the totals are the kernel's queued spinlock handing over in turn, where the benchmark's"
                    + " test-and-set lock lets a CPU retake it";
        }
        if (c.set().startsWith("chunk")) {
            return "per operation of its role: set by how many loads a reader makes between two allocator steps"
                    + " (here a turn of 64 accesses each), not by the machine; the allocator's cost is its upgrades,"
                    + " which take the line back from the readers without moving data";
        }
        StringBuilder sb = new StringBuilder();
        if (c.subject().equals(Claim.FLOOR_SIDE) && extraRoundTrips < -0.005) {
            sb.append("predicted ").append(extra).append(" round trips: the call moves more lines than the floor's"
                    + " one; measured, the call costs less than that many floors, because its lines' transfers"
                    + " partly overlap");
        } else if (extraRoundTrips > 0.005 && protocol.equals("flag")) {
            sb.append("predicted ").append(extra).append(" round trips: the payload's other line moves to the"
                    + " receiver once per call and the sender takes it back with an upgrade, no data; the receiver's"
                    + " payload loads wait for its acquire of the flag, so that transfer follows the flag line's"
                    + " instead of overlapping it, and shows in full; the upgrade, not counted as a transfer, waits"
                    + " for the receiver's copy to be invalidated and can add up to as much again");
        } else if (extraRoundTrips > 0.005) {
            sb.append("predicted ").append(extra).append(" round trips (the csd's lines move twice as often), "
                    + "measured a small fraction of one: once the receiver has taken the queue it loads both csd"
                    + " lines at addresses it already knows, and the sender's stores to both drain together, so the"
                    + " two transfers overlap");
        }
        Variant v = Suite.set(c.set()).variants().get(0);
        String work = v.params().getOrDefault("work", "0");
        if (!work.equals("0")) {
            sb.append(sb.length() == 0 ? "" : "; ").append("func(info)'s work moves no line: it dilutes the measured"
                    + " ratio toward 1, not the extra transfers");
        }
        if ("on".equals(v.params().get("pin"))) {
            sb.append(sb.length() == 0 ? "" : "; ").append("pinning chooses the CPUs, not the lines that move");
        }
        return sb.toString();
    }

    /** A scaling point: what the model counts there, and what it leaves to the machine. */
    private static String scaling(Claim c) {
        String what = c.set().startsWith(ScalingSets.IPI) ? "every CPU's transfers per completed call"
                : "transfers per operation of the metric's CPUs (an execl's memset loads base_addr once per CPU of"
                        + " the point; the benchmark's, once per possible CPU of its machine)";
        return what + ", traced round-robin at the point's CPU count and roles; the model has no topology, so"
                + " placement (place=) changes no predicted number, only how long each transfer takes";
    }

    /** The protocol the set's sides run: the object mailbox is the flag mailbox on Java objects. */
    private static String protocol(Claim c) {
        Variant v = Suite.set(c.set()).variants().get(0);
        if (v.benchmark().startsWith(ObjectMailboxInterleaved.class.getName() + ".")) {
            return "flag";
        }
        return v.params().getOrDefault("protocol", "kernel");
    }
}
