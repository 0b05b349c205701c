package org.cachelinebench.harness;

import java.util.Arrays;

import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The models have exactly one sender and one receiver per group: two senders would queue the same csd
 * twice (a cycle in the list, and a receiver that never leaves it). JMH's {@code -tg} can ask for more;
 * this refuses it at setup, in one line.
 */
public final class OnePair {
    private OnePair() {}

    public static void require(BenchmarkParams params) {
        int[] groups = params.getThreadGroups();
        if (!Arrays.equals(groups, new int[] {1, 1})) {
            throw new IllegalArgumentException("one sender and one receiver per group (-tg 1,1), not -tg "
                    + Arrays.toString(groups).replaceAll("[\\[\\] ]", ""));
        }
    }
}
