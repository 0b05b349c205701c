package org.cachelinebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@code benchmarks/layout}'s command line: one model or both, {@code --help}, one line for anything else. */
class PrintLayoutsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return PrintLayouts.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsTheUsage() {
        assertEquals(0, run("--help"));
        assertEquals(PrintLayouts.USAGE, out.toString(StandardCharsets.UTF_8));
        assertTrue(PrintLayouts.USAGE.startsWith("usage: benchmarks/layout [csd|pcpu]\n"));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void oneModelPrintsOnlyThatModel() {
        assertEquals(0, run("csd"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("IPI call_single_data: the structs"), text);
        assertTrue(!text.contains("pcpu_chunk"), text);
    }

    /** The flag mailbox at every offset, and the three mailbox classes with where their fields fall. */
    @Test
    void theCsdModelShowsTheFlagMailboxAndTheJavaMailboxObjects() {
        assertEquals(0, run("csd"));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("flag mailbox on the v4.13 csd bytes at offset 0: llist.next, func, info, flags in line 3"),
                text);
        for (String type : new String[] {"Mailbox", "PaddedMailbox", "ContendedMailbox"}) {
            assertTrue(text.contains("/* " + type + ": "), type + " in\n" + text);
            assertTrue(text.contains(type + " object internals"), type + " JOL layout");
        }
        assertTrue(text.contains("   instance at  0 bytes into a line: "), text);
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() {
        assertEquals(2, run("everything"));
        assertEquals("benchmarks/layout: unknown argument 'everything'; expected one of: csd, pcpu (or nothing for both)"
                + System.lineSeparator(), err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("--bogus"));
        assertEquals("benchmarks/layout: unknown option --bogus (see --help)" + System.lineSeparator(),
                err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
