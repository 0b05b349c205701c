package org.cachelinebench.coherence.scenario;

import java.util.function.Function;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Traced;
import org.cachelinebench.coherence.Traffic;

/**
 * One side of a comparison as something to trace: a key naming exactly what runs (two sides with one key are one
 * trace), the unit its operations are counted in, the role whose traffic the comparison's metric measures
 * ({@code null}: all of it), and the trace itself, under a model.
 */
public record Scenario(String key, String unit, String role, Function<Model, Traced> trace) {
    /** The traffic per operation of this side's role, from its trace. */
    public Traffic traffic(Traced traced) {
        return traced.traffic(role);
    }

    /** True when an operation is a handshake's call, whose extra transfers are counted in the floor's round trips. */
    public boolean perCall() {
        return unit.equals(SuiteScenarios.PER_CALL);
    }
}
