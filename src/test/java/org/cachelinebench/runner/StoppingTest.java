package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.junit.jupiter.api.Test;

/** The runner's stopping rule, which sets run the next round: the one rule the runner and the simulation share. */
class StoppingTest {
    private static final String FLOOR = "csd";
    private static final List<String> SETS = List.of(FLOOR, "mailbox", "chunk", "object");
    private static final Set<String> GATING = Set.copyOf(SETS);
    private static final Stopping RULE = new Stopping(20, 32, FLOOR);

    @Test
    void aDecidedSetRunsNoMoreForksWhileTheFloorSetRunsOn() {
        assertEquals(List.of(FLOOR, "mailbox"), RULE.next(8, SETS, GATING, Set.of("mailbox")));
        assertEquals(List.of(FLOOR, "object"), RULE.next(10, List.of(FLOOR, "object"), GATING, Set.of(FLOOR,
                "object")));
    }

    @Test
    void everyGatedClaimDecidedStopsTheRun() {
        assertEquals(List.of(), RULE.next(8, SETS, GATING, Set.of()));
        assertEquals(List.of(), RULE.next(12, List.of(FLOOR, "mailbox"), GATING, Set.of()));
    }

    @Test
    void betweenLooksEverySetRunsOn() {
        assertFalse(RULE.look(7));
        assertFalse(RULE.look(9));
        assertTrue(RULE.look(8));
        assertEquals(SETS, RULE.next(6, SETS, GATING, Set.of()), "before the first look nothing stops");
        assertEquals(SETS, RULE.next(9, SETS, GATING, Set.of()), "an odd round is no look");
    }

    @Test
    void pastTheRoundsOnlyOneUndecidedSetBesideTheFloorSetRunsOn() {
        assertEquals(List.of(FLOOR, "mailbox"), RULE.next(20, SETS, GATING, Set.of("mailbox")));
        assertEquals(List.of(FLOOR), RULE.next(20, SETS, GATING, Set.of(FLOOR)));
        assertEquals(List.of(FLOOR, "chunk"), RULE.next(20, SETS, GATING, Set.of(FLOOR, "chunk")));
        assertEquals(List.of(), RULE.next(20, SETS, GATING, Set.of("mailbox", "object")),
                "two undecided sets besides the floor's: no verdict at the rounds");
        assertEquals(List.of(), RULE.next(32, List.of(FLOOR, "mailbox"), GATING, Set.of("mailbox")), "the cap");
    }

    @Test
    void aSetWithoutAGatedClaimRunsWhileTheRunRunsButNotPastTheRounds() {
        Set<String> gating = Set.of(FLOOR, "mailbox");
        List<String> sets = List.of(FLOOR, "mailbox", "info");
        assertEquals(List.of(FLOOR, "info"), RULE.next(8, sets, gating, Set.of(FLOOR)));
        assertEquals(List.of(FLOOR), RULE.next(20, sets, gating, Set.of(FLOOR)));
        assertEquals(sets, RULE.next(8, sets, Set.of(), Set.of()), "nothing gated: never stopped early");
        assertEquals(List.of(), RULE.next(20, sets, Set.of(), Set.of()), "nothing gated: the planned rounds");
    }

    @Test
    void noCapBeyondTheRoundsStopsAtThem() {
        Stopping none = new Stopping(20, 20, FLOOR);
        assertEquals(List.of(), none.next(20, SETS, GATING, Set.of("mailbox")));
    }

    /** The ci profile's worst case, every set to its rounds then the floor set and one more to the cap, fits its budget. */
    @Test
    void theCiProfilesWorstCaseFitsItsBudget() {
        List<Claim> claims = Suite.COMPARISONS.stream().filter(c -> Suite.CI.sets().contains(c.set())).toList();
        PairedSession.Plan plan = new PairedSession.Plan(Paired.sets(Suite.CI, claims), Suite.CI.rounds(),
                Suite.CI.warmup(), Suite.CI.measurement(), PairedSession.Order.PAIRED, Suite.CI.cap());
        assertEquals(Suite.CI.rounds() * 4 + (Suite.CI.cap() - Suite.CI.rounds()) * 2, plan.forks());
        assertTrue(plan.forks() * Budget.forkSeconds(Suite.CI, plan) <= Suite.CI.budgetSeconds(),
                plan.forks() + " forks");
    }
}
