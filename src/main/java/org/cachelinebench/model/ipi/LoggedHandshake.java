package org.cachelinebench.model.ipi;

/**
 * A handshake whose sender numbers its calls in {@code info} ({@link SenderLog}) and whose receiver checks their
 * order and sums {@code func(info)} ({@link ReceiverLog}): the two logs, the checks they answer and their counts,
 * written once for {@link IpiMailbox} and {@link FlagMailbox}. The logs are final fields that the subclass's
 * protocol reads directly, so a call costs no accessor and no extra load.
 */
public abstract class LoggedHandshake implements Handshake {
    final SenderLog sender = new SenderLog();
    final ReceiverLog receiver;

    /** {@code func(info)} runs {@code work} more dependent steps ({@link FuncWork}). */
    LoggedHandshake(long work) {
        this.receiver = new ReceiverLog(work);
    }

    /**
     * With both threads stopped: that every call sent was handled (with {@code complete}; else all but the last,
     * which may still be in flight) and that the receiver's checksum of {@code func(info)} is the sender's; what is
     * wrong, naming the calls {@code calls} ("calls", "IPIs"), or null.
     */
    final String checkCounts(boolean complete, String calls) {
        long sent = sender.nextSeq;
        long handled = receiver.handled;
        boolean allHandled = handled == sent;
        if (!allHandled && (complete || handled != sent - 1)) {
            return sent + " " + calls + " sent but " + handled + " handled";
        }
        long expected = allHandled ? sender.expectedSum : sender.expectedSum - sender.lastTerm;
        if (receiver.checksum != expected) {
            return "checksum of func(info) over " + handled + " " + calls + " is " + receiver.checksum + ", expected "
                    + expected;
        }
        return null;
    }

    /** Between JMH iterations: check what is checkable, then start over with empty memory and logs. */
    @Override
    public final void checkAndReset() {
        String problem = check(false);
        reset();
        if (problem != null) {
            throw new IllegalStateException(name() + ": " + problem);
        }
    }

    /** Empties the memory and both logs. Only with both threads stopped. */
    public final void reset() {
        clearMemory();
        sender.reset();
        receiver.reset();
    }

    /** Empties the handshake's memory: what a fresh one starts from. Only with both threads stopped. */
    abstract void clearMemory();

    /** How a failed check names this handshake, e.g. "v4.13 sync csd at offset 48". */
    abstract String name();

    public final long sent() { return sender.nextSeq; }
    public final long handled() { return receiver.handled; }
    public final long checksum() { return receiver.checksum; }
    public final long expectedChecksum() { return sender.expectedSum; }
    public final long outOfOrder() { return receiver.outOfOrder; }
    /** Sum of the work chains {@code func(info)} ran (0 with no work). */
    public final long workResult() { return receiver.workResult; }
    public final long work() { return receiver.work; }
}
