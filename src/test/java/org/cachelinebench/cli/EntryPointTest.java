package org.cachelinebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.cachelinebench.results.UnusableInputException;
import org.junit.jupiter.api.Test;

/** Every command's main: its own status, or one line and 2 for whatever escaped it; never a stack trace. */
class EntryPointTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(EntryPoint.Body body) {
        return EntryPoint.run("tool", body, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theBodysStatusPassesThroughAndNothingIsPrinted() {
        assertEquals(1, run(() -> 1));
        assertEquals(3, run(() -> 3));
        assertEquals("", errText());
    }

    @Test
    void badInputThatEscapesIsItsMessageOnOneLine() {
        assertEquals(2, run(() -> {
            throw new IllegalArgumentException("--rounds: 'x' is not a number\n(see --help)");
        }));
        assertEquals("tool: --rounds: 'x' is not a number (see --help)" + System.lineSeparator(), errText());
    }

    @Test
    void aStaticInitializersBadInputIsItsCausesMessage() {
        assertEquals(2, run(() -> {
            throw new ExceptionInInitializerError(new IllegalArgumentException("-Dcacheline.size: bad"));
        }));
        assertEquals("tool: -Dcacheline.size: bad" + System.lineSeparator(), errText());
    }

    @Test
    void oneLineWritesAMessagesLineBreaksAsTheGivenMarkAndStopsNearSixHundredChars() {
        Throwable e = new IllegalStateException("fork died:\r\n  first  \n\nsecond\n", new IOException(" disk\nfull "));
        assertEquals("IllegalStateException: fork died: first second <- IOException: disk full", EntryPoint.oneLine(e));
        assertEquals("IllegalStateException: fork died: | first | second <- IOException: disk | full",
                EntryPoint.oneLine(e, " | "));
        assertEquals("IllegalStateException: a$1\\b", EntryPoint.oneLine(new IllegalStateException("a\nb"), "$1\\"),
                "the mark is taken literally");
        Throwable deep = new IllegalStateException("x".repeat(570), new IOException("y".repeat(20), new IOException("z")));
        String line = EntryPoint.oneLine(deep);
        assertTrue(line.endsWith("<- IOException: " + "y".repeat(20)), "the cause that passes 600 chars is the last one");
    }

    @Test
    void oneLineFollowsASuppressedExceptionWhereThereIsNoCause() {
        // JMH's BenchmarkException carries what the benchmark threw as suppressed, not as its cause.
        Exception jmh = new Exception("Benchmark error during the run");
        jmh.addSuppressed(new IllegalStateException("the measured object moved"));
        assertEquals("RuntimeException: caught <- Exception: Benchmark error during the run"
                + " <- IllegalStateException: the measured object moved",
                EntryPoint.oneLine(new RuntimeException("caught", jmh)));
    }

    @Test
    void anythingElseIsAnInternalErrorNamingTheExceptionAndItsCauses() {
        assertEquals(2, run(() -> {
            throw new IllegalStateException("state", new java.io.IOException("disk\nfull"));
        }));
        assertEquals("tool: internal error: IllegalStateException: state <- IOException: disk full"
                + System.lineSeparator(), errText());
        err.reset();
        assertEquals(2, run(() -> {
            throw new OutOfMemoryError("Java heap space");
        }));
        assertEquals("tool: internal error: OutOfMemoryError: Java heap space" + System.lineSeparator(), errText());
        err.reset();
        assertEquals(2, run(() -> {
            throw new UnusableInputException("x.json: not JSON");
        }));
        assertEquals("tool: x.json: not JSON" + System.lineSeparator(), errText());
    }

    /** benchmarks/layout with a bad -Dcacheline.size: CacheLine's static initializer throws; one line, exit 2. */
    @Test
    void theLayoutPrinterWithABadLineSizeSaysSoInOneLineAndExits2() throws IOException, InterruptedException {
        for (String bad : List.of("65", "abc")) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dcacheline.size=" + bad, "-cp", System.getProperty("java.class.path"),
                    PrintLayouts.class.getName(), "csd").redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the layout printer ended");
            assertEquals(2, p.exitValue(), output);
            List<String> lines = output.lines().filter(l -> !l.startsWith("WARNING")).toList();
            assertEquals(1, lines.size(), output);
            assertTrue(lines.get(0).startsWith("benchmarks/layout: -Dcacheline.size: cache line size "), output);
            assertFalse(output.contains("\tat "), output);
        }
    }
}
