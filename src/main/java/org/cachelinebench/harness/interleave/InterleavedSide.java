package org.cachelinebench.harness.interleave;

import java.util.function.Function;

import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.Handshake;

/**
 * One side of an interleaved measurement: a name, and how to build that side's handshake in any block
 * (its csd at its offset, or the floor's flag). Every side runs in every block, so a side is a factory,
 * not a handshake.
 *
 * @param name    the side's name in reports and counters, e.g. "straddled"
 * @param factory builds the side's handshake in a given block
 */
public record InterleavedSide(String name, Function<CsdBlock, Handshake> factory) {
    public InterleavedSide {
        if (name == null || name.isBlank() || factory == null) {
            throw new IllegalArgumentException("a side needs a name and a factory");
        }
    }

    /** This side's handshake in {@code block}'s memory. */
    public Handshake in(CsdBlock block) {
        Handshake h = factory.apply(block);
        if (h == null) {
            throw new IllegalStateException("side " + name + " built no handshake");
        }
        return h;
    }
}
