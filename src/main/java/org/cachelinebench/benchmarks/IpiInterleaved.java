package org.cachelinebench.benchmarks;

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
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;
import org.cachelinebench.model.ipi.LineProbe;
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
 * The csd comparison with every variant inside one measurement, in a schedule that favours none.
 *
 * Lesson: on a small VM the cross-core round trip changes state from one fork to the next, so placements
 * measured in separate forks compare machine states. Here one sender and one receiver alternate between eight
 * sides (line-aligned, the reference; floor, one line's round trip; straddled; size-aligned; line-aligned-again,
 * the A/A control; three probes, the floor with one more line: the machine's costs) in timed slices, every side in every memory block at the same positions of the schedule.
 * Rule: report each side's ratio and extra lines as medians over whole cycles, next to the A/A control, because
 * a stalled cycle then moves no side and the A/A line shows the design's own bias.
 *
 *   java -jar target/benchmarks.jar IpiInterleaved -p protocol=kernel,doorbell,flag -p work=0,100
 *
 * The fork prints which csd members fall in which line for every side, and one "#" line per side after each
 * iteration. The design: docs/interleaved-design.md; the protocols: docs/straddle-and-protocols.md; the
 * output and the JSON counters: docs/reading-the-output.md.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class IpiInterleaved {

    /** The sides' handshakes in as many blocks, shared by one sender and one receiver. */
    @State(Scope.Group)
    public static class Sides extends HandshakeGridState {
        /** kernel (kernel/smp.c, the receiver polls its queue head), doorbell or flag (the flag mailbox). */
        @Param({"kernel"})
        public String protocol;

        /** Dependent multiply-adds in func(info), 0 to 10^9: dilutes the ratio, as work in any round trip does. */
        @Param({"0"})
        public String work;

        /** sync or async, as in IpiBenchmark; kernel and doorbell only. */
        @Param({"sync"})
        public String mode;

        /** v4.13 or current, as in IpiBenchmark; kernel and doorbell only. */
        @Param({"v4.13"})
        public String layout;

        @Override
        protected List<Side> sides() {
            return CsdSides.of(IpiProtocol.parse(protocol), CsdLayout.parse(layout), IpiMode.parse(mode),
                    FuncWork.parse(work));
        }

        @Override
        protected String title() {
            return "IpiInterleaved protocol=" + protocol + " work=" + work
                    + (IpiProtocol.parse(protocol).usesModeAndLayout() ? " mode=" + mode + " layout=" + layout
                            : " (the flag mailbox: mode and layout do not apply)");
        }
    }

    /** The sender's schedule and clock; its counters, per side, are the iteration's result. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class SideCounters extends LeaderState {
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
        public double straddledRatioMedian() { return ratio(CsdSides.STRADDLED); }
        public double straddledExtraMedian() { return extra(CsdSides.STRADDLED); }
        public double sizeAlignedRatioMedian() { return ratio(CsdSides.SIZE_ALIGNED); }
        public double sizeAlignedExtraMedian() { return extra(CsdSides.SIZE_ALIGNED); }
        public double lineAlignedAgainRatioMedian() { return ratio(CsdSides.LINE_ALIGNED_AGAIN); }
        public double lineAlignedAgainExtraMedian() { return extra(CsdSides.LINE_ALIGNED_AGAIN); }
        // The probes: the floor's round trip with one more line; their cost over the floor's is the machine's price
        // of that line (docs/coherence.md), read by the prediction beside every measured comparison.
        public long probeSerialNanos() { return nanos(CsdSides.PROBE_SERIAL); }
        public long probeSerialCalls() { return calls(CsdSides.PROBE_SERIAL); }
        public double probeSerialRatioMedian() { return ratio(CsdSides.PROBE_SERIAL); }
        public double probeSerialExtraMedian() { return extra(CsdSides.PROBE_SERIAL); }
        public double probeSerialVsFloorRatioMedian() { return probe(CsdSides.PROBE_SERIAL); }
        public long probePairNanos() { return nanos(CsdSides.PROBE_PAIR); }
        public long probePairCalls() { return calls(CsdSides.PROBE_PAIR); }
        public double probePairRatioMedian() { return ratio(CsdSides.PROBE_PAIR); }
        public double probePairExtraMedian() { return extra(CsdSides.PROBE_PAIR); }
        public double probePairVsFloorRatioMedian() { return probe(CsdSides.PROBE_PAIR); }
        public long probeParallelNanos() { return nanos(CsdSides.PROBE_PARALLEL); }
        public long probeParallelCalls() { return calls(CsdSides.PROBE_PARALLEL); }
        public double probeParallelRatioMedian() { return ratio(CsdSides.PROBE_PARALLEL); }
        public double probeParallelExtraMedian() { return extra(CsdSides.PROBE_PARALLEL); }
        public double probeParallelVsFloorRatioMedian() { return probe(CsdSides.PROBE_PARALLEL); }
        // Every interleaved benchmark's counters besides its sides' (the runner reads them by these names).
        public long floorNanos() { return nanos(CsdSides.FLOOR); }
        public long floorCalls() { return calls(CsdSides.FLOOR); }
        public double floorRatioMedian() { return ratio(CsdSides.FLOOR); }
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
     * The eight sides IpiInterleaved measures in one schedule, in schedule order:
     * <ol start="0">
     *   <li>{@code line-aligned}: a csd at offset 0 of its line, the reference every ratio divides by;</li>
     *   <li>{@code floor}: one 4-byte flag bounced at offset 0 of the csd line ({@link FlagPingPong}), the
     *       machine's one-line round trip, the unit of the extra line transfers;</li>
     *   <li>{@code straddled}: a csd at {@code lineSize - 16}, across two lines (the 2017 report);</li>
     *   <li>{@code size-aligned}: a csd at 32, the merged fix;</li>
     *   <li>{@code line-aligned-again}: the reference's placement as a side of its own, the A/A control:
     *       its ratio to the reference is the design's own bias.</li>
     *   <li>{@code probe-serial}, {@code probe-pair}, {@code probe-parallel}: the floor's round trip with one more line
     *       ({@link LineProbe}), so that every run carries its own machine's costs: a transfer in series after the wait,
     *       the same from the flag line's 128-byte buddy (the adjacent-line prefetcher), and a second transfer
     *       outstanding together with the first. Each is reported against the floor ({@link #PROBES}).</li>
     * </ol>
     * Every csd side runs the same protocol ({@code protocol}, {@code layout}, {@code mode}, {@code work}); only the
     * offset differs. With {@code protocol=flag} the csd sides are the flag mailbox on the same bytes at the same
     * offsets (on 64-byte lines: line-aligned and size-aligned keep its four members in one line; straddled has
     * {@code llist.next} and {@code func} in line A, {@code info} and {@code flags} in line B).
     */
    public static final class CsdSides {
        private CsdSides() {}

        public static final String LINE_ALIGNED = "line-aligned";
        public static final String FLOOR = Side.FLOOR;
        public static final String STRADDLED = "straddled";
        public static final String SIZE_ALIGNED = "size-aligned";
        public static final String LINE_ALIGNED_AGAIN = "line-aligned-again";
        public static final String PROBE_SERIAL = "probe-serial";
        public static final String PROBE_PAIR = "probe-pair";
        public static final String PROBE_PARALLEL = "probe-parallel";

        /** The sides' names in schedule order; a side's number is its index here. */
        public static final List<String> NAMES = List.of(LINE_ALIGNED, FLOOR, STRADDLED, SIZE_ALIGNED,
                LINE_ALIGNED_AGAIN, PROBE_SERIAL, PROBE_PAIR, PROBE_PARALLEL);

        /** The probe sides, each reported as its cost over the floor's ({@code CounterNames.ratio(probe, FLOOR)}). */
        public static final List<String> PROBES = List.of(PROBE_SERIAL, PROBE_PAIR, PROBE_PARALLEL);

        public static final int REFERENCE_SIDE = NAMES.indexOf(LINE_ALIGNED);
        public static final int FLOOR_SIDE = NAMES.indexOf(FLOOR);
        public static final int STRADDLED_SIDE = NAMES.indexOf(STRADDLED);
        public static final int SIZE_ALIGNED_SIDE = NAMES.indexOf(SIZE_ALIGNED);
        public static final int LINE_ALIGNED_AGAIN_SIDE = NAMES.indexOf(LINE_ALIGNED_AGAIN);

        /** The sides of one protocol, layout and call mode, {@code func(info)} running {@code work} more steps. */
        public static List<Side> of(IpiProtocol protocol, CsdLayout layout, IpiMode mode, long work) {
            return List.of(
                    csd(LINE_ALIGNED, protocol, layout, mode, CsdPlacement.LINE_ALIGNED, work),
                    Side.floor(),
                    csd(STRADDLED, protocol, layout, mode, CsdPlacement.STRADDLED, work),
                    csd(SIZE_ALIGNED, protocol, layout, mode, CsdPlacement.SIZE_ALIGNED, work),
                    csd(LINE_ALIGNED_AGAIN, protocol, layout, mode, CsdPlacement.LINE_ALIGNED, work),
                    probe(PROBE_SERIAL, LineProbe.Kind.SERIAL),
                    probe(PROBE_PAIR, LineProbe.Kind.PAIR),
                    probe(PROBE_PARALLEL, LineProbe.Kind.PARALLEL));
        }

        /** The probe of {@code kind} as a side: the same in every protocol, as the floor is. */
        private static Side probe(String name, LineProbe.Kind kind) {
            return new Side(name, block -> LineProbe.in(kind, block));
        }

        private static Side csd(String name, IpiProtocol protocol, CsdLayout layout, IpiMode mode,
                                CsdPlacement placement, long work) {
            // The flag mailbox runs on the v4.13 bytes: its placements are the v4.13 csd's.
            int size = (protocol.usesModeAndLayout() ? layout : CsdLayout.V4_13).struct().size();
            return new Side(name, block -> protocol.in(block, layout, mode,
                    placement.offset(block.lineSize(), size), work));
        }
    }
}
