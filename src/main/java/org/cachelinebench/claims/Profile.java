package org.cachelinebench.claims;

import java.util.List;

/**
 * How much to run: which sets, how many rounds, how long each fork measures.
 *
 * @param name                 "ci" or "full"
 * @param sets                 ids of the sets to run, in round order
 * @param rounds               default number of rounds; even, so that a linear drift cancels (see {@code runner.fork.RoundOrder})
 * @param warmup               warmup iterations of every fork
 * @param measurement          measurement iterations of every fork
 * @param budgetSeconds        wall time the whole run must fit in
 * @param forkOverheadSeconds  assumed cost of one fork beyond warmup and measurement: JVM start, JMH setup,
 *                             benchmark setup and teardown; the run prints the measured value at its end
 * @param cap                  the last round a set with an undecided gated claim may run past {@code rounds}
 *                             (runner.Stopping); {@code rounds} for none
 */
public record Profile(String name, List<String> sets, int rounds, IterationSpec warmup,
                      IterationSpec measurement, int budgetSeconds, double forkOverheadSeconds, int cap) {
    public Profile {
        sets = List.copyOf(sets);
        if (cap < rounds) {
            throw new IllegalArgumentException("profile " + name + ": cap " + cap + " below its " + rounds + " rounds");
        }
    }

    /** A profile whose sets run at most {@code rounds}: no set runs past them. */
    public Profile(String name, List<String> sets, int rounds, IterationSpec warmup, IterationSpec measurement,
                   int budgetSeconds, double forkOverheadSeconds) {
        this(name, sets, rounds, warmup, measurement, budgetSeconds, forkOverheadSeconds, rounds);
    }
}
