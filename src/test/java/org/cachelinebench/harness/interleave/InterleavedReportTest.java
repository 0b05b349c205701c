package org.cachelinebench.harness.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The "#" lines of an interleaved fork: ns per call from the sums, ratio and extra lines the medians over cycles. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InterleavedReportTest {
    private static final List<String> NAMES = List.of("ref", "floor", "subject");

    /**
     * Three cycles of 2 x 3 x 256 = 1,536 calls per side; nanos per side (ref, floor, subject): (153600, 76800,
     * 168960), (153600, 76800, 168960), (153600, 76800, 1536000), the last one preempted. ns/call from the sums:
     * ref 460800 / 4608 = 100.0, floor 50.0, subject 1873920 / 4608 = 406.7; the medians: ratio 1.1 (1.1, 1.1, 10),
     * extra lines (168960 - 153600) / 76800 = +0.20, the floor's ratio 0.5, and no extra lines for the floor.
     */
    @Test
    void theLinesShowSumsForNanosAndMediansForRatios() {
        SideTotals totals = new SideTotals(3);
        CycleLog log = new CycleLog(3, 0, 1);
        for (long subject : new long[] {168_960, 168_960, 1_536_000}) {
            SideTotals cycle = new SideTotals(3);
            cycle.addNanos(0, 153_600);
            cycle.addNanos(1, 76_800);
            cycle.addNanos(2, subject);
            totals.addCycle(cycle, 1_536);
            log.log(cycle);
        }
        String lines = new InterleavedReport(NAMES, 0, 1).lines("measurement iteration", totals, log);
        assertEquals("""
                # measurement iteration: 3 cycles (ns/call: over all of them; ratio, extra lines: medians over them)
                #   ref        100.0 ns/call  (reference)
                #   floor       50.0 ns/call  ratio 0.500
                #   subject    406.7 ns/call  ratio 1.100  extra lines +0.20
                """, lines);
    }

    @Test
    void cyclesPastTheLogAreSaid() {
        SideTotals totals = new SideTotals(3);
        CycleLog log = new CycleLog(3, 0, 1);
        SideTotals cycle = new SideTotals(3);
        cycle.addNanos(0, 100);
        cycle.addNanos(1, 50);
        cycle.addNanos(2, 110);
        for (int i = 0; i < CycleLog.CAPACITY + 2; i++) {
            totals.addCycle(cycle, 6);
            log.log(cycle);
        }
        String head = new InterleavedReport(NAMES, 0, 1).lines("warmup iteration", totals, log).lines().findFirst()
                .orElseThrow();
        assertEquals("# warmup iteration: " + (CycleLog.CAPACITY + 2) + " cycles, 2 past the log's " + CycleLog.CAPACITY
                + " not in the medians (ns/call: over all of them; ratio, extra lines: medians over them)", head);
    }
}
