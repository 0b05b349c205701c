package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import org.cachelinebench.results.BenchmarkActionJson.Better;
import org.cachelinebench.results.BenchmarkActionJson.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** benchmark-action.json in the input format of github-action-benchmark's customBiggerIsBetter/SmallerIsBetter. */
class BenchmarkActionJsonTest {
    @TempDir
    Path dir;

    static final Entry READERS = BenchmarkActionJson.ratio("chunk.v6.4-rc4-vs-v6.5-merged.reader",
            "v6.4-rc4 readers slower than v6.5-merged", 3.0, 2.5, 3.5, 10, Better.BIGGER);
    static final Entry FLOOR = BenchmarkActionJson.ratio("csd.floor-vs-line-aligned",
            "one line is cheaper than a line-aligned IPI", 0.5, Double.NaN, Double.NaN, 2, Better.SMALLER);

    @Test
    void eachDirectionGoesToTheFileItsToolReads() throws Exception {
        List<Path> written = BenchmarkActionJson.write(dir, List.of(READERS, FLOOR));
        assertEquals(List.of(dir.resolve("benchmark-action.json"), dir.resolve("benchmark-action-smaller.json")), written);
        assertEquals("customBiggerIsBetter", Better.BIGGER.tool());
        assertEquals("customSmallerIsBetter", Better.SMALLER.tool());

        JsonArray bigger = actionInput(dir.resolve(BenchmarkActionJson.BIGGER_FILE));
        assertEquals(1, bigger.size());
        JsonObject r = bigger.get(0).getAsJsonObject();
        assertEquals("chunk.v6.4-rc4-vs-v6.5-merged.reader", r.get("name").getAsString());
        assertEquals("subject/reference cost", r.get("unit").getAsString());
        assertEquals(3.0, r.get("value").getAsDouble());
        assertEquals("2.500 to 3.500", r.get("range").getAsString());
        assertEquals("v6.4-rc4 readers slower than v6.5-merged\nmedian of 10 rounds; range: 95 % interval of the "
                + "geometric mean", r.get("extra").getAsString());

        JsonArray smaller = actionInput(dir.resolve(BenchmarkActionJson.SMALLER_FILE));
        JsonObject f = smaller.get(0).getAsJsonObject();
        assertEquals(0.5, f.get("value").getAsDouble());
        assertFalse(f.has("range"), "no interval from 2 rounds: no range");
        assertEquals("one line is cheaper than a line-aligned IPI\nmedian of 2 rounds", f.get("extra").getAsString());
    }

    @Test
    void aDirectionWithoutEntriesHasNoFileAndLosesAnOldOne() throws Exception {
        BenchmarkActionJson.write(dir, List.of(READERS, FLOOR));
        List<Path> written = BenchmarkActionJson.write(dir, List.of(READERS));
        assertEquals(List.of(dir.resolve(BenchmarkActionJson.BIGGER_FILE)), written);
        assertFalse(Files.exists(dir.resolve(BenchmarkActionJson.SMALLER_FILE)), "the action refuses an empty array");
        try (var files = Files.list(dir)) {
            assertEquals(Set.of(BenchmarkActionJson.BIGGER_FILE),
                    Set.copyOf(files.map(p -> p.getFileName().toString()).toList()), "no temporary file left");
        }
    }

    @Test
    void whatTheActionCannotChartIsRefused() throws Exception {
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> new Entry("x", "u", Double.NaN, null, null, Better.BIGGER));
        assertEquals("x: value NaN is not a finite number", nan.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Entry(" ", "u", 1, null, null, Better.BIGGER));
        assertThrows(IllegalArgumentException.class, () -> new Entry("x", "", 1, null, null, Better.BIGGER));
        assertThrows(IllegalArgumentException.class, () -> new Entry("x", "u", 1, null, null, null));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> BenchmarkActionJson.write(dir, List.of(READERS, READERS)));
        assertEquals("benchmark-action.json: two entries named chunk.v6.4-rc4-vs-v6.5-merged.reader", twice.getMessage());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing written");
        }
    }

    /**
     * Reads a file as the action does (src/extract.ts, extractCustomBenchmarkResult): JSON.parse, then zod's
     * {@code z.array(z.object({name: z.coerce.string(), value: z.coerce.number(), range: z.coerce.string().optional(),
     * unit: z.coerce.string(), extra: z.coerce.string().optional()}))}, and a non-empty array. Stricter than zod's
     * coercion: the types must already be the ones the schema names, and no other key is written.
     */
    static JsonArray actionInput(Path file) throws Exception {
        JsonElement root = JsonParser.parseString(Files.readString(file));
        assertTrue(root.isJsonArray(), file + " is an array");
        JsonArray a = root.getAsJsonArray();
        assertFalse(a.isEmpty(), "the action refuses a file without results");
        Map<String, Boolean> required = Map.of("name", true, "unit", true, "value", true, "range", false, "extra", false);
        for (JsonElement e : a) {
            assertTrue(e.isJsonObject(), e.toString());
            JsonObject o = e.getAsJsonObject();
            assertTrue(required.keySet().containsAll(o.keySet()), "only the schema's keys: " + o.keySet());
            required.forEach((key, needed) -> {
                if (needed) {
                    assertTrue(o.has(key), key + " missing from " + o);
                }
            });
            for (String key : List.of("name", "unit", "range", "extra")) {
                if (o.has(key)) {
                    assertTrue(o.get(key).isJsonPrimitive() && o.getAsJsonPrimitive(key).isString(), key + " in " + o);
                }
            }
            JsonPrimitive value = o.getAsJsonPrimitive("value");
            assertTrue(value.isNumber() && Double.isFinite(value.getAsDouble()), "value in " + o);
        }
        return a;
    }
}
