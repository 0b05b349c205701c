package org.cachelinebench.layout;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Test helper: writes C declarations from {@link StructLayout} member lists, compiles them with the
 * system's gcc, runs the program and reads back {@code sizeof}, {@code _Alignof} and {@code offsetof} of
 * every member (nested paths included), so tests can compare the Java layout rules with the compiler's.
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

    /** The path of gcc on PATH, or null. */
    public static String gcc() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, "gcc");
            if (!dir.isEmpty() && f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }

    /** True when this JVM runs on x86-64, the ABI the layout core implements. */
    public static boolean onX86_64() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return arch.equals("amd64") || arch.equals("x86_64");
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
        String gcc = gcc();
        if (gcc == null) {
            throw new IllegalStateException("gcc is not on the PATH");
        }
        Path c = workDir.resolve("layouts.c");
        Path exe = workDir.resolve("layouts");
        Files.writeString(c, source(layouts), StandardCharsets.UTF_8);
        run(List.of(gcc, "-std=gnu11", "-O0", "-Wall", "-Werror", "-o", exe.toString(), c.toString()));
        String out = run(List.of(exe.toString()));
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
     * layouts. Skips, with the reason, off x86-64 or without gcc: never passes silently.
     */
    public static void assertGccAgrees(List<StructLayout> layouts, Path dir) throws Exception {
        assumeTrue(onX86_64(), "gcc cross-check skipped: not x86-64 (os.arch="
                + System.getProperty("os.arch") + "), the ABI the layout core implements");
        assumeTrue(gcc() != null, "gcc cross-check skipped: gcc is not on the PATH");
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
     * it and returns what it printed. Fails, with gcc's or the program's output, when either fails.
     */
    public static String compileAndRun(String source, Path workDir, List<String> flags)
            throws IOException, InterruptedException {
        String gcc = gcc();
        if (gcc == null) {
            throw new IllegalStateException("gcc is not on the PATH");
        }
        Path c = Files.createTempFile(workDir, "program", ".c");
        Path exe = workDir.resolve(c.getFileName().toString().replace(".c", ""));
        Files.writeString(c, source, StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(gcc, "-std=gnu11", "-O0"));
        command.addAll(flags);
        command.addAll(List.of("-o", exe.toString(), c.toString()));
        run(command);
        return run(List.of(exe.toString()));
    }

    /**
     * Skips the calling test, with the reason, off x86-64 or without gcc; but where the environment variable
     * CI is set, a missing gcc fails the test: a CI machine that silently skips the cross-check checks nothing.
     */
    public static void requireGcc(String what) {
        assumeTrue(onX86_64(), what + " skipped: not x86-64 (os.arch=" + System.getProperty("os.arch")
                + "), the ABI the layout core implements");
        if (gcc() == null && System.getenv("CI") != null) {
            throw new AssertionError(what + ": gcc is not on the PATH, and CI is set: install gcc on the CI machine");
        }
        assumeTrue(gcc() != null, what + " skipped: gcc is not on the PATH");
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Read before waiting: a child whose output fills the pipe would otherwise never finish.
        java.util.concurrent.CompletableFuture<byte[]> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return p.getInputStream().readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish in 60 s");
        }
        String text;
        try {
            text = new String(out.get(60, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException("reading the output of " + String.join(" ", command), e);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + text);
        }
        return text;
    }
}
