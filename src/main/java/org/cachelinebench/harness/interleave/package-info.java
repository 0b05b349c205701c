/**
 * The interleaved design (docs/interleaved-design.md): every side measured in the same run, slice by slice. The pure
 * schedule ({@link InterleavedSchedule}); per-side totals ({@link SideTotals}), every cycle one by one with the
 * medians over cycles that the ratios are ({@link CycleLog}), and the lines every interleaved fork prints
 * ({@link InterleavedReport}); the barrier between groups ({@link GroupGate}) and the object pools the groups take
 * before one GC ({@link GroupPools}). For the handshake benchmarks: sides as factories ({@link InterleavedSide}),
 * the N x N handshakes ({@link HandshakeGrid}), what both threads share ({@link Interleaving}) and the group state
 * that builds and checks it ({@link InterleavedSidesState}), each thread's position ({@link SenderCursor},
 * {@link ReceiverCursor}) and JMH state ({@link SenderState}, {@link ReceiverState}).
 */
package org.cachelinebench.harness.interleave;
