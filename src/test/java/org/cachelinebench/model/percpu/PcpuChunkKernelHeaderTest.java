package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.testing.Gcc;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An anchor for the model that does not come from the model: the kernel's own text of
 * {@code struct pcpu_chunk} (excerpts of mm/percpu-internal.h at v6.4-rc4, with Yu Ma's first patch,
 * and as merged for v6.5, in {@code kernel/} next to this class's resources), laid out by gcc with
 * the kernel's x86-64 types ({@code kernel/pcpu_chunk_layout.c}). Its offsetof and sizeof of every
 * member, for every kernel config, are committed as {@code kernel/pcpu_chunk_layout.txt}.
 *
 * <p>{@link PcpuChunkGccTest} compiles C written from the model's own member lists, so it checks C's
 * layout rules but would repeat a member left out or misplaced when the header was transcribed; this
 * test compares the model with what the header itself gives.
 */
@Tag("layout")
class PcpuChunkKernelHeaderTest {
    private static final String DIR = "kernel/";
    private static final String FIXTURE = "pcpu_chunk_layout.txt";
    private static final String PROGRAM = "pcpu_chunk_layout.c";

    /** The excerpt each version of the model transcribes. */
    private static String header(ChunkVersion v) {
        switch (v) {
            case V6_4_RC4: return "percpu-internal-v6.4-rc4.h";
            case V2_REORDER: return "percpu-internal-v2-reorder.h";
            case V6_5_MERGED: return "percpu-internal-v6.5.h";
            case SAVE_MEMORY: return "percpu-internal-mm-2026-size.h";
            case SAVE_MEMORY_HOLE: return "percpu-internal-mm-2026-hole.h";
            default: throw new AssertionError(v);
        }
    }

    @Test
    void theModelHasTheOffsetsAndSizesGccGivesTheKernelsText() throws IOException {
        Map<String, Map<String, String>> fixture = fixture();
        Set<String> expectedKeys = new TreeSet<>();
        for (ChunkVersion v : ChunkVersion.values()) {
            for (KernelConfig c : KernelConfig.values()) {
                String key = v.label() + " " + c.label();
                expectedKeys.add(key);
                Map<String, String> gcc = fixture.get(key);
                assertNotNull(gcc, key + " missing from " + FIXTURE);
                assertEquals(gcc, model(PcpuChunkLayouts.pcpuChunk(v, c)), PcpuChunkLayouts.name(v, c)
                        + ": model (right) against gcc on the kernel's text (left)");
            }
        }
        assertEquals(expectedKeys, fixture.keySet());
    }

    /**
     * The C program's member list (written by hand from the header) leaves nothing out: every member
     * the header's {@code struct pcpu_chunk} declares, with both options on, is in the fixture.
     */
    @Test
    void theFixtureHasEveryMemberTheHeaderDeclares() throws IOException {
        Map<String, Map<String, String>> fixture = fixture();
        for (ChunkVersion v : ChunkVersion.values()) {
            String text = resource(header(v));
            Matcher body = Pattern.compile("struct pcpu_chunk \\{(.*?)\\n};", Pattern.DOTALL).matcher(text);
            assertEquals(true, body.find(), header(v));
            String code = body.group(1).replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("#\\w+[^\\n]*", "");
            Set<String> declared = new TreeSet<>();
            Matcher m = Pattern.compile("(\\w+)\\s*(?:\\[\\])?\\s*(?:____cacheline_aligned_in_smp)?\\s*;").matcher(code);
            while (m.find()) {
                declared.add(m.group(1));
            }
            Set<String> printed = fixture.get(v.label() + " " + KernelConfig.PLUS_STATS.label()).keySet().stream()
                    .filter(k -> !k.contains(".") && !k.equals("sizeof") && !k.equals("alignof"))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(declared, printed, header(v));
        }
    }

    /** Compiling the committed C on the committed excerpts gives the committed fixture. */
    @Test
    void gccOnTheCommittedTextReproducesTheFixture(@TempDir Path dir) throws Exception {
        String gcc = Gcc.require();
        Files.writeString(dir.resolve(PROGRAM), resource(PROGRAM));
        for (ChunkVersion v : ChunkVersion.values()) {
            Files.writeString(dir.resolve(header(v)), resource(header(v)));
        }
        StringBuilder out = new StringBuilder();
        for (ChunkVersion v : ChunkVersion.values()) {
            for (KernelConfig c : KernelConfig.values()) {
                List<String> cmd = new ArrayList<>(List.of(gcc, "-std=gnu11", "-Wall", "-Werror",
                        "-DPERCPU_INTERNAL=\"" + header(v) + "\""));
                if (c.percpuStats()) {
                    cmd.add("-DCONFIG_PERCPU_STATS");
                }
                if (c.memcgKmem()) {
                    // the 2026 text derives NEED_PCPUOBJ_EXT (obj_exts) from CONFIG_MEMCG itself
                    cmd.add(v.hasObjExts() ? "-DCONFIG_MEMCG" : "-DCONFIG_MEMCG_KMEM");
                }
                cmd.addAll(List.of("-o", "layout", PROGRAM));
                Gcc.run(cmd, dir);
                for (String line : Gcc.run(List.of(dir.resolve("layout").toString()), dir).split("\n")) {
                    out.append(v.label()).append(' ').append(c.label()).append(' ').append(line).append('\n');
                }
            }
        }
        String expected = body(resource(FIXTURE));
        if (!expected.equals(out.toString())) {
            Path actual = Path.of("target", FIXTURE + ".actual");
            Files.createDirectories(actual.getParent());
            Files.writeString(actual, out);
            assertEquals(expected, out.toString(), "gcc's layout of the committed text differs from " + FIXTURE
                    + "; gcc's lines are in " + actual.toAbsolutePath());
        }
    }

    /** "path" to "offset size" for every member path, plus "sizeof" and "alignof". */
    private static Map<String, String> model(StructLayout s) {
        Map<String, String> out = new TreeMap<>();
        out.put("sizeof", Integer.toString(s.size()));
        out.put("alignof", Integer.toString(s.align()));
        addMembers(s, "", 0, out);
        return out;
    }

    private static void addMembers(StructLayout s, String prefix, int base, Map<String, String> out) {
        for (StructLayout.Member m : s.members()) {
            out.put(prefix + m.name(), (base + m.offset()) + " " + m.size());
            if (m.type().isStruct() && !m.type().isArray()) {
                addMembers(m.type().struct(), prefix + m.name() + ".", base + m.offset(), out);
            }
        }
    }

    /** "version config" to that run's "path" to "offset size" (or "sizeof"/"alignof" to "N"). */
    private static Map<String, Map<String, String>> fixture() throws IOException {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (String line : body(resource(FIXTURE)).split("\n")) {
            String[] f = line.split(" ", 4);
            Map<String, String> run = out.computeIfAbsent(f[0] + " " + f[1], k -> new TreeMap<>());
            String[] rest = f[3].split(" ");
            run.put(f[2], rest.length == 1 ? rest[0] : rest[0] + " " + rest[1]);
        }
        return out;
    }

    /** The fixture without its comment lines. */
    private static String body(String text) {
        return text.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).collect(Collectors.joining("\n", "", "\n"));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = PcpuChunkKernelHeaderTest.class.getResourceAsStream(DIR + name)) {
            assertNotNull(in, DIR + name + " is not on the test class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
