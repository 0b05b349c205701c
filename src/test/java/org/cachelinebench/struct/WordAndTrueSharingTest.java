package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.TransferPrediction;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * Fields that share a word (bit-fields of one run, members of a union) used by different roles are a hazard
 * no line boundary removes; a member several roles write gets a line of its own only where that predicts
 * fewer transfers, and otherwise nothing is suggested.
 */
class WordAndTrueSharingTest {
    @TempDir
    Path dir;

    Report analyse(String header, String roles) throws Exception {
        Path h = dir.resolve("s.h"), r = dir.resolve("s.roles");
        Files.writeString(h, header, StandardCharsets.UTF_8);
        Files.writeString(r, roles, StandardCharsets.UTF_8);
        return StructTool.analyse(StructOptions.parse(new String[] {h.toString(), "--roles", r.toString()}));
    }

    @Test
    void bitFieldsOfOneWordWrittenByTwoRolesAreAHazardAndTheSuggestionSeparatesThem() throws Exception {
        Report r = analyse("struct t7 { unsigned a:4; unsigned b:4; long other; };\n", "A writes a\nB writes b\n");
        assertEquals(List.of(new Hazards.WordSharing(Hazards.Kind.WRITE_WRITE, "A", "a", "B", "b", "bit-fields of one word")),
                r.original().hazards().wordSharing());
        assertFalse(r.original().hazards().isEmpty());
        assertTrue(ReportPrinter.print(r).contains("word sharing, bit-fields of one word: A writes a; B writes b"),
                ReportPrinter.print(r));
        assertTrue(r.suggestion().changed(), ReportPrinter.print(r));
        var fields = r.suggestion().view().fields();
        assertTrue(fields.field("a").start() / 64 != fields.field("b").start() / 64, ReportPrinter.print(r));
        assertTrue(r.suggestion().view().hazards().isEmpty(), ReportPrinter.print(r));
        assertTrue(r.suggestion().view().predicted().perRound() < r.original().predicted().perRound());
    }

    /** Bit-fields in different bytes of one run are one memory location too (C11), beside their line's sharing. */
    @Test
    void bitFieldsInDifferentBytesOfOneRunShareTheWord() throws Exception {
        Report r = analyse("struct w { unsigned a:8; unsigned b:8; long other; };\n", "A writes a\nB reads b\n");
        assertEquals(List.of(new Hazards.WordSharing(Hazards.Kind.WRITE_READ, "A", "a", "B", "b", "bit-fields of one word")),
                r.original().hazards().wordSharing());
    }

    @Test
    void unionMembersWrittenByTwoRolesAreAHazardNoOrderRemoves() throws Exception {
        Report r = analyse("struct u1 { union { long x; int y; }; long other; };\n", "A writes x\nB writes y\n");
        assertEquals(List.of(new Hazards.WordSharing(Hazards.Kind.WRITE_WRITE, "A", "x", "B", "y", "members of one union")),
                r.original().hazards().wordSharing());
        assertFalse(r.suggestion().changed());
        assertTrue(r.suggestion().notes().stream().anyMatch(n -> n.contains("separate them in that type")),
                r.suggestion().notes().toString());
    }

    /** Every write of the shared counter moves its line whatever the order: 2.00 stays 2.00, so no change. */
    @Test
    void aCounterBothRolesWriteEveryOperationGetsNoUselessSuggestion() throws Exception {
        Report r = analyse("struct t3 {long a_only; long counter; long b_only; long cold1;};\n",
                "A writes counter a_only\nB writes counter b_only\n");
        assertFalse(r.suggestion().changed(), ReportPrinter.print(r));
        String out = ReportPrinter.print(r);
        assertTrue(out.contains("counter is written by A and B: true sharing, which no layout removes\n"), out);
        assertTrue(out.contains("predicts fewer line moves per round than the original (2.00; the best 2.00)"), out);
        assertFalse(out.contains("size: 32 -> "), out);
    }

    /** A refcount both take now and then: apart from it, each role's own field stops moving. */
    @Test
    void aRarelyWrittenRefcountIsSeparatedWithAGain() throws Exception {
        Report r = analyse("struct obj {long a_only; long refcount; long b_only; long cold1;};\n",
                "A writes a_only\nA writes refcount 1/64\nB writes b_only\nB writes refcount 1/64\n");
        assertTrue(r.suggestion().changed(), ReportPrinter.print(r));
        var f = r.suggestion().view().fields();
        assertTrue(f.field("a_only").start() / 64 != f.field("b_only").start() / 64, ReportPrinter.print(r));
        assertTrue(r.suggestion().view().predicted().perRound() < r.original().predicted().perRound() / 10,
                ReportPrinter.print(r));
    }

    /** Where writers share the counter every operation (the csd's flags), the fields beside it may stay. */
    @Test
    void aRefcountBothWriteEveryOperationWithAReaderElsewhere() throws Exception {
        Report r = analyse("struct ref { long refcount; long a_only; long b_only; long hot_read; };\n",
                "A writes refcount a_only\nB writes refcount b_only\nC reads hot_read\n");
        // C's line is apart from the writers' in the suggestion; the writers' fields cost nothing extra.
        // Turns A, B, C, MESI. One line: A's write finds B's and C's copies clean after C's read (a shared read,
        // 2 invalidations), B's takes A's modified copy, C's read B's (transfers): 3 line moves a round, 2 of them
        // transfers. C apart: A and B take the line from each other's modified copy, C's line stays put: 2 a
        // round, both transfers. Counting transfers alone (2 against 2) would see no gain here.
        assertTrue(r.suggestion().changed(), ReportPrinter.print(r));
        TransferPrediction before = r.original().predicted(), after = r.suggestion().view().predicted();
        assertEquals(3.0, before.perRound(), 1e-9, ReportPrinter.print(r));
        assertEquals(List.of(1.0, 1.0, 1.0), List.copyOf(before.perOperation().values()));
        assertEquals(List.of(0.0, 1.0, 1.0), List.copyOf(before.transfers().values()));
        assertEquals(2.0, after.perRound(), 1e-9, ReportPrinter.print(r));
        assertEquals(List.of(1.0, 1.0, 0.0), List.copyOf(after.perOperation().values()));
        assertEquals(List.of(1.0, 1.0, 0.0), List.copyOf(after.transfers().values()));
    }
}
