package org.cachelinebench.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;

/**
 * A test that needs something of the machine (Linux's /proc, sysfs, taskset, gcc) skips where it is missing, except
 * under CI: with the environment variable {@code CI} set (as GitHub Actions and most CI services set it) a missing
 * piece fails the test, so that a CI run never reports as passed what it silently skipped. {@link #underCi()} is
 * the one definition of a CI run for every test ({@link Gcc} too).
 */
public final class MachineAssumption {
    private MachineAssumption() {}

    /** True when the environment says this is a CI run: {@code CI} set, and not to "", "false" or "0". */
    public static boolean underCi() {
        return underCi(System.getenv());
    }

    static boolean underCi(Map<String, String> env) {
        String ci = env.get("CI");
        return ci != null && !ci.isBlank() && !ci.strip().equalsIgnoreCase("false") && !ci.strip().equals("0");
    }

    /** Skips the test unless {@code present}; under CI fails it instead, with {@code why}. */
    public static void require(boolean present, String why) {
        if (underCi()) {
            assertTrue(present, why + " (CI is set, so this test must run here)");
        } else {
            assumeTrue(present, why);
        }
    }
}
