package org.cachelinebench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Which include patterns ask for a tool's workload, by the rule Main applies before JMH runs. */
class MainTest {
    static final String STRUCT = "org.cachelinebench.struct.";
    static final List<String> BENCHMARKS = List.of(
            "org.cachelinebench.benchmarks.IpiBenchmark.ipi",
            "org.cachelinebench.benchmarks.LineFloor.floor",
            "org.cachelinebench.benchmarks.ChunkFalseSharing.chunk",
            "org.cachelinebench.struct.StructAccessBenchmark.access");

    private static boolean asks(String... includes) {
        return Main.asksFor(List.of(includes), STRUCT, BENCHMARKS);
    }

    @Test
    void theStructPackageIsATool() {
        assertTrue(Main.TOOL_PACKAGES.contains(STRUCT));
    }

    @Test
    void noPatternOrOneThatSelectsEveryLessonAsksForTheSuite() {
        assertFalse(asks(), "java -jar benchmarks.jar: the suite");
        assertFalse(asks(".*"));
        assertFalse(asks(""));
        assertFalse(asks("org.cachelinebench"));
        assertFalse(asks("Ipi", "Chunk"), "lessons only");
    }

    @Test
    void aPatternThatSelectsTheWorkloadAndNotEveryLessonAsksForIt() {
        assertTrue(asks("StructAccessBenchmark"));
        assertTrue(asks("struct\\."));
        assertTrue(asks("StructAccess|LineFloor"), "beside a lesson");
        assertTrue(asks("Ipi", "StructAccess"), "one of several patterns");
    }

    @Test
    void aPatternJmhCannotReadAsksForNothing() {
        assertFalse(asks("Struct(Access"));
    }

    @Test
    void argumentsJmhCannotParseAreLeftToJmh() {
        String[] bad = {"-f", "not-a-number"};
        assertArrayEquals(bad, Main.withoutToolWorkloads(bad));
    }
}
