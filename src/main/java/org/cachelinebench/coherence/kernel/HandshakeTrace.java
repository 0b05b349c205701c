package org.cachelinebench.coherence.kernel;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/**
 * Traces one handshake (a csd IPI, a flag mailbox, the floor's bare flag) built by the suite's own side factories
 * in a recording {@link CsdBlock}: CPU 0 sends, as the benchmarks' sender does ({@code send}, then
 * {@code awaitHandled}), CPU 1 receives, for a warm-up and then the measured calls. Afterwards the handshake's own
 * check must pass: the traced run did every call once, in order, as the benchmarks' runs do.
 */
public final class HandshakeTrace {
    private HandshakeTrace() {}

    /** Calls before counting starts: every line has reached the state the steady state keeps it in. */
    static final int WARMUP = 8;
    /** Calls counted. */
    public static final int CALLS = 64;
    /** Accesses a call may take at most, spins included, before the trace is called stuck. */
    static final long STEPS_PER_CALL = 100_000;

    public static final String SENDER = "sender";
    public static final String RECEIVER = "receiver";

    /** The handshake {@code factory} builds, traced under {@code model}; per call. */
    public static Traced trace(Function<CsdBlock, Handshake> factory, Model model) {
        return trace(factory, model, (trace, memory) -> memory, () -> { });
    }

    /**
     * The same, with the handshake's block on {@code wrap}'s memory over the recording one (an observer of the
     * accesses, as {@link org.cachelinebench.coherence.unit.CriticalPath}'s), and {@code warm} run where the
     * counting starts.
     */
    public static Traced trace(Function<CsdBlock, Handshake> factory, Model model,
                        java.util.function.BiFunction<Trace, TracedMemory, org.cachelinebench.model.layout.Memory> wrap,
                        Runnable warm) {
        Trace trace = model.trace(2);
        TracedMemory memory = trace.memory(CsdBlock.ALLOCATED_LINES, true);
        CsdBlock block = CsdBlock.on(wrap.apply(trace, memory));
        Handshake h = factory.apply(block);
        Control stop = new Control();
        int total = WARMUP + CALLS;
        Runnable sender = () -> {
            SpinWait spin = new SpinWait();
            for (int i = 0; i < total; i++) {
                if (i == WARMUP) {
                    trace.caches().resetCounts();
                    warm.run();
                }
                if (!h.send(stop, spin) || !h.awaitHandled(stop, spin)) {
                    throw new IllegalStateException("call " + i + " did not complete");
                }
            }
        };
        Runnable receiver = () -> {
            SpinWait spin = new SpinWait();
            long handled = 0;
            while (handled < total) {
                handled += h.receive(stop, spin);
            }
        };
        trace.run(List.of(sender, receiver), STEPS_PER_CALL * total);
        String problem = h.check(true);
        if (problem != null) {
            throw new IllegalStateException("traced " + h.where() + ": " + problem);
        }
        Caches c = trace.caches();
        Map<String, Traffic> byLine = new LinkedHashMap<>();
        Map<Long, String> names = lineNames(block, memory);
        c.byLine().forEach((line, t) -> byLine.put(names.getOrDefault(line, "line " + line), t.per(CALLS)));
        Map<String, Traffic> byRole = Map.of(SENDER, c.ofCpu(0).per(CALLS), RECEIVER, c.ofCpu(1).per(CALLS));
        return new Traced(CALLS, c.total().per(CALLS), byLine, byRole);
    }

    /** The caches' line numbers of the block's named lines. */
    private static Map<Long, String> lineNames(CsdBlock block, TracedMemory memory) {
        return Map.of(memory.lineOf(block.head()), QUEUE_HEAD, memory.lineOf(block.doorbell()), DOORBELL,
                memory.lineOf(block.csdLines()), CSD_LINE_A, memory.lineOf(block.csdLines() + block.lineSize()), CSD_LINE_B);
    }

    public static final String QUEUE_HEAD = "queue head";
    public static final String DOORBELL = "doorbell";
    public static final String CSD_LINE_A = "csd line A";
    public static final String CSD_LINE_B = "csd line B";

    /** The transfers per call of the csd's two lines (A and B), the lines the 2017 report counts. */
    public static double csdLineTransfers(Traced t) {
        double sum = 0;
        for (String line : List.of(CSD_LINE_A, CSD_LINE_B)) {
            Traffic x = t.byLine().get(line);
            sum += x == null ? 0 : x.transfers();
        }
        return sum;
    }
}
