package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Expect;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.runner.fork.Pinning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's command line end to end, with fake forks. */
class PairedTest {
    @TempDir
    Path root;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private FakeForks fake = healthy();

    /** The machine's slow drift every healthy fake shares. */
    static final DoubleUnaryOperator DRIFT = t -> 1 + 0.5 * Math.sin(t / 40);

    static FakeForks healthy() {
        return scores(new FakeForks(DRIFT, 2000));
    }

    /** Every variant's and side's healthy score: the fixes hold, the A/A controls equal their references. */
    static FakeForks scores(FakeForks fake) {
        return fake
                .score("straddled", 100).score("size-aligned", 140).score("line-aligned", 140).score("line-aligned-again", 140).score("floor", 400)
                .score("v6.4-rc4", 50).score("v2-reorder", 200).score("v6.5-merged", 200).score("v6.5-merged-again", 200)
                .score("unpadded", 60).score("padded", 180).score("contended", 180).score("padded-again", 180);
    }

    private int run(String... args) {
        return Paired.run(args, o -> fake, fake, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private void assertUsageError(String expectedLine, String... args) {
        assertEquals(2, run(args));
        assertEquals(expectedLine + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        assertUsageError("paired: unknown option --bogus (see --help)", "--bogus");
        errBytes.reset();
        assertUsageError("paired: unknown profile 'nightly' (known: ci, full, calibrate, default, scaling)", "--profile", "nightly");
        errBytes.reset();
        assertUsageError("paired: --rounds 0: not a whole number in 1..1000", "--rounds", "0");
        errBytes.reset();
        assertUsageError("paired: --rounds needs a value (see --help)", "--rounds");
        errBytes.reset();
        assertUsageError("paired: --only 'zzz' matches no comparison of profile ci (see --list)", "--only", "zzz");
        errBytes.reset();
        assertUsageError("paired: --warmup 'lots' is not COUNTxTIME, e.g. 2x500ms or 1x1s", "--warmup", "lots");
        errBytes.reset();
        assertUsageError("paired: --jvm /no/such/java: not an executable file", "--jvm", "/no/such/java");
    }

    /** The suite's claims pass the reference rule; a claim that breaks it is one line before any fork. */
    @Test
    void anInterleavedClaimAgainstAnotherSideThanItsReferenceIsRefused() {
        assertEquals(null, Paired.referenceProblem(Suite.COMPARISONS, Suite.SETS));
        Claim wrong = Claim.interleaved("csd", "interleaved", "straddled", "size-aligned", Expect.slower(), "claim");
        String problem = Paired.referenceProblem(List.of(wrong), Suite.SETS);
        assertTrue(problem.startsWith("claim csd.straddled-vs-size-aligned: an interleaved claim's reference must be"
                + " its benchmark's reference side, line-aligned"), problem);
    }

    @Test
    void dryRunPrintsBudgetAndOrderAndRunsNothing() {
        assertEquals(0, run("--dry-run", "--out", root.resolve("latest").toString()));
        String out = out();
        // The worst case: every set 20 rounds, then the floor set and one undecided set to the cap of 32.
        assertTrue(out.contains("profile ci: at most 20 rounds x 4 forks + 12 rounds x 2 forks (the floor set and one"
                + " undecided set past 20 rounds) = 104 forks (csd 1, mailbox 1, chunk-interleaved 1,"
                + " chunk-object-interleaved 1)"), out);
        assertTrue(out.contains("budget: a fork = 1.0 s start (assumed: JVM, JMH, setup) + 0.5 s warmup (1x500ms)"
                + " + 1.0 s measurement (2x500ms) = 2.5 s; 104 forks = 260 s (4.3 min) of the profile's 300 s"), out);
        assertFalse(out.contains("WARNING"), "profile ci fits its 5 minutes");
        assertTrue(out.contains("round 2:  csd: interleaved  mailbox: interleaved  chunk-interleaved: interleaved"
                + "  chunk-object-interleaved: interleaved"), out);
        assertTrue(fake.ran.isEmpty());
        assertFalse(Files.exists(root.resolve("latest")));
    }

    @Test
    void calibrationAddsAaControlsAndSequentialOrderIsAvailable() {
        assertEquals(0, run("--profile", "calibrate", "--dry-run"));
        assertTrue(out().contains("= 190 forks (csd 1, csd-forks 4, csd-aa 2, chunk 4, chunk-aa 2, chunk-interleaved 1,"
                + " chunk-object-interleaved 1, chunk-empty-pages-live1 1, chunk-empty-pages-live8 1, chunk-empty-pages-live64 1,"
                + " chunk-empty-pages-live512 1)"), out());
        assertTrue(out().contains("csd-aa: line-aligned line-aligned-again"), out());
        outBytes.reset();
        assertEquals(0, run("--profile", "calibrate", "--order", "sequential", "--only", "^csd-forks\\.straddled",
                "--rounds", "3", "--dry-run"));
        assertTrue(out().contains("note: sequential order"), out());
        assertTrue(out().contains("csd-forks: straddled x 3\ncsd-forks: line-aligned x 3\n"), out());
        errBytes.reset();
        assertUsageError("paired: --order zigzag: paired or sequential", "--order", "zigzag");
    }

    @Test
    void optionValuesFollowTheOptionOrAnEqualsSign() {
        assertEquals(0, run("--profile", "full", "--rounds", "4", "--only", "^chunk-object\\.", "--dry-run"));
        String spaced = out();
        outBytes.reset();
        assertEquals(0, run("--profile=full", "--rounds=4", "--only=^chunk-object\\.", "--dry-run"));
        assertEquals(spaced, out());
        assertTrue(spaced.contains("profile full: 4 rounds x 4 forks = 16 forks (chunk-object 4)"), spaced);
    }

    @Test
    void helpPrintsTheUsageAndRunsNothing() {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("usage: Paired [--profile ci|full|calibrate|default|scaling] [--rounds N]"), out());
        assertTrue(out().contains("--jvm-args \"FLAGS\""), out());
        assertEquals("", err());
        assertTrue(fake.ran.isEmpty());
    }

    @Test
    void theFullProfileFitsItsBudget() {
        assertEquals(0, run("--profile", "full", "--dry-run"));
        assertFalse(out().contains("WARNING"), out());
    }

    @Test
    void onlyCutsTheSetsDownToTheVariantsItNeeds() {
        assertEquals(0, run("--only", "^csd\\.straddled", "--dry-run"));
        // Interleaved: both sides run inside the set's one interleaved fork.
        assertTrue(out().contains("= 20 forks (csd 1)"), out());
        outBytes.reset();
        assertEquals(0, run("--profile", "calibrate", "--only", "^csd-forks\\.straddled", "--dry-run"));
        assertTrue(out().contains("= 20 forks (csd-forks 2)"), out());
    }

    @Test
    void profilersGoToEveryForkAndTheirRowsToRunsJsonNeverIntoARatio() throws IOException {
        List<List<String>> asked = new ArrayList<>();
        fake.profilerRows = true;
        Path latest = root.resolve("latest");
        int code = Paired.run(new String[] {"--rounds", "8", "--only", "^chunk-object-interleaved\\.", "--prof", "gc", "--prof",
                "stack:lines=3", "--out", latest.toString()}, o -> {
                    asked.add(o.profilers);
                    return fake;
                }, fake, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        assertEquals(1, code, "--only leaves the other sets' gated claims missing: " + err());
        assertEquals(List.of(List.of("gc", "stack:lines=3")), asked, "as JMH's -prof takes them, in order");
        assertTrue(out().contains("note: every fork runs with --prof gc, stack:lines=3; their rows go to runs.json,"
                + " never into a ratio"), out());
        assertFalse(out().contains("gc.alloc.rate"), "a fork's line shows the benchmark's own rows:\n" + out());
        String runs = Files.readString(latest.resolve("runs.json"));
        assertTrue(runs.contains("\"gc.alloc.rate\"") && runs.contains("\"gc.alloc.rate.norm\""), runs);
        String ratios = Files.readString(latest.resolve("ratios.json"));
        assertFalse(ratios.contains("gc."), ratios);
        // ratios.json holds the gated claims only: the readers (the allocators are informational).
        assertEquals(new TreeSet<>(List.of("pair.chunk-object-interleaved.unpadded-vs-padded.reader",
                "pair.chunk-object-interleaved.unpadded-vs-contended.reader")), benchmarks(latest.resolve("ratios.json")));

        errBytes.reset();
        fake = healthy();
        assertUsageError("paired: --prof '': NAME[:OPTS], e.g. gc (see -lprof of the jar)", "--prof", "");
    }

    @Test
    void listShowsClaims() {
        assertEquals(0, run("--list"));
        assertTrue(out().contains("csd.straddled-vs-line-aligned "), out());
        assertTrue(out().contains("> 1 (gate)"));
        assertTrue(out().contains("≈ 1 (info)"));
    }

    @Test
    void aHealthyRunWritesEveryFileAndExitsZero() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(0, run("--rounds", "8", "--out", latest.toString()), err());
        assertEquals(32, fake.ran.size());
        for (String f : List.of("runs.json", "ratios.json", "summary.json", "summary.md", "metadata.json",
                "benchmark-action.json")) {
            assertTrue(Files.isRegularFile(latest.resolve(f)), f);
        }
        assertFalse(Files.exists(latest.resolve("benchmark-action-smaller.json")), "no gated FASTER claim in ci");
        Set<String> pairs = benchmarks(latest.resolve("ratios.json"));
        assertEquals(new TreeSet<>(List.of(
                "pair.chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader",
                "pair.chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader",
                "pair.chunk-object-interleaved.unpadded-vs-padded.reader",
                "pair.chunk-object-interleaved.unpadded-vs-contended.reader",
                "pair.mailbox.straddled-vs-line-aligned")), pairs,
                "exactly the gated claims with a direction: no information, no A/A control");
        assertTrue(Summary.read(latest.resolve("summary.json")).comparisons().stream()
                .anyMatch(e -> e.id().equals("csd.size-aligned-vs-line-aligned")));
        JsonArray runs = JsonParser.parseString(Files.readString(latest.resolve("runs.json"))).getAsJsonArray();
        assertEquals(4, runs.size(), "one entry per benchmark and params: each set is one interleaved fork");
        assertEquals(8, runs.get(0).getAsJsonObject().get("forks").getAsInt());
        Summary s = Summary.read(latest.resolve("summary.json"));
        Summary.Entry straddled = s.comparisons().get(0);
        assertEquals("csd.straddled-vs-line-aligned", straddled.id());
        assertEquals(1.4, straddled.median(), 1e-9, "interleaved: the drift hits both sides, the ratio is exact");
        assertEquals(8, straddled.rounds());
        assertEquals(16, straddled.ratios().length, "2 measurement iterations a fork");
        assertEquals("INFO", straddled.status(), "the straddle is reported, not gated (see Suite)");
        Metadata m = Metadata.read(latest.resolve("metadata.json"));
        assertEquals("latest", m.role());
        assertEquals(32, m.forks());
        assertTrue(out().contains("claims hold: 10 holds"), out());
        String md = Files.readString(latest.resolve("summary.md"));
        assertTrue(md.contains("| `csd.straddled-vs-line-aligned` |"));
        // The fakes record no probe ratios: the straddles' predictions say so, and the run has its one hit line.
        assertTrue(md.lines().filter(l -> l.startsWith("| `mailbox.straddled-vs-line-aligned` |"))
                .allMatch(l -> l.contains("| no probes |  |")), md);
        assertEquals(1, md.lines().filter(l -> l.startsWith("Inside: ") && l.contains("\"no probes\"")).count(), md);
        assertTrue(out().lines().anyMatch(l -> l.startsWith("Inside: ")), out());
        // ratios.json: one "fork" per round of the state, in the claim's direction
        JsonArray ratios = JsonParser.parseString(Files.readString(latest.resolve("ratios.json"))).getAsJsonArray();
        for (JsonElement e : ratios) {
            JsonObject o = e.getAsJsonObject();
            assertEquals("thrpt", o.get("mode").getAsString(), "SLOWER claims: a bigger ratio is a bigger effect");
            assertTrue(Set.of("far", "near", "unknown").contains(o.getAsJsonObject("params").get("state").getAsString()));
        }
        int rounds = 0;
        for (JsonElement e : ratios) {
            JsonObject o = e.getAsJsonObject();
            if (o.get("benchmark").getAsString().equals("pair.chunk-object-interleaved.unpadded-vs-padded.reader")) {
                rounds += o.getAsJsonObject("primaryMetric").getAsJsonArray("rawData").size();
            }
        }
        assertEquals(8, rounds, "every round in one state entry or another");
    }

    @Test
    void aRunThatJudgedNoGatedClaimNamesEveryMissingOneAndExitsOne() {
        // --only keeps the straddle of the csd set, which informs and gates nothing: every gated claim is missing.
        assertEquals(1, run("--rounds", "8", "--only", "^csd\\.straddled", "--out", root.resolve("latest").toString()),
                err());
        assertTrue(out().contains("MISSING mailbox.straddled-vs-line-aligned: MISSING: a gated claim this run has no"
                + " rounds of"), out());
        assertTrue(out().contains("CLAIMS FAILED: 10 not measured"), out());
        outBytes.reset();
        // --only keeps a gated claim but not its A/A control: nothing to judge it against, the others missing.
        assertEquals(1, run("--rounds", "8", "--only", "^chunk-object-interleaved\\.unpadded-vs-padded\\.reader",
                "--out", root.resolve("other").toString()), err());
        assertTrue(out().contains("NO VERDICT chunk-object-interleaved.unpadded-vs-padded.reader: not judged: no A/A"
                + " control of chunk-object-interleaved"),
                out());
    }

    @Test
    void aRunStopsAddingRoundsOnceEveryGatedClaimIsDecided() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(0, run("--rounds", "12", "--out", latest.toString()), err());
        assertTrue(out().contains("every gated claim decided after 8 of 12 rounds: stopping"), out());
        assertEquals(32, fake.ran.size(), "8 rounds of 4 forks");
        assertTrue(out().contains("measured: 8 of 12 rounds, 32 forks"), out());
        assertEquals(8, Summary.read(latest.resolve("summary.json")).rounds());
        assertEquals(8, Metadata.read(latest.resolve("metadata.json")).rounds());
    }

    @Test
    void aRevertedFixFailsItsClaimWithExitOne() {
        // as if v6.5's relayout were reverted to v6.4-rc4's: both v6.5 variants now cost what v6.4-rc4 costs
        fake = healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50);
        assertEquals(1, run("--rounds", "8", "--out", root.resolve("latest").toString()));
        assertTrue(out().contains("CLAIMS FAILED: 8 holds, 2 fails"), out());
        // v6.5-merged reverted costs what v6.4-rc4 costs: its peer v2-reorder is then distinguishably faster.
        assertTrue(out().contains("FAILS chunk-interleaved.v2-reorder-vs-v6.5-merged.reader: DIFFERENT from its peer"),
                out());
        assertTrue(out().contains("FAILS chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader: SAME as its A/A control"), out());
    }

    @Test
    void aFailingForkWritesNothingAndExitsTwo() {
        fake.failOn = "contended";
        assertEquals(2, run("--profile", "full", "--rounds", "4", "--only", "^chunk-object\\.", "--out",
                root.resolve("latest").toString()));
        assertTrue(err().startsWith("paired: fork failed: round 1, chunk-object/contended"), err());
        assertTrue(err().trim().endsWith("nothing written"), err());
        assertEquals(1, err().split("\\R").length);
        assertFalse(Files.exists(root.resolve("latest")));
    }

    /** The run with the work tree's changed paths {@code tree} (null: git cannot tell). */
    private int runOnTree(List<String> tree, String... args) {
        return Paired.run(args, o -> fake, fake, new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), () -> tree);
    }

    @Test
    void theBaselineGoesIntoItsMachinesFolderAndIsReplacedOnlyWhenAsked() throws IOException {
        Path latest = root.resolve("latest");
        Path other = Files.createDirectories(root.resolve("baseline").resolve("another-machine"));
        Files.writeString(other.resolve("metadata.json"), "{\"role\": \"baseline\"}");
        assertEquals(0, run("--rounds", "8", "--out", latest.toString(), "--update-baseline"), err());
        Metadata m = Metadata.read(latest.resolve("metadata.json"));
        Path baseline = root.resolve("baseline").resolve(m.fingerprint().directoryName());
        assertTrue(out().contains("baseline written: " + baseline + System.lineSeparator()), out());
        assertEquals("baseline", Metadata.read(baseline.resolve("metadata.json")).role());
        assertEquals("latest", m.role());
        assertEquals(Files.readString(latest.resolve("ratios.json")), Files.readString(baseline.resolve("ratios.json")));
        assertEquals("{\"role\": \"baseline\"}", Files.readString(other.resolve("metadata.json")), "another machine's, untouched");
        String readme = Files.readString(baseline.resolve("README.md"));
        for (String fact : List.of("# Baseline " + m.fingerprint().directoryName(), "- machine: " + m.cpuModel(),
                "- date: " + m.date(), "- command: `", "- commit: " + m.machine().gitCommit(),
                "sets: csd, mailbox, chunk-interleaved, chunk-object-interleaved")) {
            assertTrue(readme.contains(fact), fact + " in " + readme);
        }

        outBytes.reset();
        assertEquals(2, run("--out", baseline.toString()));
        assertEquals("paired: " + baseline + " holds the baseline; give --update-baseline to replace it (left unchanged)"
                + System.lineSeparator(), err());
        assertFalse(out().contains("round"), "refused before anything ran: " + out());

        errBytes.reset();
        assertEquals(0, run("--rounds", "8", "--out", latest.toString(), "--update-baseline"), err());
        assertTrue(out().contains("baseline replaced: " + baseline + System.lineSeparator()), out());
    }

    @Test
    void aBaselineOfAWorkTreeThatIsNotCleanIsRefusedInOneLineBeforeAnythingRuns() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(2, runOnTree(List.of("M src/main/java/A.java", "?? notes.txt", "M pom.xml", "M README.md"),
                "--rounds", "8", "--out", latest.toString(), "--update-baseline"));
        assertEquals("paired: --update-baseline refused: the work tree is not clean (M src/main/java/A.java, ?? notes.txt,"
                + " M pom.xml and 1 more); commit or stash first, a baseline names the commit it measured (nothing run,"
                + " nothing written)" + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
        assertFalse(Files.exists(root.resolve("baseline")));
        assertFalse(Files.exists(latest));

        errBytes.reset();
        assertEquals(2, runOnTree(null, "--rounds", "8", "--out", latest.toString(), "--update-baseline"));
        assertTrue(err().startsWith("paired: --update-baseline refused: cannot tell whether the work tree is clean"), err());
        assertEquals(1, err().lines().count());
        assertTrue(fake.ran.isEmpty());

        errBytes.reset();
        assertEquals(0, runOnTree(List.of("M README.md"), "--rounds", "8", "--out", latest.toString()), err());
        assertEquals("", err(), "a run without --update-baseline may measure a patch");
    }

    @Test
    void aBaselineOfARunWhoseClaimFailedIsRefusedAndTheOldOneStays() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(0, run("--rounds", "8", "--out", latest.toString(), "--update-baseline"), err());
        Path baseline = root.resolve("baseline").resolve(Metadata.read(latest.resolve("metadata.json")).fingerprint()
                .directoryName());
        String before = Files.readString(baseline.resolve("summary.json"));

        fake = healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50); // the pcpu fix reverted
        outBytes.reset();
        assertEquals(2, run("--rounds", "8", "--out", latest.toString(), "--update-baseline"));
        assertEquals("paired: --update-baseline refused: 2 claim(s) failed in this run"
                + " (chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader, chunk-interleaved.v2-reorder-vs-v6.5-merged.reader);"
                + " a baseline must come from a run whose claims"
                + " hold, " + root.resolve("baseline") + " left unchanged" + System.lineSeparator(), err());
        assertTrue(out().contains("FAILS chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader"), out());
        assertFalse(out().contains("baseline written"), out());
        assertEquals(before, Files.readString(baseline.resolve("summary.json")), "nothing half-written");
        assertEquals("FAILS", Summary.read(latest.resolve("summary.json")).comparisons().stream()
                .filter(e -> e.id().equals("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader")).findFirst()
                .orElseThrow().status(), "the run itself is kept in --out");
    }

    @Test
    void aRootHoldingOneBaselineDirectlyIsRefusedUntilItIsMoved() throws IOException {
        Path baseline = Files.createDirectories(root.resolve("baseline"));
        Files.writeString(baseline.resolve("summary.json"), "{}");
        assertEquals(2, run("--rounds", "8", "--out", root.resolve("latest").toString(), "--update-baseline"));
        assertEquals("paired: --update-baseline refused: " + baseline + " holds one baseline directly (the layout"
                + " before per-machine folders); move it into " + baseline + "/<its fingerprint>/ with git mv first"
                + " (docs/ci-gate.md; nothing run)" + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
    }

    @Test
    void aBaselineOfProfileCiHoldsTheInterleavedPcpuSetsTheBaselineStepCompares() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(0, run("--rounds", "8", "--out", latest.toString(), "--update-baseline"), err());
        assertFalse(out().contains("note: this baseline lacks"), out());
        SavedRun run = SavedRun.read(latest);
        Path dir = Baselines.find(root.resolve("baseline"), run.metadata().fingerprint()).match();
        BaselineGate.Result r = BaselineGate.compare(SavedRun.read(dir), run, org.cachelinebench.claims.GateRule.CONFIDENCE);
        assertTrue(r.used(), r.why());
        for (String id : List.of("chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader",
                "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader", "chunk-object-interleaved.unpadded-vs-padded.reader",
                "chunk-object-interleaved.unpadded-vs-contended.reader")) {
            BaselineGate.Comparison c = r.comparisons().stream().filter(x -> x.claim().equals(id)).findFirst()
                    .orElseThrow(() -> new AssertionError(id + " not among " + r.comparisons()));
            assertEquals(BaselineGate.Outcome.HOLDS, c.outcome(), c.line());
        }

        outBytes.reset();
        assertTrue(run("--rounds", "8", "--only", "^csd\\.", "--out", latest.toString(), "--update-baseline") != 2, err());
        assertTrue(out().contains("note: this baseline lacks "), "a baseline cut by --only says what it lacks: " + out());
    }

    @Test
    void aRequiredBaselineThatIsMissingStopsTheRunInOneLine() {
        assertEquals(2, run("--out", root.resolve("latest").toString(), "--require-baseline"));
        assertEquals("paired: no baseline (" + root.resolve("baseline") + " holds no machine's baseline folder); "
                + "create one on this machine class with --update-baseline, e.g. benchmarks/ci --update-baseline"
                + System.lineSeparator(), err());
        assertTrue(fake.ran.isEmpty());
        errBytes.reset();
        assertUsageError("paired: unknown option --bogus (see --help)", "--require-baseline", "--bogus");
        errBytes.reset();
        assertEquals(3, run("--out", root.resolve("latest").toString(), "--require-baseline", "--update-baseline",
                "--rounds", "2"), "two rounds decide nothing at 99 %: no verdict, never a silent 0");
        assertTrue(out().contains("NO VERDICT: 10 too few rounds"), out());
    }

    @Test
    void everyRatioStandsBesideTheFloorAndStateOfItsRound() throws IOException {
        // The floor costs 1e9 / (5e6 x drift) = 200 / drift ns: near while the drift is above 1, far below.
        fake = healthy().score("floor", 5e6);
        Path latest = root.resolve("latest");
        // Profile full: a fork-paired set (chunk-object) beside csd's interleaved fork, and a gated mailbox claim.
        assertEquals(1, run("--profile", "full", "--rounds", "8", "--only", "^(csd|mailbox|chunk-object)\\.", "--out",
                latest.toString()), "the interleaved pcpu sets' gated claims are missing: " + err());
        Summary s = Summary.read(latest.resolve("summary.json"));
        assertEquals("csd", s.floorSet());
        assertEquals(8, s.roundStates().size());
        double split = org.cachelinebench.claims.MachineState.split(
                s.roundStates().stream().map(Summary.RoundState::floorNanos).toList());
        assertEquals(Double.isNaN(split) ? null : split, s.splitNanos(), "the split of the run's own floors");
        int near = 0;
        for (Summary.RoundState r : s.roundStates()) {
            assertEquals(Double.isNaN(split) ? null : r.floorNanos() < split ? "near" : "far", r.state(), r.toString());
            near += "near".equals(r.state()) ? 1 : 0;
        }
        String mix = Double.isNaN(split) ? "one state 8" : near == 0 ? "far 8" : near == 8 ? "near 8"
                : "far " + (8 - near) + "/near " + near;

        Summary.Entry reader = s.comparisons().stream()
                .filter(e -> e.id().equals("chunk-object.unpadded-vs-padded.reader")).findFirst().orElseThrow();
        assertEquals(mix, reader.states());
        assertEquals(8, reader.byRound().size());
        for (Summary.Round r : reader.byRound()) {
            Summary.RoundState state = s.roundStates().get(r.round() - 1);
            assertEquals(state.floorNanos(), r.floorNanos(), "a fork claim's round has its csd fork's floor");
            assertEquals(state.state(), r.state());
        }
        assertEquals(s.roundStates(), Metadata.read(latest.resolve("metadata.json")).roundStates());
        assertTrue(out().contains("machine states (floor of csd's interleaved fork; "), out());
        String header = out().lines().filter(l -> l.startsWith("comparison ")).findFirst().orElseThrow();
        assertTrue(header.matches(".*  floor ns +states"), header);
        assertTrue(out().lines().anyMatch(l -> l.startsWith("chunk-object.unpadded-vs-padded.reader ") && l.endsWith(mix)),
                out());
        assertTrue(Files.readString(latest.resolve("summary.md")).contains("| " + mix + " |"));

        // ratios.json splits a claim by state: each state's rounds compare only with the same state's
        JsonArray ratios = JsonParser.parseString(Files.readString(latest.resolve("ratios.json"))).getAsJsonArray();
        int rounds = 0;
        Set<String> states = new TreeSet<>();
        for (JsonElement e : ratios) {
            JsonObject o = e.getAsJsonObject();
            if (o.get("benchmark").getAsString().equals("pair.mailbox.straddled-vs-line-aligned")) {
                states.add(o.getAsJsonObject("params").get("state").getAsString());
                rounds += o.getAsJsonObject("primaryMetric").getAsJsonArray("rawData").size();
            }
        }
        assertEquals(Double.isNaN(split) ? Set.of("unknown") : near == 0 ? Set.of("far") : near == 8 ? Set.of("near")
                : Set.of("far", "near"), states);
        assertEquals(8, rounds);
    }

    @Test
    void withoutTheCsdSetNoFloorIsMeasuredAndClaimsAreJudgedWithoutStates() throws IOException {
        Path latest = root.resolve("latest");
        assertEquals(1, run("--rounds", "8", "--only", "^chunk-object-interleaved\\.", "--out", latest.toString()),
                "the other sets' gated claims are missing: " + err());
        assertTrue(out().contains("machine states: no floor measured (no interleaved csd set in this run): claims "
                + "judged without states"), out());
        Summary s = Summary.read(latest.resolve("summary.json"));
        assertEquals(null, s.floorSet());
        assertTrue(s.roundStates().isEmpty());
        for (Summary.Entry e : s.comparisons()) {
            assertEquals("no floor measured", e.states(), e.id());
            assertEquals(null, e.floorNanos(), e.id());
        }
        assertEquals("HOLDS", s.comparisons().get(0).status());
        assertTrue(Files.readString(latest.resolve("ratios.json")).contains("\"state\": \"unknown\""));
        assertEquals(null, Metadata.read(latest.resolve("metadata.json")).floorSet());
    }

    @Test
    void metadataRecordsTheMachineItsFingerprintAndWhereTheThreadsRan() throws IOException {
        Path latest = root.resolve("latest");
        Files.createDirectories(latest);
        Files.writeString(latest.resolve("benchmark-action-smaller.json"), "[]");
        assertEquals(3, run("--rounds", "2", "--out", latest.toString(), "--update-baseline"), err());
        Metadata m = Metadata.read(latest.resolve("metadata.json"));
        assertEquals(m.machine().cpuModel(), m.fingerprint().cpuModel());
        assertEquals(m.machine().l3(), m.fingerprint().l3());
        assertEquals(m.machine().hypervisor().guest(), m.fingerprint().hypervisor());
        assertEquals(m.cacheLineSize(), m.fingerprint().cacheLineSize());
        assertEquals("17.0.15", m.fingerprint().jdkVersion(), "the forks' JDK, not the runner's");
        assertEquals(m.jdkVendor(), m.fingerprint().jdkVendor());
        assertTrue(m.machine().gitCommit().matches("[0-9a-f]{40}|unknown"), m.machine().gitCommit());
        Pinning csd = m.pinning().get(0);
        assertEquals(List.of("csd", "interleaved", "off", "pin=off: threads not pinned"),
                List.of(csd.set(), csd.variant(), csd.pin(), csd.plan()));
        assertEquals(null, csd.chosen());
        assertTrue(m.pinning().stream().anyMatch(p -> p.set().equals("chunk-object-interleaved")
                && p.plan().equals("no pin param: threads not pinned")), m.pinning().toString());
        assertEquals(4, m.pinning().size(), "every variant of the plan");
        Path baselineDir = Baselines.dirFor(root.resolve("baseline"), m.fingerprint());
        Metadata b = Metadata.read(baselineDir.resolve("metadata.json"));
        assertEquals("baseline", b.role());
        assertEquals(m.fingerprint(), b.fingerprint(), "the baseline keeps the fingerprint it was measured with");
        assertFalse(Files.exists(latest.resolve("benchmark-action-smaller.json")), "an earlier run's file is gone");
        assertTrue(Files.isRegularFile(baselineDir.resolve("benchmark-action.json")));
    }

    private static Set<String> benchmarks(Path jmhJson) throws IOException {
        Set<String> names = new TreeSet<>();
        List<JsonElement> entries = new ArrayList<>();
        JsonParser.parseString(Files.readString(jmhJson)).getAsJsonArray().forEach(entries::add);
        for (JsonElement e : entries) {
            names.add(e.getAsJsonObject().get("benchmark").getAsString());
        }
        return names;
    }
}
