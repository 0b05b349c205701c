package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Placement;
import org.openjdk.jmh.infra.Control;

/**
 * The calibration floor: one 4-byte flag bounced between two threads in one line, no payload. The
 * sender raises it (release) and waits until it is down again (acquire); the receiver waits until it is
 * up (acquire) and lowers it (release). One round trip moves the line to the receiver and back: the
 * machine's cheapest cross-core handshake, to compare an IPI round trip against.
 *
 * <p>The flag sits where a line-aligned csd would start, in a {@link CsdBlock} like the IPI models', so
 * the floor runs on the same lines of the same kind of block.
 */
public final class FlagPingPong implements Handshake {
    private final CsdBlock block;
    private final Memory m;
    private final int flag;
    private final SenderLog sender = new SenderLog();
    private final ReceiverLog receiver = new ReceiverLog();

    private FlagPingPong(CsdBlock block) {
        this.block = block;
        this.m = block.memory();
        this.flag = block.csd(0, Integer.BYTES);
    }

    public static FlagPingPong create() {
        return in(CsdBlock.allocate());
    }

    /** A flag at offset 0 of an existing block's first csd line (see {@link IpiMailbox#in} on sharing a block). */
    public static FlagPingPong in(CsdBlock block) {
        return new FlagPingPong(block);
    }

    /** Sender: raise the flag, wait for it to come down. Returns true when a round was started. */
    @Override
    public boolean send(Control stop, SpinWait spin) {
        if (stop.stopMeasurement) {
            return false;
        }
        m.setIntRelease(flag, 1);
        sender.nextSeq++;
        int spins = 0;
        while (m.getIntAcquire(flag) != 0) {
            if (stop.stopMeasurement) {
                break;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Sender: nothing to wait for, {@link #send} waited until the flag came down. */
    @Override
    public boolean awaitHandled(Control stop, SpinWait spin) {
        return true;
    }

    /** Receiver: wait for the flag, lower it. Returns 1 per round, 0 when stopped. */
    @Override
    public int receive(Control stop, SpinWait spin) {
        int spins = 0;
        while (m.getIntAcquire(flag) == 0) {
            if (stop.stopMeasurement) {
                return 0;
            }
            spins = spin.pause(spins);
        }
        m.setIntRelease(flag, 0);
        receiver.handled++;
        return 1;
    }

    /** With both threads stopped: what is wrong, or null; one round may be unfinished unless {@code complete}. */
    @Override
    public String check(boolean complete) {
        long sent = sender.nextSeq;
        long handled = receiver.handled;
        if (handled == sent || (!complete && handled == sent - 1)) {
            return complete && m.getIntAcquire(flag) != 0 ? "the flag is still up" : null;
        }
        return sent + " rounds started but " + handled + " answered";
    }

    /** Between JMH iterations: check, then lower the flag and clear the counts. */
    @Override
    public void checkAndReset() {
        String problem = check(false);
        block.clear();
        sender.reset();
        receiver.reset();
        if (problem != null) {
            throw new IllegalStateException("floor: " + problem);
        }
    }

    /** Rounds the sender started. */
    public long sent() { return sender.nextSeq; }

    /** Rounds the receiver answered. */
    public long rounds() { return receiver.handled; }

    /** Where the flag sits, from the real address. */
    public Placement placement() {
        return block.placeCsd(0, Integer.BYTES);
    }

    public CsdBlock block() { return block; }

    /** "one 4-byte flag at offset 0 of line 3". */
    @Override
    public String where() {
        return "one 4-byte flag at offset 0 of line " + block.lineOf(flag);
    }
}
