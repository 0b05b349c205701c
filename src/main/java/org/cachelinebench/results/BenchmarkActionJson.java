package org.cachelinebench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The suite's comparisons in the input format of github-action-benchmark's custom tools, so that CI can keep a
 * history of every ratio: a JSON array of {@code {"name", "unit", "value", "range"?, "extra"?}}, one entry per
 * comparison (the action's {@code BenchmarkResult}; {@code range} and {@code extra} are only shown).
 *
 * <p>The action's own {@code tool: jmh} reads only {@code primaryMetric.score} and treats every JMH result as
 * smaller-is-better, so a ratio that falls when a fix is reverted would chart as an improvement, and a
 * {@code @Group} would be charted by its summed row. Here each comparison's ratio is its own entry, and the
 * direction in which it is better picks the file: the action takes one direction per file, chosen by its
 * {@code tool} input. A comparison expected above 1 (the subject costs more than the reference, e.g. v6.4-rc4
 * against v6.5-merged) is better bigger, one expected below 1 better smaller; one expected near 1 (an A/A
 * control) has no better side and is left out. A direction without entries gets no file, since the action
 * refuses an empty one.
 */
public final class BenchmarkActionJson {
    /** For {@code tool: customBiggerIsBetter}. */
    public static final String BIGGER_FILE = "benchmark-action.json";
    /** For {@code tool: customSmallerIsBetter}. */
    public static final String SMALLER_FILE = "benchmark-action-smaller.json";
    /** The unit of the suite's ratios: cost of the subject over cost of the reference. */
    public static final String RATIO_UNIT = "subject/reference cost";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    private BenchmarkActionJson() {}

    /** Which way a value is better: the action's tool, and the file it reads. */
    public enum Better {
        BIGGER("customBiggerIsBetter", BIGGER_FILE),
        SMALLER("customSmallerIsBetter", SMALLER_FILE);

        private final String tool;
        private final String file;

        Better(String tool, String file) {
            this.tool = tool;
            this.file = file;
        }

        /** The action's {@code tool} input for this file. */
        public String tool() {
            return tool;
        }

        public String file() {
            return file;
        }
    }

    /**
     * One comparison.
     *
     * @param name   the comparison's id, e.g. "chunk.v6.4-rc4-vs-v6.5-merged.reader": the chart's title
     * @param unit   the value's unit
     * @param value  a finite number
     * @param range  shown beside the value, or null
     * @param extra  shown in the chart's tooltip, or null
     * @param better which way the value is better: which file it goes to
     */
    public record Entry(String name, String unit, double value, String range, String extra, Better better) {
        public Entry {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("an entry needs a name");
            }
            if (unit == null || unit.isBlank()) {
                throw new IllegalArgumentException(name + ": an entry needs a unit");
            }
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException(name + ": value " + value + " is not a finite number");
            }
            if (better == null) {
                throw new IllegalArgumentException(name + ": which way is better is missing");
            }
        }

        JsonObject toJson() {
            JsonObject o = new JsonObject();
            o.addProperty("name", name);
            o.addProperty("unit", unit);
            o.addProperty("value", value);
            if (range != null) {
                o.addProperty("range", range);
            }
            if (extra != null) {
                o.addProperty("extra", extra);
            }
            return o;
        }
    }

    /**
     * A cost ratio over rounds: the value is the median (what the suite's claims are checked on), the range the
     * 95 % interval of the geometric mean when there is one (NaN bounds: none), the extra says what both are.
     */
    public static Entry ratio(String id, String claim, double median, double low, double high, int rounds, Better better) {
        boolean interval = Double.isFinite(low) && Double.isFinite(high);
        String range = interval ? String.format(Locale.ROOT, "%.3f to %.3f", low, high) : null;
        String extra = claim + "\nmedian of " + rounds + (rounds == 1 ? " round" : " rounds")
                + (interval ? "; range: 95 % interval of the geometric mean" : "");
        return new Entry(id, RATIO_UNIT, median, range, extra, better);
    }

    /** The JSON array of {@code entries}, in their order, whatever their direction. */
    public static String toJson(List<Entry> entries) {
        JsonArray a = new JsonArray();
        entries.forEach(e -> a.add(e.toJson()));
        return GSON.toJson(a) + System.lineSeparator();
    }

    /**
     * Each direction's file name and content, for the directions that have entries, in {@link Better} order; for a
     * caller that writes them together with other files, all or none.
     *
     * @throws IllegalArgumentException when two entries of one file share a name (the action charts by name)
     */
    public static Map<String, String> contents(List<Entry> entries) {
        Map<Better, List<Entry>> byFile = new LinkedHashMap<>();
        for (Better b : Better.values()) {
            byFile.put(b, new ArrayList<>());
        }
        for (Entry e : entries) {
            byFile.get(e.better()).add(e);
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (Map.Entry<Better, List<Entry>> f : byFile.entrySet()) {
            Set<String> names = new HashSet<>();
            for (Entry e : f.getValue()) {
                if (!names.add(e.name())) {
                    throw new IllegalArgumentException(f.getKey().file() + ": two entries named " + e.name());
                }
            }
            if (!f.getValue().isEmpty()) {
                files.put(f.getKey().file(), toJson(f.getValue()));
            }
        }
        return files;
    }

    /**
     * Removes from {@code dir} the file of every direction {@code written} lacks, so that no earlier run's values
     * are charted as this one's.
     */
    public static void removeOthers(Path dir, Map<String, String> written) throws IOException {
        for (Better b : Better.values()) {
            if (!written.containsKey(b.file())) {
                Files.deleteIfExists(dir.resolve(b.file()));
            }
        }
    }

    /**
     * Writes each direction's entries to its file in {@code dir}, all files or none ({@link AtomicFiles}); removes
     * the file of a direction that has no entry ({@link #removeOthers}).
     *
     * @return the files written
     * @throws IllegalArgumentException when two entries of one file share a name (the action charts by name)
     */
    public static List<Path> write(Path dir, List<Entry> entries) throws IOException {
        Map<String, String> contents = contents(entries);
        Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
        contents.forEach((name, text) -> files.put(dir.resolve(name), AtomicFiles.Content.of(text)));
        if (!files.isEmpty()) {
            AtomicFiles.writeAll(files);
        }
        removeOthers(dir, contents);
        return List.copyOf(files.keySet());
    }
}
