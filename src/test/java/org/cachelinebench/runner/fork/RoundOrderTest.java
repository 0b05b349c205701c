package org.cachelinebench.runner.fork;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class RoundOrderTest {

    @Test
    void rotatesAndReverses() {
        assertArrayEquals(new int[] {0, 1, 2}, RoundOrder.of(3, 0));
        assertArrayEquals(new int[] {2, 1, 0}, RoundOrder.of(3, 1));
        assertArrayEquals(new int[] {1, 2, 0}, RoundOrder.of(3, 2));
        assertArrayEquals(new int[] {0, 2, 1}, RoundOrder.of(3, 3));
        assertArrayEquals(new int[] {2, 0, 1}, RoundOrder.of(3, 4));
        assertArrayEquals(new int[] {1, 0, 2}, RoundOrder.of(3, 5));
        assertArrayEquals(new int[] {0, 1, 2}, RoundOrder.of(3, 6));
        assertArrayEquals(new int[] {0}, RoundOrder.of(1, 5));
        assertThrows(IllegalArgumentException.class, () -> RoundOrder.of(0, 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void overTwoKRoundsEveryVariantIsFirstAndLastTwice(int k) {
        int[] first = new int[k], last = new int[k];
        for (int round = 0; round < 2 * k; round++) {
            int[] order = RoundOrder.of(k, round);
            int[] sorted = order.clone();
            Arrays.sort(sorted);
            for (int i = 0; i < k; i++) {
                assertEquals(i, sorted[i], "round " + round + " is a permutation");
            }
            first[order[0]]++;
            last[order[k - 1]]++;
        }
        for (int v = 0; v < k; v++) {
            assertEquals(2, first[v]);
            assertEquals(2, last[v]);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void everyPairOfRoundsSwapsEveryTwoVariantsAtTheSameDistance(int k) {
        for (int round = 0; round < 4 * k; round += 2) {
            int[] a = positions(RoundOrder.of(k, round)), b = positions(RoundOrder.of(k, round + 1));
            for (int x = 0; x < k; x++) {
                for (int y = 0; y < k; y++) {
                    assertEquals(a[x] - a[y], -(b[x] - b[y]), "rounds " + round + "," + (round + 1));
                }
            }
        }
    }

    private static int[] positions(int[] order) {
        int[] pos = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            pos[order[i]] = i;
        }
        return pos;
    }
}
