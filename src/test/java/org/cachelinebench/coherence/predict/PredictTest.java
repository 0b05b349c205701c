package org.cachelinebench.coherence.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Prefetch;
import org.cachelinebench.coherence.Protocol;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.cachelinebench.coherence.scenario.Shapes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** benchmarks/predict: a row per comparison, curves and charts on request, one line and exit 2 for bad input. */
class PredictTest {
    private record Run(int status, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Predict.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyComparisonOfTheSuiteHasARow() {
        Run r = run();
        assertEquals(0, r.status(), r.err());
        for (Claim c : Suite.COMPARISONS) {
            assertTrue(r.out().contains(c.id() + " "), c.id());
        }
        assertFalse(r.out().contains("not predicted"), r.out());
        String big = "scaling-execl-all-128.v6.4-rc4-vs-v6.5-merged.allocator";
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith(big + " ") && l.endsWith("--claim " + big)),
                "a point above " + Predict.TABLE_CPUS + " CPUs is named with the option that traces it");
    }

    @Test
    void theStraddleIsOneRoundTripInTheKernelsProtocolAndTheAaControlIsNothing() {
        Predictions p = new Predictions(Model.DEFAULT);
        ClaimPrediction straddle = p.of("csd.straddled-vs-line-aligned");
        assertEquals(1.0, straddle.extraRoundTrips(), 1e-9);
        assertFalse(straddle.differs().isEmpty());
        assertEquals(0.0, p.of("csd.size-aligned-vs-line-aligned").extra(), 1e-9);
        assertEquals(0.0, p.of("csd.line-aligned-again-vs-line-aligned").extra(), 1e-9);
        assertTrue(p.of("chunk.v6.4-rc4-vs-v6.5-merged.reader").extra() > 0);
        assertEquals(0.0, p.of("chunk.v6.4-rc4-vs-v2-reorder.reader").reference(), 1e-9);
    }

    /**
     * The empty-pages claims are traced at their set's occupancy: nr_empty_pop_pages in base_addr's line costs the readers
     * transfers, fewer the rarer the allocator writes it; the hole layout and the A/A cost nothing.
     */
    @Test
    void theSaveMemoryOrdersCostReadersByOccupancyAndTheHoleCostsNothing() {
        Predictions p = new Predictions(Model.DEFAULT);
        double everyStep = p.of("chunk-empty-pages-live1.save-memory-vs-v6.5-merged.reader").extra();
        double rare = p.of("chunk-empty-pages-live512.save-memory-vs-v6.5-merged.reader").extra();
        assertTrue(everyStep > 0, "live=1: " + everyStep);
        assertTrue(rare < everyStep, "live=512 " + rare + " vs live=1 " + everyStep);
        assertEquals(0.0, p.of("chunk-empty-pages-live1.save-memory-hole-vs-v6.5-merged.reader").extra(), 1e-9);
        assertEquals(0.0, p.of("chunk-empty-pages-live8.v6.5-merged-again-vs-v6.5-merged.reader").extra(), 1e-9);
    }

    @Test
    void javaObjectsAreTracedAtTheirJolLayouts() {
        Predictions p = new Predictions(Model.DEFAULT);
        assertEquals(1.0, p.of("object-mailbox.straddled-vs-one-line").extra(), 1e-9);
        assertEquals(0.0, p.of("object-mailbox.padded-vs-one-line").extra(), 1e-9);
        assertEquals(0.0, p.of("object-mailbox.contended-vs-one-line").extra(), 1e-9);
        assertTrue(p.of("chunk-object.unpadded-vs-padded.reader").subject() > 0);
        assertEquals(0.0, p.of("chunk-object.unpadded-vs-contended.reader").reference(), 1e-9);
    }

    /**
     * Every reader beside the allocator misses once per allocator turn in v6.4-rc4, never apart. Under MESI only the
     * first takes the dirty line from the allocator (the read writes it back; the others read a clean copy), so the
     * transfers do not grow with the readers; under MOESI the owner supplies every reader: linear in readers.
     */
    @Test
    void thePcpuReadersCurveGrowsWithTheReadersUnderMoesiOnly() {
        double two = Shapes.PCPU_READERS.transfers("v6.4-rc4", 2, Model.DEFAULT);
        double five = Shapes.PCPU_READERS.transfers("v6.4-rc4", 5, Model.DEFAULT);
        assertTrue(two > 0);
        assertEquals(two, five, 1e-9);
        Model moesi = new Model(Protocol.MOESI, Prefetch.NONE, Schedule.BURST, Model.DEFAULT.lineSize());
        double moesiTwo = Shapes.PCPU_READERS.transfers("v6.4-rc4", 2, moesi);
        assertEquals(4 * moesiTwo, Shapes.PCPU_READERS.transfers("v6.4-rc4", 5, moesi), 0.25 * moesiTwo);
        assertEquals(0.0, Shapes.PCPU_READERS.transfers("v6.5-merged", 5, Model.DEFAULT), 1e-9);
    }

    @Test
    void aCurveAndItsChartCoverTheRequestedCpus(@TempDir Path dir) {
        Run r = run("--claim", "csd.straddled-vs-line-aligned", "--cpus", "2,4,...,8", "--curve", "pcpu-readers",
                "--chart", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("# curve pcpu-readers"), r.out());
        for (String n : new String[] {"2", "4", "6", "8"}) {
            assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith(n + " ")), n + " in " + r.out());
        }
        assertTrue(Files.isRegularFile(dir.resolve("predicted-pcpu-readers.png")));
    }

    /**
     * {@code --out}: a folder of result files whose numbers are the traced curve's, a README that says what made
     * them; a second run into the same folder is refused (one line, exit 2, the files untouched) unless
     * {@code --overwrite}.
     */
    @Test
    void aCurveFolderHoldsTheTracedNumbersAndIsNeverOverwrittenUnasked(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("predicted");
        String[] args = {"--claim", "csd.straddled-vs-line-aligned", "--cpus", "2,4", "--curve", "pcpu-readers",
                "--out", out.toString(), "--chart", out.toString()};
        Run r = run(args);
        assertEquals(0, r.status(), r.err());
        for (String f : new String[] {"README.md", "predicted-pcpu-readers.md", "predicted-pcpu-readers.json",
                "predicted-pcpu-readers.png"}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        double four = Shapes.PCPU_READERS.transfers("v6.4-rc4", 4, Model.DEFAULT);
        com.google.gson.JsonObject json = com.google.gson.JsonParser.parseString(
                Files.readString(out.resolve("predicted-pcpu-readers.json"))).getAsJsonObject();
        com.google.gson.JsonObject first = json.getAsJsonArray("series").get(0).getAsJsonObject();
        assertEquals("v6.4-rc4", first.get("name").getAsString());
        assertEquals(four, first.getAsJsonObject("transfers").get("4").getAsDouble(), 1e-12);
        assertTrue(Files.readString(out.resolve("predicted-pcpu-readers.md"))
                .contains("| 4 | " + Predict.number(four) + " |"));
        String readme = Files.readString(out.resolve("README.md"));
        assertTrue(readme.contains("Computed, not measured"), readme);
        assertTrue(readme.contains("`" + Predict.command(args) + "`"), readme);

        String before = Files.readString(out.resolve("README.md"));
        Run again = run(args);
        assertEquals(2, again.status());
        assertEquals(1, again.err().lines().count(), again.err());
        assertTrue(again.err().contains("exists (--overwrite replaces it)"), again.err());
        assertEquals(before, Files.readString(out.resolve("README.md")));
        String[] overwrite = java.util.Arrays.copyOf(args, args.length + 1);
        overwrite[args.length] = "--overwrite";
        assertEquals(0, run(overwrite).status());
    }

    @Test
    void aStructWithRolesGetsEachRolesTransfers() {
        Run r = run("--struct", "v6.4-rc4", "--roles", "allocator rmw free_bytes; reader reads base_addr", "--per", "reader");
        assertEquals(0, r.status(), r.err());
        assertEquals("1.00", r.out().trim());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--claim|nope|no such comparison",
            "--cpus|2,x|not a CPU count",
            "--cpus|4,2|must increase",
            "--curve|wat|unknown curve",
            "--schedule|sometimes|not burst, round-robin or random:SEED",
            "--coherence|mosi|mosi",
            "--roles|reader reads base_addr|go together",
            "--out|x|--out needs --cpus"})
    void badInputIsOneLineAndExit2(String option, String value, String message) {
        Run r = run(option, value);
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(message), r.err());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "reader reads base_adr|unknown field 'base_adr'",
            "reader reads base_addr 1/0|not a fraction",
            "reader reads base_addr half|not a fraction",
            "reader reads base_addr; reader*x reads free_bytes|CPUs of role reader"})
    void badRolesAreOneLineAndExit2(String roles, String message) {
        Run r = run("--struct", "v6.4-rc4", "--roles", roles);
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(message), r.err());
    }

    @Test
    void anUnknownRoleOrStructIsOneLineAndExit2() {
        Run role = run("--struct", "v6.4-rc4", "--roles", "reader reads base_addr", "--per", "writer");
        assertEquals(2, role.status());
        assertTrue(role.err().contains("unknown role 'writer'"), role.err());
        Run struct = run("--struct", "v9", "--roles", "reader reads base_addr");
        assertEquals(2, struct.status());
        assertTrue(struct.err().contains("unknown struct 'v9'"), struct.err());
    }
}
