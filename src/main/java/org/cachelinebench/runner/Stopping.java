package org.cachelinebench.runner;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToIntFunction;

import org.cachelinebench.claims.GateRule;
import org.cachelinebench.claims.Suite;

/**
 * The runner's stopping rule, in one place for the runner ({@link PairedSession}) and the whole-run simulation
 * ({@link WholeRunSimulation}): after each look, which sets run the next round.
 *
 * <ul>
 *   <li>A look comes after {@link #FIRST_LOOK} rounds and after every second round after it (a paired round order
 *   cancels a linear drift over pairs of rounds), and after the last of {@code rounds}.</li>
 *   <li>At a look, a set whose gated claims are all decided runs no more forks: each gated set is interleaved in
 *   forks of its own with its own A/A, so another set's rounds change none of its comparisons. The floor set
 *   ({@link Suite#FLOOR_SET}) runs while any set runs, so every round keeps its floor and machine state, and so does a
 *   set without a gated claim (nothing decides it). Every gated claim decided: the run stops.</li>
 *   <li>After {@code rounds}, the run goes on to {@code cap} only while at most one gated set besides the floor set
 *   is undecided, and then runs only that set and the floor set: two forks a round past {@code rounds}, which bounds
 *   the worst case at rounds x every fork + (cap - rounds) x 2 forks. With more undecided it stops: no verdict.</li>
 * </ul>
 *
 * @param rounds   the rounds every set may run (the profile's)
 * @param cap      the last round an undecided set may run; equal to {@code rounds} for no extension
 * @param floorSet the set that measures every round's floor
 */
public record Stopping(int rounds, int cap, String floorSet) {

    /** The first look: the fewest rounds a verdict at the gate's confidence needs, made even. */
    public static final int FIRST_LOOK = (SignedRank.minRounds(GateRule.CONFIDENCE) + 1) / 2 * 2;

    public Stopping {
        if (rounds < 1 || cap < rounds) {
            throw new IllegalArgumentException("rounds " + rounds + ", cap " + cap + ": at least 1 round, the cap not"
                    + " below them");
        }
    }

    /** The rule with the suite's floor set ({@link Suite#FLOOR_SET}). */
    public static Stopping of(int rounds, int cap) {
        return new Stopping(rounds, cap, Suite.FLOOR_SET);
    }

    /** Whether the runner judges after {@code done} rounds. */
    public boolean look(int done) {
        return done >= cap || done == rounds || (done >= FIRST_LOOK && done % 2 == 0);
    }

    /**
     * The sets that run round {@code done + 1}, in the order of {@code running}; empty: the run stops. Between looks
     * every running set runs on.
     *
     * @param done      rounds run so far
     * @param running   the sets that ran round {@code done}, in run order
     * @param gating    the sets that hold a gated claim of this run
     * @param undecided the gating sets with a gated claim not decided after {@code done} rounds (missing counts as
     *                  undecided); read only at a look
     */
    public List<String> next(int done, List<String> running, Set<String> gating, Set<String> undecided) {
        if (done >= cap) {
            return List.of();
        }
        if (!look(done)) {
            return running;
        }
        List<String> gated = running.stream().filter(gating::contains).toList();
        if (gated.isEmpty()) {
            return done < rounds ? running : List.of();     // nothing gated: the planned rounds, never early
        }
        Set<String> open = new LinkedHashSet<>(gated.stream().filter(undecided::contains).toList());
        if (open.isEmpty()) {
            return List.of();
        }
        List<String> next = new ArrayList<>();
        if (done < rounds) {
            for (String s : running) {
                if (!gating.contains(s) || open.contains(s) || s.equals(floorSet)) {
                    next.add(s);
                }
            }
            return next;
        }
        if (open.stream().filter(s -> !s.equals(floorSet)).count() > 1) {
            return List.of();
        }
        for (String s : running) {
            if (open.contains(s) || s.equals(floorSet)) {
                next.add(s);
            }
        }
        return next;
    }

    /**
     * The most forks a round can run past {@code rounds}: the floor set's and the largest other set's, given each
     * set's forks a round.
     */
    public int extensionForks(List<String> sets, ToIntFunction<String> forks) {
        int floor = sets.contains(floorSet) ? forks.applyAsInt(floorSet) : 0;
        int other = sets.stream().filter(s -> !s.equals(floorSet)).mapToInt(forks).max().orElse(0);
        return floor + other;
    }
}
