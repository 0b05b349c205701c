package org.cachelinebench.model.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cachelinebench.testing.Gcc;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Test helper: writes C declarations from {@link StructLayout} member lists, compiles them with the
 * system's gcc ({@link Gcc}), runs the program and reads back {@code sizeof}, {@code _Alignof} and
 * {@code offsetof} of every member (nested paths included), so tests can compare the Java layout rules
 * with the compiler's.
 *
 * <p>Struct tags and typedef names get a numeric suffix per distinct layout, so that two layouts sharing
 * a tag (v4.14's and today's {@code struct __call_single_data}) can live in one translation unit; names
 * do not change a layout. Scalar type names that are not C keywords become typedefs of a C type of the
 * same size and alignment (kernel typedefs such as {@code u16}, {@code smp_call_func_t}).
 */
public final class CStructProgram {
    private static final Set<String> C_SCALARS = Set.of(
            "char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
            "long", "unsigned long", "long long", "unsigned long long", "_Bool");
    private static final Map<String, String> KERNEL_TYPEDEFS = Map.of(
            "bool", "typedef _Bool bool;",
            "u8", "typedef unsigned char u8;",
            "u16", "typedef unsigned short u16;",
            "u32", "typedef unsigned int u32;",
            "u64", "typedef unsigned long long u64;",
            "size_t", "",  // from <stddef.h>
            "smp_call_func_t", "typedef void (*smp_call_func_t)(void *info);");

    private final List<StructLayout> roots;
    private final Map<StructLayout, String> cNames = new IdentityHashMap<>();
    private final Map<String, String> typedefs = new LinkedHashMap<>();
    private final StringBuilder decls = new StringBuilder();

    private CStructProgram(List<StructLayout> roots) {
        this.roots = roots;
    }

    /** The C program for {@code layouts}. */
    public static String source(List<StructLayout> layouts) {
        CStructProgram p = new CStructProgram(layouts);
        return p.build();
    }

    /**
     * Compiles and runs the program; returns, per input layout (same order), the map "sizeof",
     * "alignof" and every member path to the number gcc computed.
     */
    public static List<Map<String, Long>> measure(List<StructLayout> layouts, Path workDir)
            throws IOException, InterruptedException {
        String out = compileAndRun(source(layouts), workDir, List.of("-Wall", "-Werror"));
        List<Map<String, Long>> result = new ArrayList<>();
        for (int i = 0; i < layouts.size(); i++) {
            result.add(new LinkedHashMap<>());
        }
        for (String line : out.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split(" ");
            result.get(Integer.parseInt(f[0])).put(f[1], Long.parseLong(f[2]));
        }
        return result;
    }

    /**
     * Asserts that gcc computes the same sizeof, _Alignof and offsetof (every member path) as the Java
     * layouts. Without gcc for x86-64 it fails in CI and skips, with the reason, elsewhere
     * ({@link Gcc#require()}): never passes silently.
     */
    public static void assertGccAgrees(List<StructLayout> layouts, Path dir) throws Exception {
        List<Map<String, Long>> measured = measure(layouts, dir);
        for (int i = 0; i < layouts.size(); i++) {
            StructLayout s = layouts.get(i);
            Map<String, Long> gcc = measured.get(i);
            assertEquals((long) s.size(), gcc.get("sizeof"), "sizeof(" + s.typeName() + ")");
            assertEquals((long) s.align(), gcc.get("alignof"), "_Alignof(" + s.typeName() + ")");
            List<String> paths = memberPaths(s);
            assertEquals(paths.size() + 2, gcc.size(), s.typeName() + ": gcc reported " + gcc.keySet());
            for (String path : paths) {
                assertEquals((long) s.offsetOf(path), gcc.get(path), "offsetof(" + s.typeName() + ", " + path + ")");
            }
        }
    }

    /** Every member path of a layout, nested struct members as "a.b", in declaration order. */
    public static List<String> memberPaths(StructLayout s) {
        List<String> out = new ArrayList<>();
        for (StructLayout.Member m : s.members()) {
            out.add(m.name());
            if (m.type().isStruct() && !m.type().isArray()) {
                for (String inner : memberPaths(m.type().struct())) {
                    out.add(m.name() + "." + inner);
                }
            }
        }
        return out;
    }

    private String build() {
        for (StructLayout s : roots) {
            declare(s);
        }
        StringBuilder c = new StringBuilder();
        c.append("/* generated by CStructProgram: layouts of the Java StructLayouts, as gcc sees them */\n");
        c.append("#include <stdio.h>\n#include <stddef.h>\n\n");
        typedefs.values().forEach(t -> c.append(t).append('\n'));
        c.append('\n').append(decls).append('\n');
        c.append("int main(void)\n{\n");
        for (int i = 0; i < roots.size(); i++) {
            StructLayout s = roots.get(i);
            String t = cNames.get(s);
            c.append(String.format("\tprintf(\"%d sizeof %%zu\\n\", sizeof(%s));%n", i, t));
            c.append(String.format("\tprintf(\"%d alignof %%zu\\n\", _Alignof(%s));%n", i, t));
            for (String path : memberPaths(s)) {
                c.append(String.format("\tprintf(\"%d %s %%zu\\n\", offsetof(%s, %s));%n", i, path, t, path));
            }
        }
        c.append("\treturn 0;\n}\n");
        return c.toString();
    }

    /** Declares a layout (and first every struct it contains); returns its C type name. */
    private String declare(StructLayout s) {
        String known = cNames.get(s);
        if (known != null) {
            return known;
        }
        StringBuilder body = new StringBuilder();
        for (StructLayout.Member m : s.members()) {
            body.append('\t').append(memberDecl(m)).append(";\n");
        }
        int n = cNames.size();
        String tag = ident(s.tag()) + "_" + n;
        boolean isTypedef = s.typedefAlignAttr() > 0;
        int structAttr = s.structAlignAttr();
        decls.append("struct ").append(tag).append(" {\n").append(body).append('}');
        if (structAttr > 0) {
            decls.append(" __attribute__((__aligned__(").append(structAttr).append(")))");
        }
        decls.append(";\n");
        String name = "struct " + tag;
        if (isTypedef) {
            name = ident(s.typeName()) + "_" + n;
            decls.append("typedef struct ").append(tag).append(' ').append(name)
                    .append(" __attribute__((__aligned__(").append(s.typedefAlignAttr()).append(")));\n");
        }
        decls.append('\n');
        cNames.put(s, name);
        return name;
    }

    private String memberDecl(StructLayout.Member m) {
        CType t = m.type();
        String decl = typeSpelling(t.isArray() ? elementOf(t) : t) + " " + m.name() + t.arraySuffix();
        if (m.alignAttr() > 0) {
            decl += " __attribute__((__aligned__(" + m.alignAttr() + ")))";
        }
        return decl;
    }

    /**
     * The element of an array CType, rebuilt from its name and sizes (arrays of scalars and pointers;
     * a flexible array's element is taken to be naturally aligned, size = alignment).
     */
    private static CType elementOf(CType array) {
        int size = array.length() == 0 ? array.align() : array.size() / array.length();
        return array.name().endsWith("*") ? CType.pointer(array.name()) : CType.scalar(array.name(), size);
    }

    private String typeSpelling(CType t) {
        if (t.isStruct()) {
            return declare(t.struct());
        }
        String name = t.name();
        if (name.endsWith("*")) {
            return name;                          // a pointer to anything has the same layout
        }
        if (C_SCALARS.contains(name)) {
            return name;
        }
        String known = KERNEL_TYPEDEFS.get(name);
        if (known != null) {
            if (!known.isEmpty()) {
                typedefs.putIfAbsent(name, known);
            }
            return name;
        }
        String id = ident(name);
        typedefs.putIfAbsent(id, "typedef " + unsignedOfSize(t.size()) + " " + id + ";");
        return id;
    }

    private static String unsignedOfSize(int size) {
        switch (size) {
            case 1: return "unsigned char";
            case 2: return "unsigned short";
            case 4: return "unsigned int";
            case 8: return "unsigned long";
            default: throw new IllegalArgumentException("no C integer of " + size + " bytes");
        }
    }

    private static String ident(String s) {
        return s.replaceAll("[^A-Za-z0-9_]", "_");
    }

    /**
     * Compiles {@code source} with gcc ({@code -std=gnu11 -O0} plus {@code flags}) in {@code workDir}, runs
     * it and returns what it printed. Fails, with gcc's or the program's output, when either fails; without
     * gcc for x86-64 it fails in CI and skips elsewhere ({@link Gcc#require()}).
     */
    public static String compileAndRun(String source, Path workDir, List<String> flags)
            throws IOException, InterruptedException {
        String gcc = Gcc.require();
        Path c = Files.createTempFile(workDir, "program", ".c");
        Path exe = workDir.resolve(c.getFileName().toString().replace(".c", ""));
        Files.writeString(c, source, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(gcc, "-std=gnu11", "-O0"));
        command.addAll(flags);
        command.addAll(List.of("-o", exe.toString(), c.toString()));
        Gcc.run(command, workDir);
        return Gcc.run(List.of(exe.toString()), workDir);
    }
}
