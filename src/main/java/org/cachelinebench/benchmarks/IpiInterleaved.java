package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.CsdSides;
import org.cachelinebench.harness.InterleavedReport;
import org.cachelinebench.harness.Interleaving;
import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.Pin;
import org.cachelinebench.harness.PinnedThread;
import org.cachelinebench.harness.ReceiverSlices;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSlices;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/*
 * The csd comparison with every variant inside one measurement, in a schedule that favours none.
 *
 * The lesson: on a small VM the cross-core round trip jumps between machine states from one fork to the
 * next, so two placements measured in separate forks compare the states more than the placements. Here one
 * sender and one receiver alternate between FIVE sides in slices of 256 calls, each slice timed:
 *   line-aligned        a csd at offset 0 of its line: the reference;
 *   floor               one flag bounced in one line (FlagPingPong): the machine's one-line round trip;
 *   straddled           a csd at lineSize-16, across two lines (the 2017 report);
 *   size-aligned        a csd at 32: the merged fix;
 *   line-aligned-again  the reference's placement again, as a side of its own: the A/A control.
 *
 * Why it is unbiased: a side's cost depends on the memory block it runs in, not only on its placement, so
 * there are five identical blocks and every side runs in every one (InterleavedSchedule). A group of ten
 * slices visits the blocks in the palindrome 0,1,2,3,4,4,3,2,1,0, each block owned by one side; the owners
 * rotate group by group, so over a cycle of five groups every side has had every block at the same two
 * positions. The A/A pair then sees exactly the same blocks at the same positions, and what a block, a
 * position or a linear drift costs falls on every side alike; only whole cycles are counted.
 *
 * The design rules:
 *   - one schedule, one clock: the sender reads System.nanoTime once per slice boundary (and once more after
 *     each barrier, which is not timed);
 *   - self-contained slices: in async mode the sender waits until a slice's last call was handled before it
 *     reads the clock, so nothing is in flight when the next slice starts or a block changes hands;
 *   - blocks change hands only between groups, at a barrier that is not timed: the sender checks that every
 *     call of the group was handled once, in order, with its func and info, then zeroes the blocks (the
 *     sides' csds overlap);
 *   - a cycle is counted only when it began after all threads started measuring and ended before the stop;
 *   - the protocol is IpiBenchmark's (IpiMailbox, SmpV4_13/SmpCurrent), with a doorbell, or the flag mailbox
 *     (FlagMailbox), as -p protocol says; every wait polls stopMeasurement.
 *
 * Parameters:
 *   protocol  kernel (default): kernel/smp.c's smp_call_function_single (IpiMailbox), the receiver polling its
 *             call_single_queue head for the IPI;
 *             doorbell: the same, but the IPI is a store-release to a doorbell word in a line of its own, made
 *             only when llist_add found the queue empty, and the receiver waits on it: the head line moves only as
 *             the kernel moves it (a kernel CPU learns of the call from the interrupt, not from its queue);
 *             flag: the flag mailbox Java developers write (FlagMailbox) on the same csd bytes at the same offsets:
 *             the sender waits for flags == 0, fills next/func/info, publishes flags = 1 (release); the receiver
 *             spins on flags (acquire), reads the payload, runs func(info), stores flags = 0 (release). On 64-byte
 *             lines straddled puts llist.next and func in line A, info and flags in line B.
 *   work      0 (default) .. 1000000000: dependent multiply-adds func(info) runs on the receiver, in every
 *             protocol (the C program's --work). Work in the round trip dilutes the ratio, not the extra lines.
 *   mode      sync (default) or async, layout v4.13 (default) or current, as in IpiBenchmark: kernel and
 *             doorbell only; the flag mailbox has one form on the v4.13 bytes and ignores them.
 *   pin, cpus as in IpiBenchmark (thread pinning, by topology or by CPU numbers).
 *   Only one value of protocol and work is the default, so the plain run stays one fork; ask for the others.
 *
 * How to run:
 *   java -jar target/benchmarks.jar IpiInterleaved
 *   java -jar target/benchmarks.jar IpiInterleaved -p protocol=kernel,doorbell,flag -p work=0,100
 *   java -jar target/benchmarks.jar IpiInterleaved -p mode=async -p pin=on
 *   The paired runner's csd comparisons run it: org.cachelinebench.runner.Paired --profile ci (kernel) and
 *   --profile full (doorbell and flag too).
 *
 * At setup the fork prints each side's memory from the real addresses: which csd members fall in which line of
 * the block (e.g. "straddled  flag mailbox on the v4.13 csd bytes at offset 48: llist.next, func in line 3;
 * info, flags in line 4").
 *
 * How to read it: after each iteration, and over all measurement iterations at the end, the fork prints one
 * "#" line per side: ns per call (over all cycles), ratio = cost(side) / cost(line-aligned) (above 1 the side is
 * slower) and extra lines = (cost(side) - cost(line-aligned)) / cost(floor), the extra cost in one-line round
 * trips. Ratio and extra lines are MEDIANS over the cycles of each cycle's own ratio and extra lines (CycleLog):
 * a thread preempted for far longer than a slice stalls one cycle, which a sum would carry into whichever side it
 * hit and the median ignores; for an A/A pair the per-cycle log ratio is symmetric about 0, so the median is
 * unbiased. The A/A line (line-aligned-again) shows the design's own bias on your machine: its ratio should be 1.
 * The JSON has per side the raw sums "ipi:<side>Nanos" and "ipi:<side>Calls", the per-iteration medians
 * "ipi:<side>RatioSum" and "ipi:<side>ExtraSum" (JMH's row sums them over the iterations; harness.CounterNames),
 * "ipi:scheduleCycles" and "ipi:cyclesNotLogged" (cycles past the log's capacity: 0 in a normal run); read the
 * medians per iteration, as the "#" lines, the comparisons after the run and the paired runner do. "ipi:sender" is calls per microsecond
 * over all sides (a mix of five costs, not a number to compare); yields as in IpiBenchmark: non-zero means a
 * disturbed iteration. With -t 4 the two groups time-share 2 cores: a robustness test, not a measurement.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class IpiInterleaved {

    /** The five sides' handshakes in five blocks, shared by one sender and one receiver. */
    @State(Scope.Group)
    public static class Sides {
        @Param({"kernel"})
        public String protocol;

        @Param({"0"})
        public String work;

        @Param({"sync"})
        public String mode;

        @Param({"v4.13"})
        public String layout;

        Interleaving run;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            IpiProtocol p = IpiProtocol.parse(protocol);
            run = new Interleaving(CsdSides.of(p, CsdLayout.parse(layout), IpiMode.parse(mode), FuncWork.parse(work)));
            System.out.print(InterleavedReport.sides("IpiInterleaved protocol=" + protocol + " work=" + work
                    + (p.usesModeAndLayout() ? " mode=" + mode + " layout=" + layout
                            : " (the flag mailbox: mode and layout do not apply)"), run));
        }

        /** After JMH's all-thread barrier: checks every handshake's protocol, restores clean blocks. */
        @TearDown(Level.Iteration)
        public void checkAndReset() {
            run.checkAndReset();
        }
    }

    /** The sender's schedule and clock; its counters, per side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends SenderSlices {
        public SideCounters() {
            super(CsdSides.NAMES, CsdSides.REFERENCE_SIDE, CsdSides.FLOOR_SIDE);
        }

        public long lineAlignedNanos() { return nanos(CsdSides.LINE_ALIGNED); }
        public long lineAlignedCalls() { return calls(CsdSides.LINE_ALIGNED); }
        public long straddledNanos() { return nanos(CsdSides.STRADDLED); }
        public long straddledCalls() { return calls(CsdSides.STRADDLED); }
        public long sizeAlignedNanos() { return nanos(CsdSides.SIZE_ALIGNED); }
        public long sizeAlignedCalls() { return calls(CsdSides.SIZE_ALIGNED); }
        public long lineAlignedAgainNanos() { return nanos(CsdSides.LINE_ALIGNED_AGAIN); }
        public long lineAlignedAgainCalls() { return calls(CsdSides.LINE_ALIGNED_AGAIN); }
        // Medians over the iteration's cycles (computed at the iteration's teardown, which JMH runs before it reads
        // the counters); none for the reference.
        public double straddledRatioSum() { return ratio(CsdSides.STRADDLED); }
        public double straddledExtraSum() { return extra(CsdSides.STRADDLED); }
        public double sizeAlignedRatioSum() { return ratio(CsdSides.SIZE_ALIGNED); }
        public double sizeAlignedExtraSum() { return extra(CsdSides.SIZE_ALIGNED); }
        public double lineAlignedAgainRatioSum() { return ratio(CsdSides.LINE_ALIGNED_AGAIN); }
        public double lineAlignedAgainExtraSum() { return extra(CsdSides.LINE_ALIGNED_AGAIN); }
        // Every interleaved benchmark's counters besides its sides' (the runner reads them by these names).
        public long floorNanos() { return nanos(CsdSides.FLOOR); }
        public long floorCalls() { return calls(CsdSides.FLOOR); }
        public double floorRatioSum() { return ratio(CsdSides.FLOOR); }
        public long scheduleCycles() { return cycles(); }
        public long cyclesNotLogged() { return notLogged(); }
    }

    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public boolean sender(Sides sides, SideCounters slices, SenderSpin spin, PinnedThread cpu, Control control) {
        return slices.slices.send(sides.run, control, spin.spin());
    }

    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public int receiver(Sides sides, ReceiverSlices slices, ReceiverSpin spin, PinnedThread cpu, Control control) {
        return slices.slices.receive(sides.run, control, spin.spin());
    }

    /** Validates a {@code -p} value before JMH runs (see {@code org.cachelinebench.Main}). */
    public static void checkParam(String name, String value) {
        switch (name) {
            case IpiMode.PARAM:
                IpiMode.parse(value);
                break;
            case CsdLayout.PARAM:
                CsdLayout.parse(value);
                break;
            case IpiProtocol.PARAM:
                IpiProtocol.parse(value);
                break;
            case FuncWork.PARAM:
                FuncWork.parse(value);
                break;
            case Pin.PARAM:
                Pin.check(value);
                break;
            case Pin.CPUS_PARAM:
                Pin.checkCpus(value);
                break;
            default:
                // not a parameter of this benchmark
        }
    }
}
