package org.cachelinebench.figures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.cachelinebench.figures.Quantity.Figure;

/**
 * Every quantity a README may quote from a run folder, by name ({@code benchmarks/figures --list} prints them).
 * Java figures come from summary.json (a comparison's median over its rounds, its extra line transfers), the
 * machine and commit from metadata.json, the C reference's from its .jsonl files (one figure per C run), the
 * start and exit status from the driver's times.txt and exit.txt. {@code median:ID} is any comparison's median.
 */
final class Quantities {
    private Quantities() {}

    private static final Map<String, Quantity> ALL = new LinkedHashMap<>();

    static {
        add(Quantity.text("run", "run", RunFolder::name));
        add(Quantity.text("started", "started (UTC)", Quantities::started));
        add(Quantity.text("states", "states (csd floor)", Quantities::states));
        add(Quantity.numbers("floor", "median floor ns", true, "%.0f", run -> List.of(medianFloor(run))));
        add(Quantity.text("exit", "exit", run -> run.keyed("exit.txt", "exit")));
        add(Quantity.text("commit", "commit", run -> commit(run).substring(0, Math.min(7, commit(run).length()))));
        add(Quantity.numbers("ci-duration", "benchmarks/ci took", true, "m:ss",
                run -> List.of(seconds(run.keyed("times.txt", "ci-end")) - seconds(run.keyed("times.txt", "start")))));
        add(Quantity.numbers("rounds", "rounds", true, "%.0f", run -> List.of(run.number(run.summary(), "rounds",
                "summary.json"))));

        median("csd-aa", "csd A/A", "csd.line-aligned-again-vs-line-aligned");
        median("csd-straddled", "csd straddled", "csd.straddled-vs-line-aligned");
        median("csd-size-aligned", "csd size-aligned", "csd.size-aligned-vs-line-aligned");
        median("mailbox-aa", "mailbox A/A", "mailbox.line-aligned-again-vs-line-aligned");
        median("mailbox-straddled", "mailbox straddled", "mailbox.straddled-vs-line-aligned");
        median("mailbox-size-aligned", "mailbox size-aligned", "mailbox.size-aligned-vs-line-aligned");
        median("pcpu-v65", "pcpu v6.4-rc4/v6.5", "chunk.v6.4-rc4-vs-v6.5-merged.reader");
        median("pcpu-v2", "pcpu v6.4-rc4/v2", "chunk.v6.4-rc4-vs-v2-reorder.reader");
        median("pcpu-aa", "pcpu A/A", "chunk.v6.5-merged-again-vs-v6.5-merged.reader");
        median("pcpu-v65-allocator", "pcpu v6.4-rc4/v6.5 allocator", "chunk.v6.4-rc4-vs-v6.5-merged.allocator");
        median("pcpu-v2-allocator", "pcpu v6.4-rc4/v2 allocator", "chunk.v6.4-rc4-vs-v2-reorder.allocator");
        median("java-padded", "Java unpadded/padded", "chunk-object.unpadded-vs-padded.reader");
        median("java-contended", "Java unpadded/@Contended", "chunk-object.unpadded-vs-contended.reader");
        median("java-aa", "Java A/A", "chunk-object.padded-again-vs-padded.reader");
        median("java-padded-allocator", "Java unpadded/padded allocator", "chunk-object.unpadded-vs-padded.allocator");

        add(Quantity.numbers("aa-geo", "A/A controls (geo. means)", false, "%.3f", Quantities::aaGeoMeans));

        lines("csd-straddled-lines", "Java csd straddled: ratio, extra lines", "csd.straddled-vs-line-aligned");
        lines("csd-size-aligned-lines", "Java csd size-aligned: ratio, extra", "csd.size-aligned-vs-line-aligned");
        lines("mailbox-straddled-lines", "Java flag mailbox straddled: ratio, extra lines",
                "mailbox.straddled-vs-line-aligned");

        for (String protocol : List.of("kernel", "flag")) {
            String file = "c-" + protocol;
            add(Quantity.numbers(file + "-aa", protocol + " A/A (3 runs)", false, "%.3f",
                    run -> cSide(run, file, "aa", "ratio")).withCell(Quantities::withBoldMedian));
            add(Quantity.numbers(file + "-aa-median", protocol + " A/A (session median)", true, "%.3f",
                    run -> List.of(median(cSide(run, file, "aa", "ratio")))));
            add(Quantity.numbers(file + "-straddled", protocol + " straddled", false, "%.2f",
                    run -> cSide(run, file, "straddled", "ratio")));
            add(Quantity.numbers(file + "-lines", protocol + " extra lines", false, "%+.2f",
                    run -> cSide(run, file, "straddled", "extra_line_transfers")));
            add(Quantity.numbers(file + "-floor", "floor ns (" + protocol + " runs)", false, "%.0f",
                    run -> cRuns(run, file, "floor_ns")));
        }
        add(Quantity.numbers("java-minus-c-flag", "Java − C (flag, extra lines)", true, "%+.2f",
                run -> List.of(run.number(run.comparison("mailbox.straddled-vs-line-aligned"), "extraTransfers",
                        "summary.json") - median(cSide(run, "c-flag", "straddled", "extra_line_transfers")))));
    }

    private static void add(Quantity q) {
        ALL.put(q.name(), q);
    }

    private static void median(String name, String header, String id) {
        add(medianOf(name, header, id));
    }

    private static Quantity medianOf(String name, String header, String id) {
        return Quantity.numbers(name, header, true, "%.3f",
                run -> List.of(run.number(run.comparison(id), "median", "summary.json " + id)));
    }

    /** "1.008, +0.02 (+0.01 .. +0.04)": the median ratio, then the extra line transfers and their interval. */
    private static void lines(String name, String header, String id) {
        add(new Quantity(name, header, false, "%+.2f", run -> {
            JsonObject c = run.comparison(id);
            String where = "summary.json " + id;
            double extra = run.number(c, "extraTransfers", where);
            return List.of(new Figure(extra, Quantity.write("%.3f", run.number(c, "median", where)) + ", "
                    + Quantity.write("%+.2f", extra) + " (" + Quantity.write("%+.2f", run.number(c, "extraTransfersLow",
                    where)) + " .. " + Quantity.write("%+.2f", run.number(c, "extraTransfersHigh", where)) + ")"));
        }, Quantity::joined));
    }

    /** The named quantity, {@code median:ID} for any comparison, or a one-line refusal listing the names. */
    static Quantity named(String name) {
        if (name.contains("+")) {
            // "a+b": the figures of a, then those of b, in a's format (for a range over both).
            List<Quantity> parts = Arrays.stream(name.split("\\+")).map(Quantities::named).toList();
            Quantity first = parts.get(0);
            return new Quantity(name, String.join(" + ", parts.stream().map(Quantity::header).toList()), first.right(),
                    first.format(), run -> parts.stream().flatMap(q -> q.read().apply(run).stream()).toList(),
                    Quantity::joined);
        }
        if (name.startsWith("json:")) {
            return json(name);
        }
        if (name.startsWith("c-side:")) {
            return cSideOf(name);
        }
        if (name.startsWith("median:") && name.length() > "median:".length()) {
            String id = name.substring("median:".length());
            return medianOf(name, id, id);
        }
        if (name.startsWith("interval:") && name.length() > "interval:".length()) {
            return interval(name, name.substring("interval:".length()));
        }
        if (name.startsWith("extra:") && name.length() > "extra:".length()) {
            String id = name.substring("extra:".length());
            return Quantity.numbers(name, id + " extra lines", true, "%+.2f",
                    run -> List.of(run.number(run.comparison(id), "extraTransfers", "summary.json " + id)));
        }
        Quantity q = ALL.get(name);
        if (q == null) {
            throw new IllegalArgumentException("no quantity '" + name + "' (benchmarks/figures --list names them)");
        }
        return q;
    }

    /**
     * "json:FILE:PATH[:FORMAT]": the number at PATH (names and array indexes, dot-separated) in the folder's JSON
     * FILE, written with FORMAT (default %.3f), for the files that are no paired run's (struct's, JMH's own).
     */
    private static Quantity json(String name) {
        String[] parts = name.split(":", 4);
        if (parts.length < 3 || parts[1].isEmpty() || parts[2].isEmpty()) {
            throw new IllegalArgumentException("'" + name + "': expected json:FILE:PATH[:FORMAT]");
        }
        String file = parts[1], path = parts[2], format = parts.length == 4 ? parts[3] : "%.3f";
        return Quantity.numbers(name, path, true, format, run -> {
            JsonElement e = run.jsonFile(file);
            for (String step : path.split("\\.")) {
                if (e != null && e.isJsonArray() && step.matches("\\d+") && Integer.parseInt(step) < e.getAsJsonArray().size()) {
                    e = e.getAsJsonArray().get(Integer.parseInt(step));
                } else if (e != null && e.isJsonObject()) {
                    e = e.getAsJsonObject().get(step);
                } else {
                    e = null;
                }
            }
            if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
                throw new IllegalArgumentException(run.label() + "/" + file + " has no number at " + path);
            }
            return List.of(e.getAsDouble());
        });
    }

    /**
     * "c-side:FILE:SIDE:FIELD[:FORMAT]": FIELD of side SIDE in every C run of the folder's FILE.jsonl, one figure per
     * run in the file's order (default %.3f), for the C references whose sides are layouts (the pcpu workload's).
     */
    private static Quantity cSideOf(String name) {
        String[] parts = name.split(":", 5);
        if (parts.length < 4 || parts[1].isEmpty() || parts[2].isEmpty() || parts[3].isEmpty()) {
            throw new IllegalArgumentException("'" + name + "': expected c-side:FILE:SIDE:FIELD[:FORMAT]");
        }
        String file = parts[1], side = parts[2], field = parts[3], format = parts.length == 5 ? parts[4] : "%.3f";
        return Quantity.numbers(name, side + " " + field, false, format, run -> cSide(run, file, side, field));
    }

    /**
     * "interval:ID[:FORMAT]": a comparison's geometric mean over rounds and its 95 % interval, "3.07 (2.66–3.55)",
     * as the results page's ratio column gives it (FORMAT default %.3f).
     */
    private static Quantity interval(String name, String idAndFormat) {
        int colon = idAndFormat.indexOf(':');
        String id = colon < 0 ? idAndFormat : idAndFormat.substring(0, colon);
        String format = colon < 0 ? "%.3f" : idAndFormat.substring(colon + 1);
        return new Quantity(name, id + " ratio (95 % interval)", false, format, run -> {
            JsonObject c = run.comparison(id);
            String where = "summary.json " + id;
            double geo = run.number(c, "geoMean", where);
            return List.of(new Figure(geo, Quantity.write(format, geo) + " (" + Quantity.write(format,
                    run.number(c, "low", where)) + "–" + Quantity.write(format, run.number(c, "high", where)) + ")"));
        }, Quantity::joined);
    }

    /** Every A/A control's geometric mean: the comparisons whose subject is the reference measured again. */
    private static List<Double> aaGeoMeans(RunFolder run) {
        List<Double> out = new ArrayList<>();
        for (JsonElement e : run.summary().getAsJsonArray("comparisons")) {
            JsonObject c = e.getAsJsonObject();
            if (c.get("subject").getAsString().equals(c.get("reference").getAsString() + "-again")) {
                out.add(run.number(c, "geoMean", "summary.json " + c.get("id").getAsString()));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(run.label() + "/summary.json has no A/A control");
        }
        return out;
    }

    /** Every name and header, for {@code --list}. */
    static Map<String, String> headers() {
        Map<String, String> out = new TreeMap<>();
        ALL.values().forEach(q -> out.put(q.name(), q.header()));
        out.put("median:ID", "the median of the comparison ID in summary.json");
        out.put("interval:ID[:FORMAT]", "the geometric mean of comparison ID and its 95 % interval: g (lo–hi)");
        out.put("extra:ID", "the extra line transfers of comparison ID");
        out.put("json:FILE:PATH[:FORMAT]", "the number at PATH (a.b.0.c) in the folder's JSON FILE");
        return out;
    }

    /** times.txt's start (the driver's clock), else summary.json's: HH:MM:SS UTC. */
    private static String started(RunFolder run) {
        String instant = run.has("times.txt") ? run.keyed("times.txt", "start")
                : run.summary().get("started").getAsString();
        int t = instant.indexOf('T');
        return t < 0 || instant.length() < t + 9 ? instant : instant.substring(t + 1, t + 9);
    }

    /** "far 2/near 8": how many rounds were in each state, by name. */
    private static String states(RunFolder run) {
        Map<String, Integer> counts = new TreeMap<>();
        for (JsonElement r : run.summary().getAsJsonArray("roundStates")) {
            counts.merge(r.getAsJsonObject().get("state").getAsString(), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((state, n) -> parts.add(state + " " + n));
        return String.join("/", parts);
    }

    private static double seconds(String instant) {
        try {
            return java.time.Instant.parse(instant).getEpochSecond();
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException("'" + instant + "' in times.txt is not an ISO-8601 instant");
        }
    }

    private static double medianFloor(RunFolder run) {
        List<Double> floors = new ArrayList<>();
        for (JsonElement r : run.summary().getAsJsonArray("roundStates")) {
            floors.add(r.getAsJsonObject().get("floorNanos").getAsDouble());
        }
        return median(floors);
    }

    private static String commit(RunFolder run) {
        JsonObject machine = run.metadata().getAsJsonObject("machine");
        if (machine == null || machine.get("gitCommit") == null) {
            throw new IllegalArgumentException(run.label() + "/metadata.json has no machine.gitCommit");
        }
        return machine.get("gitCommit").getAsString();
    }

    /** One field of one side of every C run in the file. */
    private static List<Double> cSide(RunFolder run, String file, String side, String field) {
        List<Double> out = new ArrayList<>();
        for (JsonObject c : run.cRuns(file)) {
            JsonObject found = null;
            for (JsonElement s : c.getAsJsonArray("sides")) {
                if (s.getAsJsonObject().get("side").getAsString().equals(side)) {
                    found = s.getAsJsonObject();
                }
            }
            if (found == null) {
                throw new IllegalArgumentException(run.label() + "/" + file + ".jsonl: a run without side '" + side + "'");
            }
            out.add(run.number(found, field, file + ".jsonl side " + side));
        }
        return out;
    }

    private static List<Double> cRuns(RunFolder run, String file, String field) {
        return run.cRuns(file).stream().map(c -> run.number(c, field, file + ".jsonl")).toList();
    }

    /** The median: the middle value, or the mean of the two middle ones. */
    static double median(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values to take the median of");
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** "1.000 0.999 1.000 (**1.000**)": each C run, then the session's median in bold. */
    private static String withBoldMedian(List<Figure> figures) {
        double m = median(figures.stream().map(Figure::value).toList());
        return Quantity.joined(figures) + " (**" + Quantity.write("%.3f", m) + "**)";
    }

    static List<Double> values(List<Figure> figures) {
        return Arrays.stream(figures.stream().mapToDouble(Figure::value).toArray()).boxed().toList();
    }
}
