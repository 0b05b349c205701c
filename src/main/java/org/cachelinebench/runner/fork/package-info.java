/**
 * One JMH fork of the paired runner: the interface the runner runs forks through ({@link ForkRunner}; JMH's
 * Runner API in {@link JmhForkRunner}), one fork's result and record ({@link ForkResult}, {@link ForkRecord}),
 * the order of a round ({@link RoundOrder}), an interleaved fork's counters ({@link InterleavedFork}) and where a
 * fork's threads run ({@link Pinning}, {@link SweepPlacements}). Nothing here judges a claim.
 */
package org.cachelinebench.runner.fork;
