package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The distance rules every guard form states, against their definition: two byte ranges share no line,
 * or one range lies in one line, at every start that is a multiple of the step, counted line by line.
 */
class LinesTest {
    static boolean apartAtEveryStart(int a0, int a1, int b0, int b1, int step, int line) {
        for (int s = 0; s < line; s += step) {
            int aFirst = (s + a0) / line, aLast = (s + a1 - 1) / line, bFirst = (s + b0) / line, bLast = (s + b1 - 1) / line;
            if (aFirst <= bLast && bFirst <= aLast) {
                return false;
            }
        }
        return true;
    }

    static boolean wholeAtEveryStart(int a0, int a1, int step, int line) {
        for (int s = 0; s < line; s += step) {
            if ((s + a0) / line != (s + a1 - 1) / line) {
                return false;
            }
        }
        return true;
    }

    @Test
    void distancesAndWholesMatchEveryStart() {
        int line = 64;
        for (int step : new int[] {1, 4, 8, 32, 64}) {
            for (int a0 = 0; a0 < 140; a0 += 4) {
                for (int size : new int[] {1, 4, 8, 12, 32}) {
                    int a1 = a0 + size;
                    assertEquals(wholeAtEveryStart(a0, a1, step, line), Lines.whole(a0, a1, step),
                            "whole [" + a0 + ", " + a1 + ") step " + step);
                    for (int b0 = 0; b0 < 200; b0 += 4) {
                        for (int bSize : new int[] {1, 8}) {
                            int b1 = b0 + bSize;
                            if (b0 < a1 && a0 < b1) {
                                continue;
                            }
                            assertEquals(apartAtEveryStart(a0, a1, b0, b1, step, line),
                                    Lines.apart(a0, a1, b0, b1, step, line),
                                    "[" + a0 + ", " + a1 + ") and [" + b0 + ", " + b1 + ") step " + step);
                        }
                    }
                }
            }
        }
    }
}
