package org.cachelinebench.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.GroupPools;
import org.cachelinebench.harness.interleave.HandshakeGrid;
import org.cachelinebench.harness.interleave.InterleavedReport;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
import org.cachelinebench.harness.ipi.IpiParams;
import org.cachelinebench.harness.ipi.ObjectMailboxSides;
import org.cachelinebench.harness.pin.PinnedThread;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.MailboxObjects;
import org.cachelinebench.model.layout.CacheLine;
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
 * The csd lesson where Java developers live: a mailbox object between two threads.
 *
 * Lesson: class Mailbox { Mailbox next; long func; long info; volatile int flags; } is only 8-byte aligned, so
 * wherever an instance lands decides whether its flag and its payload share a line; when they do not, the
 * receiver's payload loads wait for the flag's line and then miss again, on every call. Six sides in
 * IpiInterleaved's schedule: one-line (the reference), floor, straddled, padded (PaddedMailbox), contended
 * (@Contended) and one-line-again (the A/A control), each instance chosen from its live JOL address.
 * Rule: padding keeps other objects away, not the fields in one line, so padded and contended are measured on
 * instances whose fields sit in one line, and show what the padding alone costs.
 *
 *   java -jar target/benchmarks.jar ObjectMailboxInterleaved -p work=0
 *
 * Which instances and why: docs/straddle-and-protocols.md; the schedule and its medians over cycles:
 * docs/interleaved-design.md; the output: docs/reading-the-output.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {
        "-XX:-RestrictContended",
        "--add-exports=java.base/jdk.internal.vm.annotation=ALL-UNNAMED",
        "-Djol.skipHotspotSAAttach=true",
        "-Djol.skipDynamicAttach=true"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ObjectMailboxInterleaved {

    /** The pools of every group of this fork, allocated together before the one full GC; taken in arrival order. */
    private static final GroupPools<ObjectMailboxSides> POOLS = new GroupPools<>();

    /** The six sides, shared by one sender and one receiver. */
    @State(Scope.Group)
    public static class Sides {
        /** Dependent multiply-adds in func(info), kept in the receiver's own padded log. */
        @Param({"0", "100"})
        public String work;

        ObjectMailboxSides objects;
        HandshakeGrid run;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            long steps = FuncWork.parse(work);
            objects = POOLS.take(params, () -> new ObjectMailboxSides(CacheLine.SIZE));
            objects.choose();
            build(steps);
        }

        /** A trial in the same JVM (-f 0) allocates its own pools again. */
        @TearDown(Level.Trial)
        public void release() {
            POOLS.release();
        }

        private void build(long steps) {
            run = new HandshakeGrid(objects.sides(steps));
            System.out.print(InterleavedReport.sides("ObjectMailboxInterleaved work=" + work + ", "
                    + CacheLine.SIZE + "-byte lines; " + plainLayout(), run));
        }

        /** Before every iteration: an object a GC moved off its relation is replaced, and the sides rebuilt. */
        @Setup(Level.Iteration)
        public void recheck() {
            StringBuilder notes = new StringBuilder();
            if (objects.recheck(notes)) {
                System.out.print(notes);
                build(FuncWork.parse(work));
            } else {
                System.out.print(notes);
            }
        }

        /** After JMH's all-thread barrier: checks every handshake's protocol, then that no object moved off its relation. */
        @TearDown(Level.Iteration)
        public void checkAndReset() {
            run.checkAndReset();
            StringBuilder notes = new StringBuilder();
            objects.verifyUnmoved(notes);
            System.out.print(notes);
        }

        private static String plainLayout() {
            return "Mailbox fields on this JVM: " + MailboxObjects.layout(MailboxObjects.Kind.PLAIN).offsets();
        }
    }

    /** The sender's schedule and clock; its counters, per side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
        public SideCounters() {
            super(ObjectMailboxSides.NAMES, ObjectMailboxSides.REFERENCE_SIDE, ObjectMailboxSides.FLOOR_SIDE,
                    List.of());
        }

        public long oneLineNanos() { return nanos(ObjectMailboxSides.ONE_LINE); }
        public long oneLineCalls() { return calls(ObjectMailboxSides.ONE_LINE); }
        public long straddledNanos() { return nanos(ObjectMailboxSides.STRADDLED); }
        public long straddledCalls() { return calls(ObjectMailboxSides.STRADDLED); }
        public long paddedNanos() { return nanos(ObjectMailboxSides.PADDED); }
        public long paddedCalls() { return calls(ObjectMailboxSides.PADDED); }
        public long contendedNanos() { return nanos(ObjectMailboxSides.CONTENDED); }
        public long contendedCalls() { return calls(ObjectMailboxSides.CONTENDED); }
        public long oneLineAgainNanos() { return nanos(ObjectMailboxSides.ONE_LINE_AGAIN); }
        public long oneLineAgainCalls() { return calls(ObjectMailboxSides.ONE_LINE_AGAIN); }
        // Medians over the iteration's cycles; none for the reference.
        public double straddledRatioSum() { return ratio(ObjectMailboxSides.STRADDLED); }
        public double straddledExtraSum() { return extra(ObjectMailboxSides.STRADDLED); }
        public double paddedRatioSum() { return ratio(ObjectMailboxSides.PADDED); }
        public double paddedExtraSum() { return extra(ObjectMailboxSides.PADDED); }
        public double contendedRatioSum() { return ratio(ObjectMailboxSides.CONTENDED); }
        public double contendedExtraSum() { return extra(ObjectMailboxSides.CONTENDED); }
        public double oneLineAgainRatioSum() { return ratio(ObjectMailboxSides.ONE_LINE_AGAIN); }
        public double oneLineAgainExtraSum() { return extra(ObjectMailboxSides.ONE_LINE_AGAIN); }
        // Every interleaved benchmark's counters besides its sides' (the runner reads them by these names).
        public long floorNanos() { return nanos(ObjectMailboxSides.FLOOR); }
        public long floorCalls() { return calls(ObjectMailboxSides.FLOOR); }
        public double floorRatioSum() { return ratio(ObjectMailboxSides.FLOOR); }
        public long scheduleCycles() { return cycles(); }
        public long cyclesNotLogged() { return notLogged(); }
    }

    /** One call of the slice's side in the slice's block; the sender leads the schedule. */
    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public boolean sender(Sides sides, SideCounters sender, SenderSpin spin, PinnedThread cpu, Control control) {
        Leader clock = sender.clock;
        return clock.begin(sides.run, control, spin.spin())
                && sides.run.at(clock.side(), clock.block()).send(control, spin.spin())
                && clock.end(sides.run, control, spin.spin());
    }

    /** Handles one call of the slice's side in the slice's block, counting them to follow the sender. */
    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public int receiver(Sides sides, FollowerState receiver, ReceiverSpin spin, PinnedThread cpu, Control control) {
        Follower clock = receiver.clock;
        if (!clock.begin(sides.run, control, spin.spin())) {
            return 0;
        }
        int handled = sides.run.at(clock.side(), clock.block()).receive(control, spin.spin());
        clock.handled(sides.run, handled);
        return handled;
    }

    /** Validates a {@code -p} value before JMH runs (see {@code org.cachelinebench.Main}). */
    public static void checkParam(String name, String value) {
        IpiParams.check(name, value);
    }
}
