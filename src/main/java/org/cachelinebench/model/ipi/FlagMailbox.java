package org.cachelinebench.model.ipi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.StructLayout;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Control;

/**
 * The flag mailbox Java developers write between two threads, on the v4.13 csd's four members, with
 * {@code benchmarks/c/csd.h}'s accesses ({@code mailbox_send}, {@code mailbox_receive}):
 * <pre>
 * sender:   wait until smp_load_acquire(&amp;flags) == 0        receiver: wait until smp_load_acquire(&amp;flags) != 0
 *           next = NULL; func = f; info = i;   (plain)                 n = next; f = func; i = info;   (plain)
 *           smp_store_release(&amp;flags, 1)                            f(i);
 *                                                                    smp_store_release(&amp;flags, 0)
 * </pre>
 * No queue head, no lock bit: the flag is the whole protocol. Lesson, against the kernel's protocol
 * ({@link IpiMailbox}): the payload loads are ordered after the flag's acquire load, so a payload that straddles
 * into a second line costs a second transfer in series on every call (docs/straddle-and-protocols.md).
 *
 * <p>The same protocol runs on two kinds of memory, written once here: the v4.13 csd bytes in a {@link CsdBlock}
 * ({@link #in}: offsets from {@link CallSingleData#V4_13} by name, so the straddled, size-aligned and line-aligned
 * placements and the offset sweep are the csd's), and Java objects ({@link #on(Mailbox, long)} and its padded and
 * {@code @Contended} variants). Each kind of memory is a small final subclass that supplies the accesses and
 * overrides the three calls itself, so that the JIT compiles one copy of the protocol per kind with its accesses
 * inlined (the protocol's methods are inlined by force) and nothing in a round trip is a virtual call.
 *
 * <p>Every wait polls {@link Control#stopMeasurement}. The sender numbers its calls in {@code info} and picks
 * {@code func} from {@link CsdFunctions}; the receiver checks the order and sums {@code func(info)} into its own
 * padded log ({@link ReceiverLog}, with {@link FuncWork} more steps when asked), so {@link #check} proves every
 * call was handled once, in order, with the {@code func} and {@code info} it was sent with.
 */
public abstract class FlagMailbox extends LoggedHandshake {
    /** {@code flags}: empty, the sender may fill the mailbox. */
    static final int EMPTY = 0;
    /** {@code flags}: full, the receiver may read it. */
    static final int FULL = 1;

    FlagMailbox(long work) {
        super(work);
    }

    /** The flag mailbox on the v4.13 csd bytes at {@code offset} in {@code block}'s csd lines. */
    public static FlagMailbox in(CsdBlock block, int offset, long work) {
        return new OffHeap(block, offset, work);
    }

    /**
     * The flag mailbox on four fields at byte indices of any memory: how a prediction runs the protocol on a Java
     * object's layout (its fields where JOL says they are, relative to a line), which it cannot trace on the heap.
     * {@code nextBytes} is the size of the {@code next} reference, 4 or 8; the memory must be zeroed.
     */
    public static FlagMailbox at(Memory m, int next, int nextBytes, int func, int info, int flags, long work) {
        return new Fields(m, next, nextBytes, func, info, flags, work);
    }

    /** The flag mailbox on a plain Java object. Several handshakes may share one object, used one at a time. */
    public static FlagMailbox on(Mailbox box, long work) {
        return OnObject.of(box, work);
    }

    /** The flag mailbox on a class-hierarchy-padded Java object. */
    public static FlagMailbox on(PaddedMailbox box, long work) {
        return OnObject.of(box, work);
    }

    /** The flag mailbox on a {@code @Contended} Java object. */
    public static FlagMailbox on(ContendedMailbox box, long work) {
        return OnObject.of(box, work);
    }

    // ---- the memory accesses, one kind of memory per subclass ------------------------------------------

    /** {@code smp_load_acquire(&flags)}. */
    abstract int flagsAcquire();

    /** {@code smp_store_release(&flags, value)}. */
    abstract void setFlagsRelease(int value);

    /** {@code next = NULL; func = func; info = info;}: plain stores, in this order. */
    abstract void fill(long func, long info);

    /** {@code next == NULL}: a plain load. */
    abstract boolean nextIsNull();

    /** {@code func}: a plain load. */
    abstract long func();

    /** {@code info}: a plain load. */
    abstract long info();

    // ---- the protocol, written once ---------------------------------------------------------------------

    /** Sender: {@code mailbox_send}. False when {@code stop} kept the call from starting. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    final boolean sendCall(Control stop, SpinWait spin) {
        if (stop.stopMeasurement || !awaitEmpty(stop, spin)) {
            return false;
        }
        SenderLog log = sender;
        long seq = log.nextSeq;
        int func = CsdFunctions.pick(seq);
        fill(func, seq);
        setFlagsRelease(FULL);
        long term = CsdFunctions.call(func, seq);
        log.nextSeq = seq + 1;
        log.expectedSum += term;
        log.lastTerm = term;
        return true;
    }

    /** Sender: until {@code flags == 0} (acquire), i.e. the last call was handled; false when stopped. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    final boolean awaitEmpty(Control stop, SpinWait spin) {
        int spins = 0;
        while (flagsAcquire() != EMPTY) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Receiver: {@code mailbox_receive}. Returns 1, or 0 when stopped while waiting. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    final int receiveCall(Control stop, SpinWait spin) {
        int spins = 0;
        while (flagsAcquire() == EMPTY) {
            if (stop.stopMeasurement) {
                return 0;
            }
            spins = spin.pause(spins);
        }
        boolean nextIsNull = nextIsNull();
        long func = func();
        long info = info();
        ReceiverLog log = receiver;
        if (!nextIsNull) {
            log.protocolErrors++;
        }
        log.call((int) func, info);
        setFlagsRelease(EMPTY);
        return 1;
    }

    /**
     * With both threads stopped: what is wrong, or null. {@code complete} demands that every call was handled
     * and the mailbox is empty; otherwise (a JMH iteration that ended mid-call) one call may still be full.
     */
    @Override
    public String check(boolean complete) {
        long handled = receiver.handled;
        if (receiver.protocolErrors != 0) {
            return receiver.protocolErrors + " of " + handled + " calls found next not NULL";
        }
        if (receiver.outOfOrder != 0) {
            return receiver.outOfOrder + " of " + handled + " calls were handled out of order";
        }
        String counts = checkCounts(complete, "calls");
        if (counts != null) {
            return counts;
        }
        if (complete && flagsAcquire() != EMPTY) {
            return "the mailbox is still full: flags " + flagsAcquire();
        }
        return null;
    }

    @Override
    String name() {
        return "flag mailbox, " + where();
    }

    public long protocolErrors() { return receiver.protocolErrors; }
    /** The flag, read with acquire: 0 empty, 1 full. */
    public int flags() { return flagsAcquire(); }

    // ---- the kinds of memory ----------------------------------------------------------------------------

    /** The v4.13 csd bytes off-heap, as {@code benchmarks/c/interleaved.c} has them. */
    private static final class OffHeap extends FlagMailbox {
        private static final StructLayout LAYOUT = CallSingleData.V4_13;
        private static final int NEXT = LAYOUT.offsetOf("llist.next");
        private static final int FUNC = LAYOUT.offsetOf("func");
        private static final int INFO = LAYOUT.offsetOf("info");
        private static final int FLAGS = LAYOUT.offsetOf("flags");

        private final CsdBlock block;
        private final Memory m;
        private final int offset;
        private final int csd;

        OffHeap(CsdBlock block, int offset, long work) {
            super(work);
            this.block = block;
            this.m = block.memory();
            this.offset = offset;
            this.csd = block.csd(offset, LAYOUT.size());
        }

        @Override public boolean send(Control stop, SpinWait spin) { return sendCall(stop, spin); }
        @Override public boolean awaitHandled(Control stop, SpinWait spin) { return awaitEmpty(stop, spin); }
        @Override public int receive(Control stop, SpinWait spin) { return receiveCall(stop, spin); }

        @Override int flagsAcquire() { return m.getIntAcquire(csd + FLAGS); }
        @Override void setFlagsRelease(int value) { m.setIntRelease(csd + FLAGS, value); }

        @Override
        void fill(long func, long info) {
            m.setLong(csd + NEXT, Llist.NULL);
            m.setLong(csd + FUNC, func);
            m.setLong(csd + INFO, info);
        }

        @Override boolean nextIsNull() { return m.getLong(csd + NEXT) == Llist.NULL; }
        @Override long func() { return m.getLong(csd + FUNC); }
        @Override long info() { return m.getLong(csd + INFO); }

        @Override
        void clearMemory() {
            block.clear();
        }

        /** "flag mailbox on the v4.13 csd bytes at offset 48: llist.next, func in line 3; info, flags in line 4". */
        @Override
        public String where() {
            return "flag mailbox on the v4.13 csd bytes at offset " + offset + ": "
                    + block.memberLines(offset, LAYOUT, CsdLayout.V4_13.members());
        }
    }

    /** Four fields at given byte indices of a memory (see {@link #at}); what a prediction traces for an object. */
    private static final class Fields extends FlagMailbox {
        private final Memory m;
        private final int next;
        private final boolean wideNext;
        private final int func;
        private final int info;
        private final int flags;

        Fields(Memory m, int next, int nextBytes, int func, int info, int flags, long work) {
            super(work);
            if (nextBytes != Integer.BYTES && nextBytes != Long.BYTES) {
                throw new IllegalArgumentException("a reference is 4 or 8 bytes, not " + nextBytes);
            }
            this.m = m;
            this.next = next;
            this.wideNext = nextBytes == Long.BYTES;
            this.func = func;
            this.info = info;
            this.flags = flags;
        }

        @Override public boolean send(Control stop, SpinWait spin) { return sendCall(stop, spin); }
        @Override public boolean awaitHandled(Control stop, SpinWait spin) { return awaitEmpty(stop, spin); }
        @Override public int receive(Control stop, SpinWait spin) { return receiveCall(stop, spin); }

        @Override int flagsAcquire() { return m.getIntAcquire(flags); }
        @Override void setFlagsRelease(int value) { m.setIntRelease(flags, value); }

        @Override
        void fill(long funcValue, long infoValue) {
            if (wideNext) {
                m.setLong(next, Llist.NULL);
            } else {
                m.setInt(next, (int) Llist.NULL);
            }
            m.setLong(func, funcValue);
            m.setLong(info, infoValue);
        }

        @Override boolean nextIsNull() { return (wideNext ? m.getLong(next) : m.getInt(next)) == Llist.NULL; }
        @Override long func() { return m.getLong(func); }
        @Override long info() { return m.getLong(info); }

        @Override
        void clearMemory() {
            fill(0, 0);
            m.setIntRelease(flags, EMPTY);
        }

        @Override
        public String where() {
            return "flag mailbox on fields next +" + next + ", func +" + func + ", info +" + info + ", flags +" + flags;
        }
    }

    /**
     * A Java mailbox object of one of the three classes. One handshake class for all three, the class chosen by a
     * final field that every access switches on (a branch that always goes the same way): the schedule's call
     * sites then see two handshake classes in a fork (this and the floor's), as in the off-heap benchmarks, and
     * stay inlined, instead of a virtual call per send and receive that would also slow the floor, the unit of
     * the extra line transfers. Each case names its own class's fields, so every access is one field access.
     */
    private static final class OnObject extends FlagMailbox {
        private static final int PLAIN = 0;
        private static final int PADDED = 1;
        private static final int CONTENDED = 2;
        private static final VarHandle PLAIN_FLAGS = flagsHandle(Mailbox.class);
        private static final VarHandle PADDED_FLAGS = flagsHandle(PaddedMailboxFields.class);
        private static final VarHandle CONTENDED_FLAGS = flagsHandle(ContendedMailbox.class);

        private final int kind;
        private final Mailbox plain;
        private final PaddedMailboxFields padded;
        private final ContendedMailbox contended;
        private final Object box;

        private OnObject(int kind, Mailbox plain, PaddedMailbox padded, ContendedMailbox contended, long work) {
            super(work);
            this.kind = kind;
            this.plain = plain;
            this.padded = padded;
            this.contended = contended;
            this.box = kind == PLAIN ? plain : kind == PADDED ? padded : contended;
            if (box == null) {
                throw new IllegalArgumentException("no mailbox object");
            }
        }

        static OnObject of(Mailbox box, long work) {
            return new OnObject(PLAIN, box, null, null, work);
        }

        static OnObject of(PaddedMailbox box, long work) {
            return new OnObject(PADDED, null, box, null, work);
        }

        static OnObject of(ContendedMailbox box, long work) {
            return new OnObject(CONTENDED, null, null, box, work);
        }

        @Override public boolean send(Control stop, SpinWait spin) { return sendCall(stop, spin); }
        @Override public boolean awaitHandled(Control stop, SpinWait spin) { return awaitEmpty(stop, spin); }
        @Override public int receive(Control stop, SpinWait spin) { return receiveCall(stop, spin); }

        @Override
        int flagsAcquire() {
            switch (kind) {
                case PLAIN: return (int) PLAIN_FLAGS.getAcquire(plain);
                case PADDED: return (int) PADDED_FLAGS.getAcquire(padded);
                default: return (int) CONTENDED_FLAGS.getAcquire(contended);
            }
        }

        @Override
        void setFlagsRelease(int value) {
            switch (kind) {
                case PLAIN: PLAIN_FLAGS.setRelease(plain, value); break;
                case PADDED: PADDED_FLAGS.setRelease(padded, value); break;
                default: CONTENDED_FLAGS.setRelease(contended, value);
            }
        }

        @Override
        void fill(long func, long info) {
            switch (kind) {
                case PLAIN:
                    plain.next = null;
                    plain.func = func;
                    plain.info = info;
                    break;
                case PADDED:
                    padded.next = null;
                    padded.func = func;
                    padded.info = info;
                    break;
                default:
                    contended.next = null;
                    contended.func = func;
                    contended.info = info;
            }
        }

        @Override
        boolean nextIsNull() {
            switch (kind) {
                case PLAIN: return plain.next == null;
                case PADDED: return padded.next == null;
                default: return contended.next == null;
            }
        }

        @Override
        long func() {
            switch (kind) {
                case PLAIN: return plain.func;
                case PADDED: return padded.func;
                default: return contended.func;
            }
        }

        @Override
        long info() {
            switch (kind) {
                case PLAIN: return plain.info;
                case PADDED: return padded.info;
                default: return contended.info;
            }
        }

        @Override
        void clearMemory() {
            fill(0, 0);
            switch (kind) {
                case PLAIN: PLAIN_FLAGS.setVolatile(plain, EMPTY); break;
                case PADDED: PADDED_FLAGS.setVolatile(padded, EMPTY); break;
                default: CONTENDED_FLAGS.setVolatile(contended, EMPTY);
            }
        }

        @Override
        public String where() {
            return MailboxObjects.describe(box);
        }
    }

    private static VarHandle flagsHandle(Class<?> declaring) {
        try {
            return MethodHandles.lookup().findVarHandle(declaring, "flags", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
