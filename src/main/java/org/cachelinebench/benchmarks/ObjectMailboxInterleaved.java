package org.cachelinebench.benchmarks;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.MovedDuringIteration;
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
import org.cachelinebench.harness.interleave.Side;
import org.cachelinebench.harness.ipi.IpiParams;
import org.cachelinebench.harness.pin.PinnedThread;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.MailboxObjects.Kind;
import org.cachelinebench.model.ipi.MailboxObjects.Layout;
import org.cachelinebench.model.ipi.MailboxObjects.PlainChoice;
import org.cachelinebench.model.ipi.MailboxObjects;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.HeapAddresses;
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
        public double straddledRatioMedian() { return ratio(ObjectMailboxSides.STRADDLED); }
        public double straddledExtraMedian() { return extra(ObjectMailboxSides.STRADDLED); }
        public double paddedRatioMedian() { return ratio(ObjectMailboxSides.PADDED); }
        public double paddedExtraMedian() { return extra(ObjectMailboxSides.PADDED); }
        public double contendedRatioMedian() { return ratio(ObjectMailboxSides.CONTENDED); }
        public double contendedExtraMedian() { return extra(ObjectMailboxSides.CONTENDED); }
        public double oneLineAgainRatioMedian() { return ratio(ObjectMailboxSides.ONE_LINE_AGAIN); }
        public double oneLineAgainExtraMedian() { return extra(ObjectMailboxSides.ONE_LINE_AGAIN); }
        // Every interleaved benchmark's counters besides its sides' (the runner reads them by these names).
        public long floorNanos() { return nanos(ObjectMailboxSides.FLOOR); }
        public long floorCalls() { return calls(ObjectMailboxSides.FLOOR); }
        public double floorRatioMedian() { return ratio(ObjectMailboxSides.FLOOR); }
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
     * The six sides ObjectMailboxInterleaved measures in one schedule, in schedule order:
     * <ol start="0">
     *   <li>{@code one-line}: a plain {@code Mailbox} whose four fields sit in one line, the reference;</li>
     *   <li>{@code floor}: the one-line floor in the blocks, as in every interleaved benchmark;</li>
     *   <li>{@code straddled}: a plain {@code Mailbox} whose flag lies in another line than part of its payload;</li>
     *   <li>{@code padded}: a class-hierarchy-padded {@code PaddedMailbox}, its fields in one line;</li>
     *   <li>{@code contended}: a {@code @Contended} {@code ContendedMailbox}, its fields in one line;</li>
     *   <li>{@code one-line-again}: another plain {@code Mailbox} at the reference's place in its line, the A/A
     *       control.</li>
     * </ol>
     * An object side runs on its object whatever block the schedule gives it (a handshake per block, each with its
     * own logs, all on the one object); the schedule still rotates the sides over the positions, and the floor over
     * the blocks.
     *
     * <p>The instances come from pools of {@link #POOL} per class, chosen from their live addresses by
     * {@link MailboxObjects}' rule, and are re-checked: before every iteration (a GC between iterations may have
     * moved one: it is kept if its relation still holds, else all are chosen again) and after it (one that moved
     * during the iteration to where its relation no longer holds fails the iteration, naming its fields).
     */
    public static final class ObjectMailboxSides {
        public static final String ONE_LINE = "one-line";
        public static final String FLOOR = Side.FLOOR;
        public static final String STRADDLED = "straddled";
        public static final String PADDED = "padded";
        public static final String CONTENDED = "contended";
        public static final String ONE_LINE_AGAIN = "one-line-again";

        /** The sides' names in schedule order; a side's number is its index here. */
        public static final List<String> NAMES = List.of(ONE_LINE, FLOOR, STRADDLED, PADDED, CONTENDED, ONE_LINE_AGAIN);

        public static final int REFERENCE_SIDE = NAMES.indexOf(ONE_LINE);
        public static final int FLOOR_SIDE = NAMES.indexOf(FLOOR);

        /** Instances per class to choose from: 64 plain ones cover every place in a line several times over. */
        public static final int POOL = 64;

        /**
         * One object side: its name, its object's class, the object, and whether it was chosen for a flag apart from
         * the payload (else for four fields in one line).
         */
        public record Pick(String side, Kind kind, Object box, boolean straddled) {}

        private final int lineSize;
        private final Map<Kind, Object[]> pools = new EnumMap<>(Kind.class);
        private List<Pick> picks;
        /** Each pick's address when last seen; package-private so that a test can stand in for a GC's move. */
        long[] pickedAt;

        /** Allocates the pools (one per class, allocated one after the other, so each is contiguous when young). */
        public ObjectMailboxSides(int lineSize) {
            this.lineSize = lineSize;
            for (Kind k : Kind.values()) {
                Object[] pool = new Object[POOL];
                for (int i = 0; i < POOL; i++) {
                    pool[i] = k.create();
                }
                pools.put(k, pool);
            }
        }

        /** Chooses the five objects from the pools' live addresses; throws, naming the fields, when a pool has none. */
        public List<Pick> choose() {
            PlainChoice plain = MailboxObjects.choosePlain(MailboxObjects.layout(Kind.PLAIN), addresses(Kind.PLAIN), lineSize);
            Object[] p = pools.get(Kind.PLAIN);
            int padded = MailboxObjects.chooseOneLine(MailboxObjects.layout(Kind.PADDED), addresses(Kind.PADDED), lineSize);
            int contended = MailboxObjects.chooseOneLine(MailboxObjects.layout(Kind.CONTENDED), addresses(Kind.CONTENDED),
                    lineSize);
            picks = List.of(
                    new Pick(ONE_LINE, Kind.PLAIN, p[plain.oneLine()], false),
                    new Pick(STRADDLED, Kind.PLAIN, p[plain.straddled()], true),
                    new Pick(PADDED, Kind.PADDED, pools.get(Kind.PADDED)[padded], false),
                    new Pick(CONTENDED, Kind.CONTENDED, pools.get(Kind.CONTENDED)[contended], false),
                    new Pick(ONE_LINE_AGAIN, Kind.PLAIN, p[plain.oneLineAgain()], false));
            pickedAt = new long[picks.size()];
            for (int i = 0; i < picks.size(); i++) {
                pickedAt[i] = HeapAddresses.addressOf(picks.get(i).box());
            }
            return picks;
        }

        /** The six sides on the chosen objects (call {@link #choose} first), {@code func(info)} with {@code work} steps. */
        public List<Side> sides(long work) {
            List<Side> sides = new ArrayList<>();
            for (String name : NAMES) {
                if (name.equals(FLOOR)) {
                    sides.add(Side.floor());
                    continue;
                }
                Pick pick = pick(name);
                sides.add(new Side(name, block -> pick.kind().handshake(pick.box(), work)));
            }
            return List.copyOf(sides);
        }

        /**
         * Before an iteration: true when an object no longer has the relation it was chosen for (a GC moved it), so
         * that all were chosen again and the caller must build its sides anew. An object that moved but kept its
         * relation is kept, and said so in {@code notes}.
         */
        public boolean recheck(StringBuilder notes) {
            Move broken = firstBrokenMove(notes, "between iterations");
            if (broken == null) {
                return false;
            }
            Pick pick = broken.pick();
            notes.append(String.format("# %s: %s moved from 0x%x to 0x%x between iterations, where %s: choosing again%n",
                    pick.side(), pick.box().getClass().getSimpleName(), broken.from(), broken.to(),
                    spot(pick, broken.to()).fieldLines()));
            choose();
            return true;
        }

        /**
         * After an iteration: throws, naming the side and its fields' lines, when an object moved during it to where
         * its relation no longer holds (the iteration then measured it at two places, one of them not the one it
         * claims). One that moved and kept its relation is noted in {@code notes} and kept.
         */
        public void verifyUnmoved(StringBuilder notes) {
            Move broken = firstBrokenMove(notes, "during the iteration");
            if (broken != null) {
                Pick pick = broken.pick();
                throw new MovedDuringIteration(String.format("object-mailbox: the %s %s moved from 0x%x to 0x%x"
                                + " during the iteration, where %s, which is not what side %s claims: the iteration"
                                + " did not measure it", pick.side(), pick.box().getClass().getSimpleName(),
                        broken.from(), broken.to(), spot(pick, broken.to()).fieldLines(), pick.side()));
            }
        }

        /** An object that moved from one address to another. */
        private record Move(Pick pick, long from, long to) {}

        /**
         * The first object, in pick order, that moved to where its relation no longer holds, or null; each one before
         * it that moved and kept its relation is kept at its new address and noted, {@code when} saying when it moved.
         */
        private Move firstBrokenMove(StringBuilder notes, String when) {
            for (int i = 0; i < picks.size(); i++) {
                Pick pick = picks.get(i);
                long now = HeapAddresses.addressOf(pick.box());
                if (now == pickedAt[i]) {
                    continue;
                }
                if (!holds(pick, now)) {
                    return new Move(pick, pickedAt[i], now);
                }
                notes.append(String.format("# %s: moved from 0x%x to 0x%x %s; the same relation holds%n",
                        pick.side(), pickedAt[i], now, when));
                pickedAt[i] = now;
            }
            return null;
        }

        public List<Pick> picks() {
            return picks;
        }

        private Pick pick(String side) {
            for (Pick p : picks) {
                if (p.side().equals(side)) {
                    return p;
                }
            }
            throw new IllegalStateException("no object chosen for side " + side + " (call choose first)");
        }

        private boolean holds(Pick pick, long address) {
            return MailboxObjects.holds(MailboxObjects.layout(pick.kind()), address, lineSize, pick.straddled());
        }

        private MailboxObjects.Spot spot(Pick pick, long address) {
            Layout layout = MailboxObjects.layout(pick.kind());
            return MailboxObjects.at(layout, address, lineSize);
        }

        private long[] addresses(Kind kind) {
            Object[] pool = pools.get(kind);
            long[] a = new long[pool.length];
            for (int i = 0; i < pool.length; i++) {
                a[i] = HeapAddresses.addressOf(pool[i]);
            }
            return a;
        }
    }
}
