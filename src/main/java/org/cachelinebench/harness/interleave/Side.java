package org.cachelinebench.harness.interleave;

import java.util.function.Function;

import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.Handshake;

/**
 * One side of an interleaved handshake benchmark: its name in reports and counters (e.g. "straddled"), and how to
 * build its handshake in any block. Every side runs in every block, so a side is a factory, not a handshake.
 */
public record Side(String name, Function<CsdBlock, Handshake> factory) {
    /** The floor's name: every handshake benchmark's one-line round trip, the unit of its extra line transfers. */
    public static final String FLOOR = "floor";

    public Side {
        if (name == null || name.isBlank() || factory == null) {
            throw new IllegalArgumentException("a side needs a name and a factory");
        }
    }

    /** The floor: one 4-byte flag bounced at offset 0 of the block's csd line ({@link FlagPingPong}). */
    public static Side floor() {
        return new Side(FLOOR, FlagPingPong::in);
    }

    /** This side's handshake in {@code block}'s memory. */
    public Handshake in(CsdBlock block) {
        return factory.apply(block);
    }
}
