package org.cachelinebench.coherence;

import java.util.List;

/**
 * Runs the traced bodies one at a time, passing the turn from body to body after memory accesses as a
 * {@link Schedule} decides: the protocol code runs unchanged, yet only the holder of the turn ever runs, so the
 * order of accesses, and with it the prediction, is the same on every run. Body {@code i} is CPU {@code i}. A spin
 * never hangs the trace: every spin reads memory, so it passes the turn; a run that makes more than its step limit
 * of accesses is stopped, and every body with it.
 *
 * <p>The decisions (who runs next, the step limit) are made here, once; how a body is suspended and resumed is a
 * subclass's: {@link ContinuationTurns} steps every body on the calling thread where the JDK has continuations,
 * {@link ThreadTurns} hands a token between one OS thread per body elsewhere. Both see the same accesses in the
 * same order and so give the same counts. {@value #STEPPING}{@code =threads} forces the threads (to compare the
 * two), {@code =continuations} demands continuations.
 */
abstract class Turns {
    /** The system property that chooses how bodies are stepped: {@code threads} or {@code continuations}. */
    static final String STEPPING = "coherence.stepping";

    /** Unwinds a body when the run is stopped; no stack trace, as it is control flow. */
    static final class Stopped extends Error {
        Stopped() {
            super(null, null, false, false);
        }
    }

    private final Schedule.Picker picker;
    private final long maxSteps;
    /** Bodies that have not returned. */
    final boolean[] live;
    /** The CPU whose body holds the turn. */
    int current;
    private int inTurn;
    private long steps;
    private volatile Throwable failure;

    Turns(Schedule schedule, long maxSteps, int n) {
        this.picker = schedule.picker();
        this.maxSteps = maxSteps;
        this.live = new boolean[n];
        java.util.Arrays.fill(live, true);
    }

    /** Runs {@code bodies}, body {@code i} as CPU {@code i}, until all have returned; a body's failure is thrown. */
    static void run(Schedule schedule, long maxSteps, List<Runnable> bodies, Trace trace) {
        Turns t = stepping(schedule, maxSteps, bodies.size());
        trace.attach(t);
        try {
            t.runAll(bodies);
        } finally {
            trace.detach();
        }
        Throwable f = t.failure;
        if (f != null) {
            throw f instanceof RuntimeException r ? r : new IllegalStateException(f.toString(), f);
        }
    }

    private static Turns stepping(Schedule schedule, long maxSteps, int n) {
        String asked = System.getProperty(STEPPING, "");
        switch (asked) {
            case "threads":
                return new ThreadTurns(schedule, maxSteps, n);
            case "continuations":
                if (!Continuations.AVAILABLE) {
                    throw new IllegalStateException(STEPPING + "=continuations, but " + Continuations.WHY_NOT);
                }
                return new ContinuationTurns(schedule, maxSteps, n);
            case "":
                return Continuations.AVAILABLE ? new ContinuationTurns(schedule, maxSteps, n)
                        : new ThreadTurns(schedule, maxSteps, n);
            default:
                throw new IllegalArgumentException(STEPPING + " is threads or continuations, not '" + asked + "'");
        }
    }

    /** Runs every body to its end (or the run's failure), CPU 0 first. */
    abstract void runAll(List<Runnable> bodies);

    /** Suspends the body of {@code me} until the turn comes back to it; {@link #current} is already the next. */
    abstract void passTurn(int me);

    /** The CPU whose body holds the turn; only that body may ask. */
    abstract int current();

    /** After the turn holder's access: the schedule may pass the turn on; this body then waits for it. */
    final void afterAccess(boolean spinning) {
        steps++;
        inTurn++;
        if (steps > maxSteps) {
            fail(new IllegalStateException("no end after " + maxSteps
                    + " memory accesses: a traced thread waits for something that never comes"));
            throw new Stopped();
        }
        int me = current;
        int next = picker.next(me, inTurn, spinning, live);
        if (next != me) {
            inTurn = 0;
            current = next;
            passTurn(me);
        }
    }

    /**
     * Body {@code cpu}, the turn holder, returned: the turn passes to the next live body, if any; true when it did.
     */
    final boolean ended(int cpu) {
        live[cpu] = false;
        for (boolean l : live) {
            if (l) {
                current = picker.next(cpu, inTurn, true, live);
                inTurn = 0;
                return true;
            }
        }
        return false;
    }

    /** Records the run's first failure; the subclass stops the other bodies. */
    void fail(Throwable e) {
        if (failure == null) {
            failure = e;
        }
    }

    final boolean failed() {
        return failure != null;
    }
}
