package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.testing.Gcc;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout core against a C compiler: every layout of the catalog is written out as C from the same
 * member list, compiled by gcc for x86-64, and gcc's offsetof / sizeof / _Alignof must equal what
 * {@link StructLayout} computed. This checks C's rules, not the transcription of the header: that is
 * {@link PcpuChunkKernelHeaderTest}'s job. Without gcc for x86-64 it fails in CI and skips elsewhere
 * ({@link Gcc#require()}).
 */
@Tag("layout")
class PcpuChunkGccTest {
    @TempDir
    Path dir;

    @Test
    void gccLaysOutEveryCatalogStructAsTheLayoutCoreDoes() throws Exception {
        String gcc = Gcc.require();
        Map<String, StructLayout> catalog = PcpuChunkLayouts.catalog();
        Map<String, String> tags = new LinkedHashMap<>();   // catalog name -> C type
        StringBuilder c = new StringBuilder("#include <stddef.h>\n#include <stdbool.h>\n#include <stdio.h>\n\n");
        int n = 0;
        for (Map.Entry<String, StructLayout> e : catalog.entrySet()) {
            StructLayout s = e.getValue();
            boolean nested = s == PcpuChunkLayouts.LIST_HEAD || s == PcpuChunkLayouts.PCPU_BLOCK_MD;
            String tag = nested ? s.tag() : s.tag() + "_" + n++;
            tags.put(e.getKey(), "struct " + tag);
            c.append(declaration(s, tag));
        }
        c.append("int main(void) {\n");
        List<String> expected = new ArrayList<>();
        for (Map.Entry<String, StructLayout> e : catalog.entrySet()) {
            String type = tags.get(e.getKey());
            StructLayout s = e.getValue();
            c.append(String.format("  printf(\"%s|sizeof|%%zu|_Alignof|%%zu\\n\", sizeof(%s), _Alignof(%s));%n",
                    e.getKey(), type, type));
            expected.add(e.getKey() + "|sizeof|" + s.size() + "|_Alignof|" + s.align());
            for (String path : paths(s, "")) {
                StructLayout.Member m = s.member(path);
                boolean flexible = m.type().isArray() && m.type().length() == 0;
                c.append(String.format("  printf(\"%s|%s|%%zu|%%zu\\n\", offsetof(%s, %s), (size_t) %s);%n",
                        e.getKey(), path, type, path, flexible ? "0" : "sizeof(((" + type + " *) 0)->" + path + ")"));
                expected.add(e.getKey() + "|" + path + "|" + m.offset() + "|" + m.size());
            }
        }
        c.append("  return 0;\n}\n");
        Path source = dir.resolve("pcpu_chunk_layouts.c");
        Files.writeString(source, c);
        Path exe = dir.resolve("pcpu_chunk_layouts");
        Gcc.run(List.of(gcc, "-std=gnu11", "-Wall", "-Werror", "-o", exe.toString(), source.toString()), dir);
        String out = Gcc.run(List.of(exe.toString()), dir);
        assertEquals(String.join("\n", expected), out.strip(), "gcc disagrees; the C was:\n" + c);
    }

    /** Member paths, descending into struct members ("chunk_md.first_free"). */
    private static List<String> paths(StructLayout s, String prefix) {
        List<String> out = new ArrayList<>();
        for (StructLayout.Member m : s.members()) {
            out.add(prefix + m.name());
            if (m.type().isStruct()) {
                out.addAll(paths(m.type().struct(), prefix + m.name() + "."));
            }
        }
        return out;
    }

    /** The C declaration of {@code s} under {@code tag}, from its member list alone. */
    private static String declaration(StructLayout s, String tag) {
        StringBuilder d = new StringBuilder("struct ").append(tag).append(" {\n");
        for (StructLayout.Member m : s.members()) {
            CType t = m.type();
            d.append('\t').append(t.name()).append(' ').append(m.name());
            if (t.isArray()) {
                d.append('[').append(t.length() == 0 ? "" : Integer.toString(t.length())).append(']');
            }
            if (m.alignAttr() > 0) {
                d.append(" __attribute__((__aligned__(").append(m.alignAttr()).append(")))");
            }
            d.append(";\n");
        }
        d.append('}');
        if (s.typeAlignAttr() > 0) {
            d.append(" __attribute__((__aligned__(").append(s.typeAlignAttr()).append(")))");
        }
        return d.append(";\n\n").toString();
    }
}
