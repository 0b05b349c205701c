package org.cachelinebench.claims;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Variants that are measured together: every round runs each of them once, back to back.
 *
 * @param id       short name, the prefix of its comparisons' ids
 * @param title    one line for reports
 * @param variants in base order; {@code runner.fork.RoundOrder} rotates and reverses it from round to round
 */
public record ComparisonSet(String id, String title, List<Variant> variants) {
    public ComparisonSet {
        variants = List.copyOf(variants);
        Set<String> ids = new HashSet<>();
        for (Variant v : variants) {
            if (!ids.add(v.id())) {
                throw new IllegalArgumentException("set " + id + " has two variants named " + v.id());
            }
        }
    }

    public Variant variant(String variantId) {
        for (Variant v : variants) {
            if (v.id().equals(variantId)) {
                return v;
            }
        }
        throw new IllegalArgumentException("set " + id + " has no variant " + variantId);
    }

    /** The same set with only the named variants, in base order. */
    public ComparisonSet only(Set<String> variantIds) {
        return new ComparisonSet(id, title,
                variants.stream().filter(v -> variantIds.contains(v.id())).toList());
    }
}
