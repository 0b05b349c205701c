package org.cachelinebench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The JVM-flag matrix of {@code .ci/run} ({@code mvn surefire:test -Dgroups=layout
 * -Dtest.jvm.extra=FLAGS}) proves anything only if FLAGS reach the JVM that runs the layout tests.
 * The pom passes {@code test.jvm.extra} to this JVM twice: in surefire's argLine, which starts it, and
 * as a system property, which this test reads. Every flag must be among the JVM's input arguments,
 * and a boolean {@code -XX} flag must have taken effect.
 */
@Tag("layout")
class TestJvmFlagsTest {
    private static final Pattern BOOLEAN_XX = Pattern.compile("-XX:([+-])(\\w+)");

    @Test
    void theExtraFlagsReachThisJvm() {
        String extra = System.getProperty("test.jvm.extra");
        assertNotNull(extra, "system property test.jvm.extra is not set: the pom no longer passes it to surefire");
        List<String> input = ManagementFactory.getRuntimeMXBean().getInputArguments();
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        for (String flag : extra.trim().split("\\s+")) {
            if (flag.isEmpty()) {
                continue;
            }
            assertTrue(input.contains(flag), flag + " is not among this JVM's input arguments " + input);
            Matcher m = BOOLEAN_XX.matcher(flag);
            if (m.matches()) {
                assertEquals(m.group(1).equals("+") ? "true" : "false", hotspot.getVMOption(m.group(2)).getValue(),
                        flag + " did not take effect");
            }
        }
    }
}
