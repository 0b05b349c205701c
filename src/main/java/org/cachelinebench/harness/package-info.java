/**
 * Harness: the JMH states and workloads the benchmarks are built from, shared so each is written once, in rooms by
 * job: {@code harness.pin} (where the threads run), {@code harness.interleave} (the interleaved design),
 * {@code harness.ipi} (the IPI mailbox benchmarks' state and sides) and {@code harness.chunk} (the
 * {@code pcpu_chunk} workload and its interleaving). What every room and benchmark shares stays here: the spin
 * states that count yields ({@link SenderSpin}, {@link ReceiverSpin} on {@link ThreadSpin}), the one-pair check
 * ({@link OnePair}), a thread's JMH index ({@link ThreadIndex}), the counter names derived from side names
 * ({@link CounterNames}), the machine's facts a result depends on ({@link MachineFacts}), the benchmarks'
 * {@code checkParam} and {@code checkMachine} hooks ({@link ParamHook}), which Main (and for {@code checkParam} the
 * paired runner) call, and the markers of a failed
 * layout check ({@link LayoutCheck}) and of an object the collector moved during an iteration
 * ({@link MovedDuringIteration}), which the paired runner finds in a fork's failure ({@link Thrown}).
 */
package org.cachelinebench.harness;
