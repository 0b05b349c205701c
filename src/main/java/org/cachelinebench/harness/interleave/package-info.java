/**
 * The interleaved design (docs/interleaved-design.md): every side measured in the same run, slice by slice, by one
 * engine. The pure schedule ({@link InterleavedSchedule}); what both threads share ({@link Interleaving}, on the
 * handshakes: {@link HandshakeGrid}, a side {@link Side} and the group state {@link HandshakeGridState}); the
 * leader's and the follower's positions and clocks ({@link Leader}, {@link Follower}) and JMH states
 * ({@link LeaderState}, {@link FollowerState}); the padded two-way barrier ({@link SpinBarrier}); per-side totals
 * ({@link SideTotals}), every cycle one by one with the medians over cycles that the ratios are ({@link CycleLog}), the
 * lines every interleaved fork prints ({@link InterleavedReport}) and the object pools the groups take before one GC
 * ({@link GroupPools}).
 */
package org.cachelinebench.harness.interleave;
