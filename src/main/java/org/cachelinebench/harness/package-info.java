/**
 * Harness: the JMH states and workloads the benchmarks are built from, shared so each is written once.
 * The IPI mailbox every csd benchmark group shares ({@link org.cachelinebench.harness.ipi.IpiMailboxState}), the spin states that count
 * yields ({@link SenderSpin}, {@link ReceiverSpin}), the one-pair check ({@link OnePair}), the interleaved
 * design (the pure {@link org.cachelinebench.harness.interleave.InterleavedSchedule}; sides as factories, {@link org.cachelinebench.harness.interleave.InterleavedSide}: the csd's five,
 * {@link org.cachelinebench.harness.ipi.CsdSides}, the offset sweep's ten, {@link org.cachelinebench.harness.ipi.SweepSides}, and the object mailbox's six, chosen from live
 * addresses, {@link org.cachelinebench.harness.ipi.ObjectMailboxSides}; the N x N handshakes, {@link org.cachelinebench.harness.interleave.HandshakeGrid}; the barrier between groups,
 * {@link org.cachelinebench.harness.interleave.GroupGate}; what both threads share, {@link org.cachelinebench.harness.interleave.Interleaving}, and the group state that builds and checks it,
 * {@link org.cachelinebench.harness.interleave.InterleavedSidesState}; each thread's position,
 * {@link org.cachelinebench.harness.interleave.SenderCursor} and {@link org.cachelinebench.harness.interleave.ReceiverCursor}; per-side totals, {@link org.cachelinebench.harness.interleave.SideTotals}, every
 * cycle one by one with the medians over cycles that the ratios are, {@link org.cachelinebench.harness.interleave.CycleLog}, and the lines every
 * interleaved fork prints, {@link org.cachelinebench.harness.interleave.InterleavedReport}), thread pinning ({@link org.cachelinebench.harness.pin.Pin}, {@link org.cachelinebench.harness.pin.PinnedThread},
 * {@link org.cachelinebench.harness.pin.ThreadPinning}; by topology, {@link org.cachelinebench.harness.pin.CpuTopology} and {@link org.cachelinebench.harness.pin.PinPlan}), the machine's facts a result
 * depends on ({@link MachineFacts}), the pcpu_chunk reader and allocator workload ({@link org.cachelinebench.harness.chunk.PcpuChunkWorkload},
 * {@link org.cachelinebench.harness.chunk.PendingArea}) and parameters ({@link org.cachelinebench.harness.chunk.PercpuParams}), and the benchmarks' {@code checkParam} hook
 * ({@link ParamHook}), which Main and the paired runner call, and the marker of a failed layout check
 * ({@link LayoutCheck}), which the paired runner turns into failed claims.
 */
package org.cachelinebench.harness;
