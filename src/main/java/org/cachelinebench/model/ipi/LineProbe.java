package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.Memory;
import org.openjdk.jmh.infra.Control;

/**
 * A machine-cost probe: the floor's round trip ({@link FlagPingPong}: one 4-byte flag at offset 0 of csd line A,
 * raised by the sender, lowered by the receiver) with one more line in it, so that its cost over the floor's, in
 * the same schedule, is what that line adds to a round trip on this machine. Each kind moves the line a different
 * way (docs/coherence.md, "Machine costs: the probes"):
 * <ul>
 *   <li>{@link Kind#SERIAL}: the sender stores a word in another 128-byte pair's line (csd line B) before it raises
 *       the flag; the receiver loads it after its wait for the flag ends. The load is issued only when the wait's
 *       loop exits, so its miss follows the flag's: one transfer in series, and the sender's next store an upgrade.
 *       The flag mailbox's straddle is this.</li>
 *   <li>{@link Kind#PAIR}: the same with the word in the flag line's 128-byte buddy (block line 2): where an
 *       adjacent-line prefetcher fetches the buddy with the flag's line, the receiver's load finds it there.</li>
 *   <li>{@link Kind#PARALLEL}: a second flag in csd line B, raised and lowered with the first; each side waits for
 *       both with two independent loads in one loop, so both lines' misses can be outstanding together: two
 *       transfers against the floor's one, each way.</li>
 * </ul>
 * Every round checks the word it carries (the receiver counts a wrong one), so no load can be left out.
 */
public final class LineProbe implements Handshake {
    /** Which extra line a probe moves, and how. */
    public enum Kind {
        SERIAL("a word in another pair's line, loaded after the wait"),
        PAIR("a word in the flag line's 128-byte buddy, loaded after the wait"),
        PARALLEL("a second flag in another pair's line, waited for together with the first");

        private final String what;

        Kind(String what) {
            this.what = what;
        }

        /** What the extra line is, in a few words. */
        public String what() {
            return what;
        }
    }

    private final Kind kind;
    private final CsdBlock block;
    private final Memory m;
    private final int flag;
    private final int other;
    private final SenderLog sender = new SenderLog();
    private final ReceiverLog receiver = new ReceiverLog();

    private LineProbe(Kind kind, CsdBlock block) {
        this.kind = kind;
        this.block = block;
        this.m = block.memory();
        this.flag = block.csd(0, Integer.BYTES);
        // Line B starts another 128-byte pair (CsdBlock's geometry); line 2 is line A's buddy in its pair.
        this.other = kind == Kind.PAIR ? block.csdLines() - block.lineSize() : block.csdLines() + block.lineSize();
    }

    /** A probe of {@code kind} in an existing block (see {@link IpiMailbox#in} on sharing a block). */
    public static LineProbe in(Kind kind, CsdBlock block) {
        return new LineProbe(kind, block);
    }

    public Kind kind() {
        return kind;
    }

    /** Sender: the extra line's store, the flag raised, then the wait until it is down. */
    @Override
    public boolean send(Control stop, SpinWait spin) {
        if (stop.stopMeasurement) {
            return false;
        }
        long seq = ++sender.nextSeq;
        if (kind == Kind.PARALLEL) {
            m.setIntRelease(other, 1);
        } else {
            m.setLong(other, seq);
        }
        m.setIntRelease(flag, 1);
        int spins = 0;
        while (kind == Kind.PARALLEL ? (m.getIntAcquire(flag) | m.getIntAcquire(other)) != 0
                : m.getIntAcquire(flag) != 0) {
            if (stop.stopMeasurement) {
                break;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Sender: nothing to wait for, {@link #send} waited until the round came back. */
    @Override
    public boolean awaitHandled(Control stop, SpinWait spin) {
        return true;
    }

    /** Receiver: wait for the flag (both flags, for {@link Kind#PARALLEL}), check the word, lower the flag(s). */
    @Override
    public int receive(Control stop, SpinWait spin) {
        int spins = 0;
        while (kind == Kind.PARALLEL ? (m.getIntAcquire(flag) & m.getIntAcquire(other)) == 0
                : m.getIntAcquire(flag) == 0) {
            if (stop.stopMeasurement) {
                return 0;
            }
            spins = spin.pause(spins);
        }
        long seq = ++receiver.handled;
        if (kind == Kind.PARALLEL) {
            m.setIntRelease(other, 0);
        } else if (m.getLong(other) != seq) {
            receiver.protocolErrors++;
        }
        m.setIntRelease(flag, 0);
        return 1;
    }

    /** With both threads stopped: what is wrong, or null; one round may be unfinished unless {@code complete}. */
    @Override
    public String check(boolean complete) {
        long sent = sender.nextSeq;
        long handled = receiver.handled;
        if (receiver.protocolErrors != 0) {
            return receiver.protocolErrors + " rounds carried a word other than their own";
        }
        if (handled == sent || (!complete && handled == sent - 1)) {
            return complete && (m.getIntAcquire(flag) != 0 || kind == Kind.PARALLEL && m.getIntAcquire(other) != 0)
                    ? "a flag is still up" : null;
        }
        return sent + " rounds started but " + handled + " answered";
    }

    /** Between JMH iterations: check, then lower the flags and clear the counts. */
    @Override
    public void checkAndReset() {
        String problem = check(false);
        block.clear();
        sender.reset();
        receiver.reset();
        if (problem != null) {
            throw new IllegalStateException("probe " + kind + ": " + problem);
        }
    }

    /** Rounds the sender started. */
    public long sent() {
        return sender.nextSeq;
    }

    /** Rounds the receiver answered. */
    public long rounds() {
        return receiver.handled;
    }

    /** "one 4-byte flag at offset 0 of line 3, and a word at offset 0 of line 4 (...)". */
    @Override
    public String where() {
        return "one 4-byte flag at offset 0 of line " + block.lineOf(flag) + ", and " + kind.what() + " (offset 0 of line "
                + block.lineOf(other) + ")";
    }
}
