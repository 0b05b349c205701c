package org.cachelinebench.harness.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The per-cycle log and its medians, on cycles whose every expected number is worked out by hand in the comments.
 * Sides in these tests: 0 the reference, 1 the floor, 2 a subject (and 3 another, where named).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CycleLogTest {
    private static final int REF = 0;
    private static final int FLOOR = 1;
    private static final int SUBJECT = 2;

    /** One committed cycle's nanoseconds per side, as the sender hands it over. */
    private static SideTotals cycle(long... nanos) {
        SideTotals c = new SideTotals(nanos.length);
        for (int s = 0; s < nanos.length; s++) {
            c.addNanos(s, nanos[s]);
        }
        return c;
    }

    private static CycleLog log(long[]... cycles) {
        CycleLog log = new CycleLog(cycles[0].length, REF, FLOOR);
        for (long[] c : cycles) {
            log.log(cycle(c));
        }
        return log;
    }

    /**
     * Three cycles (reference, floor, subject): ratios 150/100 = 1.5, 240/200 = 1.2, 330/300 = 1.1, median 1.2;
     * extras (150-100)/50 = 1.0, (240-200)/80 = 0.5, (330-300)/20 = 1.5, median 1.0; the floor's ratios 0.5, 0.4,
     * 0.0667, median 0.4.
     */
    @Test
    void anOddCountGivesTheMiddleCyclesValue() {
        CycleLog log = log(new long[] {100, 50, 150}, new long[] {200, 80, 240}, new long[] {300, 20, 330});
        assertEquals(3, log.logged());
        assertEquals(1.2, log.ratio(SUBJECT), 1e-12);
        assertEquals(1.0, log.extra(SUBJECT), 1e-12);
        assertEquals(0.4, log.ratio(FLOOR), 1e-12);
        assertEquals(1.0, log.ratio(REF), 0.0, "the reference against itself, every cycle exactly 1");
        assertEquals(0.0, log.extra(REF), 0.0);
    }

    /**
     * Four cycles: ratios 1.5, 1.2, 1.1, 1.4: sorted 1.1, 1.2, 1.4, 1.5, median (1.2 + 1.4) / 2 = 1.3; extras
     * (150-100)/50 = 1.0, (240-200)/80 = 0.5, (330-300)/20 = 1.5, (140-100)/10 = 4.0: sorted 0.5, 1.0, 1.5, 4.0,
     * median 1.25.
     */
    @Test
    void anEvenCountGivesTheMeanOfTheTwoMiddleValues() {
        CycleLog log = log(new long[] {100, 50, 150}, new long[] {200, 80, 240}, new long[] {300, 20, 330},
                new long[] {100, 10, 140});
        assertEquals(1.3, log.ratio(SUBJECT), 1e-12);
        assertEquals(1.25, log.extra(SUBJECT), 1e-12);
    }

    /**
     * Five cycles of a subject 10 % slower, extra (110-100)/50 = 0.2 each; then a cycle in which the subject's slice
     * was preempted for 5 ms: ratio 5110/100 = 51.1. The median over six is (1.1 + 1.1) / 2 = 1.1 still, where the
     * sums would give (5 x 110 + 5110) / (6 x 100) = 9.43.
     */
    @Test
    void oneHugeOutlierCycleDoesNotMoveTheMedian() {
        long[][] cycles = new long[6][];
        for (int c = 0; c < 5; c++) {
            cycles[c] = new long[] {100, 50, 110};
        }
        cycles[5] = new long[] {100, 50, 5_110};
        CycleLog log = log(cycles);
        assertEquals(1.1, log.ratio(SUBJECT), 1e-12);
        assertEquals(0.2, log.extra(SUBJECT), 1e-12);
        long subject = 0, reference = 0;
        for (int c = 0; c < log.logged(); c++) {
            subject += log.nanos(c, SUBJECT);
            reference += log.nanos(c, REF);
        }
        assertEquals(9.43, (double) subject / reference, 0.01, "what the sums would say");
    }

    /**
     * A/A (side 3 the reference's placement again): in every pair of cycles the two sides' times are swapped, so the
     * per-cycle log ratios are +-ln(1.2), +-ln(1.3), +-ln(1.1), symmetric about 0, and the extra lines +-20/50,
     * +-30/50, +-10/50. With one more cycle in which the two are equal (7 cycles) the median ratio is exactly 1
     * and the median extra exactly 0; two preempted cycles (1000 ns), one on each side, change neither.
     */
    @Test
    void anAaPairWithSwappedCyclesGivesExactlyOne() {
        CycleLog log = log(
                new long[] {100, 50, 0, 120}, new long[] {120, 50, 0, 100},
                new long[] {100, 50, 0, 130}, new long[] {130, 50, 0, 100},
                new long[] {110, 50, 0, 100}, new long[] {100, 50, 0, 110},
                new long[] {105, 50, 0, 105});
        assertEquals(1.0, log.ratio(3), 0.0);
        assertEquals(0.0, log.extra(3), 0.0);

        log.log(cycle(100, 50, 0, 1_000));
        log.log(cycle(1_000, 50, 0, 100));
        assertEquals(1.0, log.ratio(3), 0.0, "a preempted cycle on either side, each at one end");
        assertEquals(0.0, log.extra(3), 0.0);
    }

    /** The two middles of an even A/A are -d and +d extra lines: their mean is exactly 0. */
    @Test
    void anEvenAaPairWithSwappedCyclesHasExactlyNoExtraLines() {
        CycleLog log = log(new long[] {100, 50, 0, 120}, new long[] {120, 50, 0, 100});
        assertEquals(0.0, log.extra(3), 0.0);
        // ratios 1.2 and 1/1.2: their mean, 1.01667, is what "the mean of the two middle values" gives
        assertEquals((1.2 + 1 / 1.2) / 2, log.ratio(3), 1e-12);
    }

    @Test
    void anEmptyLogHasNoMedians() {
        CycleLog log = new CycleLog(3, REF, FLOOR);
        assertEquals(0, log.logged());
        assertTrue(Double.isNaN(log.ratio(SUBJECT)));
        assertTrue(Double.isNaN(log.extra(SUBJECT)));
    }

    /**
     * A full log: the cycles past {@link CycleLog#CAPACITY} are counted as not logged and left out of the medians
     * (all logged ratios 1.5), however large they are.
     */
    @Test
    void cyclesPastTheCapacityAreCountedNotLogged() {
        CycleLog log = new CycleLog(3, REF, FLOOR);
        for (int i = 0; i < CycleLog.CAPACITY; i++) {
            log.log(cycle(100, 50, 150));
        }
        log.log(cycle(100, 50, 9_000));
        log.log(cycle(100, 50, 9_000));
        assertEquals(CycleLog.CAPACITY, log.logged());
        assertEquals(2, log.notLogged());
        assertEquals(1.5, log.ratio(SUBJECT), 1e-12);
    }

    /** The medians are cached per set of cycles: one more cycle, or a reset, and they are computed again. */
    @Test
    void theMediansFollowEveryNewCycleAndTheReset() {
        CycleLog log = log(new long[] {100, 50, 150});
        assertEquals(1.5, log.ratio(SUBJECT), 1e-12);
        log.log(cycle(100, 50, 110));
        log.log(cycle(100, 50, 120));
        assertEquals(1.2, log.ratio(SUBJECT), 1e-12, "1.5, 1.1, 1.2: median 1.2");
        log.reset();
        assertEquals(0, log.logged());
        assertEquals(0, log.notLogged());
        assertTrue(Double.isNaN(log.ratio(SUBJECT)));
        log.log(cycle(100, 50, 130));
        assertEquals(1.3, log.ratio(SUBJECT), 1e-12);
    }

    /**
     * A trial's log: two iterations appended, the trial's median over all five cycles (ratios 1.5, 1.2 | 1.1, 1.4,
     * 1.3: median 1.3), the iterations' own not-logged cycles counted with it; a trial log nearly full keeps what
     * fits and counts the rest as not logged.
     */
    @Test
    void aTrialAppendsItsIterationsCycles() {
        CycleLog first = log(new long[] {100, 50, 150}, new long[] {200, 80, 240});
        CycleLog second = log(new long[] {300, 20, 330}, new long[] {100, 10, 140}, new long[] {100, 10, 130});
        CycleLog full = new CycleLog(3, REF, FLOOR);
        for (int i = 0; i < CycleLog.CAPACITY + 1; i++) {
            full.log(cycle(100, 10, 110));
        }
        CycleLog trial = new CycleLog(3, REF, FLOOR);
        trial.add(first);
        trial.add(second);
        assertEquals(5, trial.logged());
        assertEquals(0, trial.notLogged());
        assertEquals(1.3, trial.ratio(SUBJECT), 1e-12);
        assertEquals(140, trial.nanos(3, SUBJECT), "the fourth logged cycle is the second iteration's second");

        trial.add(full);
        assertEquals(CycleLog.CAPACITY, trial.logged());
        assertEquals(1 + 5, trial.notLogged(), "the one the iteration could not keep, and five that no longer fit");
        assertEquals(140, trial.nanos(3, SUBJECT), "the first cycles kept");

        assertThrows(IllegalArgumentException.class, () -> trial.add(new CycleLog(4, REF, FLOOR)));
    }

    /** Logging a cycle, the only work the measured loop adds, allocates nothing: the log is allocated up front. */
    @Test
    void loggingACycleAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        CycleLog log = new CycleLog(5, REF, FLOOR);
        SideTotals c = cycle(100, 50, 110, 101, 100);
        long id = Thread.currentThread().getId();
        // Both paths once first (stored, and past the capacity), so no JIT deoptimization is counted below.
        for (int i = 0; i < CycleLog.CAPACITY + 1000; i++) {
            log.log(c);
        }
        // The fewest bytes of a few tries: the JIT may still compile (and allocate) during one of them, while code
        // that allocates per cycle allocates in every try.
        long fewest = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 5 && fewest > 0; attempt++) {
            log.reset();
            threads.getThreadAllocatedBytes(id);
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < CycleLog.CAPACITY + 1000; i++) {
                log.log(c);
            }
            long after = threads.getThreadAllocatedBytes(id);
            assertEquals(CycleLog.CAPACITY, log.logged());
            assertEquals(1000, log.notLogged());
            fewest = Math.min(fewest, after - before);
        }
        assertEquals(0, fewest, "bytes allocated while logging " + (CycleLog.CAPACITY + 1000) + " cycles, fewest of 5 tries");
    }

    @Test
    void aLogNeedsAReferenceAndAFloorAmongItsSides() {
        assertThrows(IllegalArgumentException.class, () -> new CycleLog(1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new CycleLog(3, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new CycleLog(3, 0, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> new CycleLog(3, 0, 1).ratio(3));
    }
}
