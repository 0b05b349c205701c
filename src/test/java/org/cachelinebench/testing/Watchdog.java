package org.cachelinebench.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.openjdk.jmh.infra.Control;

/**
 * Runs the threads of a concurrent test so that a lost handshake fails the test instead of hanging
 * the build.
 *
 * <p>Each thread's body polls one shared stop flag (a JMH {@link Control}, the flag every wait of the
 * models already polls) and says, cheaply, what it is doing or waiting for ({@link Party#status}: two
 * volatile stores, no string is built). The watchdog starts the bodies, then waits for them with a
 * bound:
 * <ul>
 *   <li>all return: the test goes on to check what they did;</li>
 *   <li>one throws: it sets the stop flag, lets the others return, and rethrows the first failure,
 *       naming what each thread was doing;</li>
 *   <li>the deadline passes: it notes what each thread was waiting for, sets the stop flag, lets the
 *       bodies return, and fails with those notes (and the top of each stuck thread's stack).</li>
 * </ul>
 * Every join is bounded; the threads are daemons, so even a body that ignores the flag cannot keep the
 * test JVM alive.
 *
 * <p>The deadline is not a speed requirement: size the work so that the slowest plausible state of the
 * machine (two threads time-sharing one CPU, each handoff a scheduler yield) ends well within it. Give
 * the test method {@code @Timeout(value = TEST_TIMEOUT_SECONDS, unit = SECONDS, threadMode =
 * SEPARATE_THREAD)} as the outer bound, which is larger than the deadline plus the grace period.
 */
public final class Watchdog {
    /** Default deadline: far above what a test's bodies need on a loaded 2-CPU machine. */
    public static final long DEADLINE_SECONDS = 90;
    /** How long the bodies get to notice the stop flag and return. */
    public static final long GRACE_SECONDS = 10;
    /**
     * What a loaded machine may add to a failure's time beyond the deadline and the grace: starting the threads,
     * a descheduled watchdog thread, reading the stuck threads' stacks, a GC pause.
     */
    public static final long LOAD_MARGIN_SECONDS = 10;
    /** The JUnit {@code @Timeout} for a test that runs one watchdog: its deadline, its grace, and slack. */
    public static final long TEST_TIMEOUT_SECONDS = DEADLINE_SECONDS + GRACE_SECONDS + LOAD_MARGIN_SECONDS + 10;

    /**
     * The latest a watchdog with this deadline fails, even on a loaded machine: a test that asserts "it failed at
     * the deadline, not at the test's timeout" bounds the time by this, not by the deadline plus the grace alone.
     */
    public static long failsWithinMillis(Duration deadline) {
        return deadline.toMillis() + (GRACE_SECONDS + LOAD_MARGIN_SECONDS) * 1000;
    }

    private static final int STACK_FRAMES = 4;

    /** A thread's work; it polls {@link Party#stopped()} (or passes {@link Party#control()} on) in every wait. */
    @FunctionalInterface
    public interface Body {
        void run(Party me) throws Exception;
    }

    /** One thread as its body sees it: the shared stop flag, and what it is doing now. */
    public static final class Party {
        private final String name;
        private final Control control;
        private volatile String doing = "not started";
        private volatile long step = -1;
        private volatile Thread thread;

        private Party(String name, Control control) {
            this.name = name;
            this.control = control;
        }

        /** The shared stop flag, to pass to the models' waits. */
        public Control control() {
            return control;
        }

        /** True once the watchdog (or a failed thread) has stopped the test. */
        public boolean stopped() {
            return control.stopMeasurement;
        }

        /** What this thread does or waits for now, e.g. ("waiting for IPI", 1234); cheap enough for every step. */
        public void status(String what, long n) {
            doing = what;
            step = n;
        }

        /** The same without a step number. */
        public void status(String what) {
            status(what, -1);
        }

        /** "receiver: waiting for IPI #1234". */
        String describe() {
            long n = step;
            return name + ": " + doing + (n >= 0 ? " #" + n : "");
        }
    }

    private final Duration deadline;
    private final Control control = new Control();
    private final List<Party> parties = new ArrayList<>();
    private final List<Body> bodies = new ArrayList<>();

    private Watchdog(Duration deadline) {
        this.deadline = deadline;
    }

    /** A watchdog with the default deadline, {@value #DEADLINE_SECONDS} s. */
    public static Watchdog create() {
        return new Watchdog(Duration.ofSeconds(DEADLINE_SECONDS));
    }

    /** A watchdog with a deadline of its own, e.g. a short one for a test that expects it to fire. */
    public static Watchdog withDeadline(Duration deadline) {
        return new Watchdog(deadline);
    }

    /** Adds a thread named {@code name} running {@code body}. */
    public Watchdog thread(String name, Body body) {
        parties.add(new Party(name, control));
        bodies.add(body);
        return this;
    }

    /**
     * Runs every body on its own thread and returns when all have returned. Throws an
     * {@link AssertionError} naming each thread's status when one failed or the deadline passed.
     */
    public void run() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(parties.size());
        AtomicReference<Failure> first = new AtomicReference<>();
        for (int i = 0; i < parties.size(); i++) {
            Party p = parties.get(i);
            Body body = bodies.get(i);
            Thread t = new Thread(() -> {
                try {
                    p.status("running");
                    body.run(p);
                    p.status(control.stopMeasurement ? "returned after the stop" : "finished");
                } catch (Throwable e) {
                    String was = p.describe();
                    p.status("failed");
                    first.compareAndSet(null, new Failure(p, was, e));
                    control.stopMeasurement = true;
                } finally {
                    done.countDown();
                }
            }, p.name);
            t.setDaemon(true);
            p.thread = t;
            t.start();
        }

        long end = System.nanoTime() + deadline.toNanos();
        String atDeadline = null;
        try {
            while (!done.await(10, TimeUnit.MILLISECONDS)) {
                if (first.get() != null) {
                    break;
                }
                if (System.nanoTime() - end >= 0) {
                    atDeadline = statuses(true);
                    break;
                }
            }
        } catch (InterruptedException e) {
            control.stopMeasurement = true;
            throw e;
        }
        control.stopMeasurement = true;
        boolean allReturned = done.await(GRACE_SECONDS, TimeUnit.SECONDS);
        String stuck = allReturned ? "" : "; still running " + GRACE_SECONDS + " s after the stop: " + statuses(true);

        Failure f = first.get();
        if (atDeadline != null) {
            AssertionError e = new AssertionError("did not finish within " + format(deadline)
                    + ", so the watchdog stopped it; at the deadline " + atDeadline + stuck);
            if (f != null) {
                e.addSuppressed(f.error);   // a body that threw after the stop, e.g. on a half-done protocol
            }
            throw e;
        }
        if (f != null) {
            throw new AssertionError(f.party.name + " failed (" + f.status + "): " + f.error + "; then "
                    + statuses(false) + stuck, f.error);
        }
    }

    /** "sender: ...; receiver: ..." with, for threads still alive, the top of their stacks. */
    private String statuses(boolean withStacks) {
        return parties.stream().map(p -> {
            String s = p.describe();
            Thread t = p.thread;
            if (withStacks && t != null && t.isAlive()) {
                s += " [at " + Arrays.stream(t.getStackTrace()).limit(STACK_FRAMES)
                        .map(StackTraceElement::toString).collect(Collectors.joining(" < ")) + "]";
            }
            return s;
        }).collect(Collectors.joining("; "));
    }

    private static String format(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private record Failure(Party party, String status, Throwable error) {}
}
