package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.testing.Gcc;

/** What a header may hold besides the structs, and how a struct is named on the command line. */
class CHeaderTest {
    static final String HEADER = String.join("\n",
            "#ifndef GUARD_H",
            "#define GUARD_H",
            "#include <linux/types.h>",
            "#include \"local-header.h\"",
            "#define __packed __attribute__((packed))            /* a header written for gcc defines these */",
            "#define __aligned(x) __attribute__((__aligned__(x)))",
            "#define ____cacheline_aligned __aligned(64)",
            "#define NR (2 * 4)",
            "struct head;",
            "DECLARE_PER_CPU(int, counter);",
            "extern struct head *heads[NR];",
            "int head_count(const struct head *h);",
            "static inline int twice(int x) { return 2 * x; }",
            "struct wire { u8 t; u32 len; } __packed;",
            "typedef struct { long a; } anon_t;",
            "union both { int i; long l; };",
            "enum { BITS = sizeof(union both) * 8 };",
            "struct head {",
            "\tint counts[NR];",
            "\tunsigned long map[BITS / 64];",
            "\tlong hot ____cacheline_aligned;",
            "};",
            "#endif",
            "");

    @Test
    void skipsWhatIsNotDataAndUsesItsOwnMeaningOfTheKernelAnnotations() throws Exception {
        CHeader h = CHeader.parse("h.h", HEADER, List.of());
        Struct head = h.find(null);
        assertEquals("struct head", head.name());
        assertEquals(64, head.layout().offsetOf("hot"));
        assertEquals(32, head.layout().offsetOf("map"));
        assertEquals(5, h.find("wire").layout().size());
        assertEquals("anon_t", h.find("anon_t").name());
        assertEquals("union both", h.find("union both").name());
        assertEquals(List.of("struct wire", "anon_t", "union both", "struct head"),
                h.all().stream().map(Struct::name).toList());
    }

    @Test
    void definesChooseBranches() throws Exception {
        String text = "struct s {\n#if IS_ENABLED(CONFIG_A) && !defined(CONFIG_B)\n\tlong a;\n#elif defined CONFIG_B\n"
                + "\tshort b;\n#else\n\tchar c;\n#endif\n};\n";
        assertEquals("c", CHeader.parse("s.h", text, List.of()).find(null).layout().members().get(0).name());
        assertEquals("a", CHeader.parse("s.h", text, List.of("CONFIG_A")).find(null).layout().members().get(0).name());
        assertEquals("a", CHeader.parse("s.h", text, List.of("CONFIG_A_MODULE")).find(null).layout().members().get(0).name());
        assertEquals("b", CHeader.parse("s.h", text, List.of("CONFIG_A", "CONFIG_B=1")).find(null).layout().members().get(0).name());
    }

    @Test
    void rolesNameMembersNestedPathsAnonymousMembersAndWildcards() throws Exception {
        CHeader h = CHeader.parse("n.h", "struct n { int a; struct { int x; int y; } in; union { int u; long v; }; };", List.of());
        Struct s = h.find(null);
        FieldIndex f = FieldIndex.of(s.layout());
        Roles r = Roles.parse("n.roles", "w writes in.* u\nw reads a in.x\nr reads *\nr threads 3\n", f, s.name());
        Roles.Role w = r.roles().get(0), rd = r.roles().get(1);
        assertEquals(List.of("in.x", "in.y", "u", "a"), List.copyOf(w.accesses().keySet()));
        assertTrue(w.accesses().get("in.x").write(), "written and read counts as written");
        assertEquals(List.of("a", "in.x", "in.y", "u", "v"), List.copyOf(rd.accesses().keySet()));
        assertEquals(3, rd.threads());
        assertEquals(1, w.threads(), "one thread unless the file says otherwise");
        assertEquals("{ u, v }", f.units().get(2).label(f));
    }

    /** Pointers to functions and arrays print around their names, so the printout is C that gcc takes. */
    @Test
    void paholePrintoutDeclaresFunctionPointersAsC(@TempDir Path dir) throws Exception {
        String header = String.join("\n", "struct entry;", "struct table {", "\tvoid (*destroy)(struct entry *);",
                "\tint (*fns[2])(void);", "\tint (*rows)[4];", "\tlong n;", "};", "");
        String printed = Pahole.format(CHeader.parse("t.h", header, List.of()).find("table").layout(), 64);
        assertTrue(printed.contains("\tvoid                       (*destroy)(struct entry *); /*     0     8 */"), printed);
        assertTrue(printed.contains("\tint                        (*fns[2])(void);      /*     8    16 */"), printed);
        assertTrue(printed.contains("\tint                        (*rows)[4];           /*    24     8 */"), printed);
        Path c = dir.resolve("printed.c");
        Files.writeString(c, "struct entry;\n" + printed.replace("struct table {", "struct table2 {")
                + "_Static_assert(sizeof(struct table2) == 40, \"size\");\n", StandardCharsets.UTF_8);
        Gcc.run(List.of(Gcc.require(), "-std=gnu11", "-fsyntax-only", c.toString()), dir);
    }
}
