package org.cachelinebench.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.InterleavedReport;
import org.cachelinebench.harness.Interleaving;
import org.cachelinebench.harness.ObjectMailboxSides;
import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.Pin;
import org.cachelinebench.harness.PinnedThread;
import org.cachelinebench.harness.ReceiverSlices;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSlices;
import org.cachelinebench.harness.SenderSpin;
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
 * The 2017 csd lesson where Java developers live: a mailbox object between two threads.
 *
 * A developer writes class Mailbox { Mailbox next; long func; long info; volatile int flags; } (the v4.13 csd's
 * members) and runs the flag mailbox on it: the sender waits for flags == 0, fills next, func and info, publishes
 * flags = 1 (release); the receiver spins on flags (acquire), reads the payload, runs func(info) and stores
 * flags = 0 (release) (FlagMailbox, the same code that runs on the off-heap csd bytes in IpiInterleaved
 * -p protocol=flag). The JVM puts the four fields back to back, 24 to 28 bytes, in an object that is only 8-byte
 * aligned: wherever the object lands decides whether the flag and the payload share a line. When they do not,
 * the receiver's payload loads, ordered after the flag's acquire load, wait for the flag's line and then miss
 * again: the second line's transfer is serialized on every call.
 *
 * Six sides in one interleaved schedule (IpiInterleaved's, see InterleavedSchedule), slices of 256 calls:
 *   one-line        a plain Mailbox whose four fields sit in one line: the reference;
 *   floor           one flag bounced in one line (off-heap, rotated over the blocks as usual): the unit of the
 *                   extra line transfers;
 *   straddled       a plain Mailbox whose flags lies in another line than part of its payload;
 *   padded          PaddedMailbox: 128 bytes of class-hierarchy padding before and after the fields, so no other
 *                   object's field shares their lines; its fields in one line;
 *   contended       ContendedMailbox: @Contended on the class, the JDK's own padding; its fields in one line;
 *   one-line-again  another plain Mailbox at the reference's place in its line: the A/A control.
 * The padding guarantees that the mailbox is alone, NOT that its fields sit in one line: a padded object still
 * starts on any 8-byte boundary, so its fields straddle at as many places as the plain class's. Here no other
 * object's field is written while the sides run, so padded and contended against one-line show what the padding
 * itself costs; what it saves against a busy neighbour is ChunkObjectFalseSharing's lesson.
 *
 * Which instance: setup allocates 64 instances of each class (for all groups at once, then one full GC, so
 * every pool is settled in the old generation), reads their live addresses with JOL (HeapAddresses checks JOL's
 * arithmetic first) and chooses by MailboxObjects' rule: for straddled the instance that splits the fields most
 * evenly between two lines; for one-line and one-line-again two instances at the same place in their lines,
 * nearest the line's start; for padded and contended one whose fields sit in one line; the plain ones at least
 * 128 bytes apart. The fork prints every choice: the address and which fields fall in which line. Before every
 * iteration each object is re-checked (a GC may have moved it: kept if its relation holds, else all are chosen
 * again), and after it (moved during the iteration to where its relation fails: the iteration fails, naming the
 * fields). A pool with no instance that fits, or padding that does not keep other objects 128 bytes away (e.g.
 * @Contended without -XX:-RestrictContended), fails the setup, naming the fields and addresses. Objects do not
 * rotate over the blocks: an object side runs on its object whichever block the schedule gives it.
 *
 * Parameters:
 *   work   0 and 100 by default: dependent multiply-adds func(info) runs on the receiver (the C program's
 *          --work); its result goes to the receiver's own padded log. Work in the round trip dilutes the ratio
 *          towards 1; the extra line transfer, a difference, stays.
 *   pin    off (default) or on.
 *
 * How to run:
 *   java -jar target/benchmarks.jar ObjectMailboxInterleaved
 *   java -jar target/benchmarks.jar ObjectMailboxInterleaved -p work=0
 *
 * How to read it: as IpiInterleaved, one "#" line per side after every iteration and over the trial (ns per
 * call, ratio to one-line, extra lines = (cost - cost(one-line)) / cost(floor)), ratio and extra lines the medians
 * over the cycles (a preempted thread stalls one cycle, and the median ignores it; for an A/A pair the per-cycle
 * log ratio is symmetric, so the median is unbiased); the JSON's counters are IpiInterleaved's
 * (harness.CounterNames): read the RatioSum and ExtraSum medians per iteration. With -t 4 the two
 * groups time-share 2 cores: a robustness test, not a measurement.
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
    private static List<ObjectMailboxSides> pools;

    /** The six sides, shared by one sender and one receiver. */
    @State(Scope.Group)
    public static class Sides {
        @Param({"0", "100"})
        public String work;

        ObjectMailboxSides objects;
        Interleaving run;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            long steps = FuncWork.parse(work);
            synchronized (ObjectMailboxInterleaved.class) {
                if (pools == null) {
                    // Every group's pools before one full GC, so that no group's GC moves another's choice.
                    int groups = Math.max(1, params.getThreads() / Arrays.stream(params.getThreadGroups()).sum());
                    pools = new ArrayList<>();
                    for (int g = 0; g < groups; g++) {
                        pools.add(new ObjectMailboxSides(CacheLine.SIZE));
                    }
                    System.gc();
                }
                if (pools.isEmpty()) {
                    throw new IllegalStateException("more groups set up than the " + params.getThreads()
                            + " threads make");
                }
                objects = pools.remove(0);
                objects.choose();
            }
            build(steps);
        }

        /** A trial in the same JVM (-f 0) allocates its own pools again. */
        @TearDown(Level.Trial)
        public void release() {
            synchronized (ObjectMailboxInterleaved.class) {
                pools = null;
            }
        }

        private void build(long steps) {
            run = new Interleaving(objects.sides(steps));
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
    public static class SideCounters extends SenderSlices {
        public SideCounters() {
            super(ObjectMailboxSides.NAMES, ObjectMailboxSides.REFERENCE_SIDE, ObjectMailboxSides.FLOOR_SIDE);
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
