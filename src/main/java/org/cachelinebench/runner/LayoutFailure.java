package org.cachelinebench.runner;

import org.cachelinebench.claims.Claim;

/**
 * A fork that failed its benchmark's layout check ({@code harness.LayoutCheck}): the variant's padding did not
 * separate what it must. The session records it and runs on; every claim that uses the variant then FAILS with
 * {@link #reason} ({@link Analysis#analyzeSamples}).
 *
 * @param round   0-based round
 * @param set     set id
 * @param variant variant id
 * @param reason  the check's one line, starting with {@code LayoutCheck.MARKER}
 */
public record LayoutFailure(int round, String set, String variant, String reason) {

    /** True when {@code claim} uses this fork's variant: as subject or reference, or as its interleaved variant. */
    public boolean hits(Claim claim) {
        if (!claim.set().equals(set)) {
            return false;
        }
        return claim.interleaved() ? claim.variant().equals(variant)
                : claim.subject().equals(variant) || claim.reference().equals(variant);
    }
}
