package org.cachelinebench.benchmarks.scaling;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.ThreadIndex;
import org.cachelinebench.harness.ThreadSpin;
import org.cachelinebench.harness.pin.Place;
import org.cachelinebench.harness.pin.PlacedThread;
import org.cachelinebench.model.ipi.CallMany;
import org.cachelinebench.model.ipi.CsdAllocationOrder;
import org.cachelinebench.model.ipi.FlagFanout;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.ManyHandshake;
import org.cachelinebench.model.ipi.PercpuCsdUnits;
import org.cachelinebench.model.layout.CacheLine;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/*
 * The csd at many CPUs: S CPUs each calling smp_call_function_many_cond() with no condition (as
 * smp_call_function_many() does) on the same T CPUs, as current kernel/smp.c does it (CallMany): per target
 * csd_lock, func/info, llist_add to its call_single_queue, the IPI only where the queue was empty, then, sync,
 * csd_lock_wait on every target's csd. Not an x86 TLB flush: that goes through on_each_cpu_cond_mask() with
 * should_flush_tlb() reading remote cpu_tlbstate_shared and local work before the wait, none of which runs here.
 *
 * The lesson: the csds different senders use for one target lie in that target's per-cpu unit (PercpuCsdUnits),
 * and if the senders' allocations were consecutive (an assumption: -p placement) their alignment decides how many
 * senders write one line of it:
 *   -p align=64           the 2017 series: one csd per line (the reference)
 *   -p align=32           mainline's call_single_data_t: two senders per line (with -p start=0)
 *   -p align=8 -p start=48  v4.13: every other csd straddles two lines
 *   -p protocol=floor     a flag per sender and target where the line-aligned csd starts (FlagFanout): one line per
 *                         target and back, the unit of the extra line transfers
 *   -p placement=adjacent   every sender's csd right after the previous one's (the default: an assumption)
 *   -p placement=boot-apart the boot CPU's (sender 0, allocated in start_kernel()'s call_function_init()) alone on a
 *                         line of its own, the others adjacent (CsdAllocationOrder)
 * Parameters: senders (S, default 1), targets (T, default 1), align (64), start (0: byte of its line where the first
 * csd starts), placement (adjacent), mode (sync), protocol (doorbell: every IPI an interrupt, kernel: idle targets
 * polling their thread_info flags, woken by set_nr_if_polling() for one target and by interrupts for several,
 * IdleTask; floor), work (0), place (off, smt, l3, socket, all: PlacedThread). Run with -t S+T: threads 0..S-1
 * send, the rest receive.
 *
 * One sender and one target are IpiInterleaved's csd on the current layout with -p protocol=doorbell: the same
 * bytes at the same offsets of the same lines (align=64 start=0 its line-aligned side, align=32 start=32
 * size-aligned, align=8 start=48 straddled), the same kernel code (SmpCurrent) in a fork of its own.
 *
 * The result is the counter "calls": completed smp_call_function_many() calls per us, over the senders. The primary
 * score counts the receivers' flushes too: do not read it. Each fork prints its units' lines and its placement.
 *
 * Run:
 *   java -jar target/benchmarks.jar IpiMany -t 4 -p senders=2 -p targets=2 -p align=32,64
 *   java -jar target/benchmarks.jar IpiMany -t 3 -p senders=2 -p targets=1      # more threads than 2 vCPUs: no hang
 * Every wait polls stopMeasurement and falls back to yielding, so oversubscribed runs end; they measure the
 * scheduler, not lines (the yields are counted: "yields").
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Threads(2)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@State(Scope.Benchmark)
public class IpiMany {
    public static final String SENDERS = "senders";
    public static final String TARGETS = "targets";
    public static final String ALIGN = "align";
    public static final String START = "start";
    public static final String PLACEMENT = CsdAllocationOrder.PARAM;
    public static final String PROTOCOL = "protocol";
    public static final String DOORBELL = "doorbell";
    public static final String KERNEL = "kernel";
    public static final String FLOOR = "floor";

    @Param({"1"})
    public String senders;

    @Param({"1"})
    public String targets;

    @Param({"64"})
    public String align;

    @Param({"0"})
    public String start;

    @Param({"adjacent"})
    public String placement;

    @Param({"sync"})
    public String mode;

    @Param({DOORBELL})
    public String protocol;

    @Param({"0"})
    public String work;

    ManyHandshake run;
    int senderThreads;

    /** Validates a {@code -p} value before JMH runs (see {@code org.cachelinebench.Main}). */
    public static void checkParam(String name, String value) {
        switch (name) {
            case SENDERS:
            case TARGETS:
                count(name, value);
                break;
            case ALIGN:
            case START:
                number(name, value);
                break;
            case PROTOCOL:
                protocol(value);
                break;
            case PLACEMENT:
                CsdAllocationOrder.parse(value);
                break;
            case IpiMode.PARAM:
                IpiMode.parse(value);
                break;
            case FuncWork.PARAM:
                FuncWork.parse(value);
                break;
            case Place.PARAM:
                Place.check(value);
                break;
            default:
                // not a parameter of this benchmark
        }
    }

    static int count(String name, String value) {
        int n = number(name, value);
        if (n < 1 || n > CallMany.MAX_SENDERS) {
            throw new IllegalArgumentException(name + "=" + n + " outside 1.." + CallMany.MAX_SENDERS);
        }
        return n;
    }

    static int number(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a number, not '" + value + "'");
        }
    }

    static String protocol(String value) {
        String v = value.trim();
        if (!v.equals(DOORBELL) && !v.equals(KERNEL) && !v.equals(FLOOR)) {
            throw new IllegalArgumentException("protocol takes doorbell, kernel or floor, not '" + v + "'");
        }
        return v;
    }

    @Setup(Level.Trial)
    public void allocate(BenchmarkParams params) {
        int s = count(SENDERS, senders);
        int t = count(TARGETS, targets);
        if (params.getThreads() != s + t) {
            throw new IllegalStateException("senders=" + s + " targets=" + t + " needs -t " + (s + t) + ", not -t "
                    + params.getThreads());
        }
        String p = protocol(protocol);
        int a = number(ALIGN, align);
        int st = number(START, start);
        CsdAllocationOrder order = CsdAllocationOrder.parse(placement);
        PercpuCsdUnits.check(s, t, a, st, CacheLine.SIZE);
        if (p.equals(FLOOR)) {
            run = FlagFanout.on(PercpuCsdUnits.allocate(s, t, 64, 0));
        } else {
            run = CallMany.on(PercpuCsdUnits.allocate(s, t, a, st, order, CacheLine.SIZE), IpiMode.parse(mode),
                    p.equals(DOORBELL), FuncWork.parse(work));
        }
        senderThreads = s;
        System.out.println("# IpiMany " + run.where());
    }

    /** After JMH's all-thread barrier: checks the protocol, restores zeroed units. */
    @TearDown(Level.Iteration)
    public void checkAndReset() {
        String problem = run.check(false);
        run.reset();
        if (problem != null) {
            throw new IllegalStateException("IpiMany " + run.where() + ": " + problem);
        }
    }


    /**
     * The result: the senders' completed calls, and how often a thread gave up its CPU while waiting, as rates
     * (OPERATIONS: JMH divides by the iteration's time, so a comparison of two forks is a ratio of costs).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Calls extends ThreadSpin {
        public long calls;

        @Setup(Level.Iteration)
        public void clear() {
            calls = 0;
            spin().resetYields();
        }

        public long yields() {
            return spin().yields();
        }
    }

    @Benchmark
    public int call(ThreadIndex role, Calls calls, PlacedThread cpu, Control control) {
        int i = role.index();
        if (i < senderThreads) {
            if (run.send(i, control, calls.spin())) {
                calls.calls++;
                return 1;
            }
            return 0;
        }
        return run.receive(i - senderThreads, control, calls.spin());
    }
}
