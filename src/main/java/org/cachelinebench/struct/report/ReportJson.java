package org.cachelinebench.struct.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.cachelinebench.results.AtomicFiles;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.analysis.TransferPrediction;
import org.cachelinebench.struct.measure.Measurement;

/** Writes a {@link Report} as JSON, for machines; the file is replaced whole or not at all. */
public final class ReportJson {
    private ReportJson() {}

    public static void write(Report r, Path out) throws IOException {
        AtomicFiles.write(out, AtomicFiles.Content.of(toJson(r) + "\n"));
    }

    public static String toJson(Report r) {
        JsonObject o = new JsonObject();
        o.addProperty("source", r.source());
        o.addProperty("language", r.language());
        o.addProperty("lineSize", r.lineSize());
        o.add("sourceNotes", strings(r.sourceNotes()));
        JsonArray roles = new JsonArray();
        for (Roles.Role role : r.roles().roles()) {
            JsonObject j = new JsonObject();
            j.addProperty("name", role.name());
            j.addProperty("threads", role.threads());
            JsonArray reads = new JsonArray(), writes = new JsonArray();
            JsonObject rates = new JsonObject();
            for (Roles.Access a : role.accesses().values()) {
                (a.write() ? writes : reads).add(a.field().path());
                if (!a.rate().equals(Roles.Rate.ONCE)) {
                    rates.addProperty(a.field().path(), a.rate().toString());
                }
            }
            j.add("reads", reads);
            j.add("writes", writes);
            j.add("rates", rates);
            roles.add(j);
        }
        o.add("roles", roles);
        o.add("original", view(r.original()));
        JsonObject s = new JsonObject();
        s.addProperty("changed", r.suggestion().changed());
        s.addProperty("text", r.suggestion().text());
        if (r.suggestion().view() != null) {
            s.add("layout", view(r.suggestion().view()));
        }
        s.add("notes", strings(r.suggestion().notes()));
        s.addProperty("candidates", r.suggestion().candidates());
        Report.Smallest least = r.suggestion().smallest();
        if (least != null) {
            JsonObject m = new JsonObject();
            m.add("moved", strings(least.moved()));
            m.addProperty("sizeBefore", r.original().size());
            m.addProperty("sizeAfter", least.view().size());
            m.addProperty("proven", least.proven());
            m.addProperty("text", least.text());
            m.add("layout", view(least.view()));
            s.add("smallestChange", m);
        }
        o.add("suggestion", s);
        if (!r.table().isEmpty()) {
            o.add("table", strings(r.table()));
        }
        if (r.measurement() != null) {
            o.add("measurement", measurement(r.measurement()));
        }
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeSpecialFloatingPointValues().create().toJson(o);
    }

    private static JsonObject view(Report.View v) {
        JsonObject o = new JsonObject();
        o.addProperty("name", v.name());
        o.addProperty("size", v.size());
        o.addProperty("align", v.align());
        o.addProperty("placement", v.placement());
        JsonArray starts = new JsonArray();
        v.starts().forEach(starts::add);
        o.add("starts", starts);
        o.addProperty("pahole", v.layout());
        JsonArray members = new JsonArray();
        for (FieldIndex.Field f : v.fields().fields()) {
            JsonObject m = new JsonObject();
            m.addProperty("path", f.path());
            m.addProperty("offset", f.start());
            m.addProperty("size", f.size());
            m.addProperty("member", f.unit());
            m.addProperty("leaf", f.leaf());
            JsonArray reads = new JsonArray(), writes = new JsonArray();
            for (Roles.Role role : v.roles().roles()) {
                Roles.Access a = role.accesses().get(f.path());
                if (a != null) {
                    (a.write() ? writes : reads).add(role.name());
                }
            }
            m.add("readBy", reads);
            m.add("writtenBy", writes);
            members.add(m);
        }
        o.add("fields", members);
        JsonObject h = new JsonObject();
        JsonArray sharing = new JsonArray();
        for (Hazards.Sharing s : v.hazards().falseSharing()) {
            JsonObject j = new JsonObject();
            j.addProperty("lineFirstByte", s.firstByte());
            JsonArray at = new JsonArray();
            s.starts().forEach(at::add);
            j.add("starts", at);
            JsonArray sides = new JsonArray();
            for (Hazards.Side side : s.sides()) {
                JsonObject k = new JsonObject();
                k.addProperty("role", side.role());
                k.add("writes", strings(side.written()));
                k.add("reads", strings(side.read()));
                sides.add(k);
            }
            j.add("sides", sides);
            JsonArray pairs = new JsonArray();
            for (Hazards.Pair p : s.pairs()) {
                JsonObject k = new JsonObject();
                k.addProperty("kind", p.kind() == Hazards.Kind.WRITE_WRITE ? "write-write" : "write-read");
                k.addProperty("writer", p.first());
                k.add("writerFields", strings(p.firsts()));
                k.addProperty("other", p.second());
                k.add("otherFields", strings(p.seconds()));
                pairs.add(k);
            }
            j.add("pairs", pairs);
            sharing.add(j);
        }
        h.add("falseSharing", sharing);
        JsonArray words = new JsonArray();
        for (Hazards.WordSharing w : v.hazards().wordSharing()) {
            JsonObject j = new JsonObject();
            j.addProperty("kind", w.kind() == Hazards.Kind.WRITE_WRITE ? "write-write" : "write-read");
            j.addProperty("why", w.why());
            j.addProperty("writer", w.writer());
            j.addProperty("writerField", w.written());
            j.addProperty("other", w.other());
            j.addProperty("otherField", w.touched());
            words.add(j);
        }
        h.add("wordSharing", words);
        JsonArray trueSharing = new JsonArray();
        for (Hazards.TrueSharing t : v.hazards().trueSharing()) {
            JsonObject j = new JsonObject();
            j.addProperty("field", t.field());
            j.add("writers", strings(t.writers()));
            j.add("readers", strings(t.readers()));
            trueSharing.add(j);
        }
        h.add("trueSharing", trueSharing);
        JsonArray straddles = new JsonArray();
        for (Hazards.Straddle d : v.hazards().straddles()) {
            JsonObject j = new JsonObject();
            j.addProperty("what", d.what().name().toLowerCase(java.util.Locale.ROOT));
            j.addProperty("name", d.name());
            j.addProperty("start", d.start());
            j.addProperty("end", d.end());
            j.addProperty("lines", d.lines());
            JsonArray at = new JsonArray();
            d.starts().forEach(at::add);
            j.add("starts", at);
            straddles.add(j);
        }
        h.add("straddles", straddles);
        h.add("notes", strings(v.hazards().notes()));
        o.add("hazards", h);
        if (v.predicted() != null) {
            o.add("predictedLineMoves", predicted(v.predicted()));
        }
        return o;
    }

    /** Line moves per operation of each role (and the transfers among them) and per round, as numbers. */
    private static JsonObject predicted(TransferPrediction p) {
        JsonObject o = new JsonObject();
        o.addProperty("model", p.model());
        o.addProperty("counts", TransferPrediction.COUNTS);
        o.addProperty("starts", p.starts());
        o.add("perOperation", byRole(p.perOperation()));
        o.add("transfersPerOperation", byRole(p.transfers()));
        o.add("upgradesPerOperation", byRole(p.upgrades()));
        o.addProperty("perRound", p.perRound());
        return o;
    }

    private static JsonObject byRole(java.util.Map<String, Double> numbers) {
        JsonObject o = new JsonObject();
        numbers.forEach(o::addProperty);
        return o;
    }

    private static JsonObject measurement(Measurement m) {
        JsonObject o = new JsonObject();
        o.addProperty("rounds", m.rounds());
        JsonArray rows = new JsonArray();
        for (Measurement.RoleResult r : m.roles()) {
            JsonObject j = new JsonObject();
            j.addProperty("role", r.role());
            j.addProperty("threads", r.threads());
            j.addProperty("throughputRatio", r.ratio());
            j.addProperty("low", r.low());
            j.addProperty("high", r.high());
            j.addProperty("median", r.median());
            j.addProperty("aaRatio", r.aa());
            j.addProperty("aaLow", r.aaLow());
            j.addProperty("aaHigh", r.aaHigh());
            j.addProperty("originalNsPerPass", r.originalNanos());
            j.addProperty("suggestedNsPerPass", r.suggestedNanos());
            rows.add(j);
        }
        o.add("roles", rows);
        o.addProperty("floorNsPerRoundTrip", m.floorNanos());
        o.addProperty("floorLow", m.floorLow());
        o.addProperty("floorHigh", m.floorHigh());
        o.addProperty("verdict", m.verdict());
        o.addProperty("notBetter", m.notBetter());
        return o;
    }

    private static JsonArray strings(List<String> list) {
        JsonArray a = new JsonArray();
        new ArrayList<>(list).forEach(a::add);
        return a;
    }
}
