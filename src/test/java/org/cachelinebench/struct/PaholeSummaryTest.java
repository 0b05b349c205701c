package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.testing.Gcc;

/**
 * The tool's printout of each corpus struct against real pahole's of the same header compiled with
 * {@code gcc -g -c}: the holes (bit holes in bits, byte holes in bytes, "last struct has N bytes of
 * padding") and the summary lines (size, sum members, sum bitfield members, padding, paddings,
 * bit_padding, forced alignments, last cacheline) are pahole's, line for line and in order. Not
 * compared: pahole's reconstruction comments ("Force alignment to the next boundary", "Bitfield combined
 * with ..."), and the "member types with ..." line of pahole 1.26 on. Without pahole this skips, except in CI.
 */
class PaholeSummaryTest {
    @TempDir
    java.nio.file.Path dir;

    private static final Pattern COMPARED = Pattern.compile(
            "^\\s*/\\* (XXX .*|(size|sum members|sum bitfield members|padding|paddings|bit_padding|forced alignments|last cacheline): .*)\\*/$");

    static List<String> compared(String printout) {
        List<String> out = new ArrayList<>();
        for (String line : printout.split("\n")) {
            if (COMPARED.matcher(line).matches()) {
                out.add(line.strip());
            }
        }
        return out;
    }

    /**
     * Where the tool and pahole differ, and why: gcc marks a member whose type carries an alignment
     * attribute (a typedef's, a struct's, or one a struct takes from an aligned member) as aligned in
     * DWARF, and pahole counts it as a forced alignment; the tool counts the members that carry the
     * attribute themselves. pahole prints no summary for a union.
     */
    static final Map<String, String> KNOWN = Map.of(
            "struct holders", "forced alignments", "struct nested_aligned", "forced alignments",
            "struct typed_union", "forced alignments", "struct holds_packed", "forced alignments");

    @Test
    void holesAndSummaryLinesArePaholes() throws Exception {
        PaholeTest.requirePahole();
        String prelude = java.nio.file.Files.readString(StructCorpusGccTest.CORPUS.resolve("prelude.h"));
        Map<String, String> differ = new TreeMap<>();
        int compared = 0;
        for (StructCorpusGccTest.Variant v : StructCorpusGccTest.variants()) {
            List<Struct> all = CHeader.read(v.file(), v.name(), v.defines()).all();
            StringBuilder uses = new StringBuilder();
            for (int i = 0; i < all.size(); i++) {
                uses.append(all.get(i).name()).append(" __use_").append(i).append(";\n");
            }
            List<String> flags = new ArrayList<>();
            v.defines().forEach(d -> flags.add("-D" + d));
            java.nio.file.Path c = dir.resolve("summary" + compared + ".c"), o = dir.resolve("summary" + compared + ".o");
            java.nio.file.Files.writeString(c, prelude + StructCorpusGccTest.gccText(v.file()) + uses);
            List<String> command = new ArrayList<>(List.of(Gcc.require(), "-std=gnu11", "-g", "-c", "-w"));
            command.addAll(flags);
            command.addAll(List.of("-o", o.toString(), c.toString()));
            Gcc.run(command, dir);
            for (Struct s : all) {
                if (s.decl().tag() == null) {
                    continue;                                   // pahole -C finds a struct by its tag
                }
                String theirs = Gcc.run(List.of(PaholeCommand.onPath(), "-C", s.decl().tag(), o.toString()), dir);   // not -E: nested types by name
                String ours = Pahole.format(s.layout(), 64);
                List<String> a = compared(theirs), b = compared(ours);
                if (s.layout().isUnion()) {
                    b.removeIf(l -> l.startsWith("/* size:") || l.startsWith("/* last cacheline:"));
                }
                String what = v.name() + " " + s.name();
                if (KNOWN.containsKey(s.name())) {
                    String kind = KNOWN.get(s.name());
                    if (!a.equals(b)) {
                        differ.put(s.name(), kind);
                    }
                    a.removeIf(l -> l.startsWith("/* " + kind));
                    b.removeIf(l -> l.startsWith("/* " + kind));
                }
                assertEquals(a, b, what + ": pahole's\n" + theirs + "\nthe tool's\n" + ours);
                compared++;
            }
        }
        assertEquals(KNOWN, differ, "the known differences changed");
        assertTrue(compared >= 35, "only " + compared + " structs compared");
    }
}
