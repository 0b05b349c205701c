package org.cachelinebench.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The profile names: the "unknown profile" line lists exactly the names {@link Suite#profile} accepts. */
class SuiteProfileTest {
    @Test
    void theUnknownProfileLineListsEveryProfileItAcceptsScalingToo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Suite.profile("nightly"));
        String prefix = "unknown profile 'nightly' (known: ";
        assertTrue(e.getMessage().startsWith(prefix) && e.getMessage().endsWith(")"), e.getMessage());
        List<String> listed = Arrays.asList(
                e.getMessage().substring(prefix.length(), e.getMessage().length() - 1).split(", "));
        assertEquals(List.of("ci", "full", "calibrate", "default", ScalingSets.PROFILE), listed, e.getMessage());
        for (String name : listed) {
            assertEquals(name, Suite.profile(name).name(), "a listed name resolves to its profile");
        }
    }
}
