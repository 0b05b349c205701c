package org.cachelinebench.coherence;

import org.cachelinebench.model.layout.EnumParam;

/**
 * Whether a miss also fetches the other line of its 128-byte pair, as Intel's adjacent-line (spatial) prefetcher
 * does: the reason crossbeam and JDK's {@code @Contended} pad to 128 bytes. The prefetch is a read: it takes a
 * shared copy of the buddy line, downgrading a writer's modified copy, so that writer's next store is an upgrade.
 * Coherence itself stays per 64-byte line.
 */
public enum Prefetch {
    NONE("none"),
    ADJACENT_LINE("adjacent-line");

    public static final String PARAM = "prefetch";

    private final String value;

    Prefetch(String value) {
        this.value = value;
    }

    public String value() { return value; }

    public static Prefetch parse(String value) {
        return EnumParam.parse(PARAM, values(), Prefetch::value, value);
    }
}
