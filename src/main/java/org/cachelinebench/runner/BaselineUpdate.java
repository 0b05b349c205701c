package org.cachelinebench.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;

/**
 * When {@code --update-baseline} may write a baseline, each refusal one line (the runner exits 2 and leaves the
 * baseline root as it was). Rules: the work tree is clean outside target/ (a baseline names the commit it
 * measured, and a patch under it would judge later commits by code no commit holds); no claim failed in the run
 * (a baseline of a broken commit would excuse the break); the root is a root of per-fingerprint folders
 * ({@link Baselines}), not one baseline of the layout before them.
 */
final class BaselineUpdate {
    private BaselineUpdate() {}

    /** How many changed paths a refusal names before "and N more". */
    static final int NAMED = 3;

    /**
     * Before anything runs: why {@code --update-baseline} is refused, or null. {@code uncommitted}: the work tree's
     * changed paths outside target/, null when git cannot tell.
     */
    static String refusalBefore(Path root, List<String> uncommitted) {
        String refused = "--update-baseline refused: ";
        if (uncommitted == null) {
            return refused + "cannot tell whether the work tree is clean (git status failed or this is no git work"
                    + " tree); a baseline names the commit it measured (nothing run, nothing written)";
        }
        if (!uncommitted.isEmpty()) {
            String named = uncommitted.stream().limit(NAMED).collect(Collectors.joining(", "))
                    + (uncommitted.size() > NAMED ? " and " + (uncommitted.size() - NAMED) + " more" : "");
            return refused + "the work tree is not clean (" + named + "); commit or stash first, a baseline names the"
                    + " commit it measured (nothing run, nothing written)";
        }
        if (Baselines.isRun(root)) {
            return refused + root + " holds one baseline directly (the layout before per-machine folders); move it"
                    + " into " + root + "/<its fingerprint>/ with git mv first (docs/ci-gate.md; nothing run)";
        }
        return null;
    }

    /** After the run: why its baseline is refused (a claim failed), or null. */
    static String refusalAfter(List<Analysis.ComparisonResult> results, Path root) {
        List<String> failed = results.stream().filter(r -> r.status() == Analysis.Status.FAILS)
                .map(r -> r.comparison().id()).toList();
        if (failed.isEmpty()) {
            return null;
        }
        return "--update-baseline refused: " + failed.size() + " claim(s) failed in this run (" + String.join(", ",
                failed) + "); a baseline must come from a run whose claims hold, " + root + " left unchanged";
    }

    /**
     * "note: ..." when the run left out gated claims of profile ci (e.g. by --only): the baseline step will not
     * compare them until a whole ci run replaces this baseline; null when none is missing.
     */
    static String lacking(List<Analysis.ComparisonResult> results) {
        Set<String> measured = results.stream().map(r -> r.comparison().id()).collect(Collectors.toSet());
        List<String> missing = Suite.COMPARISONS.stream()
                .filter(c -> Suite.CI.sets().contains(c.set()) && c.expect().checked())
                .map(Claim::id).filter(id -> !measured.contains(id)).toList();
        if (missing.isEmpty()) {
            return null;
        }
        return "note: this baseline lacks " + missing.size() + " gated claim(s) of profile ci (" + missing.get(0)
                + (missing.size() > 1 ? ", ..." : "") + "): the baseline step cannot compare them until a run of the"
                + " whole profile replaces it";
    }
}
