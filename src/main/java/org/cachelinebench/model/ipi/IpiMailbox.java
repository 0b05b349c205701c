package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.Placement;
import org.openjdk.jmh.infra.Control;

/**
 * One sender, one receiver and the memory between them: what a JMH {@code @Group} of the IPI
 * benchmarks shares, and what the protocol test drives with two plain threads.
 *
 * <p>The sender calls {@link #send} in a loop, the receiver {@link #receive}. The sender numbers its
 * IPIs in {@code info} and picks {@code func} from {@link CsdFunctions}; the receiver checks the order and
 * sums {@code func(info)}, so {@link #check(boolean)} can prove that every IPI was handled once, in order,
 * with the {@code func} and {@code info} it was sent with.
 */
public final class IpiMailbox extends LoggedHandshake {
    private final CsdLayout layout;
    private final IpiMode mode;
    private final int offset;
    private final CsdBlock block;
    private final boolean doorbell;
    private final Smp smp;
    private final boolean wait;

    private IpiMailbox(CsdLayout layout, IpiMode mode, int offset, CsdBlock block, boolean doorbell, long work) {
        super(work);
        this.layout = layout;
        this.mode = mode;
        this.offset = offset;
        this.block = block;
        this.doorbell = doorbell;
        this.smp = layout.newSmp(block, offset, doorbell);
        this.wait = mode.waits();
    }

    /** A new block with a csd at {@code offset} bytes into its csd lines. */
    public static IpiMailbox create(CsdLayout layout, IpiMode mode, int offset) {
        return new IpiMailbox(layout, mode, offset, CsdBlock.allocate(), false, 0);
    }

    /**
     * A mailbox in an existing block (see {@link #in(CsdBlock, CsdLayout, IpiMode, CsdPlacement)} on sharing one),
     * with the csd at {@code offset}; with {@code doorbell} the IPI rings the block's doorbell word (see
     * {@link Smp}); {@code func(info)} runs {@code work} more dependent steps ({@link FuncWork}).
     */
    public static IpiMailbox in(CsdBlock block, CsdLayout layout, IpiMode mode, int offset, boolean doorbell,
                                long work) {
        return new IpiMailbox(layout, mode, offset, block, doorbell, work);
    }

    /** A new block with the csd where {@code placement} puts it. */
    public static IpiMailbox create(CsdLayout layout, IpiMode mode, CsdPlacement placement) {
        return in(CsdBlock.allocate(), layout, mode, placement);
    }

    /**
     * A mailbox in an existing block, with the csd where {@code placement} puts it. Several mailboxes may
     * share one block if only one of them is used at a time and the block is cleared between them: their
     * csds may overlap (one's {@code func} where another's {@code flags} is).
     */
    public static IpiMailbox in(CsdBlock block, CsdLayout layout, IpiMode mode, CsdPlacement placement) {
        int offset = placement.offset(block.lineSize(), layout.struct().size());
        return new IpiMailbox(layout, mode, offset, block, false, 0);
    }

    /**
     * Sender: one {@code smp_call_function_single}. Starts no new IPI once {@code stop} is set (the
     * receiver may be gone), so the csd is never re-queued while still queued. Returns true when an IPI
     * was queued.
     */
    @Override
    public boolean send(Control stop, SpinWait spin) {
        if (stop.stopMeasurement) {
            return false;
        }
        SenderLog log = sender;
        long seq = log.nextSeq;
        int func = CsdFunctions.pick(seq);
        if (!smp.smpCallFunctionSingle(func, seq, wait, stop, spin, log)) {
            return false;
        }
        long term = CsdFunctions.call(func, seq);
        log.nextSeq = seq + 1;
        log.expectedSum += term;
        log.lastTerm = term;
        return true;
    }

    /**
     * Sender: waits until the last IPI was handled. Sync: its {@code csd_lock_wait} already did. Async:
     * {@code csd_lock_wait} on the per-CPU csd, as the next call's {@code csd_lock} would.
     */
    @Override
    public boolean awaitHandled(Control stop, SpinWait spin) {
        return wait || smp.awaitUnlocked(stop, spin);
    }

    /** Receiver: waits for the IPI, then flushes the queue. Returns the csds handled (0 when stopped). */
    @Override
    public int receive(Control stop, SpinWait spin) {
        if (!smp.awaitIpi(stop, spin)) {
            return 0;
        }
        return smp.flushSmpCallFunctionQueue(receiver);
    }

    /**
     * With both threads stopped: what is wrong, or null. {@code complete} demands that every IPI was
     * handled and the csd unlocked; otherwise (a JMH iteration that ended mid-call) one IPI may still be
     * queued or running.
     */
    @Override
    public String check(boolean complete) {
        long sent = sender.nextSeq;
        if (receiver.outOfOrder != 0) {
            return receiver.outOfOrder + " of " + receiver.handled + " IPIs were handled out of order";
        }
        if (sender.ipisSent != sent) {
            return sent + " csds queued but llist_add found the queue empty " + sender.ipisSent + " times";
        }
        String counts = checkCounts(complete, "IPIs");
        if (counts != null) {
            return counts;
        }
        if (complete) {
            if ((smp.flags() & smp.lockBit()) != 0) {
                return "the csd is still locked: flags 0x" + Integer.toHexString(smp.flags());
            }
            if (!smp.queueEmpty()) {
                return "the call_single_queue is not empty";
            }
            if (smp.doorbellRung()) {
                return "the doorbell is still rung";
            }
        }
        return null;
    }

    /** Zeroes the block: an unlocked csd, an empty queue, no doorbell. */
    @Override
    void clearMemory() {
        block.clear();
    }

    @Override
    String name() {
        return layout.value() + " " + mode.value() + (doorbell ? " doorbell" : "") + " csd at offset " + offset;
    }

    public long ipisSent() { return sender.ipisSent; }
    /** True when the IPI rings the block's doorbell instead of being seen in the queue head. */
    public boolean doorbell() { return doorbell; }
    /** The doorbell word is rung (read with acquire); always false without a doorbell. */
    public boolean doorbellRung() { return smp.doorbellRung(); }
    /** The csd's flags word, read with acquire. */
    public int csdFlags() { return smp.flags(); }
    public int lockBit() { return smp.lockBit(); }
    public boolean queueEmpty() { return smp.queueEmpty(); }

    public CsdLayout layout() { return layout; }
    public IpiMode mode() { return mode; }
    public int offset() { return offset; }
    public CsdBlock block() { return block; }

    /** Where the csd sits, from the real address. */
    public Placement placement() {
        return block.placeCsd(offset, layout.struct().size());
    }

    /** "v4.13 csd at offset 48: llist.next, func in line 3; info, flags in line 4; queue head in line 0; ...". */
    @Override
    public String where() {
        return layout.value() + " csd at offset " + offset + ": " + block.memberLines(offset, layout.struct(),
                layout.members()) + "; queue head in line " + CsdBlock.HEAD_LINE
                + (doorbell ? "; doorbell in line " + CsdBlock.DOORBELL_LINE : "");
    }
}
