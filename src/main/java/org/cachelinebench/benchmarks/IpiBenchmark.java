package org.cachelinebench.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.IpiMailboxState;
import org.cachelinebench.harness.Pin;
import org.cachelinebench.harness.PinnedThread;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
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
 * The IPI call_single_data (csd) and the cache lines it touches.
 *
 * smp_call_function_single() hands a function to another CPU through a 32-byte csd: the sender
 * locks it, writes func and info, and pushes it onto the target's call_single_queue; the target takes
 * the queue, reads func, info and flags, runs func(info), and unlocks the csd, which the sender was
 * waiting for. Every call moves the csd's line(s) to the receiver and back. In v4.13 the csd was only
 * 8-aligned, so it could straddle two lines (llist+func in one, info+flags in the next), and each IPI
 * then moved two lines instead of one (Huang Ying, 2017: ~5% in a swap-heavy test). The merged fix
 * (966a967116e6, v4.14) aligned call_single_data_t to its size, 32 bytes; the posted series had
 * aligned it to the cache line.
 *
 * This benchmark runs kernel/smp.c's protocol (SmpV4_13, SmpCurrent) between two threads: the "sender"
 * calls smp_call_function_single, the "receiver" polls its queue head (standing for the interrupt) and
 * flushes the queue. The variants differ only in where the csd starts relative to a line:
 *   placement=straddled     at lineSize-16 (48): spans two lines, as in the 2017 report;
 *   placement=size-aligned  at 32: the merged fix;
 *   placement=line-aligned  at 0: the posted series.
 * Same code, same block, same queue-head line in all three (see CsdBlock).
 *   mode=sync   wait=1: on-stack csd, the sender spins until the receiver ran func and unlocked it;
 *   mode=async  wait=0: per-CPU csd; the next call's csd_lock waits for the previous unlock.
 *   layout=v4.13 (default) or current: which kernel's struct and smp.c.
 *   pin=off (default) or on: pin the two threads of each group to distinct CPUs (taskset);
 *   pin=same-core, same-l3 or cross-l3: to two CPUs so related (SMT siblings, one L3, two L3s),
 *   refused in one line where the machine has no such pair; cpus=A:B: receiver on A, sender on B
 *   (JMH orders a group's threads by method name).
 * See LineFloor for the machine's one-line round trip, and IpiOffsetSweep for every 8-byte offset.
 *
 * How to run:
 *   java -jar target/benchmarks.jar IpiBenchmark
 *   java -jar target/benchmarks.jar IpiBenchmark -p placement=straddled,size-aligned -p mode=sync -p pin=on
 *   java -jar target/benchmarks.jar IpiBenchmark -rf json -rff ipi.json      (one JSON entry per variant)
 *
 * How to read it: the unit is operations per microsecond. JMH's primary "ipi" row of a @Group is the SUM
 * over both methods (about twice the IPI rate); read the per-method rows instead: "ipi:sender" is the
 * IPI rate (smp_call_function_single calls completed per microsecond; its inverse is the cost of one
 * IPI round trip), and "ipi:receiver" counts queue flushes (one IPI each: one csd is in flight at a
 * time). "ipi:senderYields"/"ipi:receiverYields" count waits that gave up the CPU: non-zero means the
 * iteration was disturbed (other load, -t above the core count) and measured the scheduler too.
 * Straddled below size-aligned and line-aligned, with those two close, reproduces the 2017 finding.
 * With -t 4 there are two independent groups (the mailbox is @State(Scope.Group)); on 2 cores they
 * time-share, which tests robustness, not speed.
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
        @Param({"straddled", "size-aligned", "line-aligned"})
        public String placement;

        @Param({"sync", "async"})
        public String mode;

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
        switch (name) {
            case CsdPlacement.PARAM:
                CsdPlacement.parse(value);
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
            case Pin.CPUS_PARAM:
                Pin.checkCpus(value);
                break;
            default:
                // not a parameter of this benchmark
        }
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
