package org.cachelinebench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** One definition of a CI run, for Gcc, the C reference test and the machine tests alike. */
class MachineAssumptionTest {
    @Test
    void ciIsSetAndNotFalse() {
        Map<String, String> env = new HashMap<>();
        assertEquals(false, MachineAssumption.underCi(env), "unset");
        for (String no : new String[] {"", " ", "false", "FALSE", "0"}) {
            env.put("CI", no);
            assertEquals(false, MachineAssumption.underCi(env), "CI='" + no + "'");
        }
        for (String yes : new String[] {"true", "1", "yes", "woodpecker"}) {
            env.put("CI", yes);
            assertEquals(true, MachineAssumption.underCi(env), "CI='" + yes + "'");
        }
    }
}
