package org.cachelinebench.cref;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.cref.CProgram.Run;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C reference of the pcpu_chunk workload (benchmarks/c/pcpu.c, benchmarks/c-reference --workload pcpu): gcc's
 * offsets of the members the workload's lines are about equal the Java model's for every layout the model has and
 * every config; a run of a fraction of a second passes the program's own checks, prints a line per side and
 * writes nr_empty_pop_pages on exactly the steps --live says; a build with a fault put in fails its checks (exit
 * 1) or trips the watchdog (exit 3); bad arguments are one line and exit 2. No speed is asserted.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CPcpuProgramTest {
    static final Path SOURCE = CProgram.ROOT.resolve("benchmarks/c/pcpu.c");
    /** The members whose lines the comparison is about: the writers', the readers' and the occupancy counter's. */
    static final List<String> MEMBERS = List.of("free_bytes", "chunk_md", "base_addr", "nr_empty_pop_pages");
    /** "SIDE LAYOUT reader R ns/load ratio X  allocator A ns/step ratio Y  steps S  writes/step W  check ok" */
    static final Pattern SIDE = Pattern.compile("(\\S+)\\s+(\\S+)\\s+reader\\s+([0-9.]+) ns/load ratio\\s+([0-9.]+)"
            + "\\s+allocator\\s+([0-9.]+) ns/step ratio\\s+([0-9.]+)\\s+steps (\\d+)\\s+writes/step ([0-9.]+)\\s+check ok");

    @TempDir
    static Path dir;
    static Path program;

    @BeforeEach
    void build() throws Exception {
        CProgram.requireGccLinuxTwoCpus();
        if (program == null) {
            program = CProgram.compile(dir, SOURCE, "pcpu");
        }
    }

    /** The -D flags benchmarks/c-reference --config passes for a config. */
    static String[] defines(KernelConfig config) {
        return new String[] {"-DPCPU_STATS=" + (config.percpuStats() ? 1 : 0), "-DPCPU_MEMCG=" + (config.memcgKmem() ? 1 : 0)};
    }

    /** --layouts of a build for {@code config}: per layout label, member name to gcc's offset ("size" too). */
    static Map<String, Map<String, Integer>> gccOffsets(KernelConfig config) throws Exception {
        Path exe = CProgram.compile(dir, SOURCE, "pcpu-layouts-" + config.name(), defines(config));
        Run r = CProgram.run(dir, List.of(exe.toString(), "--layouts"), null);
        assertEquals(0, r.exit(), r.all());
        Map<String, Map<String, Integer>> out = new HashMap<>();
        for (String line : r.out().subList(1, r.out().size())) {
            String[] w = line.split(" ");
            Map<String, Integer> members = new HashMap<>();
            for (int i = 1; i + 1 < w.length; i += 2) {
                members.put(w[i], Integer.parseInt(w[i + 1]));
            }
            out.put(w[0], members);
        }
        return out;
    }

    /** What differs between gcc's offsets and the Java model's for one config, one line per difference. */
    static List<String> differences(KernelConfig config, Map<String, Map<String, Integer>> gcc) {
        List<String> out = new ArrayList<>();
        for (ChunkVersion v : ChunkVersion.values()) {
            Map<String, Integer> c = gcc.get(v.label());
            if (c == null) {
                out.add(v.label() + ": the Java model has it, benchmarks/c/pcpu.h does not");
                continue;
            }
            StructLayout java = PcpuChunkLayouts.pcpuChunk(v, config);
            for (String m : MEMBERS) {
                if (java.offsetOf(m) != c.get(m)) {
                    out.add(v.label() + " " + m + ": gcc " + c.get(m) + ", Java " + java.offsetOf(m));
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(KernelConfig.class)
    void gccPutsTheMembersWhereTheJavaModelDoesForEveryLayout(KernelConfig config) throws Exception {
        assertEquals(List.of(), differences(config, gccOffsets(config)), config.describe());
    }

    /** The comparison itself: a C layout with base_addr moved, or a layout the C lacks, is reported. */
    @Test
    void theComparisonReportsAMovedMemberAndAMissingLayout() throws Exception {
        Map<String, Map<String, Integer>> gcc = gccOffsets(KernelConfig.DEFAULT);
        Map<String, Integer> moved = new HashMap<>(gcc.get("v6.5-merged"));
        moved.put("base_addr", moved.get("base_addr") - 8);
        gcc.put("v6.5-merged", moved);
        gcc.remove("v2-reorder");
        List<String> found = differences(KernelConfig.DEFAULT, gcc);
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.stream().anyMatch(d -> d.startsWith("v6.5-merged base_addr: gcc ")), found.toString());
        assertTrue(found.stream().anyMatch(d -> d.startsWith("v2-reorder: ")), found.toString());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"classic 1", "empty-pages 8"})
    void aShortRunPassesItsChecksAndWritesAtTheRateLiveGives(String setAndLive) throws Exception {
        String[] sl = setAndLive.split(" ");
        int live = Integer.parseInt(sl[1]);
        Run r = CProgram.run(dir, List.of(program.toString(), "--json", "--seconds", "0.2", "--set", sl[0], "--live", sl[1]), null);
        assertEquals(0, r.exit(), r.all());
        assertEquals(1, r.out().size(), r.all());
        assertEquals(5, r.err().size(), "a header and four sides:\n" + r.all());
        JsonObject o = JsonParser.parseString(r.out().get(0)).getAsJsonObject();
        assertEquals("ok", o.get("check").getAsString());
        assertEquals("v6.5-merged", o.get("reference").getAsString());
        assertTrue(o.get("cycles").getAsLong() >= 1, o.toString());
        JsonArray sides = o.getAsJsonArray("sides");
        List<String> names = new ArrayList<>();
        for (int s = 0; s < sides.size(); s++) {
            JsonObject side = sides.get(s).getAsJsonObject();
            names.add(side.get("side").getAsString());
            Matcher m = SIDE.matcher(r.err().get(1 + s));
            assertTrue(m.matches(), r.err().get(1 + s));
            assertEquals(side.get("allocator_steps").getAsString(), m.group(7), "the text and the JSON give the same steps");
            long steps = side.get("allocator_steps").getAsLong();
            long writes = side.get("nr_empty_pop_pages_writes").getAsLong();
            // 2 of every 2 x live steps; a hand-over (a fresh chunk) may cut a round short: at most one write more per
            // slice the allocator was in (8 a cycle per side).
            long rounds = steps / (2L * live);
            long slices = 8 * o.get("cycles").getAsLong();
            assertTrue(writes >= 2 * rounds - 2 * slices && writes <= 2 * rounds + 2 * slices,
                    side.get("side") + ": " + writes + " writes in " + steps + " steps at live " + live);
            if (live == 1) {
                assertEquals(steps, writes, "live 1: the block turns used or empty on every step");
            }
        }
        assertEquals(sl[0].equals("classic") ? List.of("v6.4-rc4", "v2-reorder", "v6.5-merged", "v6.5-merged-again")
                : List.of("save-memory", "save-memory-hole", "v6.5-merged", "v6.5-merged-again"), names);
        assertEquals(1.0, sides.get(2).getAsJsonObject().get("reader_ratio").getAsDouble(), 0.0, "the reference to itself");
    }

    @ParameterizedTest(name = "FAULT={0}")
    @ValueSource(strings = {"1 free_bytes", "3 nr_empty_pop_pages"})
    void anAllocatorThatMiscountsFailsTheHandOverCheck(String faultAndMember) throws Exception {
        String[] fm = faultAndMember.split(" ");
        Path faulty = CProgram.compile(dir, SOURCE, "pcpu-fault" + fm[0], "-DFAULT=" + fm[0]);
        Run r = CProgram.run(dir, List.of(faulty.toString(), "--seconds", "0.1"), null);
        assertEquals(1, r.exit(), r.all());
        assertEquals(List.of(), r.out(), r.all());
        assertEquals(1, r.err().size(), r.all());
        assertTrue(r.err().get(0).startsWith("pcpu: check failed: after group 1: ") && r.err().get(0).contains(fm[1]),
                r.err().get(0));
    }

    @Test
    void anAllocatorThatStopsTripsTheWatchdog() throws Exception {
        Path faulty = CProgram.compile(dir, SOURCE, "pcpu-fault2", "-DFAULT=2", "-DWATCHDOG_SECONDS=1");
        Run r = CProgram.run(dir, List.of(faulty.toString(), "--seconds", "0.1"), null);
        assertEquals(3, r.exit(), r.all());
        assertEquals(1, r.err().size(), r.all());
        String line = r.err().get(0);
        assertTrue(line.startsWith("pcpu: no slice completed for 1 s: reader in group 1, slice 0"), line);
        assertTrue(line.contains("waits for the allocator to enter the slice") && line.contains("FAULT=2"), line);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--set nope", "--live 0", "--live 1025", "--seconds 0", "--cpus 0,0", "aa", "--protocol flag",
            "--live"})
    void badArgumentsAreOneLineAndExit2(String args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(program.toString()));
        cmd.addAll(Arrays.asList(args.split(" ")));
        Run r = CProgram.run(dir, cmd, null);
        assertEquals(2, r.exit(), r.all());
        assertEquals(List.of(), r.out(), r.all());
        assertEquals(1, r.err().size(), "one line:\n" + r.all());
        assertTrue(r.err().get(0).startsWith("pcpu: "), r.err().get(0));
    }

    @Test
    void theDriverBuildsTheConfigAndNeverOverwritesWithoutAppend() throws Exception {
        Path results = dir.resolve("pcpu.jsonl");
        List<String> first = List.of("bash", CProgram.DRIVER.toString(), "--workload", "pcpu", "--config", "+stats",
                "--runs", "1", "--seconds", "0.1", "--out", results.toString(), "--set", "empty-pages");
        Run r = CProgram.run(dir, first, null);
        assertEquals(0, r.exit(), r.all());
        List<String> written = Files.readAllLines(results);
        assertEquals(1, written.size(), r.all());
        JsonObject o = JsonParser.parseString(written.get(0)).getAsJsonObject();
        assertEquals("+stats", o.get("config").getAsString(), "the driver built the program for --config");
        assertEquals("empty-pages", o.get("set").getAsString());

        Run refused = CProgram.run(dir, first, null);
        assertEquals(2, refused.exit(), refused.all());
        assertTrue(refused.err().get(0).contains("--append"), refused.all());
        assertEquals(written, Files.readAllLines(results), "the existing file is left as it was");

        Run bad = CProgram.run(dir, List.of("bash", CProgram.DRIVER.toString(), "--workload", "pcpu", "--config", "x"), null);
        assertEquals(2, bad.exit(), bad.all());
        assertEquals(1, bad.err().size(), bad.all());
    }
}
