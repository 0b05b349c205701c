package org.cachelinebench.coherence;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The coherence protocol the caches run: MESI (Intel) or MOESI (AMD). They move the same lines; they differ in
 * what a read of a modified line costs its owner. Under MESI the owner writes the line back and both keep it
 * shared; under MOESI the owner keeps it dirty as Owned and supplies it, with no write-back.
 */
public enum Protocol {
    MESI("mesi"),
    MOESI("moesi");

    public static final String PARAM = "protocol";

    private final String value;

    Protocol(String value) {
        this.value = value;
    }

    public String value() { return value; }

    public static Protocol parse(String value) {
        return EnumParam.parse(PARAM, values(), Protocol::value, value);
    }
}
