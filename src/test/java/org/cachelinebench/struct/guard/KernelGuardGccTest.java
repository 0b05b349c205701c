package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.testing.Gcc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --guard kernel} for struct pcpu_chunk as v6.5 merged it, with the 2023 fix's roles and the
 * allocator's write of nr_empty_pop_pages: the marked-up struct and its check compile with the kernel's
 * cache.h macros and leave every offset as it was; reverting the fix (v6.4-rc4's order, no alignment), or
 * moving nr_empty_pop_pages into base_addr's line as the 2026 reorder did, fails the group separation
 * assert naming the two groups. The SPSC ring's suggestion, marked up, compiles too.
 */
class KernelGuardGccTest {
    static final Path KERNEL_PRELUDE = GuardCases.STRUCT.resolve("guard/kernel-prelude.h");

    static String prelude() throws Exception {
        return Files.readString(CGuardGccTest.PRELUDE, StandardCharsets.UTF_8) + "\n"
                + Files.readString(KERNEL_PRELUDE, StandardCharsets.UTF_8) + "\n";
    }

    /** Asserts that every member keeps the offset the tool laid out, and the size: the markers change nothing. */
    static String sameLayout(Struct s) {
        StringBuilder sb = new StringBuilder("\n");
        String t = s.name();
        sb.append("_Static_assert(sizeof(").append(t).append(") == ").append(s.layout().size()).append(", \"size\");\n");
        for (StructLayout.Member m : s.layout().members()) {
            if (!m.isAnonymous() && !m.isBitField()) {
                sb.append("_Static_assert(offsetof(").append(t).append(", ").append(m.name()).append(") == ").append(m.offset())
                        .append(", \"offset of ").append(m.name()).append("\");\n");
            }
        }
        return sb.toString();
    }

    /** {@code header} with {@code s}'s definition replaced by the guard's text (its struct, macros and check). */
    static String withGuard(String header, Struct s, String guard) {
        String declared = s.decl().text();
        assertTrue(header.contains(declared + ";"), "the header does not hold the struct's text verbatim");
        return header.replace(declared + ";", guard);
    }

    static String compileFailing(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Gcc.run(List.of(Gcc.require(), "-std=gnu11", "-fsyntax-only", "-w", file.toString()), null));
        return e.getMessage();
    }

    static Set<String> failedGroupPairs(String output) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("BUILD_BUG_ON failed: !\\(CACHELINE_GROUP_BEFORE\\(struct pcpu_chunk, (\\w+), (\\w+),").matcher(output);
        while (m.find()) {
            out.add(m.group(1) + " " + m.group(2));
        }
        return out;
    }

    @Test
    void pcpuChunkV65GroupsCompileAndCatchTheRevertAndThe2026Move(@TempDir Path dir) throws Exception {
        Gcc.require();
        GuardCases.Case v65 = new GuardCases.Case("pcpu-v6.5", GuardCases.pcpuHeader(dir, "v6.5"), "pcpu_chunk",
                List.of("CONFIG_MEMCG_KMEM"), GuardCases.pcpuRoles(), "original");
        String guard = v65.guard("kernel");
        // The allocator's group starts at list, which pcpu_chunk_relocate() writes when the chunk changes slot.
        for (String line : List.of("\t__cacheline_group_begin(pcpu_chunk_write_allocator);\n\tstruct list_head\tlist;",
                "CACHELINE_ASSERT_GROUP_MEMBER(struct pcpu_chunk, pcpu_chunk_write_allocator, list);",
                "\t__cacheline_group_end(pcpu_chunk_write_allocator);\n\tunsigned long\t\t*bound_map;",
                "CACHELINE_ASSERT_GROUP_MEMBER(struct pcpu_chunk, pcpu_chunk_write_allocator, chunk_md);",
                "CACHELINE_ASSERT_GROUP_MEMBER(struct pcpu_chunk, pcpu_chunk_read_reader, base_addr);",
                "CACHELINE_ASSERT_GROUP_MEMBER(struct pcpu_chunk, pcpu_chunk_write_allocator_2, nr_empty_pop_pages);",
                "\tBUILD_BUG_ON(__alignof__(struct pcpu_chunk) < SMP_CACHE_BYTES);")) {
            assertTrue(guard.contains(line), line + " is not in:\n" + guard);
        }
        Struct s = v65.original();
        String header = "#define CONFIG_MEMCG_KMEM 1\n" + prelude() + v65.text();
        Path ok = dir.resolve("v65.c");
        Files.writeString(ok, withGuard(header, s, guard) + sameLayout(s), StandardCharsets.UTF_8);
        Gcc.run(List.of(Gcc.require(), "-std=gnu11", "-fsyntax-only", "-Wall", "-Werror", "-Wno-unused-function",
                ok.toString()), null);

        // v6.4-rc4's order: bound_map back below base_addr, and no alignment on base_addr or its marker.
        String boundMap = "\tunsigned long\t\t*bound_map;\t/* boundary map */\n";
        String readerEnd = "\t__cacheline_group_end(pcpu_chunk_read_reader);\n";
        assertTrue(guard.contains(boundMap) && guard.contains(readerEnd), guard);
        String reverted = guard.replace(boundMap, "").replace(readerEnd, readerEnd + boundMap)
                .replace(" ____cacheline_aligned_in_smp", "");
        String out = compileFailing(dir.resolve("reverted.c"), withGuard(header, s, reverted));
        assertTrue(out.contains("BUILD_BUG_ON failed: __alignof__(struct pcpu_chunk) < SMP_CACHE_BYTES"), out);
        assertEquals(Set.of("pcpu_chunk_write_allocator pcpu_chunk_read_reader"), failedGroupPairs(out), out);

        // The 2026 reorder's move: nr_empty_pop_pages, with its markers, right after end_offset, in base_addr's line.
        Matcher group = Pattern.compile("\t__cacheline_group_begin\\(pcpu_chunk_write_allocator_2\\);\n.*?"
                + "\t__cacheline_group_end\\(pcpu_chunk_write_allocator_2\\);\n", Pattern.DOTALL).matcher(guard);
        assertTrue(group.find(), guard);
        String moved = guard.replace(group.group(), "").replace("#ifdef CONFIG_MEMCG_KMEM\n", group.group() + "#ifdef CONFIG_MEMCG_KMEM\n");
        out = compileFailing(dir.resolve("moved.c"), withGuard(header, s, moved));
        assertEquals(Set.of("pcpu_chunk_read_reader pcpu_chunk_write_allocator_2"), failedGroupPairs(out), out);
    }

    @Test
    void suggestionsMarkedUpCompileWithTheirLayout(@TempDir Path dir) throws Exception {
        Gcc.require();
        List<String> failures = new ArrayList<>();
        for (GuardCases.Case c : GuardCases.suggested()) {
            String guard = c.guard("kernel");
            Struct s = c.suggestion().struct();
            String text = c.suggestedText();
            String suggested = c.suggestion().text().strip();
            text = text.replace(suggested.substring(0, suggested.length() - 1) + ";", guard);
            StringBuilder defines = new StringBuilder();
            c.defines().forEach(d -> defines.append("#define ").append(d).append(" 1\n"));
            Path file = dir.resolve(c.name() + ".c");
            Files.writeString(file, defines + prelude() + text + sameLayout(s), StandardCharsets.UTF_8);
            try {
                Gcc.run(List.of(Gcc.require(), "-std=gnu11", "-fsyntax-only", "-w", file.toString()), null);
            } catch (IllegalStateException e) {
                failures.add(c.name() + ": " + e.getMessage());
            }
            assertTrue(guard.contains("CACHELINE_ASSERT_GROUPS_APART("), c.name() + ":\n" + guard);
        }
        assertEquals(List.of(), failures);
    }
}
