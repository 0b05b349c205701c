package org.cachelinebench.coherence;

import java.util.List;

import org.cachelinebench.coherence.Caches.Kind;

/**
 * One traced run: the caches of its CPUs, the recording memories the code under trace runs on, and the
 * scheduler that runs that code's threads. Each memory gets lines of its own, on a 128-byte pair boundary with a
 * free pair between memories, so that two memories never share a line or, with the prefetcher, a pair.
 *
 * <p>Accesses made while no run is going (building the models, clearing their memory) change the values only:
 * the caches start empty when the threads start. A thread that spins on a memory whose words threads wait on
 * (reads the same word unchanged three times running) tells the schedule, so that {@link Schedule.Kind#BURST} can
 * pass the turn on; in other memory the same reads are work (a reader's loads of an unchanging pointer).
 */
public final class Trace {
    /** Reads of one unchanged word in a row that make a spin. */
    static final int SPIN_READS = 3;

    private final Caches caches;
    private final Schedule schedule;
    private final int lineSize;
    private long nextLine;
    private Turns turns;
    private final long[] lastAddress;
    private final long[] lastValue;
    private final int[] sameReads;

    public Trace(Protocol protocol, Prefetch prefetch, int cpus, Schedule schedule, int lineSize) {
        this.caches = new Caches(protocol, prefetch, cpus);
        this.schedule = schedule;
        this.lineSize = lineSize;
        this.lastAddress = new long[cpus];
        this.lastValue = new long[cpus];
        this.sameReads = new int[cpus];
    }

    public Caches caches() { return caches; }

    public int lineSize() { return lineSize; }

    /**
     * A zeroed recording memory of {@code lines} lines of this trace's line size; {@code waitedOn} when threads
     * spin on its words (a protocol's flags and queue heads, a lock word), so that its spins end a burst.
     */
    public TracedMemory memory(int lines, boolean waitedOn) {
        long first = nextLine;
        nextLine += (lines + 1) / 2 * 2 + 2;
        return new TracedMemory(this, lines, lineSize, first * lineSize, waitedOn);
    }

    /**
     * Runs {@code bodies}, body {@code i} as CPU {@code i} (at most this trace's CPUs), to their end under the
     * schedule; more than {@code maxSteps} accesses stop the run with an exception.
     */
    public void run(List<Runnable> bodies, long maxSteps) {
        if (bodies.isEmpty() || bodies.size() > caches.cpus()) {
            throw new IllegalArgumentException(bodies.size() + " bodies for " + caches.cpus() + " CPUs");
        }
        Turns.run(schedule, maxSteps, bodies, this);
    }

    void attach(Turns t) {
        if (turns != null) {
            throw new IllegalStateException("a trace runs one run at a time");
        }
        turns = t;
        java.util.Arrays.fill(sameReads, 0);
        java.util.Arrays.fill(lastAddress, -1);
    }

    void detach() {
        turns = null;
    }

    /**
     * The token holder accessed {@code address} ({@code value} read, for a read) of a memory threads wait on or
     * not: count it, then maybe hand on.
     */
    void accessed(long address, Kind kind, long value, boolean waitedOn) {
        Turns t = turns;
        if (t == null) {
            return;
        }
        int cpu = t.current();
        caches.access(cpu, kind, address / lineSize);
        boolean spinning = false;
        if (waitedOn && kind == Kind.READ && lastAddress[cpu] == address && lastValue[cpu] == value) {
            spinning = ++sameReads[cpu] >= SPIN_READS;
        } else {
            sameReads[cpu] = kind == Kind.READ ? 1 : 0;
        }
        lastAddress[cpu] = kind == Kind.READ ? address : -1;
        lastValue[cpu] = value;
        t.afterAccess(spinning);
    }

    /** The CPU whose thread runs now: for code that keeps state per CPU, as the kernel's per-cpu data. */
    public int cpu() {
        Turns t = turns;
        if (t == null) {
            throw new IllegalStateException("no traced run is going");
        }
        return t.current();
    }

    /** True while the threads run: for code that counts its operations from inside the run. */
    public boolean running() {
        return turns != null;
    }
}
