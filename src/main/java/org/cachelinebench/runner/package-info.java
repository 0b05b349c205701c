/**
 * The paired runner: runs the suite's comparison sets ({@code claims}) in rounds, forms every ratio from
 * measurements taken close together in time, checks the claims and writes the results. Tool.
 *
 * <p><b>Why pairing.</b> On shared VMs the core-to-core round trip drifts by large factors within minutes,
 * so a sequential JMH comparison (one {@code @Param} value after the other) measures the machine as much as
 * the layout. Both sides of every ratio are therefore measured in the same round, many rounds over.
 *
 * <p><b>Rules.</b>
 * <ul>
 *   <li>A round runs each variant of a set once as a single JMH fork, back to back, in the order
 *       {@link RoundOrder} gives: the base order rotated and reversed every other round, so a steady drift
 *       cancels over each pair of rounds and every variant is first and last equally often.</li>
 *   <li>An {@link org.cachelinebench.claims.Claim#interleaved() interleaved} claim names two sides of one
 *       fork of its set's interleaved variant ({@code IpiInterleaved}, one fork per round), which measures
 *       every side in one schedule inside every iteration; each measurement iteration gives one ratio and one
 *       count of extra line transfers, the medians over its cycles (the counters {@code harness.CounterNames}
 *       names), reported with the floor's ns per call. The reference is always the benchmark's reference side.</li>
 *   <li>Ratio = cost(subject) / cost(reference), cost = 1/throughput (or time): above 1 the subject is
 *       slower. Over rounds: the geometric mean with a Student-t interval on the log ratios
 *       ({@link RatioStats}) and the median, for reading.</li>
 *   <li>{@link Analysis} forms the ratios and {@link Judgment} judges every claim in one pass: one value per
 *       round (an interleaved fork's: the median of its iterations); a directional claim against its set's A/A
 *       control in the same rounds, an A/A against its own spread, with signed-rank bounds ({@link SignedRank})
 *       at the confidence in {@code claims.GateRule}: holds, fails or undecided. A fork that fails its layout check
 *       ({@link LayoutFailure}) fails every claim using its variant; the rest run on. The runner stops adding rounds
 *       once every gated claim is decided. Every round's floor stands beside its ratios, with the machine state the
 *       run's own floors put it in.</li>
 *   <li>{@link BaselineGate}: a run against a baseline only when their {@link Fingerprint}s match; a claim
 *       regresses when its effect over its A/A moved toward the A/A by more than both runs' A/A margins explain on
 *       a machine whose floors did not move. {@link Regate} ({@code benchmarks/regate}) judges saved runs
 *       ({@link SavedRun}) again with today's rule. The rule and its statistics: docs/ci-gate.md.</li>
  <li>JMH sits behind {@link ForkRunner} ({@link JmhForkRunner}: the Runner API with {@code forks(1)}),
 *       so ordering and statistics are tested with fake forks that drift.</li>
 * </ul>
 *
 * <p><b>Output</b> ({@code --out}, all files or none): {@code runs.json} (every fork, JMH {@code -rf json},
 * one entry per benchmark and params, one fork per round), {@code ratios.json} (JMH format too: benchmark
 * {@code pair.<comparison id>}, unit {@code ratio}, one fork per round, one entry per gated claim with a direction and
 * machine state, for {@code benchmarks/compare}), {@code summary.json} and {@code summary.md}, {@code metadata.json}
 * (with the machine's facts, fingerprint, {@link Pinning} and each round's state), and the gated ratios for
 * github-action-benchmark ({@code benchmark-action.json}, {@code benchmark-action-smaller.json}). {@link ForkResult} is one fork as a
 * {@code results.JmhResult}; {@link JmhFiles} merges them into the two JMH files. A baseline is replaced
 * only with {@code --update-baseline} ({@link ResultStore}). Options: {@link PairedOptions}, on the suite's one
 * command-line parser ({@code cli.CommandLine}); {@code --prof} runs every fork with a JMH profiler, whose rows
 * stay in {@code runs.json}. Every fork's line shows the time elapsed and the time left at the mean fork so far.
 *
 * <p><b>A plain run.</b> {@link RunComparisons} finds the same comparisons in the results of one ordinary JMH run
 * of the jar (its {@code Main} prints them after JMH's table), with the same {@link Analysis} over its
 * {@link Analysis.Sample}s, and says that such a run is not paired.
 *
 * <p><b>Rooms.</b> {@code runner.fork}: one fork, its result, its round order and its pinning; the rest, which
 * pairs, judges and writes, stays here.
 *
 * <p><b>Exit status:</b> 0 every gated claim decided and holds; 1 a claim failed (or regressed against the
 * baseline); 2 bad input or no usable result; 3 no verdict (undecided, too few rounds, or nothing gated judged).
 */
package org.cachelinebench.runner;

import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.runner.fork.JmhForkRunner;
