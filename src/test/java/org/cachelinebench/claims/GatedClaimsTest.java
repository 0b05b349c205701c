package org.cachelinebench.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * Which claims gate, with which thresholds, and that profile ci runs every one of them within its budget; the
 * README names exactly these.
 */
class GatedClaimsTest {
    static final List<String> GATED = List.of(
            "csd.line-aligned-again-vs-line-aligned",
            "chunk.v6.4-rc4-vs-v2-reorder.reader",
            "chunk.v6.4-rc4-vs-v6.5-merged.reader",
            "chunk.v6.5-merged-again-vs-v6.5-merged.reader",
            "chunk-object.unpadded-vs-padded.reader",
            "chunk-object.unpadded-vs-contended.reader",
            "chunk-object.padded-again-vs-padded.reader",
            "mailbox.straddled-vs-line-aligned",
            "mailbox.line-aligned-again-vs-line-aligned");

    private static List<Claim> gated() {
        return Suite.COMPARISONS.stream().filter(c -> c.expect().checked()).toList();
    }

    @Test
    void theGatedClaimsAndTheirThresholds() {
        assertEquals(GATED, gated().stream().map(Claim::id).toList());
        for (Claim c : gated()) {
            Expect x = c.expect();
            switch (c.id()) {
                case "csd.line-aligned-again-vs-line-aligned", "mailbox.line-aligned-again-vs-line-aligned" ->
                        assertEquals(Expect.aa(GateThresholds.INTERLEAVED_AA_TOLERANCE), x);
                case "chunk.v6.5-merged-again-vs-v6.5-merged.reader", "chunk-object.padded-again-vs-padded.reader" ->
                        assertEquals(Expect.aa(GateThresholds.FORK_AA_TOLERANCE), x);
                case "mailbox.straddled-vs-line-aligned" -> assertEquals(Expect.slower(
                        GateThresholds.MAILBOX_STRADDLE_MIN_EFFECT, GateThresholds.MAILBOX_STRADDLE_BASELINE_TOLERANCE), x);
                case "chunk.v6.4-rc4-vs-v2-reorder.reader", "chunk.v6.4-rc4-vs-v6.5-merged.reader" -> assertEquals(
                        Expect.slower(GateThresholds.PCPU_READER_MIN_EFFECT, GateThresholds.PCPU_READER_BASELINE_TOLERANCE), x);
                default -> assertEquals(Expect.slower(GateThresholds.JAVA_PADDING_MIN_EFFECT,
                        GateThresholds.JAVA_PADDING_BASELINE_TOLERANCE), x);
            }
            assertTrue(x.blindIn().isEmpty(), "no state is known to hide an effect until calibration shows one");
        }
    }

    @Test
    void everyAaControlIsItsReferenceAgainUnderAnotherId() {
        for (Claim c : gated()) {
            if (!c.expect().aaControl() || c.interleaved()) {
                continue;
            }
            Variant again = Suite.set(c.set()).variant(c.subject());
            Variant reference = Suite.set(c.set()).variant(c.reference());
            assertEquals(reference.benchmark(), again.benchmark(), c.id());
            assertEquals(reference.params(), again.params(), c.id());
            assertEquals(reference.id() + "-again", again.id());
        }
    }

    @Test
    void profileCiRunsEveryGatedClaimWithinFiveMinutes() {
        Profile ci = Suite.CI;
        for (Claim c : gated()) {
            assertTrue(ci.sets().contains(c.set()), c.id() + " must be judged by benchmarks/ci");
        }
        int forksPerRound = ci.sets().stream().mapToInt(s -> Suite.set(s).variants().size()).sum();
        assertEquals(10, forksPerRound, "csd 1, mailbox 1, chunk 4, chunk-object 4");
        double fork = ci.forkOverheadSeconds() + (ci.warmup().totalMillis() + ci.measurement().totalMillis()) / 1000.0;
        assertEquals(250, ci.rounds() * forksPerRound * fork, 1e-9, "the budget Suite's comment states");
        assertTrue(ci.rounds() * forksPerRound * fork <= ci.budgetSeconds());
        assertEquals(300, ci.budgetSeconds());
        assertTrue(Suite.CI.sets().contains(Suite.FLOOR_SET), "ci measures every round's floor");
    }

    @Test
    void theReadmeNamesExactlyTheGatedClaims() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int start = readme.indexOf("**`benchmarks/ci`**");
        int end = readme.indexOf("\n\n", start);
        String paragraph = readme.substring(start, end);
        Set<String> named = new TreeSet<>();
        Matcher m = Pattern.compile("`((?:csd|chunk|chunk-object|mailbox)\\.[a-z0-9.\\-]+)`").matcher(paragraph);
        while (m.find()) {
            named.add(m.group(1));
        }
        assertEquals(new TreeSet<>(GATED), named, paragraph);
    }

    @Test
    void anExpectationIsConsistent() {
        assertThrows(IllegalArgumentException.class, () -> Expect.aa(1.0), "a tolerance above 1");
        assertThrows(IllegalArgumentException.class, () -> new Expect(Expect.Direction.SIMILAR, true, 1.25, 0.5, Set.of()),
                "an A/A control has no baseline tolerance");
        assertThrows(IllegalArgumentException.class, () -> Expect.slower(1.1, -0.1));
        Expect aa = Expect.aa(1.25);
        assertTrue(aa.holds(0.8) && aa.holds(1.25) && !aa.holds(0.79) && !aa.holds(1.26));
        assertEquals("in 0.800..1.250", aa.rule());
        assertEquals("≥ 1.100", Expect.slower().rule());
        assertEquals("≤ 0.909", Expect.faster().rule());
        assertEquals("", Expect.info(Expect.Direction.SLOWER).rule());
        assertFalse(aa.directional());
        Expect tried = Expect.slower(1.1, 0.7).withThresholds(1.3, 0.4);
        assertEquals(1.3, tried.atLeast());
        assertEquals(0.4, tried.baselineTolerance());
        assertEquals(Double.NaN, aa.withThresholds(Double.NaN, 0.4).baselineTolerance(), "A/A: never against a baseline");
        assertEquals(Set.of(MachineState.NEAR), Expect.slower().blindIn(MachineState.NEAR).blindIn());
    }
}
