package org.cachelinebench.harness.interleave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The balance of the interleaved schedule, proven by enumeration: over a cycle every side runs in every
 * (block, position) pair exactly as every other side does, so an A/A pair has identical multisets, and the
 * mean slice number is equal for all sides, so a drift linear in time cancels. Pure arithmetic, no threads.
 */
class InterleavedScheduleTest {

    /** The first two groups of five sides, written out by hand from the design. */
    @Test
    void fiveSidesVisitThePalindromeAndRotate() {
        InterleavedSchedule s = new InterleavedSchedule(5, InterleavedSchedule.SLICE);
        assertEquals(10, s.slicesPerGroup());
        assertEquals(50, s.slicesPerCycle());
        assertEquals(10 * 256, s.callsPerSidePerCycle());
        int[] blocks = new int[20];
        int[] sides = new int[20];
        for (int k = 0; k < 20; k++) {
            blocks[k] = s.block(k);
            sides[k] = s.side(k);
        }
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 4, 3, 2, 1, 0}, blocks);
        // group 0: block b belongs to side b; group 1: to side b + 1 mod 5
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 4, 3, 2, 1, 0, 1, 2, 3, 4, 0, 0, 4, 3, 2, 1}, sides);
        assertTrue(s.endsGroup(9));
        assertFalse(s.endsGroup(10));
        assertTrue(s.endsCycle(49));
        assertFalse(s.endsCycle(9));
        assertEquals("slice 57 (cycle 1, group 5, position 7)", s.describe(57));
    }

    /**
     * Every side holds every (block, position) pair of the palindrome, (b, b) and (b, 2N-1-b), exactly once per
     * cycle, and no other: the multisets of all sides are equal, whichever two are the A/A pair.
     */
    @ParameterizedTest(name = "{0} sides")
    @ValueSource(ints = {2, 3, 4, 5, 6, 7})
    void everySideHoldsEveryBlockAtTheSamePositionsOverACycle(int n) {
        InterleavedSchedule s = new InterleavedSchedule(n, InterleavedSchedule.SLICE);
        int[][][] count = new int[n][n][2 * n];                 // [side][block][position]
        for (long k = 0; k < s.slicesPerCycle(); k++) {
            count[s.side(k)][s.block(k)][s.position(k)]++;
        }
        for (int side = 0; side < n; side++) {
            for (int b = 0; b < n; b++) {
                for (int p = 0; p < 2 * n; p++) {
                    int expected = p == b || p == 2 * n - 1 - b ? 1 : 0;
                    assertEquals(expected, count[side][b][p], "side " + side + ", block " + b + ", position " + p);
                }
            }
        }
    }

    /**
     * A drift linear in time adds c x (slice number) to every slice's cost: it cancels in a ratio when every
     * side's slice numbers sum to the same. Checked over a cycle and over a later cycle.
     */
    @ParameterizedTest(name = "{0} sides")
    @ValueSource(ints = {2, 3, 4, 5, 6, 7})
    void aLinearDriftFallsOnEverySideAlike(int n) {
        InterleavedSchedule s = new InterleavedSchedule(n, InterleavedSchedule.SLICE);
        for (long cycle : new long[] {0, 3}) {
            long[] sum = new long[n];
            int[] slices = new int[n];
            long first = cycle * s.slicesPerCycle();
            for (long k = first; k < first + s.slicesPerCycle(); k++) {
                sum[s.side(k)] += k;
                slices[s.side(k)]++;
            }
            for (int side = 0; side < n; side++) {
                assertEquals(2 * n, slices[side], "slices of side " + side);
                assertEquals(sum[0], sum[side], "sum of slice numbers of side " + side + " in cycle " + cycle);
            }
        }
    }

    /** Blocks change hands only between groups: within a group each block has one side, both of its slices. */
    @ParameterizedTest(name = "{0} sides")
    @ValueSource(ints = {2, 5, 7})
    void withinAGroupEveryBlockBelongsToOneSide(int n) {
        InterleavedSchedule s = new InterleavedSchedule(n, InterleavedSchedule.SLICE);
        for (long g = 0; g < 2L * n; g++) {
            List<Integer> owner = new ArrayList<>();
            for (int b = 0; b < n; b++) {
                owner.add(-1);
            }
            for (int p = 0; p < 2 * n; p++) {
                long k = g * s.slicesPerGroup() + p;
                int b = s.block(k);
                if (owner.get(b) == -1) {
                    owner.set(b, s.side(k));
                }
                assertEquals(owner.get(b), s.side(k), "group " + g + ", block " + b);
            }
            assertEquals(n, owner.stream().distinct().count(), "every side owns one block in group " + g);
        }
    }

    @Test
    void theScheduleRepeatsEveryCycle() {
        InterleavedSchedule s = new InterleavedSchedule(5, InterleavedSchedule.SLICE);
        for (long k = 0; k < s.slicesPerCycle(); k++) {
            assertEquals(s.side(k), s.side(k + 7L * s.slicesPerCycle()));
            assertEquals(s.block(k), s.block(k + 7L * s.slicesPerCycle()));
        }
    }

    @Test
    void fewerThanTwoSidesOrABadPositionAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new InterleavedSchedule(1, InterleavedSchedule.SLICE));
        assertThrows(IllegalArgumentException.class, () -> new InterleavedSchedule(3, InterleavedSchedule.SLICE).blockAt(6));
    }
}
