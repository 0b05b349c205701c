package org.cachelinebench.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.ipi.IpiMailboxState;
import org.cachelinebench.harness.ipi.IpiParams;
import org.cachelinebench.harness.pin.PinnedThread;
import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Placement;
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
 * The v4.13 csd at every 8-byte offset in a line, one offset per fork.
 *
 * Lesson: IpiBenchmark's model with the csd at each offset an 8-aligned allocation can give it. The 32 bytes stay
 * in one line for offsets 0..32 and straddle two from 40 on (64-byte lines). If an IPI costs the lines it moves,
 * the curve is a step between 32 and 40, flat on either side; anything else (a slope, a dip at 0 or 32) is the
 * machine speaking: adjacent-line prefetch or store-buffer effects the line count does not explain.
 * Rule: read the "ipi:sender" rows per offset; offset is a multiple of 8 below the line size (on 128-byte lines
 * pass -p offset=0,8,...,120), anything else is refused before the run.
 *
 *   java -jar target/benchmarks.jar IpiOffsetSweep -p offset=24,32,40,48 -p mode=async
 *
 * InterleavedOffsetSweep measures all offsets in one schedule (docs/interleaved-design.md).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class IpiOffsetSweep {
    public static final String OFFSET = "offset";

    /** What one sender and one receiver share: the block with the csd at {@code offset}. */
    @State(Scope.Group)
    public static class Mailbox extends IpiMailboxState {
        @Param({"0", "8", "16", "24", "32", "40", "48", "56"})
        public String offset;

        @Param({"sync"})
        public String mode;

        @Override
        protected IpiMailbox create() {
            return IpiMailbox.create(CsdLayout.V4_13, IpiMode.parse(mode), parseOffset(offset, CacheLine.SIZE));
        }
    }

    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public boolean sender(Mailbox box, SenderSpin spin, PinnedThread cpu, Control control) {
        return box.send(control, spin);
    }

    @Benchmark
    @Group("ipi")
    @GroupThreads(1)
    public int receiver(Mailbox box, ReceiverSpin spin, PinnedThread cpu, Control control) {
        return box.receive(control, spin);
    }

    /** An {@code offset} value: a multiple of 8 in {@code 0..lineSize-8}; the message names what is wrong. */
    public static int parseOffset(String value, int lineSize) {
        int offset;
        try {
            offset = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("offset '" + value + "' is not a number");
        }
        CsdBlock.checkOffset(offset, CallSingleData.V4_13.size(), lineSize);
        return offset;
    }

    public static void checkParam(String name, String value) {
        if (OFFSET.equals(name)) {
            parseOffset(value, CacheLine.SIZE);
        } else {
            IpiParams.check(name, value);
        }
    }

    /** For each offset of the line ({@code 0, 8, ..., lineSize-8}): the csd's placement from its real address. */
    public static Map<Integer, Placement> placements() {
        Map<Integer, Placement> out = new LinkedHashMap<>();
        for (int offset = 0; offset < CacheLine.SIZE; offset += 8) {
            out.put(offset, IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, offset).placement());
        }
        return out;
    }
}
