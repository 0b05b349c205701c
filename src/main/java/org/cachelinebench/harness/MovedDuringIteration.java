package org.cachelinebench.harness;

/**
 * A Java object a side measures was moved by the garbage collector during an iteration, to where its line relation
 * is no longer the one the side claims: the iteration measured two layouts, so it counts for neither. Nothing is
 * wrong with the layout (at the new address it may hold again), so the paired runner runs such a fork once more
 * instead of failing the run; a fixed variant whose padding stopped separating is a {@link LayoutCheck.Failed}.
 */
public final class MovedDuringIteration extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public MovedDuringIteration(String message) {
        super(message);
    }
}
