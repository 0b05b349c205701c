package org.cachelinebench.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;

/**
 * The one definition of "this is a CI run" for the tests, and what a test does when this machine cannot run it:
 * skip with the reason on a developer's machine, fail in CI, where the run is there to check it and a skip
 * would pass silently.
 */
public final class Ci {
    private Ci() {}

    /** True when the environment says this is a CI run: {@code CI} set, and not to "", "false" or "0". */
    public static boolean inCi() {
        return inCi(System.getenv());
    }

    static boolean inCi(Map<String, String> env) {
        String ci = env.get("CI");
        return ci != null && !ci.isBlank() && !ci.strip().equalsIgnoreCase("false") && !ci.strip().equals("0");
    }

    /** Goes on when {@code canRun}; otherwise fails in CI, or skips, with {@code reason}. */
    public static void assume(boolean canRun, String reason) {
        if (canRun) {
            return;
        }
        if (inCi()) {
            fail(reason + " (CI is set, and CI must run this test)");
        }
        assumeTrue(false, reason + " (with CI set this fails)");
    }
}
