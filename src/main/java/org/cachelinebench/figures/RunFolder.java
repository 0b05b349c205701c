package org.cachelinebench.figures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import org.cachelinebench.results.FormerNames;

/**
 * One committed run folder, read as it lies: the paired runner's summary.json and metadata.json, the C
 * reference's c-kernel.jsonl and c-flag.jsonl, and the driver's times.txt and exit.txt, each when first asked
 * for. A file or field that is missing is an {@link IllegalArgumentException} naming the folder and the file.
 */
final class RunFolder {
    private final Path dir;
    private final String label;
    private final Map<String, Object> cache = new HashMap<>();

    /** {@code label}: how a README names it (its path relative to the README's directory). */
    RunFolder(Path dir, String label) {
        this.dir = dir;
        this.label = label;
    }

    /** What {@code make} gives for {@code key}, made once (it may itself ask for other cached files). */
    private Object cached(String key, java.util.function.Function<String, Object> make) {
        Object value = cache.get(key);
        if (value == null) {
            value = make.apply(key);
            cache.put(key, value);
        }
        return value;
    }

    String label() {
        return label;
    }

    /** The last part of the label: "rp1" for "revert-pcpu/rp1". */
    String name() {
        return dir.getFileName().toString();
    }

    /** Any JSON file of the folder, parsed once. */
    JsonElement jsonFile(String file) {
        return (JsonElement) cached("json:" + file, k -> {
            try {
                return JsonParser.parseString(String.join("\n", lines(file)));
            } catch (JsonParseException e) {
                throw new IllegalArgumentException(label + "/" + file + ": not JSON");
            }
        });
    }

    JsonObject summary() {
        return (JsonObject) cached("summary.json", this::json);
    }

    JsonObject metadata() {
        return (JsonObject) cached("metadata.json", this::json);
    }

    /** The comparison of summary.json with this id. */
    JsonObject comparison(String id) {
        for (JsonElement c : summary().getAsJsonArray("comparisons")) {
            if (c.getAsJsonObject().get("id").getAsString().equals(id)) {
                return c.getAsJsonObject();
            }
        }
        throw new IllegalArgumentException(label + "/summary.json has no comparison '" + id + "'");
    }

    /** A number field of {@code object}, named in the message when it is missing or not a number. */
    double number(JsonObject object, String field, String where) {
        JsonElement e = object.get(field);
        if (e == null || e.isJsonNull() || !e.isJsonPrimitive()) {
            throw new IllegalArgumentException(label + "/" + where + " has no number '" + field + "'");
        }
        return e.getAsDouble();
    }

    /** Each line of a C reference file ("c-kernel" or "c-flag"): one run's JSON object. */
    @SuppressWarnings("unchecked")
    List<JsonObject> cRuns(String name) {
        return (List<JsonObject>) cached(name + ".jsonl", file -> {
            List<JsonObject> runs = new ArrayList<>();
            for (String line : lines(file)) {
                if (!line.isBlank()) {
                    runs.add(parse(file, line));
                }
            }
            return runs;
        });
    }

    /** The value after {@code key} on the line of a "key value" file (times.txt, exit.txt) that starts with it. */
    String keyed(String file, String key) {
        for (String line : lines(file)) {
            if (line.startsWith(key + " ")) {
                return line.substring(key.length() + 1).strip();
            }
        }
        throw new IllegalArgumentException(label + "/" + file + " has no line '" + key + " ...'");
    }

    boolean has(String file) {
        return Files.isRegularFile(dir.resolve(file));
    }

    @SuppressWarnings("unchecked")
    private List<String> lines(String file) {
        return (List<String>) cached("lines:" + file, k -> {
            try {
                return FormerNames.current(Files.readString(dir.resolve(file))).lines().toList();
            } catch (IOException e) {
                throw new IllegalArgumentException(label + "/" + file + ": cannot read it (" + e.getClass().getSimpleName()
                        + ")");
            }
        });
    }

    private Object json(String file) {
        return parse(file, String.join("\n", lines(file)));
    }

    private JsonObject parse(String file, String text) {
        try {
            return JsonParser.parseString(text).getAsJsonObject();
        } catch (JsonParseException | IllegalStateException e) {
            throw new IllegalArgumentException(label + "/" + file + ": not a JSON object");
        }
    }
}
