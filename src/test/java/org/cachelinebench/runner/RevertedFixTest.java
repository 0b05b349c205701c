package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonParser;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved;
import org.cachelinebench.claims.ChunkSets;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.harness.MovedDuringIteration;
import org.cachelinebench.runner.fork.ForkResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The two reverts the gate exists for, with fake forks: each run exits 1 naming the comparison, for the right
 * reason. The pcpu_chunk fix reverted (v6.5-merged given v6.4-rc4's member order) fails on its ratio, with its
 * A/A control holding beside it; the Java padding removed fails on ChunkObjectInterleaved's layout check, and the
 * other forks still run. A fork-paired layout check (profile full) fails its claims, gated or not, as well.
 */
class RevertedFixTest {
    @TempDir
    Path root;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private int run(FakeForks fake, String... args) {
        PrintStream p = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        return Paired.run(args, o -> fake, fake, p, p);
    }

    private String out() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static List<String> failures(String out) {
        return out.lines().filter(l -> l.startsWith("FAILS ")).toList();
    }

    @Test
    void thePcpuFixRevertedFailsOnItsRatioWhileItsAaControlHolds() throws Exception {
        // Both v6.5-merged variants run v6.4-rc4's layout: they cost what v6.4-rc4 costs.
        FakeForks fake = PairedTest.healthy().score("v6.5-merged", 50).score("v6.5-merged-again", 50);
        Path latest = root.resolve("latest");
        assertEquals(1, run(fake, "--rounds", "8", "--out", latest.toString()), out());

        List<String> failures = failures(out());
        assertEquals(2, failures.size(), out());
        String line = failures.get(0);
        assertTrue(line.startsWith("FAILS chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader: SAME as its A/A control (what a revert"
                + " gives): effect over the A/A x"), line);
        // Its peer v2-reorder, still fixed, is now the faster by the whole effect.
        assertTrue(failures.get(1).startsWith("FAILS chunk-interleaved.v2-reorder-vs-v6.5-merged.reader: DIFFERENT from its"
                + " peer"), failures.get(1));
        assertFalse(out().contains(LayoutCheck.MARKER), "a ratio, not a layout check, caught this revert");
        assertTrue(out().contains("CLAIMS FAILED: 8 holds, 2 fails"), out());
        Summary s = Summary.read(latest.resolve("summary.json"));
        assertEquals("HOLDS", entry(s, "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader").status(), "v2-reorder is still fixed");
        assertEquals("HOLDS", entry(s, "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader").status());
    }

    @Test
    void thePaddingRemovedFailsOnTheLayoutCheckAndTheOtherForksStillRun() throws Exception {
        String check = "padded: baseAddr shares a 64-byte line with freeBytes, chunkMdScanHint in the instance at 0x7f00"
                + " (field offsets: baseAddr +56, freeBytes +20); the padding does not separate them";
        // ChunkObjectInterleaved's fork checks every side's instance before it measures: one fork, every claim.
        FakeForks fake = new FakeForks(PairedTest.DRIFT, 2000) {
            @Override
            public ForkResult run(org.cachelinebench.claims.Variant v, org.cachelinebench.claims.IterationSpec w,
                                  org.cachelinebench.claims.IterationSpec m) throws Exception {
                if (v.benchmark().startsWith(ChunkObjectInterleaved.class.getName() + ".")) {
                    // As JMH reports a fork's exception to the runner: wrapped, with the benchmark's message inside.
                    throw new RunnerException("Benchmark caught the exception", LayoutCheck.failed(check));
                }
                return super.run(v, w, m);
            }
        };
        PairedTest.scores(fake);
        Path latest = root.resolve("latest");
        assertEquals(1, run(fake, "--rounds", "8", "--out", latest.toString()), out());

        String reason = LayoutCheck.MARKER + check + " (interleaved, rounds 1, 2, 3, 4, 5, 6, 7, 8)";
        List<String> failures = failures(out());
        assertEquals(Suite.COMPARISONS.stream().filter(c -> c.set().equals(ChunkSets.CHUNK_OBJECT_INTERLEAVED_SET))
                .map(c -> "FAILS " + c.id() + ": " + reason).toList(), failures);
        assertTrue(out().contains("        = " + LayoutCheck.MARKER + check), "the fork's line says why");

        // Written all the same: the failure is the run's result, and the other sets' forks ran and hold.
        Summary s = Summary.read(latest.resolve("summary.json"));
        Summary.Entry padded = entry(s, "chunk-object-interleaved.unpadded-vs-padded.reader");
        assertEquals("FAILS", padded.status());
        assertFalse(padded.measured());
        assertEquals(reason, padded.reason());
        assertEquals("HOLDS", entry(s, "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader").status());
        assertEquals(8, s.layoutFailures().size());
        String ratios = Files.readString(latest.resolve("ratios.json"));
        assertFalse(ratios.contains("chunk-object-interleaved"), "nothing measured, nothing to compare with a baseline");
        assertTrue(ratios.contains("pair.chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader"));
        String md = Files.readString(latest.resolve("summary.md"));
        assertTrue(md.contains("- FAILS chunk-object-interleaved.unpadded-vs-padded.reader: " + reason), md);
    }

    /** Fork-paired: the Java classes one fork each (profile full), a layout check failing in some rounds of one. */
    @Test
    void aLayoutCheckFailingInSomeRoundsFailsTheClaimThoughOthersMeasuredIt() throws Exception {
        FakeForks fake = new FakeForks(t -> 1, 1000) {
            private int padded;

            @Override
            public ForkResult run(org.cachelinebench.claims.Variant v, org.cachelinebench.claims.IterationSpec w,
                                  org.cachelinebench.claims.IterationSpec m) throws Exception {
                if (v.id().equals("padded") && ++padded == 3) {
                    throw LayoutCheck.failed("padded: the measured PaddedPcpuChunk moved during the iteration");
                }
                return super.run(v, w, m);
            }
        };
        fake.score("unpadded", 60).score("padded", 180);
        // chunk-object does not gate (its interleaved set does): its layout failure is reported; the run exits 1 for
        // the gated claims --only left out.
        assertEquals(1, run(fake, "--profile", "full", "--rounds", "4", "--only", "^chunk-object\\.unpadded-vs-padded\\.reader",
                "--out", root.resolve("latest").toString()), out());
        assertTrue(out().contains("1 claim(s) that do not gate failed a layout check"), out());
        Summary.Entry e = entry(Summary.read(root.resolve("latest/summary.json")), "chunk-object.unpadded-vs-padded.reader");
        assertEquals(3, e.rounds(), "rounds 1, 2 and 4 measured it");
        assertEquals("FAILS", e.status());
        assertEquals(LayoutCheck.MARKER + "padded: the measured PaddedPcpuChunk moved during the iteration (padded, round 3)",
                e.reason());
    }

    @Test
    void whenEveryForkFailsItsLayoutCheckNothingIsWrittenAndTheRunFails() {
        FakeForks fake = PairedTest.healthy();
        fake.failWith.put("padded", LayoutCheck.failed("padded: gone"));
        fake.failWith.put("padded-again", LayoutCheck.failed("padded-again: gone"));
        assertEquals(1, run(fake, "--profile", "full", "--rounds", "3", "--only", "^chunk-object\\.padded-again",
                "--out", root.resolve("latest").toString()), "a claim that does not gate: reported; the gated ones"
                + " missing: " + out());
        assertTrue(out().contains("FAILS chunk-object.padded-again-vs-padded.reader: " + LayoutCheck.MARKER), out());
        assertTrue(out().contains("nothing written: no fork gave a result"), out());
        assertFalse(Files.exists(root.resolve("latest")));
    }

    @Test
    void aForkWhoseObjectTheCollectorMovedRunsAgainAndTheRunGoesOn() {
        FakeForks fake = PairedTest.healthy();
        fake.failWith.put("padded", new RunnerException(new MovedDuringIteration("padded: moved from 0x10 to 0x20")));
        fake.failTimes.put("padded", 1);
        assertEquals(1, run(fake, "--profile", "full", "--rounds", "3", "--only", "^chunk-object\\.padded-again",
                "--out", root.resolve("latest").toString()), "the gated claims --only left out are missing: " + out());
        assertTrue(out().contains("run again: padded: moved from 0x10 to 0x20"), out());
        assertFalse(out().replace("CLAIMS FAILED: ", "").contains("FAILED"), "no fork failed: " + out());
        assertTrue(Files.exists(root.resolve("latest/summary.json")), "every fork gave a result: " + out());
    }

    @Test
    void aForkWhoseObjectsKeepMovingFailsTheRunNamingTheMove() {
        FakeForks fake = PairedTest.healthy();
        fake.failWith.put("padded", new RunnerException(new MovedDuringIteration("padded: moved from 0x10 to 0x20")));
        assertEquals(2, run(fake, "--profile", "full", "--rounds", "3", "--only", "^chunk-object\\.padded-again",
                "--out", root.resolve("latest").toString()), out());
        assertEquals(1 + PairedSession.MOVED_RERUNS, out().split("run again: |FAILED", -1).length - 1, out());
        assertFalse(Files.exists(root.resolve("latest")));
    }

    private static Summary.Entry entry(Summary s, String id) {
        return s.comparisons().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    }
}
