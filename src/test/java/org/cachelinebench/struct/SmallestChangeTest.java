package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportJson;
import org.cachelinebench.struct.report.ReportPrinter;
import org.cachelinebench.testing.Gcc;

/**
 * The smallest change beside the full re-layout: on the 2026-order pcpu_chunk (nr_empty_pop_pages in
 * base_addr's line, 128 bytes), with the allocator writing nr_empty_pop_pages at a rate, it moves that one
 * member out of base_addr's line and keeps 128 bytes; gcc lays its text out as the tool does.
 */
class SmallestChangeTest {
    static final Path DIR = Path.of("src/test/resources/org/cachelinebench/struct");
    static final Path HEADER = DIR.resolve("pcpu_chunk-mm-2026-size.h");
    static final Path ROLES = DIR.resolve("pcpu_chunk-empty-pages.roles");

    static Report pcpu2026(String... defines) throws Exception {
        List<String> args = new ArrayList<>(List.of(HEADER.toString(), "pcpu_chunk", "--roles", ROLES.toString()));
        args.addAll(List.of(defines));
        return StructTool.analyse(StructOptions.parse(args.toArray(String[]::new)));
    }

    @Test
    void the2026OrderNeedsOneMemberMovedAndKeeps128Bytes() throws Exception {
        for (String[] config : List.of(new String[0], new String[] {"-D", "CONFIG_MEMCG"})) {
            Report r = pcpu2026(config);
            String out = ReportPrinter.print(r);
            assertEquals(128, r.original().size(), out);
            assertTrue(r.original().hazards().falseSharing().stream().anyMatch(s -> s.sides().stream()
                    .anyMatch(side -> side.written().contains("nr_empty_pop_pages"))), out);
            Report.Smallest least = r.suggestion().smallest();
            assertNotNull(least, out);
            assertEquals(List.of("nr_empty_pop_pages"), least.moved(), out);
            assertEquals(128, least.view().size(), out);
            assertTrue(least.view().hazards().isEmpty(), out);
            FieldIndex f = least.view().fields();
            int base = f.field("base_addr").start() / 64;
            assertTrue(f.field("nr_empty_pop_pages").start() / 64 != base, out);
            assertTrue(out.contains("/* smallest change: moves 1 member (nr_empty_pop_pages), size 128 -> 128 bytes */"), out);
            // The full re-layout stays beside it.
            assertTrue(r.suggestion().changed(), out);
            JsonObject json = JsonParser.parseString(ReportJson.toJson(r)).getAsJsonObject()
                    .getAsJsonObject("suggestion").getAsJsonObject("smallestChange");
            assertEquals(128, json.get("sizeAfter").getAsInt());
            assertEquals("nr_empty_pop_pages", json.getAsJsonArray("moved").get(0).getAsString());
        }
    }

    /**
     * Without a hazard a layout could remove there is no smallest change to offer: the 128-byte layout the tool
     * suggests for the 2026 order (save-memory-hole, nr_empty_pop_pages in the hole after chunk_md), with the same
     * roles, writes nothing in base_addr's line, in either config.
     */
    @Test
    void nothingToRemoveMeansNoSmallestChange(@TempDir Path dir) throws Exception {
        Path hole = dir.resolve("pcpu_chunk-mm-2026-hole.h");
        Files.writeString(hole, "struct list_head {\n\tstruct list_head *next, *prev;\n};\nstruct obj_cgroup;\n\n"
                + Files.readString(Path.of("src/test/resources/org/cachelinebench/model/percpu/kernel/percpu-internal-mm-2026-hole.h"),
                        StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        for (List<String> config : List.of(List.<String>of(), List.of("-D", "CONFIG_MEMCG"))) {
            List<String> args = new ArrayList<>(List.of(hole.toString(), "pcpu_chunk", "--roles", ROLES.toString()));
            args.addAll(config);
            Report r = StructTool.analyse(StructOptions.parse(args.toArray(String[]::new)));
            assertEquals(128, r.original().size(), ReportPrinter.print(r));
            assertTrue(r.original().hazards().isEmpty(), ReportPrinter.print(r));
            assertNull(r.suggestion().smallest(), ReportPrinter.print(r));
        }
    }

    @Test
    void gccLaysTheSmallestChangeOutAsTheToolDoes(@TempDir Path dir) throws Exception {
        Gcc.require();
        Report r = pcpu2026();
        String text = r.suggestion().smallest().text().replaceFirst("struct pcpu_chunk \\{", "struct pcpu_chunk_least {");
        String prelude = Files.readString(StructCorpusGccTest.CORPUS.resolve("prelude.h"), StandardCharsets.UTF_8);
        String program = prelude + StructCorpusGccTest.gccText(HEADER) + text
                + "\n#include <stdio.h>\n#include <stddef.h>\nint main(void)\n{\n"
                + "\tprintf(\"0 sizeof %zu\\n\", sizeof(struct pcpu_chunk_least));\n"
                + "\tprintf(\"0 nr_empty_pop_pages %zu\\n\", offsetof(struct pcpu_chunk_least, nr_empty_pop_pages));\n"
                + "\tprintf(\"0 base_addr %zu\\n\", offsetof(struct pcpu_chunk_least, base_addr));\n"
                + "\treturn 0;\n}\n";
        Map<String, Long> gcc = StructCorpusGccTest.run(program, dir, List.of());
        FieldIndex f = r.suggestion().smallest().view().fields();
        assertEquals(128L, gcc.get("0 sizeof"));
        assertEquals((long) f.field("nr_empty_pop_pages").start(), gcc.get("0 nr_empty_pop_pages"));
        assertEquals((long) f.field("base_addr").start(), gcc.get("0 base_addr"));
    }
}
