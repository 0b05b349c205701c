package org.cachelinebench.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.ipi.IpiMailboxState;
import org.cachelinebench.harness.ipi.IpiParams;
import org.cachelinebench.harness.pin.PinnedThread;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.IpiMailbox;
import org.cachelinebench.model.ipi.IpiMode;
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
 * The IPI call_single_data (csd) and the cache lines it touches, one placement per fork.
 *
 * Lesson: kernel/smp.c's smp_call_function_single() moves the csd's line(s) to the receiver and back on every
 * call; a v4.13 csd, only 8-aligned, can straddle two lines. The sender locks the csd, writes func and info and
 * pushes it onto the target's call_single_queue; the receiver polls its queue head (standing for the interrupt),
 * takes the queue, runs func(info) and unlocks the csd (SmpV4_13, SmpCurrent). The placements differ only in
 * where the csd starts: straddled (lineSize-16), size-aligned (32, the merged fix), line-aligned (0).
 * Rule: read the per-method rows, not the @Group's summed "ipi" row; "ipi:sender" is the IPI rate, and non-zero
 * yields mean the iteration measured the scheduler too.
 *
 *   java -jar target/benchmarks.jar IpiBenchmark -p placement=straddled,line-aligned -p pin=on
 *
 * Separate forks compare machine states as much as placements on a small VM: IpiInterleaved measures the same
 * placements in one schedule (docs/interleaved-design.md). Output: docs/reading-the-output.md; pinning:
 * docs/reading-the-output.md (pinning).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class IpiBenchmark {

    /** What one sender and one receiver share: the block with the csd, placed as {@code placement} says. */
    @State(Scope.Group)
    public static class Mailbox extends IpiMailboxState {
        /** Where the csd starts in its line: lineSize-16 (across two lines), 32 or 0. */
        @Param({"straddled", "size-aligned", "line-aligned"})
        public String placement;

        /** sync (wait=1: on-stack csd, the sender waits for the unlock) or async (wait=0: per-CPU csd). */
        @Param({"sync", "async"})
        public String mode;

        /** v4.13 (default) or current: which kernel's struct and smp.c. */
        @Param({"v4.13"})
        public String layout;

        @Override
        protected IpiMailbox create() {
            return IpiMailbox.create(CsdLayout.parse(layout), IpiMode.parse(mode), CsdPlacement.parse(placement));
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

    /** Validates a {@code -p} value before JMH runs (see {@code org.cachelinebench.Main}). */
    public static void checkParam(String name, String value) {
        IpiParams.check(name, value);
    }

    /**
     * For each placement variant, in parameter order, where the v4.13 csd lands in a freshly allocated
     * block, measured from its real address (for the layout printer).
     */
    public static Map<String, Placement> placements() {
        Map<String, Placement> out = new LinkedHashMap<>();
        for (CsdPlacement p : CsdPlacement.values()) {
            out.put(p.value(), IpiMailbox.create(CsdLayout.V4_13, IpiMode.SYNC, p).placement());
        }
        return out;
    }
}
