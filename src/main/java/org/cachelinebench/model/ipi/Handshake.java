package org.cachelinebench.model.ipi;

import org.openjdk.jmh.infra.Control;

/**
 * One cross-core call between a sender and a receiver thread, as {@link IpiMailbox} (a csd IPI),
 * {@link FlagMailbox} (a flag and a payload) and {@link FlagPingPong} (one bare flag) run it: what
 * {@code harness.interleave.Interleaving} needs to drive several of them in one schedule without knowing which
 * protocol each one runs.
 */
public interface Handshake {
    /** Sender: one call; false when {@code stop} kept it from starting. */
    boolean send(Control stop, SpinWait spin);

    /**
     * Sender, after a call: waits until that call was handled, so nothing is in flight when the caller
     * reads the clock or hands the memory to another handshake. A no-op (true) for a call that already
     * waited for its answer; false when {@code stop} ended the wait.
     */
    boolean awaitHandled(Control stop, SpinWait spin);

    /** Receiver: waits for one call and handles it; returns the calls handled (0 when stopped). */
    int receive(Control stop, SpinWait spin);

    /** With both threads stopped: what is wrong, or null; one call may be unfinished unless {@code complete}. */
    String check(boolean complete);

    /** Between JMH iterations: check what is checkable, then start over clean. */
    void checkAndReset();

    /**
     * Where this handshake's memory is, for a fork's setup output: which fields fall in which line, from the real
     * address, e.g. "v4.13 csd at offset 48: llist.next, func in line 3; info, flags in line 4; queue head in line 0".
     */
    default String where() {
        return getClass().getSimpleName();
    }
}
