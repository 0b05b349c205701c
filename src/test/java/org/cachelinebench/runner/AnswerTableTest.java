package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.cachelinebench.claims.Answer;
import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.junit.jupiter.api.Test;

/** The default run's answer: its rows exist in its own profile, and each reading follows its rule. */
class AnswerTableTest {

    /** An entry with only what the reading uses; null bounds: too few rounds for an interval. */
    private static Summary.Entry entry(String id, Double geoMean, Double low, Double high) {
        String json = String.format(Locale.ROOT, "{\"format\": 2, \"comparisons\": [{\"id\": \"%s\"%s%s%s}]}", id,
                geoMean == null ? "" : ", \"geoMean\": " + geoMean, low == null ? "" : ", \"low\": " + low,
                high == null ? "" : ", \"high\": " + high);
        return Summary.fromJson(json).comparisons().get(0);
    }

    private static final Summary.Entry AA = entry("aa", 1.001, 0.998, 1.004);

    @Test
    void everyRowAndItsControlIsAComparisonOfTheDefaultProfileAndEveryRowIsInterleaved() {
        Set<String> ids = Suite.COMPARISONS.stream().filter(c -> Answer.PROFILE.sets().contains(c.set()))
                .map(Claim::id).collect(Collectors.toSet());
        for (Answer.Row row : Answer.ROWS) {
            assertTrue(ids.contains(row.claim()), row.claim() + " is not in profile " + Answer.PROFILE.name());
            assertTrue(ids.contains(row.control()), row.control() + " is not in profile " + Answer.PROFILE.name());
            Claim c = Suite.COMPARISONS.stream().filter(x -> x.id().equals(row.claim())).findFirst().orElseThrow();
            assertTrue(c.interleaved(), row.claim() + ": only interleaved sides keep the machine's drift out");
            Claim aa = Suite.COMPARISONS.stream().filter(x -> x.id().equals(row.control())).findFirst().orElseThrow();
            assertEquals(c.set(), aa.set(), row.label() + ": its A/A control must run in the same fork");
            assertEquals(aa.reference() + "-again", aa.subject(), row.control() + ": an A/A is a side against itself");
        }
    }

    @Test
    void theDefaultRunFitsFiveMinutes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Paired.run(new String[] {"--profile", Answer.PROFILE.name(), "--dry-run"}, o -> null,
                System::currentTimeMillis, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertEquals(0, code);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("profile default: 12 rounds x 6 forks = 72 forks"), text);
        assertTrue(Answer.PROFILE.budgetSeconds() <= 300);
        assertTrue(Answer.PROFILE.rounds() % 2 == 0, "an even number of rounds: a linear drift cancels in pairs");
    }

    @Test
    void slowerAndFasterNeedTheIntervalBeyondOneAndBeyondTheAA() {
        assertEquals("slower", AnswerTable.reading(entry("x", 2.2, 2.1, 2.3), AA));
        assertEquals("faster", AnswerTable.reading(entry("x", 0.6, 0.55, 0.65), AA));
        // Above 1 but inside the A/A's own interval: not "slower".
        assertEquals("no difference", AnswerTable.reading(entry("x", 1.002, 1.001, 1.003), AA));
    }

    @Test
    void noDifferenceOnlyWithinTheTolerance() {
        assertEquals("no difference", AnswerTable.reading(entry("x", 1.0, 0.98, 1.02), AA));
        assertTrue(AnswerTable.reading(entry("x", 1.0, 0.9, 1.1), AA).startsWith("no verdict: the interval holds 1"));
    }

    @Test
    void aStrayAAMakesTheRowNoVerdictAndSaysWhy() {
        Summary.Entry stray = entry("aa", 1.040, 1.029, 1.052);
        assertEquals("no verdict: A/A 1.040, outside 1 ± 0.03", AnswerTable.reading(entry("x", 1.209, 1.1, 1.3),
                stray));
        assertEquals("slower", AnswerTable.reading(entry("x", 1.209, 1.1, 1.3), entry("aa", 1.029, 1.0, 1.05)));
    }

    @Test
    void missingPiecesAreNamed() {
        assertEquals("not measured", AnswerTable.reading(null, AA));
        assertEquals("not measured", AnswerTable.reading(entry("x", null, null, null), AA));
        assertEquals("no verdict: its A/A was not measured", AnswerTable.reading(entry("x", 2.0, 1.9, 2.1), null));
        assertEquals("no verdict: too few rounds for an interval", AnswerTable.reading(entry("x", 2.0, null, null),
                AA));
    }
}
