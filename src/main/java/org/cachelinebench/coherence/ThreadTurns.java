package org.cachelinebench.coherence;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * {@link Turns} on one OS thread per body, a token passed between them: the stepping of a JDK without
 * continuations. Every pass of the turn wakes one thread and parks another (a system call each way), so a
 * round-robin trace of many CPUs costs seconds here.
 */
final class ThreadTurns extends Turns {
    /** How long a whole run may take before it is called stuck. */
    private static final long TIMEOUT_SECONDS = 600;

    private final Semaphore[] go;
    private final Thread[] threads;
    private final CountDownLatch done;
    private volatile boolean stopped;

    ThreadTurns(Schedule schedule, long maxSteps, int n) {
        super(schedule, maxSteps, n);
        this.go = new Semaphore[n];
        this.threads = new Thread[n];
        this.done = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            go[i] = new Semaphore(0);
        }
    }

    @Override
    void runAll(List<Runnable> bodies) {
        for (int i = 0; i < bodies.size(); i++) {
            int cpu = i;
            Runnable body = bodies.get(i);
            threads[i] = new Thread(() -> runBody(cpu, body), "traced-cpu-" + i);
            threads[i].setDaemon(true);
        }
        try {
            for (Thread thread : threads) {
                thread.start();
            }
            go[0].release();
            if (!done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                fail(new IllegalStateException("trace still running after " + TIMEOUT_SECONDS + " s"));
            }
            for (Thread thread : threads) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e);
        }
    }

    @Override
    int current() {
        if (threads[current] != Thread.currentThread()) {
            throw new IllegalStateException("memory accessed by " + Thread.currentThread().getName()
                    + " while traced-cpu-" + current + " holds the turn");
        }
        return current;
    }

    @Override
    void passTurn(int me) {
        go[current].release();
        await(me);
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
            if (!stopped && current == cpu && ended(cpu)) {
                go[current].release();
            }
            done.countDown();
        }
    }

    @Override
    void fail(Throwable e) {
        super.fail(e);
        stopped = true;
        for (Semaphore s : go) {
            s.release();
        }
    }
}
