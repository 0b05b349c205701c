package org.cachelinebench.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The READMEs' marked figures agree with the committed run files, and the checker catches a figure that does not:
 * the errors it was built to catch, in fixtures trimmed from the runs they were found in, drift in synthetic
 * folders, and a figure whose folder is gone.
 */
class FiguresTest {
    static final Path ROOT = Path.of("").toAbsolutePath();
    /** Trimmed copies of the runs the checker's known errors were found in: only the files and fields they read. */
    static final Path RUNS = ROOT.resolve("src/test/resources/runs/figures");
    static final Path JUDGMENT = RUNS.resolve("judgment");
    static final Path CALIBRATION = RUNS.resolve("calibration");
    static final Path FULL = RUNS.resolve("full");

    @TempDir
    Path tmp;

    /** What {@code benchmarks/figures --check} checks; run {@code benchmarks/figures} to rewrite them. */
    @Test
    void everyMarkedFigureOfTheReadmesAgreesWithTheRunFiles() throws IOException {
        List<Path> readmes = Figures.readmes(ROOT);
        assertTrue(readmes.containsAll(List.of(ROOT.resolve("README.md"), ROOT.resolve("results/README.md"),
                ROOT.resolve("results/reverts/README.md"))), readmes.toString());
        assertTrue(readmes.stream().anyMatch(f -> f.startsWith(ROOT.resolve("results/baseline"))
                && ROOT.resolve("results").relativize(f).getNameCount() > 2), "a README two folders down: " + readmes);
        List<String> mismatches = Figures.mismatches(readmes, ROOT);
        assertEquals(List.of(), mismatches, "run benchmarks/figures to rewrite them from the run files");
    }

    /**
     * A figure whose folder is gone and one whose number differs, in a tree laid out as the repository's: each is one
     * line naming the file, the line and the marker, in README.md, a results README at any depth and docs/*.md.
     */
    @Test
    void aFigureWhoseFolderIsGoneOrWhoseNumberDiffersIsOneLine() throws IOException {
        Path runs = Files.createDirectories(tmp.resolve("results/kept/runs"));
        Files.writeString(Files.createDirectories(runs.resolve("r1")).resolve("exit.txt"), "exit 1\n");
        Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(tmp.resolve("README.md"), "Exit <!--fig distinct exit results/kept/runs/r1-->1<!--/fig-->.\n");
        Files.writeString(tmp.resolve("results/kept/runs/README.md"), "# runs\n\nExit <!--fig distinct exit r1-->1<!--/fig-->.\n");
        Files.writeString(tmp.resolve("docs/guide.md"), String.join("\n", "# guide", "",
                "Caught: <!--fig distinct exit ../results/gone/r1-->1<!--/fig-->;",
                "runs: <!--fig count exit ../results/kept/runs/r1-->2<!--/fig-->.", ""));
        assertEquals(List.of(tmp.resolve("README.md"), tmp.resolve("docs/guide.md"),
                tmp.resolve("results/kept/runs/README.md")), Figures.readmes(tmp));

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        assertEquals(1, Figures.run(new String[] {"--check"}, tmp, ps, ps));
        assertEquals(String.join("\n",
                "docs/guide.md:3: fig distinct exit ../results/gone/r1: no run folder ../results/gone/r1 in docs",
                "docs/guide.md:4: fig count exit ../results/kept/runs/r1: the text says '2', the files give '1'",
                "figures: 2 figure(s) differ from the run files (benchmarks/figures rewrites them)", ""),
                out.toString(StandardCharsets.UTF_8));

        // Writing fixes the number, cannot fix the folder: that line again, and exit 1.
        out.reset();
        assertEquals(1, Figures.run(new String[0], tmp, ps, ps));
        assertEquals(String.join("\n", "written: docs/guide.md",
                "docs/guide.md:3: fig distinct exit ../results/gone/r1: no run folder ../results/gone/r1 in docs",
                "figures: 1 figure(s) the run files cannot give (retarget or remove their markers)", ""),
                out.toString(StandardCharsets.UTF_8));
        assertTrue(Files.readString(tmp.resolve("docs/guide.md")).contains("<!--fig distinct exit ../results/gone/r1-->1"
                + "<!--/fig-->;\nruns: <!--fig count exit ../results/kept/runs/r1-->1<!--/fig-->."));
    }

    private static List<Markers.Mismatch> check(String markdown, Path dir) {
        List<Markers.Mismatch> out = new ArrayList<>();
        Markers.regenerate(markdown, dir, out);
        return out;
    }

    private static void caught(String markdown, Path dir, String expected) {
        List<Markers.Mismatch> m = check(markdown, dir);
        assertEquals(1, m.size(), markdown + ": " + m);
        assertEquals(expected, m.get(0).expected(), markdown);
    }

    /** The errors the checker was built for, in (trimmed copies of) the runs they were found in, as their text stood. */
    @Test
    void theKnownErrorsAreCaught() {
        // "j7 ... every figure within the ranges of j1-j6": its v2-reorder readers, its allocator, C's flag straddle.
        caught("<!--fig max pcpu-v2 j1..j7-->3.482<!--/fig-->", JUDGMENT, "3.559");
        caught("<!--fig min pcpu-v65-allocator j1..j7-->3.498<!--/fig-->", JUDGMENT, "3.459");
        caught("<!--fig min c-flag-straddled j1..j7-->1.54<!--/fig-->", JUDGMENT, "1.52");
        // A figure copied wrong into a table: j4's C flag A/A runs.
        caught("<!--fig value c-flag-aa j4-->1.000 1.000 0.999<!--/fig-->", JUDGMENT, "1.001 1.000 0.999");
        // j4-j6 labelled commit 1f30ef4; their metadata says 9d70d81.
        caught("<!--fig distinct commit j1..j6-->1f30ef4<!--/fig-->", JUDGMENT, "1f30ef4, 9d70d81");
        // "half-way in log space" beside 1.5: the rule gives 1.79 for the readers.
        caught("<!--fig halfway pcpu-aa pcpu-v65+pcpu-v2 c1..c6-->1.5<!--/fig-->", CALIBRATION, "1.79");
        // "34 of 36" C A/A runs within 1.000 +- 0.001: 31 are.
        caught("<!--fig within:0.001 c-kernel-aa+c-flag-aa c1..c6-->34 of 36<!--/fig-->", CALIBRATION, "31 of 36");
        // The README's headline readers' interval, typed in: the low end 2.655 is 2.65 at two decimals.
        caught("<!--fig value interval:chunk.v6.4-rc4-vs-v6.5-merged.reader:%.2f .-->3.07 (2.66–3.55)<!--/fig-->", FULL,
                "3.07 (2.65–3.55)");
        // Its A/A row: every control's geometric mean, the object mailbox's 0.990 the lowest.
        caught("<!--fig range aa-geo .-->0.999–1.002<!--/fig-->", FULL, "0.990–1.002");
    }

    /** The docs and the results index are checked too; a marker shown as an example, in a code fence or a code span, is left alone. */
    @Test
    void docsAreCheckedAndExamplesInCodeAreNot() throws IOException {
        List<Path> readmes = Figures.readmes(ROOT);
        assertTrue(readmes.contains(ROOT.resolve("results/README.md"))
                && readmes.stream().anyMatch(f -> f.getParent().equals(ROOT.resolve("docs"))), readmes.toString());
        String wrong = "<!--fig max pcpu-v2 j1..j7-->3.482<!--/fig-->";
        assertEquals(List.of(), check("~~~\n" + wrong + "\n```text\n~~~\n`" + wrong + "` in prose\n", JUDGMENT));
        caught("~~~\n```\n~~~\n" + wrong + "\n", JUDGMENT, "3.559");
    }

    /** A synthetic run folder: a summary.json with one comparison and the round states, and an exit.txt. */
    private Path run(String name, double median, String... states) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(name));
        StringBuilder rounds = new StringBuilder();
        for (int i = 0; i < states.length; i++) {
            rounds.append(i == 0 ? "" : ",").append("{\"round\":").append(i + 1).append(",\"floorNanos\":")
                    .append(states[i].equals("far") ? 300 : 80 + i).append(",\"state\":\"").append(states[i]).append("\"}");
        }
        Files.writeString(d.resolve("summary.json"), "{\"started\":\"2026-12-01T10:0" + name.charAt(name.length() - 1)
                + ":00Z\",\"rounds\":" + states.length + ",\"comparisons\":[{\"id\":\"chunk.v6.4-rc4-vs-v2-reorder.reader\","
                + "\"median\":" + median + "}],\"roundStates\":[" + rounds + "]}");
        Files.writeString(d.resolve("exit.txt"), "exit 0\n");
        return d;
    }

    @Test
    void aTableAndItsProseAreWrittenFromTheFilesAndDriftIsNamed() throws IOException {
        run("r1", 3.1234, "near", "near", "far");
        run("r2", 2.9, "near", "near", "near");
        run("r3", 3.5, "far", "near", "near");
        String table = String.join("\n", "<!-- figures: table r1..r3 | run, started, states, floor, pcpu-v2, exit -->",
                "| run | started (UTC) | states (csd floor) | median floor ns | pcpu v6.4-rc4/v2 | exit |",
                "|---|---|---|---:|---:|---|",
                "| r1 | 10:01:00 | far 1/near 2 | 81 | 3.123 | 0 |",
                "| r2 | 10:02:00 | near 3 | 81 | 2.900 | 0 |",
                "| r3 | 10:03:00 | far 1/near 2 | 82 | 3.500 | 0 |",
                "<!-- figures: end -->",
                "The readers: <!--fig range pcpu-v2 r*-->2.900–3.500<!--/fig-->, exits <!--fig distinct exit r1..r3-->0<!--/fig-->.");
        assertEquals(List.of(), check(table, tmp));

        List<Markers.Mismatch> drift = check(table.replace("| 2.900 |", "| 2.950 |").replace("2.900–3.500", "2.95–3.50"),
                tmp);
        assertEquals(2, drift.size(), drift.toString());
        assertEquals("README.md:5: table r1..r3 | run, started, states, floor, pcpu-v2, exit: the text says "
                + "'| r2 | 10:02:00 | near 3 | 81 | 2.950 | 0 |', the files give '| r2 | 10:02:00 | near 3 | 81 | 2.900 | 0 |'",
                drift.get(0).describe("README.md"));
        assertEquals("README.md:8: fig range pcpu-v2 r*: the text says '2.95–3.50', the files give '2.900–3.500'",
                drift.get(1).describe("README.md"));

        // A new run folder: the table grows by one row when rewritten, nothing else changes.
        run("r4", 3.0, "near");
        String grown = Markers.regenerate(table.replace("r1..r3 |", "r1..r4 |"), tmp, new ArrayList<>());
        assertTrue(grown.contains("| r4 | 10:04:00 | near 1 | 80 | 3.000 | 0 |\n<!-- figures: end -->"), grown);
        assertTrue(grown.endsWith("The readers: <!--fig range pcpu-v2 r*-->2.900–3.500<!--/fig-->, exits "
                + "<!--fig distinct exit r1..r3-->0<!--/fig-->."), grown);
    }

    @Test
    void theCommandWritesChecksAndPrintsATable() throws IOException {
        run("r1", 3.0, "near");
        run("r2", 2.0, "far");
        Path readme = tmp.resolve("README.md");
        Files.writeString(readme, "# runs\n\nMedians <!--fig range pcpu-v2 r1..r2-->?<!--/fig-->.\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        assertEquals(1, Figures.run(new String[] {"--check", "README.md"}, tmp, ps, ps));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("README.md:3: fig range pcpu-v2 r1..r2: the text "
                + "says '?', the files give '2.000–3.000'\n"), out.toString(StandardCharsets.UTF_8));
        assertEquals(0, Figures.run(new String[] {"README.md"}, tmp, ps, ps));
        assertEquals("# runs\n\nMedians <!--fig range pcpu-v2 r1..r2-->2.000–3.000<!--/fig-->.\n", Files.readString(readme));
        assertEquals(0, Figures.run(new String[] {"--check", "README.md"}, tmp, ps, ps));

        out.reset();
        assertEquals(0, Figures.run(new String[] {"table", "--columns", "run,pcpu-v2=readers", "r*"}, tmp, ps, ps));
        assertEquals(String.join("\n", "<!-- figures: table r* | run,pcpu-v2=readers -->", "| run | readers |",
                "|---|---:|", "| r1 | 3.000 |", "| r2 | 2.000 |", "<!-- figures: end -->", ""),
                out.toString(StandardCharsets.UTF_8));

        out.reset();
        assertEquals(2, Figures.run(new String[] {"table", "--columns", "run,no-such", "r1"}, tmp, ps, ps));
        assertEquals("figures: no quantity 'no-such' (benchmarks/figures --list names them)\n",
                out.toString(StandardCharsets.UTF_8));
        out.reset();
        assertEquals(2, Figures.run(new String[] {"table", "--columns", "run", "r9"}, tmp, ps, ps));
        assertEquals("figures: no run folder r9 in " + tmp + "\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theNumbersNoMarkerVouchesForAreListed() {
        String text = String.join("\n", "Medians <!--fig range pcpu-v2 r1..r2-->2.0–3.0<!--/fig--> and `1.5` in code;",
                "a ratio of 1.79 and 31 of 36 runs, unmarked.", "```", "0.5 in a fence", "```",
                "<!-- figures: table r1 | run -->", "| 4.2 |", "<!-- figures: end -->", "JDK 17.0.15, none here");
        assertEquals(List.of("2: 1.79 31 of 36"), Markers.unmarked(text));
    }

    @Test
    void aNumberOfAnyJsonFileOfTheFolder() throws IOException {
        Files.writeString(tmp.resolve("m.json"), "{\"measurement\": {\"roles\": [{\"ratio\": 2.261}, {\"ratio\": 1.05}]}}");
        assertEquals("2.26", Markers.evaluate("value json:m.json:measurement.roles.0.ratio:%.2f .", tmp));
        assertEquals("1.050–2.261", Markers.evaluate("range json:m.json:measurement.roles.0.ratio+json:m.json:"
                + "measurement.roles.1.ratio .", tmp));
        assertEquals("./m.json has no number at measurement.roles.2.ratio", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> Markers.evaluate("value json:m.json:measurement.roles.2.ratio .",
                        tmp)).getMessage());
    }

    @Test
    void aFieldOfOneSideOfEveryCRun() throws IOException {
        Files.writeString(tmp.resolve("c.jsonl"), "{\"sides\": [{\"side\": \"a\", \"reader_ratio\": 2.89179}]}\n"
                + "{\"sides\": [{\"side\": \"a\", \"reader_ratio\": 3.15732}, {\"side\": \"b\", \"reader_ratio\": 1.0}]}\n");
        assertEquals("2.892, 3.157", Markers.evaluate("list c-side:c:a:reader_ratio .", tmp));
        assertEquals("2.9–3.2", Markers.evaluate("range c-side:c:a:reader_ratio:%.1f .", tmp));
        assertEquals("./c.jsonl: a run without side 'b'", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> Markers.evaluate("list c-side:c:b:reader_ratio .", tmp)).getMessage());
    }

    @Test
    void aQuotedFileMustBeTheFileItQuotes() throws IOException {
        Files.writeString(tmp.resolve("out.txt"), "a 1\nb 2\n");
        String quoted = "<!-- figures: file out.txt -->\n```text\na 1\nb 2\n```\n<!-- figures: end -->";
        assertEquals(List.of(), check(quoted, tmp));
        caught(quoted.replace("b 2", "b 3"), tmp, "b 2");
    }
}
