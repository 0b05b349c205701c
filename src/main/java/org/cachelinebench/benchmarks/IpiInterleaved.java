package org.cachelinebench.benchmarks;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.InterleavedPair;
import org.cachelinebench.harness.InterleavedSubject;
import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.Pin;
import org.cachelinebench.harness.PinnedThread;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.SliceReceiver;
import org.cachelinebench.harness.SliceSender;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
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
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/*
 * The csd comparison with both variants inside one measurement.
 *
 * IpiBenchmark measures each csd placement in a fork of its own. On a small VM that does not work: the
 * cross-core round trip jumps between machine states (seen: ~80, ~133 and ~475 ns on a 2-vCPU KVM guest)
 * from one two-second fork to the next, pinned or not, so the ratio of two forks says more about which
 * state each fork drew than about the placement (8 rounds gave straddled/line-aligned 1.05, interval
 * 0.51..2.17). Here one sender and one receiver drive TWO independent mailboxes alternately: the
 * reference (a line-aligned csd) and the subject, each in its own CsdBlock allocated the same way. The
 * sender makes 256 calls on one, then 256 on the other, timing each slice with System.nanoTime; slices run
 * in pairs ordered ABBA (subject-reference, reference-subject, ...). The two sides are then ~0.1 ms apart
 * instead of seconds, and a state change hits both alike.
 *
 * Variants (the reference is always the line-aligned csd of the same layout and mode):
 *   subject=straddled     csd at lineSize-16: across two lines (the 2017 report);
 *   subject=size-aligned  csd at 32: the merged fix;
 *   subject=floor         one bare flag bounced in one line (FlagPingPong): the cheapest handshake.
 *   mode=sync (default) or async, layout=v4.13 (default) or current, pin=off (default) or on: as in
 *   IpiBenchmark; mode and layout apply to every csd of the pair.
 * The protocol is IpiBenchmark's (IpiMailbox, SmpV4_13/SmpCurrent); only the schedule is new
 * (InterleavedPair, SliceSender, SliceReceiver).
 *
 * How to run:
 *   java -jar target/benchmarks.jar IpiInterleaved
 *   java -jar target/benchmarks.jar IpiInterleaved -p subject=straddled -p pin=on
 *   The paired runner's csd comparisons run it: org.cachelinebench.runner.Paired --profile ci.
 *
 * How to read it: after each iteration the fork prints a "# cost ratio" line, (subject ns per call) /
 * (reference ns per call) over the slice pairs that iteration completed, and at the end one over all
 * measurement iterations: above 1 the subject is slower. That line is what to read. (It is not a JMH
 * counter because JMH sums @AuxCounters EVENTS over iterations, which is right for the raw totals below
 * and wrong for a ratio.) The JSON has the raw totals "ipi:subjectNanos", "ipi:subjectCalls",
 * "ipi:referenceNanos" and "ipi:referenceCalls", from which the paired runner forms the ratio of every
 * iteration; "ipi:slicePairs" counts the pairs behind them. "ipi:sender" is calls per microsecond over
 * both sides (the mix of two costs, not a number to compare); yields as in IpiBenchmark: non-zero means a
 * disturbed iteration. With -t 4 the two groups time-share 2 cores: a robustness test, not a measurement.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class IpiInterleaved {

    /** The two mailboxes one sender and one receiver share. */
    @State(Scope.Group)
    public static class Pair {
        @Param({"straddled", "size-aligned", "floor"})
        public String subject;

        @Param({"sync"})
        public String mode;

        @Param({"v4.13"})
        public String layout;

        InterleavedPair pair;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            CsdLayout l = CsdLayout.parse(layout);
            IpiMode m = IpiMode.parse(mode);
            InterleavedSubject what = InterleavedSubject.parse(subject);
            // Which block is allocated first decides which gets the lower address and its neighbours.
            // An A/A run (subject=line-aligned) with a fixed order measured the reference about 3 %
            // cheaper on this VM, as large as the straddle itself: a coin per fork turns that into
            // noise that rounds average out, instead of a bias every fork shares.
            boolean subjectFirst = ThreadLocalRandom.current().nextBoolean();
            Handshake s = subjectFirst ? what.create(l, m) : null;
            Handshake r = IpiMailbox.create(l, m, CsdPlacement.LINE_ALIGNED);
            if (s == null) {
                s = what.create(l, m);
            }
            System.out.println("# blocks allocated " + (subjectFirst ? "subject first" : "reference first"));
            pair = new InterleavedPair(s, r);
        }

        /** After JMH's all-thread barrier: checks both sides' protocols, restores clean blocks. */
        @TearDown(Level.Iteration)
        public void checkAndReset() {
            pair.checkAndReset();
        }
    }

    /** The sender's schedule and slice clocks; its counters are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SenderSlices {
        final SliceSender slices = new SliceSender();

        @Setup(Level.Iteration)
        public void restart() {
            slices.reset();
        }

        public long subjectNanos() { return slices.subjectNanos(); }
        public long referenceNanos() { return slices.referenceNanos(); }
        public long subjectCalls() { return slices.subjectCalls(); }
        public long referenceCalls() { return slices.referenceCalls(); }
        public long slicePairs() { return slices.slicePairs(); }

        /** The measurement iterations' totals, for the trial's ratio line. */
        private final SliceSender trial = new SliceSender();

        @TearDown(Level.Iteration)
        public void printRatio(IterationParams iteration) {
            boolean measured = iteration.getType() == IterationType.MEASUREMENT;
            if (measured) {
                trial.add(slices);
            }
            System.out.println("# " + (measured ? "measurement" : "warmup") + " iteration: " + slices.describeRatio());
        }

        @TearDown(Level.Trial)
        public void printTrialRatio() {
            System.out.println("# all measurement iterations: " + trial.describeRatio());
        }
    }

    /** The receiver's position in the schedule. */
    @State(Scope.Thread)
    public static class ReceiverSlices {
        final SliceReceiver slices = new SliceReceiver();

        @Setup(Level.Iteration)
        public void restart() {
            slices.reset();
        }
    }

    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public boolean sender(Pair pair, SenderSlices slices, SenderSpin spin, PinnedThread cpu, Control control) {
        return slices.slices.send(pair.pair, control, spin.spin());
    }

    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public int receiver(Pair pair, ReceiverSlices slices, ReceiverSpin spin, PinnedThread cpu, Control control) {
        return slices.slices.receive(pair.pair, control, spin.spin());
    }

    /** Validates a {@code -p} value before JMH runs (see {@code org.cachelinebench.Main}). */
    public static void checkParam(String name, String value) {
        switch (name) {
            case InterleavedSubject.PARAM:
                InterleavedSubject.parse(value);
                break;
            case IpiMode.PARAM:
                IpiMode.parse(value);
                break;
            case CsdLayout.PARAM:
                CsdLayout.parse(value);
                break;
            case Pin.PARAM:
                Pin.check(value);
                break;
            default:
                // not a parameter of this benchmark
        }
    }
}
