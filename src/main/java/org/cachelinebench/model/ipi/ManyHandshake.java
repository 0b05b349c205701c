package org.cachelinebench.model.ipi;

import org.openjdk.jmh.infra.Control;

/**
 * Calls from S sender threads to T target threads, each a CPU: what {@code benchmarks.IpiMany} runs and the
 * protocol test drives with plain threads. Sender {@code s} calls {@link #send} in a loop, target {@code t}
 * {@link #receive}; every wait polls {@code stop} and falls back to yielding ({@link SpinWait}), so more threads
 * than cores never hang.
 */
public interface ManyHandshake {
    /** Sender {@code sender}: one call to every target; false when {@code stop} kept it from completing. */
    boolean send(int sender, Control stop, SpinWait spin);

    /** Target {@code target}: waits for calls and handles those queued; returns how many (0 when stopped). */
    int receive(int target, Control stop, SpinWait spin);

    /** True when target {@code target} has nothing queued and no IPI pending: it may stop receiving. */
    boolean drained(int target);

    /**
     * With every thread stopped: what is wrong, or null. {@code complete} demands that every call was handled and
     * every csd unlocked; otherwise (an iteration that ended mid-call) one call per sender may be unfinished.
     */
    String check(boolean complete);

    /** Zeroes the memory and the logs. Only with every thread stopped. */
    void reset();

    /** Calls sender {@code sender} completed. */
    long calls(int sender);

    /** Calls target {@code target} handled. */
    long handled(int target);

    /** What sender {@code sender} does or waits for now, for a watchdog (racy while it runs). */
    String describeSender(int sender);

    /** What target {@code target} has handled, for a watchdog (racy while it runs). */
    String describeTarget(int target);

    /** Where the memory is, from the real addresses, for a fork's output. */
    String where();
}
