/**
 * Harness: the JMH states and workloads the benchmarks are built from, shared so each is written once.
 * The spin states that count yields ({@link SenderSpin}, {@link ReceiverSpin}), the one-pair check
 * ({@link OnePair}), the interleaved schedule ({@link InterleavedPair}, {@link SliceSender},
 * {@link SliceReceiver}, {@link InterleavedSubject}), thread pinning ({@link Pin}, {@link PinnedThread},
 * {@link ThreadPinning}) and the pcpu_chunk parameters ({@link PercpuParams}).
 */
package org.cachelinebench.harness;
