package org.cachelinebench.testing;

import org.openjdk.jmh.infra.Control;

/** A JMH {@link Control} whose measurement stops after a delay, as JMH stops a waiting thread at an iteration's end. */
public final class Stopper {
    private Stopper() {}

    /** A control that a daemon thread stops {@code millis} ms from now: a waiter on it must then give up. */
    public static Control after(long millis) {
        Control control = new Control();
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            control.stopMeasurement = true;
        }, "stopper");
        t.setDaemon(true);
        t.start();
        return control;
    }
}
