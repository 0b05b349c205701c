/**
 * Harness: the JMH states and workloads the benchmarks are built from, shared so each is written once.
 * The spin states that count yields ({@link SenderSpin}, {@link ReceiverSpin}), the one-pair check
 * ({@link OnePair}), the interleaved design (the pure {@link InterleavedSchedule}; sides as factories,
 * {@link InterleavedSide}, and the csd's five, {@link CsdSides}; the N x N handshakes, {@link HandshakeGrid};
 * the barrier between groups, {@link GroupGate}; what both threads share, {@link Interleaving}; each
 * thread's position, {@link SliceSender} and {@link SliceReceiver}; per-side totals, {@link SideTotals}),
 * thread pinning ({@link Pin}, {@link PinnedThread}, {@link ThreadPinning}) and the pcpu_chunk parameters
 * ({@link PercpuParams}).
 */
package org.cachelinebench.harness;
