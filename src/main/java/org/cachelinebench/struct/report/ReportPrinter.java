package org.cachelinebench.struct.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.cachelinebench.cli.TextTable;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.analysis.TransferPrediction;
import org.cachelinebench.struct.measure.Measurement;

/** Prints a {@link Report} as the tool's text output. */
public final class ReportPrinter {
    private ReportPrinter() {}

    public static String print(Report r) {
        StringBuilder out = new StringBuilder();
        Report.View o = r.original();
        out.append(String.format("/* %s from %s: %d-byte lines, %s */%n", o.name(), r.source(), r.lineSize(), o.placement()));
        for (String n : r.sourceNotes()) {
            out.append("/* note: ").append(n).append(" */\n");
        }
        out.append('\n');
        out.append(o.layout()).append('\n');
        hazards(out, "hazards", o, r.lineSize());
        predicted(out, o.predicted(), true);
        if (!r.table().isEmpty()) {
            out.append("\n/* the net_cachelines table against the struct's __cacheline_group markers */\n");
            for (String t : r.table()) {
                out.append(t).append('\n');
            }
        }
        Report.Suggestion s = r.suggestion();
        out.append("\n/* suggested layout */\n\n");
        if (!s.changed()) {
            out.append(o.hazards().isEmpty()
                    ? "/* no change: no line is written by one role and touched by another, nothing straddles */\n"
                    : "/* no change: no other order removes what is listed above (see below) */\n");
        } else {
            out.append(s.text()).append('\n');
            if (s.view() != null) {
                out.append(s.view().layout()).append('\n');
                hazards(out, "hazards of the suggested layout", s.view(), r.lineSize());
                predicted(out, s.view().predicted(), false);
                out.append(String.format("%nsize: %d -> %d bytes (%+d), alignment %d -> %d%n", o.size(), s.view().size(),
                        s.view().size() - o.size(), o.align(), s.view().align()));
                if (o.predicted() != null && s.view().predicted() != null) {
                    List<String> about = new ArrayList<>();
                    if (s.candidates() > 1) {
                        about.add("the fewest of " + s.candidates() + " candidate layouts; the smaller breaks a tie");
                    }
                    if (s.view().predicted().compareTo(o.predicted()) > 0) {
                        about.add("more than the original: its lines still move for the fields shared for real, and each"
                                + " role's accesses now span more of them");
                    }
                    out.append("predicted line moves per round: ").append(TransferPrediction.number(o.predicted().perRound()))
                            .append(" -> ").append(TransferPrediction.number(s.view().predicted().perRound()))
                            .append(about.isEmpty() ? "" : " (" + String.join("; ", about) + ")").append('\n');
                }
            }
        }
        if (!s.notes().isEmpty()) {
            out.append("\nwhat no layout separates:\n");
            for (String n : s.notes()) {
                out.append("  ").append(n).append('\n');
            }
        }
        if (s.smallest() != null) {
            smallest(out, o, s.smallest(), r.lineSize());
        }
        if (r.measurement() != null) {
            measurement(out, r.measurement(), o.predicted(), s.view() == null ? null : s.view().predicted());
        }
        return out.toString();
    }

    /** The fewest members moved, beside the full re-layout: for a reviewer who wants a minimal diff. */
    private static void smallest(StringBuilder out, Report.View o, Report.Smallest m, int lineSize) {
        int n = m.moved().size();
        out.append("\n/* smallest change: moves ").append(n).append(n == 1 ? " member (" : " members (")
                .append(String.join(", ", m.moved())).append("), size ").append(o.size()).append(" -> ")
                .append(m.view().size()).append(" bytes")
                .append(m.proven() ? "" : "; the best of the orders tried before the search's bound, not proven the fewest")
                .append(" */\n\n");
        out.append(m.text()).append('\n');
        out.append(m.view().layout()).append('\n');
        hazards(out, "hazards of the smallest change", m.view(), lineSize);
        predicted(out, m.view().predicted(), false);
        if (o.predicted() != null && m.view().predicted() != null) {
            out.append("predicted line moves per round: ").append(TransferPrediction.number(o.predicted().perRound()))
                    .append(" -> ").append(TransferPrediction.number(m.view().predicted().perRound())).append('\n');
        }
    }

    private static void hazards(StringBuilder out, String title, Report.View v, int lineSize) {
        out.append("/* ").append(title).append(": ").append(lineSize).append("-byte lines, ").append(v.placement())
                .append(" */\n");
        Hazards h = v.hazards();
        boolean several = v.starts().size() > 1;
        if (h.isEmpty() && h.notes().isEmpty() && h.trueSharing().isEmpty()) {
            out.append("none\n");
            return;
        }
        if (several) {
            bySides(out, h, v);
        }
        for (Hazards.Sharing s : several ? List.<Hazards.Sharing>of() : h.falseSharing()) {
            int start = s.starts().get(0);
            int line = Math.floorDiv(start + s.firstByte(), lineSize);
            int lo = Math.max(0, s.firstByte()), hi = Math.min(v.size(), s.firstByte() + lineSize) - 1;
            out.append("false sharing");
            if (s.starts().size() == 1) {
                out.append(", line ").append(line).append(" (bytes ").append(lo).append('-').append(Math.max(lo, hi)).append(")");
            }
            out.append(": ");
            List<String> sides = new ArrayList<>();
            for (Hazards.Side side : s.sides()) {
                List<String> parts = new ArrayList<>();
                if (!side.written().isEmpty()) {
                    parts.add("writes " + String.join(", ", side.written()));
                }
                if (!side.read().isEmpty()) {
                    parts.add("reads " + String.join(", ", side.read()));
                }
                sides.add(side.role() + " " + String.join(" and ", parts));
            }
            out.append(String.join("; ", sides));
            if (several) {
                out.append(startsText(s.starts()));
            }
            out.append('\n');
            for (Hazards.Pair p : s.pairs()) {
                boolean ww = p.kind() == Hazards.Kind.WRITE_WRITE;
                out.append("  ").append(ww ? "write-write: " : "write-read: ").append(p.first()).append(" writes ")
                        .append(String.join(", ", p.firsts())).append("; ").append(p.second()).append(ww ? " writes " : " reads ")
                        .append(String.join(", ", p.seconds())).append('\n');
            }
        }
        for (Hazards.WordSharing w : h.wordSharing()) {
            boolean ww = w.kind() == Hazards.Kind.WRITE_WRITE;
            out.append("word sharing, ").append(w.why()).append(": ").append(w.writer()).append(" writes ")
                    .append(w.written()).append("; ").append(w.other()).append(ww ? " writes " : " reads ").append(w.touched())
                    .append(": one memory location, so no line boundary helps; separate them into different words\n");
        }
        for (Hazards.Straddle d : h.straddles()) {
            String what = switch (d.what()) {
                case MEMBER -> "member " + d.name();
                case ROLE -> "the fields " + d.name() + " touches";
                case STRUCT -> d.name();
            };
            out.append("straddle: ").append(what).append(", bytes ").append(d.start()).append('-').append(d.end() - 1)
                    .append(": ").append(d.lines()).append(" lines where ")
                    .append(Math.max(1, (d.end() - d.start() + lineSize - 1) / lineSize)).append(" would do");
            if (several) {
                out.append(startsText(d.starts()));
            }
            out.append('\n');
        }
        for (Hazards.TrueSharing t : h.trueSharing()) {
            out.append("true sharing: ").append(t.field()).append(" written by ").append(String.join(", ", t.writers()))
                    .append(t.readers().isEmpty() ? "" : ", read by " + String.join(", ", t.readers()))
                    .append(": its line moves between them in any layout\n");
        }
        for (String n : h.notes()) {
            out.append("note: ").append(n).append('\n');
        }
    }

    /** "predicted line moves per operation (MODEL): producer 1.00, consumer 1.00; 2.00 per round; of them ...". */
    private static void predicted(StringBuilder out, TransferPrediction p, boolean withModel) {
        if (p == null) {
            return;
        }
        List<String> about = new ArrayList<>();
        if (withModel) {
            about.add(p.model());
        }
        if (p.starts() > 1) {
            about.add("mean over the " + p.starts() + " starts");
        }
        out.append("predicted line moves per operation").append(about.isEmpty() ? "" : " (" + String.join("; ", about) + ")")
                .append(": ").append(p.describe()).append('\n');
    }

    /**
     * False sharing over several starts, each distinct pair (kind and roles) once: the fields it involves at
     * any start, and the starts at which it occurs. The JSON keeps each start's lines.
     */
    private static void bySides(StringBuilder out, Hazards h, Report.View v) {
        record Key(Hazards.Kind kind, String first, String second) {}
        Map<Key, java.util.LinkedHashSet<String>> firsts = new java.util.LinkedHashMap<>(), seconds = new java.util.LinkedHashMap<>();
        Map<Key, java.util.TreeSet<Integer>> starts = new java.util.LinkedHashMap<>();
        for (Hazards.Sharing s : h.falseSharing()) {
            for (Hazards.Pair p : s.pairs()) {
                Key k = new Key(p.kind(), p.first(), p.second());
                firsts.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).addAll(p.firsts());
                seconds.computeIfAbsent(k, x -> new java.util.LinkedHashSet<>()).addAll(p.seconds());
                starts.computeIfAbsent(k, x -> new java.util.TreeSet<>()).addAll(s.starts());
            }
        }
        List<Key> keys = new ArrayList<>(starts.keySet());
        keys.sort(java.util.Comparator.comparing(Key::kind));
        for (Key k : keys) {
            boolean ww = k.kind() == Hazards.Kind.WRITE_WRITE;
            List<Integer> at = new ArrayList<>(starts.get(k));
            out.append("false sharing, ").append(k.first()).append('/').append(k.second()).append(ww ? " write-write" : " write-read")
                    .append(": at ").append(at.size()).append(" of ").append(v.starts().size()).append(" starts; ")
                    .append(k.first()).append(" writes ").append(String.join(", ", inOrder(v, firsts.get(k)))).append("; ")
                    .append(k.second()).append(ww ? " writes " : " reads ").append(String.join(", ", inOrder(v, seconds.get(k))))
                    .append(startsText(at)).append('\n');
        }
    }

    /** Field names in layout order. */
    private static List<String> inOrder(Report.View v, java.util.Collection<String> paths) {
        List<String> out = new ArrayList<>(paths);
        out.sort(java.util.Comparator.comparingInt((String p) -> v.fields().field(p) == null ? 0 : v.fields().field(p).start()));
        return out;
    }

    private static String startsText(List<Integer> starts) {
        List<String> s = new ArrayList<>();
        for (int x : starts) {
            s.add(Integer.toString(x));
        }
        return " (at start" + (starts.size() == 1 ? " " : "s ") + String.join(", ", s) + ")";
    }

    private static void measurement(StringBuilder out, Measurement m, TransferPrediction before, TransferPrediction after) {
        out.append(String.format("%n/* measured: original and suggested layouts off-heap, byte-exact, %d paired round%s"
                + " with an A/A control (original against itself) */%n", m.rounds(), m.rounds() == 1 ? "" : "s"));
        boolean predicted = before != null && after != null;
        TextTable table = predicted
                ? new TextTable("role", "threads", "throughput suggested/original", "A/A: original again",
                        "ns per pass (orig -> sugg)", "predicted line moves/op (orig -> sugg)").alignRight(1)
                : new TextTable("role", "threads", "throughput suggested/original", "A/A: original again",
                        "ns per pass (orig -> sugg)").alignRight(1);
        for (Measurement.RoleResult r : m.roles()) {
            List<String> row = new ArrayList<>(List.of(r.role(), Integer.toString(r.threads()),
                    ratio(r.ratio(), r.low(), r.high()) + String.format(Locale.ROOT, " median %.2f", r.median()),
                    ratio(r.aa(), r.aaLow(), r.aaHigh()),
                    String.format(Locale.ROOT, "%.1f -> %.1f", r.originalNanos(), r.suggestedNanos())));
            if (predicted) {
                double b = before.perOperation().get(r.role()), a = after.perOperation().get(r.role());
                double ub = before.upgrades().get(r.role()), ua = after.upgrades().get(r.role());
                boolean upgradesDecide = Math.abs(b - a) < TransferPrediction.SAME && Math.abs(ub - ua) >= TransferPrediction.SAME;
                row.add(TransferPrediction.number(b) + " -> " + TransferPrediction.number(a) + ", "
                        + (upgradesDecide ? "as many, but " + direction(ub, ua, " upgrades") : direction(b, a))
                        + (ub + ua < TransferPrediction.SAME ? "" : "; upgrades " + TransferPrediction.number(ub) + " -> "
                        + TransferPrediction.number(ua)));
            }
            table.add(row.toArray(String[]::new));
        }
        out.append(table);
        if (predicted) {
            out.append("predicted line moves per round: ").append(TransferPrediction.number(before.perRound())).append(" -> ")
                    .append(TransferPrediction.number(after.perRound())).append(", ")
                    .append(direction(before.perRound(), after.perRound())).append(" (").append(before.model()).append(")\n");
        }
        out.append(String.format(Locale.ROOT, "one-line floor: %.0f ns per round trip (LineFloor in the same rounds, %.0f-%.0f)%n",
                m.floorNanos(), m.floorLow(), m.floorHigh()));
        out.append(m.verdict()).append('\n');
    }

    /**
     * Which way the model puts the throughput ratio suggested/original: fewer line moves, above 1. Where a role's
     * line moves tie, its upgrades decide: a write that takes its line back from readers moves no data but waits
     * for their copies to be invalidated, a round trip all the same.
     */
    static String direction(double before, double after) {
        return direction(before, after, "");
    }

    private static String direction(double before, double after, String what) {
        if (Math.abs(before - after) < TransferPrediction.SAME) {
            return "as many" + what + ": ratio about 1";
        }
        return (after < before ? "fewer" + what + ": ratio above 1" : "more" + what + ": ratio below 1");
    }

    private static String ratio(double g, double lo, double hi) {
        if (Double.isNaN(lo)) {
            return String.format(Locale.ROOT, "%.2f (no interval)", g);
        }
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", g, lo, hi);
    }
}
