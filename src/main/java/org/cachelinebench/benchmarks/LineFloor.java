package org.cachelinebench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.cachelinebench.harness.OnePair;
import org.cachelinebench.harness.ReceiverSpin;
import org.cachelinebench.harness.SenderSpin;
import org.cachelinebench.harness.pin.Pin;
import org.cachelinebench.harness.pin.PinnedThread;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.layout.Placement;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Control;

/*
 * The floor: one cache line bounced between two cores, nothing else.
 *
 * Lesson: the sender raises a flag (store-release) and spins until it is lowered; the receiver spins until it is
 * raised and lowers it. One round trip moves one line there and back, with no payload, no queue and no atomic:
 * the least any cross-core handshake can cost on this machine. The flag sits in the same kind of block and
 * line as a line-aligned csd (FlagPingPong).
 * Rule: read the IPI benchmarks in floors: a line-aligned sync IPI touches the queue-head line and the csd line,
 * so it costs a few floors; a straddled one adds the second csd line. "floor:sender" is round trips per
 * microsecond; the summed "floor" row is not.
 *
 *   java -jar target/benchmarks.jar LineFloor -p pin=on
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class LineFloor {

    @State(Scope.Group)
    public static class Line {
        FlagPingPong flag;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            OnePair.require(params);
            flag = FlagPingPong.create();
        }

        @TearDown(Level.Iteration)
        public void checkAndReset() {
            flag.checkAndReset();
        }
    }

    @Benchmark
    @Group("floor")
    @GroupThreads(1)
    public boolean sender(Line line, SenderSpin spin, PinnedThread cpu, Control control) {
        return line.flag.send(control, spin.spin());
    }

    @Benchmark
    @Group("floor")
    @GroupThreads(1)
    public int receiver(Line line, ReceiverSpin spin, PinnedThread cpu, Control control) {
        return line.flag.receive(control, spin.spin());
    }

    public static void checkParam(String name, String value) {
        if (Pin.PARAM.equals(name)) {
            Pin.check(value);
        } else if (Pin.CPUS_PARAM.equals(name)) {
            Pin.checkCpus(value);
        }
    }

    /** Where the flag sits in a freshly allocated block, from its real address. */
    public static Placement placement() {
        return FlagPingPong.create().placement();
    }
}
