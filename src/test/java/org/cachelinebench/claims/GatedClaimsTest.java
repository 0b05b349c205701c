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
 * Which claims gate, that each directional one has its A/A control, and that profile ci runs every one of them within
 * its budget; the README names exactly these.
 */
class GatedClaimsTest {
    static final List<String> GATED = List.of(
            "csd.line-aligned-again-vs-line-aligned",
            "mailbox.straddled-vs-line-aligned",
            "mailbox.line-aligned-again-vs-line-aligned",
            "chunk-interleaved.v6.4-rc4-vs-v2-reorder.reader",
            "chunk-interleaved.v6.4-rc4-vs-v6.5-merged.reader",
            "chunk-interleaved.v2-reorder-vs-v6.5-merged.reader",
            "chunk-interleaved.v6.5-merged-again-vs-v6.5-merged.reader",
            "chunk-object-interleaved.unpadded-vs-padded.reader",
            "chunk-object-interleaved.unpadded-vs-contended.reader",
            "chunk-object-interleaved.padded-again-vs-padded.reader");

    private static List<Claim> gated() {
        return Suite.COMPARISONS.stream().filter(c -> c.expect().checked()).toList();
    }

    @Test
    void everyDirectionalClaimHasTheAaControlOfItsSetAndMetricInTheSameProfile() {
        assertEquals(GATED, gated().stream().map(Claim::id).toList());
        for (Claim c : gated()) {
            if (!c.expect().directional() && !c.expect().peer()) {
                continue;
            }
            List<Claim> aa = gated().stream().filter(a -> a.expect().aaControl() && a.set().equals(c.set())
                    && a.metric().equals(c.metric())).toList();
            assertEquals(1, aa.size(), c.id() + " is judged against exactly one A/A control");
            Claim a = aa.get(0);
            assertEquals(a.reference() + "-again", a.subject(), "the A/A is a variant against itself, what a revert"
                    + " makes of " + c.id());
            if (!c.interleaved()) {
                Variant subject = Suite.set(c.set()).variant(c.subject());
                Variant reference = Suite.set(c.set()).variant(c.reference());
                assertEquals(subject.benchmark(), reference.benchmark(), c.id() + ": both sides of one benchmark");
            }
        }
    }

    @Test
    void theGateHasOneNumberItsConfidenceAndItIsACandidate() {
        assertTrue(GateRule.CANDIDATES.contains(GateRule.CONFIDENCE));
        assertEquals(GateRule.CANDIDATES.stream().sorted().toList(), GateRule.CANDIDATES, "weakest first");
    }

    @Test
    void everyAaControlIsItsReferenceAgainUnderAnotherId() {
        // Every fork-paired A/A, gated or not: ci gates interleaved sets only, whose sides are not variants.
        List<Claim> forkPairedAa = Suite.COMPARISONS.stream()
                .filter(c -> !c.interleaved() && c.subject().equals(c.reference() + "-again")).toList();
        assertFalse(forkPairedAa.isEmpty());
        for (Claim c : forkPairedAa) {
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
        assertEquals(4, forksPerRound, "csd 1, mailbox 1, chunk-interleaved 1, chunk-object-interleaved 1");
        double fork = ci.forkOverheadSeconds() + (ci.warmup().totalMillis() + ci.measurement().totalMillis()) / 1000.0;
        assertEquals(200, ci.rounds() * forksPerRound * fork, 1e-9, "the budget Suite's comment states");
        assertTrue(ci.rounds() * forksPerRound * fork <= ci.budgetSeconds());
        assertEquals(300, ci.budgetSeconds());
        assertTrue(Suite.CI.sets().contains(Suite.FLOOR_SET), "ci measures every round's floor");
    }

    @Test
    void theGateGuideNamesExactlyTheGatedClaims() throws Exception {
        String readme = Files.readString(Path.of("docs/ci-gate.md"));
        int start = readme.indexOf("**`benchmarks/ci`**");
        int end = readme.indexOf("\n\n", start);
        String paragraph = readme.substring(start, end);
        Set<String> named = new TreeSet<>();
        Matcher m = Pattern.compile("`((?:csd|chunk|chunk-interleaved|chunk-object|chunk-object-interleaved|mailbox)\\.[a-z0-9.\\-]+)`").matcher(paragraph);
        while (m.find()) {
            named.add(m.group(1));
        }
        assertEquals(new TreeSet<>(GATED), named, paragraph);
    }

    @Test
    void anExpectationSaysWhetherItGatesAndHow() {
        assertTrue(Expect.slower().directional() && Expect.faster().directional());
        assertTrue(Expect.aa().aaControl() && !Expect.aa().directional());
        assertFalse(Expect.info(Expect.Direction.SLOWER).directional() || Expect.info(Expect.Direction.SIMILAR).aaControl());
        assertEquals(1, Expect.slower().sign());
        assertEquals(-1, Expect.faster().sign());
        assertEquals(0, Expect.aa().sign());
        assertEquals("vs A/A", Expect.slower().rule());
        assertEquals("A/A", Expect.aa().rule());
        assertEquals("peer vs A/A", Expect.same().rule());
        assertEquals("", Expect.info(Expect.Direction.SLOWER).rule());
        assertThrows(IllegalArgumentException.class, () -> new Expect(null, true));
    }
}
