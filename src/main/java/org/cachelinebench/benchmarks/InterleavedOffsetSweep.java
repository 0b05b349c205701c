package org.cachelinebench.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.FollowerState;
import org.cachelinebench.harness.interleave.HandshakeGridState;
import org.cachelinebench.harness.interleave.Leader;
import org.cachelinebench.harness.interleave.LeaderState;
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.harness.ipi.IpiParams;
import org.cachelinebench.harness.pin.PinnedThread;
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
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/*
 * The v4.13 csd at every 8-byte offset of a line, all offsets in one interleaved measurement.
 *
 * Lesson: where the csd starts decides how many lines one call moves, and whether the receiver can fetch them
 * together. Ten sides in IpiInterleaved's schedule: offset-0 (the reference), the floor, offsets 8 to 56 (in
 * line A up to 32, across lines A and B from 40 on 64-byte lines) and offset-0-again (the A/A control).
 * Rule: read the step in extra lines at 40, where the 32 bytes first cross a line: large for the flag mailbox,
 * whose second line is serialized, small where the receiver fetches both lines at once (kernel, doorbell).
 *
 *   java -jar target/benchmarks.jar InterleavedOffsetSweep -p protocol=flag -p work=100
 *
 * The fork prints which members fall in which line for each offset, from the real addresses. The design:
 * docs/interleaved-design.md; the output: docs/reading-the-output.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class InterleavedOffsetSweep {

    /** The ten sides' handshakes in ten blocks, shared by one sender and one receiver. */
    @State(Scope.Group)
    public static class Sides extends HandshakeGridState {
        /** kernel, doorbell, flag: as in IpiInterleaved. */
        @Param({"kernel", "doorbell", "flag"})
        public String protocol;

        /** Dependent multiply-adds in func(info), as in IpiInterleaved. */
        @Param({"0"})
        public String work;

        /** sync or async: kernel and doorbell only. */
        @Param({"sync"})
        public String mode;

        @Override
        protected List<Side> sides() {
            return SweepSides.of(IpiProtocol.parse(protocol), IpiMode.parse(mode), FuncWork.parse(work));
        }

        @Override
        protected String title() {
            return "InterleavedOffsetSweep protocol=" + protocol + " work=" + work
                    + (IpiProtocol.parse(protocol).usesModeAndLayout() ? " mode=" + mode
                            : " (the flag mailbox: mode does not apply)");
        }
    }

    /** The sender's schedule and clock; its counters, per side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
        public SideCounters() {
            super(SweepSides.NAMES, SweepSides.REFERENCE_SIDE, SweepSides.FLOOR_SIDE);
        }

        public long offset0Nanos() { return nanos("offset-0"); }
        public long offset0Calls() { return calls("offset-0"); }
        public long offset8Nanos() { return nanos("offset-8"); }
        public long offset8Calls() { return calls("offset-8"); }
        public long offset16Nanos() { return nanos("offset-16"); }
        public long offset16Calls() { return calls("offset-16"); }
        public long offset24Nanos() { return nanos("offset-24"); }
        public long offset24Calls() { return calls("offset-24"); }
        public long offset32Nanos() { return nanos("offset-32"); }
        public long offset32Calls() { return calls("offset-32"); }
        public long offset40Nanos() { return nanos("offset-40"); }
        public long offset40Calls() { return calls("offset-40"); }
        public long offset48Nanos() { return nanos("offset-48"); }
        public long offset48Calls() { return calls("offset-48"); }
        public long offset56Nanos() { return nanos("offset-56"); }
        public long offset56Calls() { return calls("offset-56"); }
        public long offset0AgainNanos() { return nanos("offset-0-again"); }
        public long offset0AgainCalls() { return calls("offset-0-again"); }
        // Medians over the iteration's cycles; none for the reference.
        public double offset8RatioMedian() { return ratio("offset-8"); }
        public double offset8ExtraMedian() { return extra("offset-8"); }
        public double offset16RatioMedian() { return ratio("offset-16"); }
        public double offset16ExtraMedian() { return extra("offset-16"); }
        public double offset24RatioMedian() { return ratio("offset-24"); }
        public double offset24ExtraMedian() { return extra("offset-24"); }
        public double offset32RatioMedian() { return ratio("offset-32"); }
        public double offset32ExtraMedian() { return extra("offset-32"); }
        public double offset40RatioMedian() { return ratio("offset-40"); }
        public double offset40ExtraMedian() { return extra("offset-40"); }
        public double offset48RatioMedian() { return ratio("offset-48"); }
        public double offset48ExtraMedian() { return extra("offset-48"); }
        public double offset56RatioMedian() { return ratio("offset-56"); }
        public double offset56ExtraMedian() { return extra("offset-56"); }
        public double offset0AgainRatioMedian() { return ratio("offset-0-again"); }
        public double offset0AgainExtraMedian() { return extra("offset-0-again"); }
        // Every interleaved benchmark's counters besides its sides' (the runner reads them by these names).
        public long floorNanos() { return nanos("floor"); }
        public long floorCalls() { return calls("floor"); }
        public double floorRatioMedian() { return ratio("floor"); }
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

    /**
     * The ten sides InterleavedOffsetSweep measures in one schedule, in schedule order: the v4.13 csd
     * (or the flag mailbox on its bytes) at offset 0 of line A, the reference; the one-line floor; the csd at every
     * other 8-byte offset of a 64-byte line, 8 to 56; and offset 0 again, the A/A control.
     *
     * <p>On 64-byte lines the 32-byte csd stays in line A up to offset 32 and straddles from 40: at 40
     * {@code llist.next}, {@code func} and {@code info} are in line A and {@code flags} in line B; at 48 two and two;
     * at 56 only {@code llist.next} in A. On 128-byte lines every offset here stays in one line.
     */
    public static final class SweepSides {
        private SweepSides() {}

        /** The offsets measured, 0 first (the reference). */
        public static final List<Integer> OFFSETS = List.of(0, 8, 16, 24, 32, 40, 48, 56);

        public static final String REFERENCE = name(0);
        public static final String FLOOR = Side.FLOOR;
        public static final String AGAIN = name(0) + "-again";

        /** The sides' names in schedule order: offset-0, floor, offset-8 .. offset-56, offset-0-again. */
        public static final List<String> NAMES = names();

        public static final int REFERENCE_SIDE = NAMES.indexOf(REFERENCE);
        public static final int FLOOR_SIDE = NAMES.indexOf(FLOOR);

        /** "offset-40". */
        public static String name(int offset) {
            return "offset-" + offset;
        }

        private static List<String> names() {
            List<String> n = new ArrayList<>();
            n.add(REFERENCE);
            n.add(FLOOR);
            for (int offset : OFFSETS.subList(1, OFFSETS.size())) {
                n.add(name(offset));
            }
            n.add(AGAIN);
            return List.copyOf(n);
        }

        /** The ten sides of one protocol and call mode on the v4.13 csd, in the order of {@link #NAMES}. */
        public static List<Side> of(IpiProtocol protocol, IpiMode mode, long work) {
            List<Side> sides = new ArrayList<>();
            sides.add(csd(REFERENCE, 0, protocol, mode, work));
            sides.add(Side.floor());
            for (int offset : OFFSETS.subList(1, OFFSETS.size())) {
                sides.add(csd(name(offset), offset, protocol, mode, work));
            }
            sides.add(csd(AGAIN, 0, protocol, mode, work));
            return List.copyOf(sides);
        }

        private static Side csd(String name, int offset, IpiProtocol protocol, IpiMode mode, long work) {
            return new Side(name, block -> protocol.in(block, CsdLayout.V4_13, mode, offset, work));
        }
    }
}
