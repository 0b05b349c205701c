package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.analysis.StartPlacement;
import org.cachelinebench.struct.analysis.Suggester;
import org.cachelinebench.struct.analysis.TransferPrediction;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportJson;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * The coherence model's transfers in the struct tool: reported for both layouts, in text and JSON, and choosing
 * among the suggester's candidates (fewest transfers per round, then size).
 */
class PredictedTransfersTest {
    private static final double EPS = 1e-9;

    @TempDir
    Path tmp;

    private Report analyse(String header, String roles, String... extra) throws Exception {
        Path h = tmp.resolve("s.h"), r = tmp.resolve("s.roles");
        Files.writeString(h, header);
        Files.writeString(r, roles);
        return ClassicCasesTest.c(h, r, extra);
    }

    private static Suggester.Result suggest(Report r, Path header) throws Exception {
        CHeader h = CHeader.read(header, header.toString(), List.of());
        Struct s = h.find(null);
        return Suggester.suggest(h, s, r.roles(), r.lineSize(), StartPlacement.LINE);
    }

    /**
     * The SPSC ring with cached indices: together in one line, each side's every-operation write takes the line
     * from the other (one transfer per operation each); apart, an index's line moves only when the other side
     * refreshes its copy, once every 64 operations.
     */
    @Test
    void theSpscRingsSuggestionMovesFewerLines() throws Exception {
        Report r = ClassicCasesTest.c(ClassicCasesTest.EXAMPLES.resolve("spsc.h"), ClassicCasesTest.EXAMPLES.resolve("spsc.roles"));
        TransferPrediction before = r.original().predicted(), after = ClassicCasesTest.suggested(r).predicted();
        assertEquals(1.0, before.perOperation().get("producer"), EPS);
        assertEquals(1.0, before.perOperation().get("consumer"), EPS);
        assertEquals(2.0, before.perRound(), EPS);
        assertEquals(1.0 / 64, after.perOperation().get("producer"), EPS);
        assertEquals(1.0 / 64, after.perOperation().get("consumer"), EPS);
        // Apart, the consumer's read of head takes the producer's modified copy (a transfer) and leaves both
        // copies shared, so the producer's next write is an upgrade, no miss; tail's line the same way round.
        assertEquals(1.0 / 64, after.transfers().get("producer"), EPS);
        assertEquals(1.0 / 64, after.transfers().get("consumer"), EPS);
        assertEquals(1.0 / 64, after.upgrades().get("producer"), EPS);
        assertTrue(after.perRound() < before.perRound());
        String text = ReportPrinter.print(r);
        assertTrue(text.contains("predicted line moves per operation (MESI, 64-byte lines, the roles' threads taking turns one"
                + " operation each; " + TransferPrediction.COUNTS + "): producer 1.00, consumer 1.00; 2.00 per round;"
                + " of them transfers: producer 1.00, consumer 1.00\n"), text);
        assertTrue(text.contains("predicted line moves per round: 2.00 -> 0.03\n"), text);
    }

    /**
     * A field only the writer of {@code h1} and {@code h2} reads, {@code x}, declared between them: joined to its
     * reader's line it pushes {@code h2} into a second line, which the other role then fetches every operation
     * besides {@code h1}'s; with the read-mostly {@code m} it costs nothing, and there it pushes {@code m} into
     * a line of its own instead. Both layouts are 256 bytes, so size alone keeps the joined one, made first: only the
     * prediction picks the layout that moves one line per round instead of two.
     */
    @Test
    void thePredictionChoosesWhereSizeAloneWouldNot() throws Exception {
        Report r = analyse("""
                struct pair {
                	unsigned long h1;
                	char x[56];
                	unsigned long h2;
                	unsigned long m[2];
                	unsigned long q;
                };
                """, """
                writer writes h1 h2
                writer reads x m
                reader reads h1 h2 m
                reader writes q
                """);
        Suggester.Result s = suggest(r, tmp.resolve("s.h"));
        assertEquals(2, s.candidates().size());
        Suggester.Candidate joined = s.candidates().get(0), apart = s.candidates().get(1);
        assertEquals(joined.layout().size(), apart.layout().size(), "the two candidates should tie on size");
        assertEquals(2.0, joined.predicted().perRound(), EPS, joined.layout().members().toString());
        assertEquals(1.0, apart.predicted().perRound(), EPS, apart.layout().members().toString());
        assertTrue(apart.chosen() && !joined.chosen());
        ClassicCasesTest.together(r, "h1", "h2");
        ClassicCasesTest.apart(r, "h1", "x", "q");
        assertEquals(2, r.suggestion().candidates());
        assertTrue(ReportPrinter.print(r).contains("predicted line moves per round: 3.00 -> 1.00 (the fewest of 2 candidate"
                + " layouts; the smaller breaks a tie)\n"), ReportPrinter.print(r));
    }

    /**
     * Two candidates that move the same lines: {@code x}, read by the writer of {@code a} only, costs nothing
     * in the writer's line or in the read-mostly one, but joined it pushes the group past the first line; in the
     * read-mostly line it shares {@code m}'s. The smaller, made second, wins.
     */
    @Test
    void aTieOnTransfersGoesToTheSmallerLayout() throws Exception {
        Report r = analyse("""
                struct tie {
                	unsigned int a[15];
                	unsigned long x;
                	unsigned long m;
                	unsigned long b;
                };
                """, """
                writer writes a
                writer reads x m
                other reads m a 1/4
                other writes b
                """);
        Suggester.Result s = suggest(r, tmp.resolve("s.h"));
        assertEquals(2, s.candidates().size());
        Suggester.Candidate joined = s.candidates().get(0), apart = s.candidates().get(1);
        assertEquals(0, joined.predicted().compareTo(apart.predicted()), joined + " / " + apart);
        assertTrue(joined.predicted().perRound() > 0, "a tie at zero would not show the rates count");
        assertTrue(apart.layout().size() < joined.layout().size(), joined.layout().size() + " / " + apart.layout().size());
        assertTrue(apart.chosen() && !joined.chosen());
        assertEquals(apart.layout().size(), r.suggestion().view().size());
    }

    /**
     * Where every line moves for fields shared for real (many threads of each role write the same fields), the
     * separation the hazards ask for spreads each role's accesses over more lines that move anyway: the model
     * predicts more transfers than the original, so nothing is suggested, and the output says why.
     */
    @Test
    void aLayoutPredictedToMoveMoreIsNotSuggested() throws Exception {
        Report r = analyse("struct hot { unsigned long a; unsigned long b; unsigned long e; };\n", """
                w writes a b
                w threads 4
                r writes e
                r reads a b
                r threads 4
                """);
        assertFalse(r.suggestion().changed(), ReportPrinter.print(r));
        assertFalse(r.original().hazards().falseSharing().isEmpty());
        assertTrue(ReportPrinter.print(r).contains("predicts fewer line moves per round than the original ("
                + TransferPrediction.number(r.original().predicted().perRound()) + "; the best "), ReportPrinter.print(r));
    }

    @Test
    void theJsonCarriesTheNumbers() throws Exception {
        Report r = ClassicCasesTest.c(ClassicCasesTest.EXAMPLES.resolve("spsc.h"), ClassicCasesTest.EXAMPLES.resolve("spsc.roles"));
        JsonObject o = JsonParser.parseString(ReportJson.toJson(r)).getAsJsonObject();
        JsonObject before = o.getAsJsonObject("original").getAsJsonObject("predictedLineMoves");
        JsonObject after = o.getAsJsonObject("suggestion").getAsJsonObject("layout").getAsJsonObject("predictedLineMoves");
        assertEquals(1.0, before.getAsJsonObject("perOperation").get("producer").getAsDouble(), EPS);
        assertEquals(2.0, before.get("perRound").getAsDouble(), EPS);
        assertTrue(before.get("perRound").getAsJsonPrimitive().isNumber());
        assertEquals(1.0 / 64, after.getAsJsonObject("perOperation").get("consumer").getAsDouble(), EPS);
        assertEquals(1, after.get("starts").getAsInt());
        assertEquals(TransferPrediction.COUNTS, after.get("counts").getAsString());
        assertEquals(1.0 / 64, after.getAsJsonObject("transfersPerOperation").get("producer").getAsDouble(), EPS);
        assertTrue(after.getAsJsonObject("upgradesPerOperation").has("producer"));
        assertEquals(1, o.getAsJsonObject("suggestion").get("candidates").getAsInt());
    }

    /** Every start the placement allows counts alike: two writers of one 16-byte struct share a line at every start. */
    @Test
    void severalStartsGiveTheMean() throws Exception {
        Report r = analyse("struct two { unsigned long a; unsigned long b; };\n", "x writes a\ny writes b\n",
                "--placement", "any");
        TransferPrediction p = r.original().predicted();
        assertEquals(8, p.starts());
        // At 56 bytes into a line a and b lie in different lines, at the other seven starts in one.
        assertEquals(7.0 / 8, p.perOperation().get("x"), EPS);
        assertTrue(ReportPrinter.print(r).contains("(MESI, 64-byte lines, the roles' threads taking turns one operation each;"
                + " " + TransferPrediction.COUNTS + "; mean over the 8 starts): x 0.88, y 0.88; 1.75 per round; of them transfers:"
                + " x 0.88, y 0.88\n"), ReportPrinter.print(r));
    }

    /** With {@code --line 128} the model's lines are the pairs the hazards look at. */
    @Test
    void theModelUsesTheToolsLineSize() throws Exception {
        Report r = analyse("struct two { unsigned long a; char gap[64]; unsigned long b; };\n", "x writes a\ny writes b\n",
                "--line", "128");
        assertEquals(1.0, r.original().predicted().perOperation().get("x"), EPS);
        assertTrue(r.original().predicted().model().startsWith("MESI, 128-byte lines"), r.original().predicted().model());
        Report same = analyse("struct two { unsigned long a; char gap[64]; unsigned long b; };\n", "x writes a\ny writes b\n");
        assertEquals(0.0, same.original().predicted().perOperation().get("x"), EPS);
    }

    @Test
    void aRateAboveOneCountsAsOnceAndNoRolesPredictNothing() throws Exception {
        Report twice = analyse("struct two { unsigned long a; unsigned long b; };\n", "x writes a 2\ny writes b\n");
        assertEquals(1.0, twice.original().predicted().perOperation().get("x"), EPS);
        Path h = tmp.resolve("none.h");
        Files.writeString(h, "struct two { unsigned long a; unsigned long b; };\n");
        Report none = StructTool.analyse(StructOptions.parse(new String[] {h.toString()}));
        assertEquals(null, none.original().predicted());
        assertFalse(ReportPrinter.print(none).contains("predicted"));
    }

    @Test
    void aBadRateIsStillOneLineAndExitTwo() throws Exception {
        Path h = tmp.resolve("b.h"), roles = tmp.resolve("b.roles");
        Files.writeString(h, "struct two { unsigned long a; unsigned long b; };\n");
        Files.writeString(roles, "x writes a 1/0\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = StructTool.run(new String[] {h.toString(), "--roles", roles.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), null);
        assertEquals(2, code);
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, e.lines().count(), e);
        assertTrue(e.startsWith(roles + ":1:"), e);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertNotNull(e);
    }
}
