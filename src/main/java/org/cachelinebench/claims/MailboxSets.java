package org.cachelinebench.claims;

import static org.cachelinebench.claims.Expect.Direction.FASTER;
import static org.cachelinebench.claims.Expect.Direction.SIMILAR;
import static org.cachelinebench.claims.Expect.Direction.SLOWER;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.benchmarks.InterleavedOffsetSweep;
import org.cachelinebench.benchmarks.IpiInterleaved;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;

/**
 * The sets and claims of the csd lesson where Java users live: the kernel's protocol with a doorbell, the
 * flag mailbox on the csd bytes and on Java objects, with and without work in {@code func(info)}, and the offset
 * sweep interleaved. Every one is an interleaved set (one fork measures every side, floor and A/A included);
 * the flag mailbox's straddle gates, with its A/A control, and every other claim is informational
 * ({@link Expect#info}), reported with its extra line transfers. Data only; {@link Suite} lists them among its sets and claims.
 */
public final class MailboxSets {
    private MailboxSets() {}

    static final String INTERLEAVED = IpiInterleaved.class.getName() + ".ipi";
    static final String OBJECTS = ObjectMailboxInterleaved.class.getName() + ".ipi";
    static final String SWEEP = InterleavedOffsetSweep.class.getName() + ".ipi";

    /** {@code func(info)}'s work in the sets that add some, in dependent multiply-adds (the C program's --work). */
    public static final String WORK = "100";

    public static final String DOORBELL_SET = "csd-doorbell";
    public static final String MAILBOX_SET = "mailbox";
    public static final String MAILBOX_WORK_SET = "mailbox-work";
    public static final String OBJECT_MAILBOX_SET = "object-mailbox";
    public static final String OBJECT_MAILBOX_WORK_SET = "object-mailbox-work";
    public static final String CSD_SWEEP_SET = "csd-sweep-interleaved";
    public static final String MAILBOX_SWEEP_SET = "mailbox-sweep";

    static final ComparisonSet DOORBELL = interleaved(DOORBELL_SET, "csd IPI, sync, v4.13, the receiver waiting on a"
            + " doorbell rung when llist_add found the queue empty (IpiInterleaved -p protocol=doorbell)",
            INTERLEAVED, params("protocol", "doorbell", "work", "0", "mode", "sync", "layout", "v4.13", "pin", "off"));
    static final ComparisonSet MAILBOX = interleaved(MAILBOX_SET, "flag mailbox on the v4.13 csd bytes, no work"
            + " in func(info) (IpiInterleaved -p protocol=flag)",
            INTERLEAVED, params("protocol", "flag", "work", "0", "pin", "off"));
    static final ComparisonSet MAILBOX_WORK = interleaved(MAILBOX_WORK_SET, "flag mailbox on the v4.13 csd bytes,"
            + " func(info) doing " + WORK + " dependent multiply-adds",
            INTERLEAVED, params("protocol", "flag", "work", WORK, "pin", "off"));
    static final ComparisonSet OBJECT_MAILBOX = interleaved(OBJECT_MAILBOX_SET, "flag mailbox on Java objects:"
            + " one-line, straddled, padded, @Contended (ObjectMailboxInterleaved)",
            OBJECTS, params("work", "0", "pin", "off"));
    static final ComparisonSet OBJECT_MAILBOX_WORK = interleaved(OBJECT_MAILBOX_WORK_SET, "flag mailbox on Java"
            + " objects, func(info) doing " + WORK + " dependent multiply-adds",
            OBJECTS, params("work", WORK, "pin", "off"));
    static final ComparisonSet CSD_SWEEP = interleaved(CSD_SWEEP_SET, "csd IPI at every 8-byte offset, sync, v4.13,"
            + " interleaved (InterleavedOffsetSweep -p protocol=kernel)",
            SWEEP, params("protocol", "kernel", "work", "0", "mode", "sync", "pin", "off"));
    static final ComparisonSet MAILBOX_SWEEP = interleaved(MAILBOX_SWEEP_SET, "flag mailbox at every 8-byte offset"
            + " of the csd bytes, interleaved (InterleavedOffsetSweep -p protocol=flag)",
            SWEEP, params("protocol", "flag", "work", "0", "mode", "sync", "pin", "off"));

    /** The sets profile {@code full} adds: 7 forks a round. */
    static final List<String> FULL = List.of(DOORBELL_SET, MAILBOX_SET, MAILBOX_WORK_SET, OBJECT_MAILBOX_SET,
            OBJECT_MAILBOX_WORK_SET, CSD_SWEEP_SET, MAILBOX_SWEEP_SET);

    static final List<Claim> CLAIMS = claims();

    private static List<Claim> claims() {
        List<Claim> c = new ArrayList<>();
        for (String set : List.of(DOORBELL_SET, MAILBOX_SET, MAILBOX_WORK_SET)) {
            String what = set.equals(DOORBELL_SET) ? "the kernel's protocol with a doorbell" : "the flag mailbox";
            // The flag mailbox without work is where the straddle is largest (its second line's miss is serialized
            // behind the flag's): the csd straddle gates there, with its A/A control.
            boolean gated = set.equals(MAILBOX_SET);
            c.add(side(set, CsdSides.STRADDLED, CsdSides.LINE_ALIGNED, gated
                    ? Expect.slower() : Expect.info(SLOWER), what
                    + ": straddling two lines is slower than line-aligned; the extra line transfers say by how many"
                    + " lines' round trips"));
            c.add(side(set, CsdSides.SIZE_ALIGNED, CsdSides.LINE_ALIGNED, Expect.info(SIMILAR), what
                    + ": size-aligned (one line) is as good as line-aligned"));
            c.add(side(set, CsdSides.LINE_ALIGNED_AGAIN, CsdSides.LINE_ALIGNED,
                    gated ? Expect.aa() : Expect.info(SIMILAR), what
                    + ": A/A control, the reference's placement as a side of its own"));
            c.add(side(set, CsdSides.FLOOR, CsdSides.LINE_ALIGNED, Expect.info(FASTER), what
                    + ": one line's round trip (the floor) costs no more than a call"));
        }
        for (String set : List.of(OBJECT_MAILBOX_SET, OBJECT_MAILBOX_WORK_SET)) {
            c.add(side(set, ObjectMailboxSides.STRADDLED, ObjectMailboxSides.ONE_LINE, Expect.info(SLOWER),
                    "a Java mailbox object whose flag lies in another line than part of its payload is slower than"
                            + " one whose fields sit in one line"));
            c.add(side(set, ObjectMailboxSides.PADDED, ObjectMailboxSides.ONE_LINE, Expect.info(SIMILAR),
                    "class-hierarchy padding (its fields in one line, no neighbour writing) costs nothing"));
            c.add(side(set, ObjectMailboxSides.CONTENDED, ObjectMailboxSides.ONE_LINE, Expect.info(SIMILAR),
                    "@Contended (its fields in one line, no neighbour writing) costs nothing"));
            c.add(side(set, ObjectMailboxSides.ONE_LINE_AGAIN, ObjectMailboxSides.ONE_LINE, Expect.info(SIMILAR),
                    "A/A control: another one-line instance at the same place in its line"));
            c.add(side(set, ObjectMailboxSides.FLOOR, ObjectMailboxSides.ONE_LINE, Expect.info(FASTER),
                    "one line's round trip (the floor) costs no more than a mailbox call"));
        }
        for (String set : List.of(CSD_SWEEP_SET, MAILBOX_SWEEP_SET)) {
            for (int offset : SweepSides.OFFSETS.subList(1, SweepSides.OFFSETS.size())) {
                // x86-64's 64-byte lines: the 32-byte csd straddles from offset 40.
                boolean straddles = offset + 32 > 64;
                c.add(side(set, SweepSides.name(offset), SweepSides.REFERENCE,
                        Expect.info(straddles ? SLOWER : SIMILAR), "csd bytes at byte " + offset + " of a line vs at"
                                + " byte 0" + (straddles ? ": across two 64-byte lines" : ": in one line")));
            }
            c.add(side(set, SweepSides.AGAIN, SweepSides.REFERENCE, Expect.info(SIMILAR),
                    "A/A control: offset 0 as a side of its own"));
            c.add(side(set, SweepSides.FLOOR, SweepSides.REFERENCE, Expect.info(FASTER),
                    "one line's round trip (the floor) costs no more than a call at offset 0"));
        }
        return List.copyOf(c);
    }

    private static ComparisonSet interleaved(String id, String title, String benchmark, Map<String, String> params) {
        return new ComparisonSet(id, title, List.of(new Variant(Suite.INTERLEAVED_VARIANT, benchmark, params)));
    }

    private static Claim side(String set, String subject, String reference, Expect expect, String claim) {
        return Claim.interleaved(set, Suite.INTERLEAVED_VARIANT, subject, reference, expect, claim);
    }

    private static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
