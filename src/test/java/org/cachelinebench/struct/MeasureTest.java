package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.runner.fork.ForkResult;
import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.struct.analysis.AccessSpec;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.measure.StructAccessBenchmark;
import org.cachelinebench.struct.measure.StructMeasure;
import org.cachelinebench.struct.report.Report;

/**
 * {@code --measure}'s plumbing with fake forks (no JMH): which variants run with which specs, how the
 * per-role ratios, the A/A and the floor are formed, and the exit status. Plumbing, never speed.
 */
class MeasureTest {
    static final Path DIR = KernelStructsTest.DIR;

    /** Scores per variant: role0 (allocator) and role1 (reader) passes per microsecond. */
    static ForkRunner fake(double[] original, double[] suggested, List<Variant> seen) {
        return new ForkRunner() {
            @Override
            public ForkResult run(Variant v, IterationSpec warmup, IterationSpec measurement) {
                seen.add(v);
                Map<String, Metric> secondaries;
                if (v.id().equals(StructMeasure.FLOOR)) {
                    assertEquals(org.cachelinebench.benchmarks.LineFloor.class.getName(), v.benchmark());
                    secondaries = Map.of("sender", Metric.ofFork("ops/us", 5.0, 5.0),
                            "receiver", Metric.ofFork("ops/us", 5.0, 5.0));
                } else {
                    double[] s = v.id().equals(StructMeasure.SUGGESTED) ? suggested : original;
                    secondaries = Map.of("role0", Metric.ofFork("ops/us", s[0], s[0]),
                            "role1", Metric.ofFork("ops/us", s[1], s[1]));
                }
                Header info = new Header(v.benchmark(), Mode.THROUGHPUT, 2, v.params(),
                        Iterations.ofMillis(warmup.count(), warmup.millis()),
                        Iterations.ofMillis(measurement.count(), measurement.millis()),
                        new Jvm("java", List.of(), "17", "vm", "1", "1.37"));
                return new ForkResult(info, Metric.ofFork("ops/us", 1, 1), secondaries, 1000, 2000);
            }
        };
    }

    record Run(int code, String out, String err) {}

    static Run measure(ForkRunner runner, String... extra) {
        List<String> args = new ArrayList<>(List.of(DIR.resolve("pcpu_chunk-v6.4-rc4.h").toString(), "--roles",
                DIR.resolve("pcpu_chunk.roles").toString(), "-D", "CONFIG_MEMCG_KMEM", "--measure", "--rounds", "3"));
        args.addAll(List.of(extra));
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = StructTool.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), runner);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void fourVariantsPerRoundWithTheSpecsOfBothLayouts(@TempDir Path dir) throws Exception {
        List<Variant> seen = new ArrayList<>();
        Path json = dir.resolve("out.json");
        Run r = measure(fake(new double[] {10, 2}, new double[] {12, 8}, seen), "--json", json.toString());
        assertEquals(0, r.code(), r.toString());
        assertEquals(12, seen.size());
        Variant original = seen.stream().filter(v -> v.id().equals(StructMeasure.ORIGINAL)).findFirst().orElseThrow();
        Variant suggested = seen.stream().filter(v -> v.id().equals(StructMeasure.SUGGESTED)).findFirst().orElseThrow();
        Variant again = seen.stream().filter(v -> v.id().equals(StructMeasure.AGAIN)).findFirst().orElseThrow();
        // v6.4-rc4: list at 0 and 8 (written on 1 of 8 steps), free_bytes at 16, chunk_md at 20..51, base_addr at
        // 56, nr_empty_pop_pages at 128 (1 of 8 steps); the suggestion moves base_addr to 64.
        assertEquals("size=136;line=64;role=allocator*1:w8@0/8,w8@8/8,w4@16,w4@20,w4@24,w4@28,w4@32,w4@36,w4@40,w4@44,"
                + "w4@48,w4@128/8;role=reader*1:r8@56", original.params().get("spec"));
        assertEquals(original.params(), again.params());
        for (Variant v : seen) {
            // One thread per role instance (allocator*1, reader*1); the floor runs with its own.
            assertEquals(v.id().equals(StructMeasure.FLOOR) ? Variant.OWN_THREADS : 2, v.threads(), v.describe());
        }
        // The suggestion keeps 128 bytes: nr_empty_pop_pages in the hole after chunk_md, base_addr alone at 64.
        assertEquals("size=128;line=64;role=allocator*1:w8@0/8,w8@8/8,w4@16,w4@20,w4@24,w4@28,w4@32,w4@36,w4@40,w4@44,"
                + "w4@48,w4@52/8;role=reader*1:r8@64", suggested.params().get("spec"));
        // Beside each role's measured ratio, the model's transfers per operation: the reader's line moves every
        // operation in v6.4-rc4 and never in the suggestion; the allocator only takes it back by upgrades, which
        // then decide its direction.
        assertTrue(r.out().contains("\nallocator        1  1.20 (1.20-1.20) median 1.20   1.00 (1.00-1.00)     100.0 -> 83.3"
                + "               0.00 -> 0.00, as many, but fewer upgrades: ratio above 1; upgrades 1.00 -> 0.00\n"), r.out());
        assertTrue(r.out().contains("\nreader           1  4.00 (4.00-4.00) median 4.00   1.00 (1.00-1.00)     500.0 -> 125.0"
                + "              1.00 -> 0.00, fewer: ratio above 1\n"), r.out());
        assertTrue(r.out().contains("\npredicted line moves per round: 1.00 -> 0.00, fewer: ratio above 1 (MESI, 64-byte lines,"), r.out());
        assertTrue(r.out().contains("one-line floor: 200 ns per round trip"), r.out());
        assertTrue(r.out().contains("verdict: better"), r.out());
        com.google.gson.JsonObject m = com.google.gson.JsonParser.parseString(Files.readString(json)).getAsJsonObject()
                .getAsJsonObject("measurement");
        assertEquals(200.0, m.get("floorNsPerRoundTrip").getAsDouble(), 1e-9);
        assertEquals(4.0, m.getAsJsonArray("roles").get(1).getAsJsonObject().get("throughputRatio").getAsDouble(), 1e-9);
        assertEquals("verdict: better (some role's median gain is at least 1.10x)", m.get("verdict").getAsString());
    }

    @Test
    void aSuggestionNoFasterExitsOne() {
        Run r = measure(fake(new double[] {10, 2}, new double[] {10.2, 2.1}, new ArrayList<>()));
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.out().contains("verdict: not better"), r.out());
    }

    @Test
    void tooFewRoundsGiveNoVerdict() {
        Run r = measure(fake(new double[] {10, 2}, new double[] {10, 2}, new ArrayList<>()), "--rounds", "2");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("verdict: none (2 rounds; a verdict needs at least 3)"), r.out());
    }

    @Test
    void specsRoundTripAndRejectWhatTheBenchmarkCannotRun() {
        String s = "size=192;line=128;role=a*2:r8@0,w4@12;role=b*1:w8@64";
        AccessSpec spec = AccessSpec.parse(s);
        assertEquals(s, spec.encode());
        assertEquals(3, spec.threads());
        assertEquals(192, spec.bytes());
        // Each refused in one line naming the problem.
        Map<String, String> bad = new java.util.LinkedHashMap<>();
        bad.put("size=1", "expected size=N;line=N;role=NAME*THREADS:ACCESSES..., not 'size=1'");
        bad.put("size=8;line=100;role=a*1:r8@0", "line: cache line size 100 is not a power of two in 16..4096");
        bad.put("size=8;line=64;role=a*0:r8@0", "role a: threads 0 is not 1.." + Roles.MAX_THREADS);
        bad.put("size=8;line=64;role=a*1:r8@4", "role a: 'r8@4' is not an aligned 4- or 8-byte word");
        bad.put("size=8;line=64;role=a*1:x8@0", "role a: 'x8@0' is not rW@OFFSET or wW@OFFSET");
        bad.put("size=8;line=64;role=a*1:r2@0", "role a: 'r2@0' is not an aligned 4- or 8-byte word");
        bad.put("size=8;line=64;role=a*1:r8@0/0", "role a: 'r8@0/0' must be done every N passes, N >= 1");
        bad.forEach((text, message) -> assertEquals(message, org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> StructAccessBenchmark.checkParam("spec", text)).getMessage(),
                text));
    }

    @Test
    void aFieldOverTwoLinesIsOneWordInEach() throws Exception {
        CHeader h = CHeader.parse("w.h", "struct w { char pad[60]; char across[8]; long next; };", List.of());
        Struct s = h.find(null);
        FieldIndex f = FieldIndex.of(s.layout());
        Roles roles = Roles.parse("w.roles", "r reads across\nw writes next pad\n", f, s.name());
        AccessSpec spec = AccessSpec.of(s.layout().size(), 64, roles);
        assertEquals("size=80;line=64;role=r*1:r4@60,r4@64;role=w*1:w8@72,w8@0", spec.encode());
    }

    @Test
    void aRateBecomesEveryNthPass() throws Exception {
        Report r = ClassicCasesTest.c(ClassicCasesTest.EXAMPLES.resolve("spsc.h"), ClassicCasesTest.EXAMPLES.resolve("spsc.roles"));
        AccessSpec before = AccessSpec.of(r.original().size(), 64, r.original().roles());
        assertEquals("size=48;line=64;role=producer*1:r8@8/64,r8@32,r8@40,w8@0,w8@24;"
                + "role=consumer*1:r8@0/64,r8@32,r8@40,w8@8,w8@16", before.encode());
        assertEquals(before, AccessSpec.parse(before.encode()));
        Report.View s = r.suggestion().view();
        AccessSpec after = AccessSpec.of(s.size(), 64, s.roles());
        assertEquals(after, AccessSpec.parse(after.encode()));
        assertTrue(after.encode().contains("r8@0/64"), after.encode());
        StructAccessBenchmark.checkParam("spec", "size=8;line=64;role=r*1:r8@0/1");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> StructAccessBenchmark.checkParam("spec", "size=8;line=64;role=r*1:r8@0/0"));
    }
}
