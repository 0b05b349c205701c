package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import org.cachelinebench.results.AtomicFiles;

/**
 * A directory of one session's files (runs.json, ratios.json, summary.json, summary.md, metadata.json),
 * written all together, and the rule that protects a baseline.
 *
 * <p>A directory holds a baseline when its metadata.json says {@code "role": "baseline"}, or when it is
 * named "baseline" and is not empty. Such a directory is replaced only when the caller says so
 * ({@code --update-baseline}); otherwise writing fails before anything is touched.
 */
public final class ResultStore {
    private ResultStore() {}

    public static final String RUNS = "runs.json";
    public static final String RATIOS = "ratios.json";
    public static final String SUMMARY_JSON = "summary.json";
    public static final String SUMMARY_MD = "summary.md";
    public static final String METADATA = "metadata.json";
    public static final String BASELINE = "baseline";

    /** Refusal to overwrite a baseline; the message is one line. */
    public static final class ProtectedBaselineException extends IOException {
        ProtectedBaselineException(Path dir) {
            super(dir + " holds the baseline; give --update-baseline to replace it (left unchanged)");
        }
    }

    public static boolean holdsBaseline(Path dir) throws IOException {
        Path meta = dir.resolve(METADATA);
        if (Files.isRegularFile(meta)) {
            try {
                JsonElement role = JsonParser.parseString(Files.readString(meta)).getAsJsonObject().get("role");
                if (role != null && BASELINE.equals(role.getAsString())) {
                    return true;
                }
            } catch (JsonParseException | IllegalStateException | UnsupportedOperationException e) {
                // A damaged metadata file: judge by the directory's name below.
            }
        }
        if (dir.getFileName() != null && BASELINE.equals(dir.getFileName().toString()) && Files.isDirectory(dir)) {
            try (var entries = Files.list(dir)) {
                return entries.findAny().isPresent();
            }
        }
        return false;
    }

    /** Throws when {@code dir} holds a baseline and replacing it was not asked for. */
    public static void checkWritable(Path dir, boolean updateBaseline) throws IOException {
        if (!updateBaseline && holdsBaseline(dir)) {
            throw new ProtectedBaselineException(dir);
        }
    }

    /** Writes the named files into {@code dir}, all or none, after the baseline check. */
    public static void write(Path dir, Map<String, AtomicFiles.Content> files, boolean updateBaseline)
            throws IOException {
        checkWritable(dir, updateBaseline);
        Map<Path, AtomicFiles.Content> targets = new LinkedHashMap<>();
        files.forEach((name, content) -> targets.put(dir.resolve(name), content));
        AtomicFiles.writeAll(targets);
    }
}
