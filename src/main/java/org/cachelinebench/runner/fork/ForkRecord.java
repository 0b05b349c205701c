package org.cachelinebench.runner.fork;

/**
 * One fork of a session, where it ran in the plan and how long it took on the host's clock.
 *
 * @param round       0-based round
 * @param set         set id
 * @param variant     variant id
 * @param slot        0-based position within its set's round
 * @param startMillis host wall clock when the fork was started
 * @param endMillis   host wall clock when its result came back
 */
public record ForkRecord(int round, String set, String variant, int slot, long startMillis, long endMillis,
                         ForkResult result) {

    public double wallSeconds() {
        return (endMillis - startMillis) / 1000.0;
    }
}
