package org.cachelinebench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.harness.ParamHook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Which include patterns ask for a tool's workload, by the rule Main applies before JMH runs; where the comparisons
 * go after a run.
 */
class MainTest {
    static final String STRUCT = "org.cachelinebench.struct.";
    static final List<String> BENCHMARKS = List.of(
            "org.cachelinebench.benchmarks.IpiBenchmark.ipi",
            "org.cachelinebench.benchmarks.LineFloor.floor",
            "org.cachelinebench.benchmarks.ChunkFalseSharing.chunk",
            "org.cachelinebench.struct.measure.StructAccessBenchmark.access");

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

    /**
     * A selected benchmark's checkMachine runs before any fork: RunningKernelChunkInterleaved's verdict on this machine
     * (none, or its one line) comes back under its name; a list asks nothing of the machine, nor does a benchmark
     * without the hook.
     */
    @Test
    void aSelectedBenchmarkThatNeedsTheMachineIsCheckedBeforeAnyFork() {
        String benchmark = "org.cachelinebench.struct.measure.RunningKernelChunkInterleaved";
        String verdict = ParamHook.machineProblem(benchmark);
        assertEquals(verdict == null ? null : "RunningKernelChunkInterleaved: " + verdict,
                Main.checkMachine(new String[] {"RunningKernelChunkInterleaved"}));
        assertEquals(null, Main.checkMachine(new String[] {"-l", "RunningKernelChunkInterleaved"}));
        assertEquals(null, Main.checkMachine(new String[] {"ChunkFalseSharing"}));
    }

    /** -l and -lp list every benchmark: JMH's list on stdout unchanged, the left-out ones named on stderr. */
    @Test
    void aListAsksForEveryBenchmarkAndNamesTheLeftOutOnes() {
        assertTrue(Main.asksForList(new String[] {"-l"}));
        assertTrue(Main.asksForList(new String[] {"-lp", "Chunk"}));
        assertFalse(Main.asksForList(new String[] {"LineFloor"}));
        List<String> jar = List.of("org.cachelinebench.benchmarks.LineFloor.floor",
                "org.cachelinebench.benchmarks.scaling.IpiMany.ipi",
                "org.cachelinebench.benchmarks.scaling.ChunkExecl.execl",
                "org.cachelinebench.struct.StructAccessBenchmark.access");
        String all = Main.leftOutNote(new String[] {"-l"}, jar);
        assertTrue(all.startsWith("benchmarks.jar: listed, but left out of the default run unless named"), all);
        assertTrue(all.endsWith(": org.cachelinebench.benchmarks.scaling.IpiMany.ipi, "
                + "org.cachelinebench.benchmarks.scaling.ChunkExecl.execl, "
                + "org.cachelinebench.struct.StructAccessBenchmark.access"), all);
        assertTrue(Main.leftOutNote(new String[] {"-l", "Execl"}, jar).endsWith(": org.cachelinebench.benchmarks.scaling"
                + ".ChunkExecl.execl"), "only the ones the patterns list");
        assertEquals(null, Main.leftOutNote(new String[] {"-l", "LineFloor"}, jar), "none listed, no note");
        assertEquals(null, Main.leftOutNote(new String[] {"-l", "-e", "scaling|struct"}, jar), "excluded, not listed");
    }

    @TempDir
    Path dir;

    private static String printed(String... args) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Main.printComparisons(new CommandLineOptions(args), "Comparisons in this run: ...\n",
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theComparisonsFollowJmhsOutputWhereverItGoes() throws Exception {
        assertEquals("\nComparisons in this run: ...\n", printed("ChunkFalseSharing"), "stdout, after a blank line");
        assertEquals("", printed("ChunkFalseSharing", "-v", "SILENT"), "-v SILENT: nothing");

        Path file = dir.resolve("jmh.txt");
        Files.writeString(file, "JMH's table\n");
        assertEquals("", printed("-o", file.toString()), "-o FILE: nothing on stdout");
        assertEquals("JMH's table\n\nComparisons in this run: ...\n", Files.readString(file), "appended to JMH's file");
    }
}
