package org.cachelinebench;

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
import org.openjdk.jmh.runner.options.Options;

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
    void aCommandLineJmhCannotParseIsJmhsStatusOne() throws Exception {
        assertEquals(1, Main.run(new String[] {"-f", "not-a-number"}));
    }

    /** A run's options: the user's, with -foe true unless given and the tool packages left out unless asked for. */
    @Test
    void aRunFailsOnAFailedBenchmarkAndLeavesOutTheToolsUnlessAskedFor() throws Exception {
        Options lesson = Main.suiteOptions(new CommandLineOptions("LineFloor"), BENCHMARKS);
        assertEquals(true, lesson.shouldFailOnError().get());
        assertEquals(List.of("LineFloor"), lesson.getIncludes());
        assertEquals(List.of("^\\Q" + STRUCT + "\\E", "^\\Qorg.cachelinebench.benchmarks.scaling.\\E"),
                lesson.getExcludes());
        Options tool = Main.suiteOptions(new CommandLineOptions("StructAccessBenchmark", "-foe", "false",
                "-e", "Ipi"), BENCHMARKS);
        assertEquals(false, tool.shouldFailOnError().get(), "the user's -foe");
        assertEquals(List.of("^\\Qorg.cachelinebench.benchmarks.scaling.\\E", "Ipi"), tool.getExcludes(),
                "the struct tool asked for; the user's exclude kept");
        assertEquals(List.of(), Main.suiteOptions(new CommandLineOptions(), List.of()).getExcludes(),
                "no list of benchmarks: nothing left out");
    }

    /**
     * A selected benchmark's checkMachine runs before any fork: RunningKernelChunkInterleaved's verdict on this machine
     * (none, or its one line) comes back under its name; a list asks nothing of the machine, nor does a benchmark
     * without the hook.
     */
    @Test
    void aSelectedBenchmarkThatNeedsTheMachineIsCheckedBeforeAnyFork() throws Exception {
        String benchmark = "org.cachelinebench.struct.measure.RunningKernelChunkInterleaved";
        String verdict = ParamHook.machineProblem(benchmark);
        assertEquals(verdict == null ? null : "RunningKernelChunkInterleaved: " + verdict,
                Main.checkMachine(selected("RunningKernelChunkInterleaved")));
        assertEquals(0, Main.run(new String[] {"-l", "RunningKernelChunkInterleaved"}), "a list asks nothing of it");
        assertEquals(null, Main.checkMachine(selected("ChunkFalseSharing")));
    }

    /** What a run of {@code args} selects, as Main selects it. */
    private static java.util.SortedSet<org.openjdk.jmh.runner.BenchmarkListEntry> selected(String... args)
            throws Exception {
        return Main.selected(Main.suiteOptions(new CommandLineOptions(args), Main.benchmarkNames()));
    }

    /** -l and -lp list every benchmark: JMH's list on stdout unchanged, the left-out ones named on stderr. */
    @Test
    void aListNamesTheLeftOutOnes() throws Exception {
        List<String> jar = List.of("org.cachelinebench.benchmarks.LineFloor.floor",
                "org.cachelinebench.benchmarks.scaling.IpiMany.ipi",
                "org.cachelinebench.benchmarks.scaling.ChunkExecl.execl",
                "org.cachelinebench.struct.StructAccessBenchmark.access");
        String all = Main.leftOutNote(new CommandLineOptions("-l"), jar);
        assertTrue(all.startsWith("benchmarks.jar: listed, but left out of the default run unless named"), all);
        assertTrue(all.endsWith(": org.cachelinebench.benchmarks.scaling.IpiMany.ipi, "
                + "org.cachelinebench.benchmarks.scaling.ChunkExecl.execl, "
                + "org.cachelinebench.struct.StructAccessBenchmark.access"), all);
        assertTrue(Main.leftOutNote(new CommandLineOptions("-l", "Execl"), jar).endsWith(
                ": org.cachelinebench.benchmarks.scaling.ChunkExecl.execl"), "only the ones the patterns list");
        assertEquals(null, Main.leftOutNote(new CommandLineOptions("-l", "LineFloor"), jar), "none listed, no note");
        assertEquals(null, Main.leftOutNote(new CommandLineOptions("-l", "-e", "scaling|struct"), jar),
                "excluded, not listed");
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
