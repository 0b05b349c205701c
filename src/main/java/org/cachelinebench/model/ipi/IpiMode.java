package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code mode} parameter: how {@code smp_call_function_single(cpu, func, info, wait)} is called.
 * <ul>
 *   <li>{@code sync} ({@code wait=1}): an on-stack csd initialised locked and synchronous; the sender
 *       spins until the receiver has run {@code func} and unlocked it: one full round trip per call.</li>
 *   <li>{@code async} ({@code wait=0}): the per-CPU csd, locked with {@code csd_lock}; the sender returns at
 *       once, and its next call waits in {@code csd_lock} until the receiver unlocked the previous one
 *       (the receiver unlocks before running {@code func}).</li>
 * </ul>
 */
public enum IpiMode {
    SYNC("sync", true),
    ASYNC("async", false);

    public static final String PARAM = "mode";

    private final String value;
    private final boolean wait;

    IpiMode(String value, boolean wait) {
        this.value = value;
        this.wait = wait;
    }

    public String value() { return value; }

    /** The {@code wait} argument of {@code smp_call_function_single}. */
    public boolean waits() { return wait; }

    public static IpiMode parse(String value) {
        return EnumParam.parse(PARAM, values(), IpiMode::value, value);
    }
}
