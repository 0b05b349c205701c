package org.cachelinebench.coherence;

import java.util.SplittableRandom;

/**
 * Who runs the next memory access, decided after every access: a deterministic interleaving of the traced
 * threads, so that a prediction is the same on every run and every machine.
 * <ul>
 *   <li>{@code burst}: a thread runs until it spins (the same word of memory threads wait on read unchanged three times) or has made
 *       {@code quantum} accesses, then the next thread in turn runs: each side's stores and loads come as one
 *       burst, as a core's store buffer drains them, and a waiter costs one transfer per change it waits for.
 *       The default.</li>
 *   <li>{@code round-robin}: every access passes the turn on: the finest interleaving, where a spinning reader
 *       steals the line between a writer's stores.</li>
 *   <li>{@code random}: a thread drawn at random (seeded) after every access.</li>
 * </ul>
 *
 * @param kind    the rule
 * @param quantum {@code burst}: the most accesses in one turn
 * @param seed    {@code random}: the seed
 */
public record Schedule(Kind kind, int quantum, long seed) {
    public enum Kind { BURST, ROUND_ROBIN, RANDOM }

    /** A burst's longest turn: long enough for any one protocol step, short enough to interleave readers. */
    public static final int DEFAULT_QUANTUM = 64;

    public static final Schedule BURST = new Schedule(Kind.BURST, DEFAULT_QUANTUM, 0);
    public static final Schedule ROUND_ROBIN = new Schedule(Kind.ROUND_ROBIN, 1, 0);

    public Schedule {
        if (quantum < 1) {
            throw new IllegalArgumentException("a turn needs at least one access, not " + quantum);
        }
    }

    public static Schedule burst(int quantum) {
        return new Schedule(Kind.BURST, quantum, 0);
    }

    public static Schedule random(long seed) {
        return new Schedule(Kind.RANDOM, 1, seed);
    }

    /** "burst", "round-robin", "random seed 3". */
    public String describe() {
        return switch (kind) {
            case BURST -> quantum == DEFAULT_QUANTUM ? "burst" : "burst of at most " + quantum;
            case ROUND_ROBIN -> "round-robin";
            case RANDOM -> "random seed " + seed;
        };
    }

    /** One run's decisions: the random source is per run, so every run of a schedule is the same. */
    Picker picker() {
        return new Picker(this);
    }

    /** The decisions of one run. */
    static final class Picker {
        private final Schedule schedule;
        private final SplittableRandom random;

        private Picker(Schedule schedule) {
            this.schedule = schedule;
            this.random = new SplittableRandom(schedule.seed);
        }

        /**
         * The thread to run next, after {@code current} made its {@code inTurn}-th access of this turn;
         * {@code spinning} when that access was a spin. Only threads marked live are picked; at least one is.
         */
        int next(int current, int inTurn, boolean spinning, boolean[] live) {
            switch (schedule.kind) {
                case BURST:
                    return live[current] && !spinning && inTurn < schedule.quantum ? current : after(current, live);
                case ROUND_ROBIN:
                    return after(current, live);
                default:
                    int n = 0;
                    for (boolean l : live) {
                        n += l ? 1 : 0;
                    }
                    int k = random.nextInt(n);
                    for (int t = 0; t < live.length; t++) {
                        if (live[t] && k-- == 0) {
                            return t;
                        }
                    }
                    throw new AssertionError("no live thread");
            }
        }

        /** The next live thread after {@code current}, cyclically ({@code current} itself when it is the only one). */
        private static int after(int current, boolean[] live) {
            for (int i = 1; i <= live.length; i++) {
                int t = (current + i) % live.length;
                if (live[t]) {
                    return t;
                }
            }
            throw new AssertionError("no live thread");
        }
    }
}
