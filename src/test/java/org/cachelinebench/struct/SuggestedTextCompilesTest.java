package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.testing.Gcc;

/**
 * The suggested text is C that gcc accepts and lays out as the tool does: a type defined inline at one
 * member and used at a later one is defined first; an anonymous type declared by several declarators is
 * defined once (joined, or given a tag the later ones use).
 */
class SuggestedTextCompilesTest {
    @TempDir
    Path dir;

    /** The suggestion for {@code header} with {@code roles}; gcc lays it out as the tool does, member by member. */
    private Report suggestCompiled(String name, String header, String roles) throws Exception {
        Gcc.require();
        Path h = dir.resolve(name + ".h"), r = dir.resolve(name + ".roles");
        Files.writeString(h, header, StandardCharsets.UTF_8);
        Files.writeString(r, roles, StandardCharsets.UTF_8);
        // The header itself is C gcc accepts.
        StructCorpusGccTest.run(header + "\nint main(void) { return 0; }\n", dir, List.of());
        Report report = StructTool.analyse(StructOptions.parse(new String[] {h.toString(), "--roles", r.toString()}));
        assertTrue(report.suggestion().changed(), report.suggestion().text());
        // The text alone, read as a header, and by gcc.
        List<Struct> all = CHeader.parse(name + " (suggested)", report.suggestion().text(), List.of()).all();
        Struct parsed = all.get(all.size() - 1);
        String program = report.suggestion().text() + "\n#include <stddef.h>\n"
                + StructCorpusGccTest.probe(List.of(parsed), List.of(parsed.name()));
        StructCorpusGccTest.assertLayouts(name + " suggested:\n" + report.suggestion().text(), List.of(parsed),
                StructCorpusGccTest.run(program, dir, List.of()), new int[1]);
        return report;
    }

    @Test
    void anInlineDefinitionComesBeforeItsFirstUse() throws Exception {
        Gcc.require();
        String header = "struct d3c {\n\tlong b_hot;\n\tstruct pair17 { long p; long q; } first;\n\tlong a_hot;\n"
                + "\tstruct pair17 second;\n};\n";
        Path h = dir.resolve("d3c.h"), roles = dir.resolve("d3c.roles");
        Files.writeString(h, header, StandardCharsets.UTF_8);
        Files.writeString(roles, "A writes first.p a_hot\nB writes b_hot second.q\n", StandardCharsets.UTF_8);
        Report r = StructTool.analyse(StructOptions.parse(new String[] {h.toString(), "--roles", roles.toString()}));
        String text = r.suggestion().text();
        assertTrue(r.suggestion().changed(), text);
        // second comes first in the suggestion, so the definition moves to it.
        assertTrue(text.indexOf("second") < text.indexOf("first"), text);
        String program = text + "\n#include <stdio.h>\n#include <stddef.h>\nint main(void)\n{\n"
                + "\tprintf(\"0 sizeof %zu\\n\", sizeof(struct d3c));\n"
                + "\tprintf(\"0 first %zu\\n\", offsetof(struct d3c, first));\n\treturn 0;\n}\n";
        Map<String, Long> gcc = StructCorpusGccTest.run(program, dir, List.of());
        assertEquals((long) r.suggestion().view().size(), gcc.get("0 sizeof"));
        assertEquals((long) r.suggestion().view().fields().field("first").start(), gcc.get("0 first"));
    }

    /** Two declarators of one anonymous enum put apart: the enum is defined once, with a tag the second uses. */
    @Test
    void anAnonymousEnumOfTwoDeclaratorsPutApartIsDefinedOnce() throws Exception {
        Report r = suggestCompiled("em", "struct em {\n\tlong a_hot;\n\tenum { E_A, E_B } mode, mode2;\n\tlong b_hot;\n};\n",
                "A writes a_hot mode\nB writes b_hot mode2\n");
        String text = r.suggestion().text();
        assertEquals(1, text.split("E_A", -1).length - 1, text);
        assertTrue(text.contains("enum em_mode { E_A, E_B } mode;"), text);
        assertTrue(text.contains("\tenum em_mode mode2 __attribute__((aligned(64)));\n"), text);
        assertTrue(r.suggestion().view().fields().field("mode2").start() >= 64, text);
    }

    /** Kept together, they stay one declaration, as written. */
    @Test
    void anAnonymousEnumOfTwoDeclaratorsKeptTogetherStaysOneDeclaration() throws Exception {
        Report r = suggestCompiled("ek", "struct ek {\n\tlong b_hot;\n\tlong a_hot;\n\tenum { K_A, K_B } mode, mode2;\n};\n",
                "A writes a_hot mode mode2\nB writes b_hot\n");
        String text = r.suggestion().text();
        assertTrue(text.contains("\tenum { K_A, K_B } mode, mode2;\n"), text);
    }

    /** An anonymous struct that defines an enum, declaring two members put apart, is defined once too. */
    @Test
    void anAnonymousStructWithAnEnumOfTwoDeclaratorsPutApartIsDefinedOnce() throws Exception {
        Report r = suggestCompiled("es", "typedef struct {\n\tlong a_hot;\n\tconst struct { enum { S_A } k; long v; } x, y;\n"
                        + "\tlong b_hot;\n} es_t;\n",
                "A writes a_hot x.v\nB writes b_hot y.v\n");
        String text = r.suggestion().text();
        assertEquals(1, text.split("S_A", -1).length - 1, text);
        assertTrue(text.contains("const struct es_t_x y"), text);
    }
}
