/**
 * The paired runner: both sides of every comparison measured close together in time, many times.
 *
 * <p><b>Why.</b> On small cloud VMs the core-to-core round trip drifts (about 60, 200, 470, 1200 ns,
 * changing within minutes). A sequential JMH comparison, one {@code @Param} value after the other, then
 * measures the machine as much as the layout: four runs of the same comparison gave 1.06, 1.44, 1.60 and
 * 1.91. Alternating single forks gave stable medians over pairs.
 *
 * <p><b>Design.</b> {@link org.cachelinebench.report.paired.Suite} lists the comparison sets (variants that
 * are measured together), the comparisons (ratios with an expected direction) and the profiles. A session
 * runs rounds; in each round every set runs each of its variants once as a single JMH fork, back to back,
 * in the order {@link org.cachelinebench.report.paired.RoundOrder} gives: the base order rotated, reversed
 * every other round, so a steady drift cancels over each pair of rounds and every variant is first and last
 * equally often. The JMH side is one small class ({@link org.cachelinebench.report.paired.JmhForkRunner},
 * JMH's Runner API with {@code forks(1)}) behind {@link org.cachelinebench.report.paired.ForkRunner}, so the
 * ordering and the statistics are tested with fake forks that drift.
 *
 * <p><b>Interleaved comparisons.</b> Forks seconds apart were still not close enough for the csd: a
 * 2-vCPU KVM guest's round trip jumped between states (~80, ~133, ~475 ns) from one 2-second fork to the
 * next, so 8 rounds gave straddled/line-aligned 1.05 with interval 0.51..2.17. The csd comparisons are
 * therefore {@link org.cachelinebench.report.paired.Comparison#interleaved interleaved}: one fork of
 * {@code IpiInterleaved} per subject and round measures the subject and the line-aligned reference in
 * alternating 256-call slices inside every iteration, and each measurement iteration gives one ratio from
 * its aux counters (subject ns per call over reference ns per call). The samples are the iterations of all
 * rounds; the rounds (fresh JVMs, the independent unit for JIT effects) still count for the minimum of 3.
 * The old fork-based set remains as {@code csd-forks} (profiles full and calibrate, informational) to show
 * what interleaving buys. Interleaving removed the drift but not a bias: an A/A control (the reference's
 * own placement as the subject, {@code csd.line-aligned-again-vs-line-aligned}) measured about 1.02-1.04
 * on that VM, as much as the straddle, so the csd comparisons are reported and not gated.
 *
 * <p><b>Numbers.</b> Per round, ratio = cost(subject) / cost(reference), cost = 1/throughput (or time),
 * so above 1 the subject is slower. Over rounds: the geometric mean with a 95 % Student-t interval on the
 * log ratios ({@link org.cachelinebench.report.paired.RatioStats}), the median, the median time between
 * the two sides' measurement windows, and the absolute scores for information.
 * {@link org.cachelinebench.report.paired.Analysis} checks each gating claim on the median against a 10 %
 * minimum effect.
 *
 * <p><b>Output</b> ({@code --out}, all files or none): {@code runs.json} (every fork, JMH {@code -rf json},
 * one entry per benchmark and params, one fork per round), {@code ratios.json} (JMH format too: benchmark
 * {@code pair.<comparison id>}, unit {@code ratio}, one fork per round, for {@code benchmarks/compare}),
 * {@code summary.json} and {@code summary.md}, {@code metadata.json}. Exit status: 0 claims hold, 1 a claim
 * failed, 2 bad input or no usable result.
 */
package org.cachelinebench.report.paired;
