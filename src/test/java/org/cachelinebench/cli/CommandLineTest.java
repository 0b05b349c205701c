package org.cachelinebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The one option syntax of every command. */
class CommandLineTest {
    private static CommandLine commandLine() {
        return new CommandLine("usage: x").value("rounds").value("out").rawValue("jvm-args").flag("dry-run").value("D");
    }

    private static CommandLine.Parsed parse(String... args) {
        return commandLine().parse(args);
    }

    private static String problem(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage();
    }

    @Test
    void aValueMayFollowTheOptionOrAnEqualsSign() {
        assertEquals("4", parse("--rounds", "4").value("rounds"));
        assertEquals("4", parse("--rounds=4").value("rounds"));
        assertEquals("a=b", parse("--out=a=b").value("out"));
        assertEquals("", parse("--out=").value("out"), "an empty value stays empty");
        assertNull(parse().value("rounds"));
    }

    @Test
    void flagsPositionalArgumentsAndTheEndOfOptions() {
        CommandLine.Parsed p = parse("a", "--dry-run", "b", "--", "--rounds", "-");
        assertTrue(p.has("dry-run"));
        assertFalse(p.has("rounds"));
        assertEquals(List.of("a", "b", "--rounds", "-"), p.positional());
        assertFalse(p.help());
    }

    @Test
    void theLastValueWinsSoScriptsCanBeOverridden() {
        assertEquals("8", parse("--rounds", "4", "--rounds=8").value("rounds"));
    }

    @Test
    void helpOnEveryCommandLineWhateverElseIsOnIt() {
        assertTrue(parse("--help").help());
        assertTrue(parse("-h").help());
        assertTrue(parse("--bogus", "--help").help());
        assertFalse(parse("--", "--help").help());
        assertEquals("usage: x", commandLine().usage());
    }

    @Test
    void problemsAreOneLineNamingTheOption() {
        assertEquals("unknown option --bogus (see --help)", problem("--bogus"));
        assertEquals("unknown option --bogus (see --help)", problem("--bogus=1"));
        assertEquals("unknown option -x (see --help)", problem("-x"));
        assertEquals("unknown option --round (see --help)", problem("--round", "4"), "no abbreviations");
        assertEquals("--rounds needs a value (see --help)", problem("--rounds"));
        assertEquals("--rounds needs a value (see --help)", problem("--rounds", "--dry-run"));
        assertEquals("--dry-run takes no value (see --help)", problem("--dry-run=yes"));
    }

    @Test
    void aRawValueMayLookLikeAnOption() {
        assertEquals("--add-opens java.base/java.lang=ALL-UNNAMED",
                parse("--jvm-args", "--add-opens java.base/java.lang=ALL-UNNAMED").value("jvm-args"));
        assertEquals("--enable-preview", parse("--jvm-args=--enable-preview").value("jvm-args"));
        assertEquals("--jvm-args needs a value (see --help)", problem("--jvm-args"));
    }

    @Test
    void aRepeatedOptionKeepsEveryValueAndAOneLetterOneTakesItsValueJoinedOrApart() {
        CommandLine.Parsed p = parse("-D", "A", "-DB=1", "x.h", "-D", "C");
        assertEquals(List.of("A", "B=1", "C"), p.values("D"));
        assertEquals("C", p.value("D"));
        assertEquals(List.of("x.h"), p.positional());
        assertEquals(List.of(), parse().values("D"));
        assertEquals("-D needs a value (see --help)", problem("-D", "--dry-run"));
        assertEquals("-D needs a value (see --help)", problem("-D"));
    }

    @Test
    void valuesReadByTheirParserAndWholeNumbersInARange() {
        assertEquals(4, parse("--rounds=4").intValue("rounds", 1, 1000));
        assertNull(parse().intValue("rounds", 1, 1000));
        assertEquals("--rounds 0: not a whole number in 1..1000",
                assertThrows(IllegalArgumentException.class, () -> parse("--rounds", "0").intValue("rounds", 1, 1000))
                        .getMessage());
        assertEquals("--rounds four: not a whole number in 1..1000",
                assertThrows(IllegalArgumentException.class, () -> parse("--rounds", "four").intValue("rounds", 1, 1000))
                        .getMessage());
        assertEquals(Integer.valueOf(8), parse("--out", "8").<Integer>value("out", Integer::valueOf));
        assertNull(parse().value("out", Integer::valueOf));
        assertEquals("--out For input string: \"x\"",
                assertThrows(IllegalArgumentException.class, () -> parse("--out", "x").value("out", Integer::valueOf))
                        .getMessage(), "a parser's refusal is named after the option");
    }
}
