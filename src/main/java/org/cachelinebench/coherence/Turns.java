package org.cachelinebench.coherence;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Runs the traced threads one at a time, handing a token from thread to thread after memory accesses as a
 * {@link Schedule} decides: the protocol code runs unchanged on real threads, yet only the token holder ever
 * runs, so the order of accesses, and with it the prediction, is the same on every run. Thread {@code i} is CPU
 * {@code i}. A spin never hangs the trace: every spin reads memory, so it passes the token; a run that makes
 * more than its step limit of accesses is stopped, and every thread with it.
 */
final class Turns {
    /** How long a whole run may take before it is called stuck. */
    private static final long TIMEOUT_SECONDS = 600;

    /** Thrown into a waiting thread when the run is stopped: its body unwinds and its thread ends. */
    private static final class Stopped extends Error {
        Stopped() {
            super(null, null, false, false);
        }
    }

    private final Schedule.Picker picker;
    private final long maxSteps;
    private final Semaphore[] go;
    private final boolean[] live;
    private final Thread[] threads;
    private final CountDownLatch done;
    private int current;
    private int inTurn;
    private long steps;
    private volatile boolean stopped;
    private volatile Throwable failure;

    private Turns(Schedule schedule, long maxSteps, int n) {
        this.picker = schedule.picker();
        this.maxSteps = maxSteps;
        this.go = new Semaphore[n];
        this.live = new boolean[n];
        this.threads = new Thread[n];
        this.done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            go[i] = new Semaphore(0);
            live[i] = true;
        }
    }

    /** Runs {@code bodies}, body {@code i} as CPU {@code i}, until all have returned; a body's failure is thrown. */
    static void run(Schedule schedule, long maxSteps, List<Runnable> bodies, Trace trace) {
        Turns t = new Turns(schedule, maxSteps, bodies.size());
        for (int i = 0; i < bodies.size(); i++) {
            int cpu = i;
            Runnable body = bodies.get(i);
            t.threads[i] = new Thread(() -> t.runBody(cpu, body), "traced-cpu-" + i);
            t.threads[i].setDaemon(true);
        }
        trace.attach(t);
        try {
            for (Thread thread : t.threads) {
                thread.start();
            }
            t.go[0].release();
            if (!t.done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                t.fail(new IllegalStateException("trace still running after " + TIMEOUT_SECONDS + " s"));
            }
            for (Thread thread : t.threads) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            t.fail(e);
        } finally {
            trace.detach();
        }
        if (t.failure != null) {
            throw t.failure instanceof RuntimeException r ? r : new IllegalStateException(t.failure.toString(), t.failure);
        }
    }

    /** The CPU whose thread holds the token; only that thread may ask. */
    int current() {
        if (threads[current] != Thread.currentThread()) {
            throw new IllegalStateException("memory accessed by " + Thread.currentThread().getName()
                    + " while traced-cpu-" + current + " holds the turn");
        }
        return current;
    }

    /** After the token holder's access: the schedule may hand the token on; this thread then waits for it. */
    void afterAccess(boolean spinning) {
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
            handTo(next);
            await(me);
        }
    }

    private void handTo(int next) {
        inTurn = 0;
        current = next;
        go[next].release();
    }

    private void await(int me) {
        go[me].acquireUninterruptibly();
        if (stopped) {
            throw new Stopped();
        }
    }

    private void runBody(int cpu, Runnable body) {
        try {
            await(cpu);
            body.run();
        } catch (Stopped s) {
            // the run was stopped: unwind
        } catch (Throwable e) {
            fail(e);
        } finally {
            finish(cpu);
        }
    }

    private void finish(int cpu) {
        live[cpu] = false;
        if (!stopped && current == cpu) {
            boolean any = false;
            for (boolean l : live) {
                any |= l;
            }
            if (any) {
                handTo(picker.next(cpu, inTurn, true, live));
            }
        }
        done.countDown();
    }

    private void fail(Throwable e) {
        if (failure == null) {
            failure = e;
        }
        stopped = true;
        for (Semaphore s : go) {
            s.release();
        }
    }
}
