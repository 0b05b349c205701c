package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;

/**
 * Every kind of bad input gets one line on stderr naming the file, line and column (or the option),
 * exit status 2, nothing on stdout and no JSON file.
 */
class BadInputTest {
    @TempDir
    Path dir;

    static final String GOOD = "struct s {\n\tint a;\n\tlong b;\n};\n";

    record Run(int code, String out, String err) {}

    Run run(String header, String roles, String... options) throws Exception {
        Path h = dir.resolve("s.h");
        Files.writeString(h, header, StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of(h.toString()));
        if (roles != null) {
            Path r = dir.resolve("s.roles");
            Files.writeString(r, roles, StandardCharsets.UTF_8);
            args.addAll(List.of("--roles", r.toString()));
        }
        args.addAll(List.of(options));
        args.addAll(List.of("--json", dir.resolve("out.json").toString()));
        return exec(args.toArray(String[]::new));
    }

    static Run exec(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        ForkRunner never = (v, w, m) -> {
            throw new AssertionError("bad input must not run anything");
        };
        int code = StructTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), never);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The header error, with the temporary file's name replaced by FILE. */
    void headerFails(String header, String expected, String... options) throws Exception {
        check(run(header, null, options), expected);
    }

    void rolesFail(String roles, String expected) throws Exception {
        check(run(GOOD, roles), expected);
    }

    private void check(Run r, String expected) {
        String err = r.err().replace(dir.resolve("s.h").toString(), "FILE").replace(dir.resolve("s.roles").toString(), "ROLES");
        assertEquals(2, r.code(), r.toString());
        assertEquals(expected + "\n", err, r.toString());
        assertEquals("", r.out());
        assertFalse(Files.exists(dir.resolve("out.json")), "a JSON file was written");
    }

    @Test
    void syntaxErrorsInTheHeader() throws Exception {
        headerFails("struct s {\n\tint a\n\tlong b;\n};\n", "FILE:3:2: expected ';' at end of member declaration before 'long'");
        headerFails("struct s {\n\tint a;\n", "FILE:1:10: '{' of struct s is never closed");
        headerFails("struct s {\n\tint 3a;\n};\n", "FILE:2:6: expected a name before '3a'");
        headerFails("struct s {\n\tint a[4;\n};\n", "FILE:2:9: expected ']' before ';'");
        headerFails("struct s { int a; }\n", "FILE:2:1: expected ';' before end of file");
        headerFails("/* never closed\nstruct s { int a; };\n", "FILE:1:1: unterminated comment");
        headerFails("strcut s { int a; };\n", "FILE:1:1: expected a declaration before 'strcut'");
        headerFails("struct s { int a; char c = 'x; };\n", "FILE:1:28: missing terminating ' character");
    }

    @Test
    void unknownTypesAndBadDeclarations() throws Exception {
        headerFails("struct s {\n\tspinlock_t lock;\n};\n", "FILE:2:2: unknown type name 'spinlock_t'");
        headerFails("struct s {\n\tstruct t inner;\n};\n",
                "FILE:2:11: struct t is incomplete here (declared, not defined before this use)");
        headerFails("struct s {\n\tint a;\n\tlong a;\n};\n", "FILE:3:7: struct s: duplicate member a");
        headerFails("struct s {\n\tint n;\n\tint data[];\n\tint late;\n};\n",
                "FILE:4:6: struct s: member late after the flexible array member");
        headerFails("struct s {\n\tchar c:9;\n};\n", "FILE:2:7: struct s: bit-field c of width 9 does not fit its type char");
        headerFails("struct s {\n\tint a[2 - 3];\n};\n", "FILE:2:7: array size -1 is negative");
        headerFails("struct s {\n\tint a[4 / 0];\n};\n", "FILE:2:10: division by zero in a constant expression");
        headerFails("struct s {\n\tint a[sizeof(struct nope)];\n};\n",
                "FILE:2:15: struct nope is incomplete here (declared, not defined before this use)");
        headerFails("struct s {\n\tint a[N];\n};\n",
                "FILE:2:8: 'N' is not a constant here (an enum constant or an object-like macro)");
        headerFails("struct s {\n\tlong l __aligned(3);\n};\n", "FILE:2:19: requested alignment 3 is not a positive power of 2");
        headerFails("struct s {\n\tint v __attribute__((vector_size(16)));\n};\n",
                "FILE:2:23: attribute 'vector_size' is not supported (it may change the layout)");
        headerFails("struct s {\n\tfloat f:3;\n};\n", "FILE:2:8: bit-field 'f' has type float, not an integer type");
        headerFails("struct s {\n\tunsigned short long x;\n};\n", "FILE:2:2: invalid combination of type specifiers");
        headerFails("struct s {\n\tint f(void);\n};\n", "FILE:2:6: member 'f' has a function type (a pointer to it is fine)");
        headerFails("struct s {\n\tstatic int x;\n};\n", "FILE:2:2: 'static' is not allowed here");
        headerFails("struct s { int a; };\nunion s { int b; };\n",
                "FILE:2:7: 's' defined as the wrong kind of tag (it is struct s)");
        headerFails("struct s { int a; };\nstruct s { int b; };\n", "FILE:2:8: redefinition of 'struct s'");
    }

    @Test
    void preprocessorErrors() throws Exception {
        headerFails("#ifdef CONFIG_X\nstruct s { int a; };\n", "FILE:1:2: unterminated #ifdef");
        headerFails("struct s { int a; };\n#endif\n", "FILE:2:2: #endif without #if");
        headerFails("#if 1\n#else\n#else\n#endif\n", "FILE:3:2: #else after #else");
        headerFails("#frobnicate\nstruct s { int a; };\n", "FILE:1:2: unknown directive #frobnicate");
        headerFails("#define SIZE(x) ((x) * 2)\nstruct s { int a[SIZE(2)]; };\n",
                "FILE:2:18: function-like macro SIZE is not supported here; write what it expands to");
        headerFails("#ifdef\n#endif\n", "FILE:1:2: #ifdef needs a macro name");
        headerFails("#error this header needs CONFIG_SMP\n", "FILE:1:2: #error this header needs CONFIG_SMP");
        headerFails("#if FOO(1)\n#endif\n", "FILE:1:5: function-like macro FOO is not supported in #if");
    }

    @Test
    void structNotFound() throws Exception {
        check(run("enum e { A };\n", null), "FILE: defines no struct or union");
        check(run(GOOD, null, "t"), "FILE: defines no struct or union 't' (it defines struct s)");
        check(run(GOOD, null, "union s"), "FILE: defines no union s (it defines struct s)");
    }

    @Test
    void badRoles() throws Exception {
        rolesFail("reader reads bse_addr\n", "ROLES:1:14: struct s has no member 'bse_addr'");
        rolesFail("# who\n\nreader reads a\nwriter writes b.*\n", "ROLES:4:15: 'b' in struct s has no fields to expand with .*");
        rolesFail("reader reads\n", "ROLES:1:13: role reader reads nothing: name at least one field");
        rolesFail("reader threads 2\n", "ROLES:1:1: role reader reads and writes nothing");
        rolesFail("reader looks a\n", "ROLES:1:8: expected 'reads', 'writes' or 'threads', not 'looks'");
        rolesFail("reader\n", "ROLES:1:7: expected 'reads', 'writes' or 'threads' after role reader");
        rolesFail("reader reads a\nreader threads 0\n", "ROLES:2:16: threads must be a number from 1 to 64, not '0'");
        rolesFail("reader reads a\nreader threads 2\nreader threads 3\n", "ROLES:3:8: threads of role reader already given on line 2");
        rolesFail("read(er) reads a\n", "ROLES:1:1: 'read(er)' is not a role name (letters, digits, _ . -)");
        rolesFail("reader reads a.b\n", "ROLES:1:14: struct s has no member 'a.b'");
        rolesFail("reader reads a 1/0\n", "ROLES:1:16: rate '1/0' is not a fraction of positive integers, such as 1/64"
                + " (accesses per operation)");
        rolesFail("reader reads a 0.5\n", "ROLES:1:16: rate '0.5' is not a fraction of positive integers, such as 1/64"
                + " (accesses per operation)");
        rolesFail("reader reads a one/64\n", "ROLES:1:16: rate 'one/64' is not a fraction of positive integers, such as"
                + " 1/64 (accesses per operation)");
        rolesFail("reader reads 1/64 a\n", "ROLES:1:14: a rate goes last on its line, after the fields");
        rolesFail("reader reads 1/64\n", "ROLES:1:14: role reader reads nothing at rate 1/64: name at least one field");
        rolesFail("reader reads a[0]\n", "ROLES:1:14: struct s has no member 'a[0]'");
    }

    /** pahole's text of struct s (GOOD), as pahole -C s prints it. */
    static final String PAHOLE = String.join("\n",
            "struct s {",
            "\tint                        a;                    /*     0     4 */",
            "",
            "\t/* XXX 4 bytes hole, try to pack */",
            "",
            "\tlong int                   b;                    /*     8     8 */",
            "",
            "\t/* size: 16, cachelines: 1, members: 2 */",
            "\t/* sum members: 12, holes: 1, sum holes: 4 */",
            "\t/* last cacheline: 16 bytes */",
            "};", "");

    Run pahole(String text, String... options) throws Exception {
        Path p = dir.resolve("s.pahole");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of("--pahole", p.toString()));
        args.addAll(List.of(options));
        args.addAll(List.of("--json", dir.resolve("out.json").toString()));
        return exec(args.toArray(String[]::new));
    }

    private void checkPahole(Run r, String expected) {
        check(new Run(r.code(), r.out(), r.err().replace(dir.resolve("s.pahole").toString(), "PAHOLE")), expected);
    }

    @Test
    void badPaholeText() throws Exception {
        Run good = pahole(PAHOLE, "s");
        assertEquals(0, good.code(), good.toString());
        assertTrue(good.out().contains("long                       b;                    /*     8     8 */"), good.out());
        Files.delete(dir.resolve("out.json"));
        checkPahole(pahole(PAHOLE, "pcpu_chunk"), "PAHOLE:1:1: pahole output of struct s, not of pcpu_chunk");
        String cut = PAHOLE.substring(0, PAHOLE.indexOf("\t/* size"));
        checkPahole(pahole(cut), "PAHOLE:8:1: truncated pahole output: the closing '};' of struct s is missing");
        String noSummary = PAHOLE.replaceAll("(?m)^\t/\\* (size|sum|last).*\n", "");
        checkPahole(pahole(noSummary), "PAHOLE:8:1: truncated pahole output: no '/* size: N, ... */' summary before"
                + " the closing '};'");
        String halfLine = PAHOLE.substring(0, PAHOLE.indexOf("b;") + 2);
        checkPahole(pahole(halfLine), "PAHOLE:6:1: not a pahole member line (no '/* offset size */'): 'long int                   b;'");
        checkPahole(pahole(GOOD), "PAHOLE:2:1: not a pahole member line (no '/* offset size */'): 'int a;'");
        checkPahole(pahole("hello\n"), "PAHOLE:1:1: not pahole output: expected 'struct NAME {' (pahole -C NAME), got 'hello'");
        checkPahole(pahole(PAHOLE.replace("/*     8     8 */", "/*    12     8 */")),
                "PAHOLE:6:1: pahole puts b at 12 (8 bytes), read back as C it lies at 8 (8 bytes)");
        checkPahole(pahole(PAHOLE, "-D", "X"), "struct: -D applies to C headers; --pahole reads what the compiler laid out");
    }

    @Test
    void badObjectFiles() throws Exception {
        Path notElf = dir.resolve("s.h");
        Files.writeString(notElf, GOOD, StandardCharsets.UTF_8);
        Run r = exec("--object", notElf.toString(), "s");
        assertEquals(2, r.code(), r.toString());
        assertEquals(notElf + ": is not an ELF object file (give an object file or a vmlinux built with -g)\n", r.err());
        Run noName = exec("--object", notElf.toString());
        assertEquals("struct: --object needs the struct's name: benchmarks/struct --object FILE STRUCT\n", noName.err());
        Path elf = dir.resolve("fake.o");
        Files.write(elf, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        InputError none = org.junit.jupiter.api.Assertions.assertThrows(InputError.class,
                () -> PaholeCommand.layout(elf.toString(), "s", dir.toString()));
        assertEquals("struct: --object needs pahole, and pahole is not installed: apt-get install dwarves (Debian, Ubuntu)"
                + " or dnf install dwarves (Fedora)", none.getMessage());
    }

    @Test
    void badCommandLines() throws Exception {
        check(run(GOOD, null, "--line", "100"), "struct: --line: cache line size 100 is not a power of two in 16..4096");
        check(run(GOOD, null, "--placement", "middle"),
                "struct: --placement must be line, any or a number of bytes into a line, not 'middle'");
        check(run(GOOD, null, "--placement=middle"),
                "struct: --placement must be line, any or a number of bytes into a line, not 'middle'");
        check(run(GOOD, null, "--placement", "64"), "struct: --placement 64 is not inside a 64-byte line");
        check(run(GOOD, null, "--placement", "4"), "struct: struct s is aligned to 8: it cannot start 4 bytes into a line");
        check(run(GOOD, null, "--frobnicate"), "struct: unknown option --frobnicate (see --help)");
        check(run(GOOD, null, "-D", "1X"), "struct: -D 1X: '1X' is not a macro name");
        check(run(GOOD, null, "--rounds", "x"), "struct: --rounds x: not a whole number in 1..1000");
        check(run(GOOD, null, "--rounds=0"), "struct: --rounds 0: not a whole number in 1..1000");
        check(run(GOOD, null, "--warmup", "fast"), "struct: --warmup 'fast' is not COUNTxTIME, e.g. 2x500ms or 1x1s");
        check(run(GOOD, null, "-D", "--measure"), "struct: -D needs a value (see --help)");
        check(run(GOOD, null, "--roles"), "struct: --roles needs a value (see --help)");
        check(run(GOOD, null, "--measure=yes"), "struct: --measure takes no value (see --help)");
        check(run(GOOD, null, "--measure"), "struct: --measure needs --roles: without roles nothing runs");
        Run noJson = exec(dir.resolve("missing.h").toString(), "--json=");
        assertEquals(2, noJson.code());
        assertEquals("struct: --json needs a file name\n", noJson.err());
        Run none = exec();
        assertEquals(2, none.code());
        assertEquals("struct: no header file given (see --help)\n", none.err());
        Run missing = exec(dir.resolve("missing.h").toString());
        assertEquals(2, missing.code());
        assertEquals(dir.resolve("missing.h") + ": cannot read it (NoSuchFileException: " + dir.resolve("missing.h") + ")\n",
                missing.err());
        check(run(GOOD, null, "--roles", dir.resolve("nope.roles").toString()),
                dir.resolve("nope.roles") + ": cannot read it (NoSuchFileException: " + dir.resolve("nope.roles") + ")");
        Run cls = exec("--class", "no.such.Klass");
        assertEquals(2, cls.code());
        assertEquals("struct: no class no.such.Klass on the class path (add --classpath DIR)\n", cls.err());
        Run both = exec("--class", "java.lang.Object", "--measure");
        assertEquals(2, both.code());
        assertEquals(1, both.err().lines().count(), both.err());
    }

    /** A roles file that names no role asks for nothing: an error, not a report of an unread file. */
    @Test
    void aRolesFileWithoutRoles() throws Exception {
        rolesFail("", "ROLES: names no role: expected lines such as 'ROLE writes FIELD...' (without roles, leave out --roles)");
        rolesFail("# only a comment\n\n   \n", "ROLES: names no role: expected lines such as 'ROLE writes FIELD...'"
                + " (without roles, leave out --roles)");
    }

    /** A rate whose terms do not fit is named as too long, not as "not a fraction". */
    @Test
    void aRateWithTooManyDigits() throws Exception {
        rolesFail("x writes a 1234567890\n", "ROLES:1:12: rate '1234567890' has more than 9 digits in a term: write it"
                + " as a smaller fraction, such as 1/64");
        rolesFail("x writes a 1/1234567890\n", "ROLES:1:12: rate '1/1234567890' has more than 9 digits in a term: write it"
                + " as a smaller fraction, such as 1/64");
        rolesFail("x writes a 1/0\n", "ROLES:1:12: rate '1/0' is not a fraction of positive integers, such as 1/64"
                + " (accesses per operation)");
    }

    /** The manual offers 64 or 128; other powers of two are refused as it says. */
    @Test
    void onlyTheLineSizesTheManualNames() throws Exception {
        check(run(GOOD, null, "--line", "32"), "struct: --line 32: the tool looks at 64-byte lines or 128-byte pairs,"
                + " --line 64 or --line 128");
        check(run(GOOD, null, "--line", "256"), "struct: --line 256: the tool looks at 64-byte lines or 128-byte pairs,"
                + " --line 64 or --line 128");
        assertEquals(0, run(GOOD, null, "--line", "128").code());
    }

    @Test
    void theSuiteOptionSyntax() throws Exception {
        Path h = dir.resolve("c.h");
        Files.writeString(h, "struct s {\n#ifdef CONFIG_A\n\tint a;\n#endif\n#ifdef CONFIG_B\n\tlong b;\n#endif\n\tchar c;\n};\n",
                StandardCharsets.UTF_8);
        Run both = exec(h.toString(), "-D", "CONFIG_A", "-DCONFIG_B", "--line=64", "--placement=line");
        assertEquals(0, both.code(), both.toString());
        assertTrue(both.out().contains("/* size: 24,"), "-D is repeatable, as -D X and -DX:\n" + both.out());
        Run one = exec(h.toString(), "-DCONFIG_B");
        assertEquals(0, one.code(), one.toString());
        assertTrue(one.out().contains("/* size: 16,"), one.out());
        for (String help : List.of("--help", "-h")) {
            Run r = exec(help, "--frobnicate");
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().startsWith("usage: benchmarks/struct FILE.h"), r.out());
            assertEquals("", r.err());
        }
    }
}
