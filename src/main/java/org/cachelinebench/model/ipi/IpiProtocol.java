package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code protocol} parameter: what runs on a side's csd bytes, as {@code benchmarks/c/interleaved.c
 * --protocol} does.
 * <ul>
 *   <li>{@code kernel}: kernel/smp.c's {@code smp_call_function_single} ({@link IpiMailbox}); the receiver polls
 *       its {@code call_single_queue} head for the IPI.</li>
 *   <li>{@code doorbell}: the same, but the IPI is a store-release to a doorbell word in a line of its own, made
 *       only when {@code llist_add} found the queue empty (as the kernel sends the interrupt only then); the
 *       receiver waits on the doorbell and touches the queue head only in {@code llist_del_all}, so the head
 *       line moves only as the kernel moves it.</li>
 *   <li>{@code flag}: the flag mailbox Java developers write ({@link FlagMailbox}) on the v4.13 csd bytes: no
 *       queue, no lock bit; one protocol, so {@code mode} and {@code layout} do not apply.</li>
 * </ul>
 */
public enum IpiProtocol {
    KERNEL("kernel"),
    DOORBELL("doorbell"),
    FLAG("flag");

    public static final String PARAM = "protocol";

    private final String value;

    IpiProtocol(String value) {
        this.value = value;
    }

    public String value() { return value; }

    public static IpiProtocol parse(String value) {
        return EnumParam.parse(PARAM, values(), IpiProtocol::value, value);
    }

    /** True when {@code mode} and {@code layout} choose what runs (kernel and doorbell); the flag mailbox has one form. */
    public boolean usesModeAndLayout() {
        return this != FLAG;
    }

    /**
     * This protocol's handshake on a csd at {@code offset} in {@code block}'s csd lines, with {@code work} more
     * dependent steps in {@code func(info)}. The flag mailbox runs on the v4.13 bytes and ignores {@code layout}
     * and {@code mode}.
     */
    public Handshake in(CsdBlock block, CsdLayout layout, IpiMode mode, int offset, long work) {
        switch (this) {
            case KERNEL: return IpiMailbox.in(block, layout, mode, offset, false, work);
            case DOORBELL: return IpiMailbox.in(block, layout, mode, offset, true, work);
            case FLAG: return FlagMailbox.in(block, offset, work);
            default: throw new AssertionError(this);
        }
    }
}
