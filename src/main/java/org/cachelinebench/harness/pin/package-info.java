/**
 * Where a benchmark's threads run. The pair of a two-thread group: the {@code pin} parameter ({@link Pin}), the
 * CPUs it chooses ({@link PinPlan}) from the machine's topology ({@link CpuTopology}), the JMH state that pins
 * each thread ({@link PinnedThread}); the N threads of a many-CPU benchmark: the {@code place} parameter
 * ({@link Place}), its CPUs ({@link ThreadPlacement}) and its state ({@link PlacedThread}); both pin through
 * {@link ThreadPinning} ({@code taskset}) and give the CPUs back at the trial's end ({@link TrialPin}).
 */
package org.cachelinebench.harness.pin;
