package org.cachelinebench.coherence;

import org.cachelinebench.model.layout.CacheLine;

/**
 * What a prediction assumes about the machine and the interleaving: the coherence protocol, the adjacent-line
 * prefetcher, the schedule of the traced threads, and the line size.
 */
public record Model(Protocol protocol, Prefetch prefetch, Schedule schedule, int lineSize) {
    /** MESI, no prefetcher, burst schedule, 64-byte lines: the prediction every report shows. */
    public static final Model DEFAULT = new Model(Protocol.MESI, Prefetch.NONE, Schedule.BURST, CacheLine.SIZE);

    public Model {
        CacheLine.validate(Integer.toString(lineSize), "line size");
    }

    public Model with(Schedule s) {
        return new Model(protocol, prefetch, s, lineSize);
    }

    /** A trace of {@code cpus} CPUs under this model. */
    public Trace trace(int cpus) {
        return new Trace(protocol, prefetch, cpus, schedule, lineSize);
    }

    /** "MESI, 64-byte lines, burst". */
    public String describe() {
        return protocol.name() + ", " + lineSize + "-byte lines"
                + (prefetch == Prefetch.ADJACENT_LINE ? " with the adjacent-line prefetcher" : "")
                + ", " + schedule.describe();
    }
}
