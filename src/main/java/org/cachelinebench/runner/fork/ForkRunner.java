package org.cachelinebench.runner.fork;

import java.util.Collection;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Variant;

/**
 * Runs one fork of one variant. The real one drives JMH ({@link JmhForkRunner}); tests pass fakes with a
 * synthetic drift, so the ordering and ratio logic is checked without JMH.
 */
public interface ForkRunner {

    /** Checks before anything runs that every variant exists and its params are valid; one-line message. */
    default void validate(Collection<Variant> variants) {}

    /** Runs a single fork with the given iterations, or throws. */
    ForkResult run(Variant variant, IterationSpec warmup, IterationSpec measurement) throws Exception;
}
