package org.cachelinebench.coherence.predict;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.scenario.Shape;
import org.cachelinebench.results.AtomicFiles;

/**
 * {@code benchmarks/predict --out DIR}: the predicted curves as result files, so that a document cites a file
 * rather than copies a number. Per curve {@code predicted-NAME.md} (the table), {@code predicted-NAME.json} (the
 * same numbers, series then CPUs) and, with {@code --chart}, {@code predicted-NAME.png}; a {@code README.md} names
 * the command, the commit, the time, says the numbers are computed, not measured, and quotes each table between
 * figure markers (docs/figures.md). All or nothing (written
 * atomically), and an existing file is never replaced without {@code --overwrite}.
 */
final class CurveFolder {
    private CurveFolder() {}

    static final String README = "README.md";

    /** The files {@code shapes} write into {@code dir}, README last. */
    static List<Path> files(Path dir, List<Shape> shapes, boolean charts) {
        List<Path> out = new ArrayList<>();
        for (Shape s : shapes) {
            out.add(dir.resolve(base(s) + ".md"));
            out.add(dir.resolve(base(s) + ".json"));
            if (charts) {
                out.add(dir.resolve(base(s) + ".png"));
            }
        }
        out.add(dir.resolve(README));
        return out;
    }

    /** The first of {@code files} that exists, or null. */
    static Path existing(List<Path> files) {
        return files.stream().filter(Files::exists).findFirst().orElse(null);
    }

    /**
     * Writes every curve's files and the README into {@code dir}. {@code curves}: shape to its series, each CPUs
     * to transfers; {@code command}: the command line as typed.
     */
    static List<Path> write(Path dir, Map<Shape, Map<String, Map<Integer, Double>>> curves, List<Integer> cpus,
                            Model model, boolean charts, String command) throws IOException {
        Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
        StringBuilder readme = new StringBuilder("# Predicted line transfers at many CPUs\n\n");
        readme.append("Computed, not measured: `benchmarks/predict` traced the models' own code on a recording memory "
                + "through a model of the caches (docs/coherence.md). Rerunning the command at the same commit gives "
                + "the same numbers.\n\n");
        readme.append("- command: `").append(command).append("`\n");
        readme.append("- commit: ").append(commit()).append('\n');
        readme.append("- computed: ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append('\n');
        readme.append("- model: ").append(model.describe())
                .append(" (a shape whose title says round-robin is traced so whatever the schedule)\n\n");
        readme.append("| curve | what runs | transfers | files |\n|---|---|---|---|\n");
        for (Map.Entry<Shape, Map<String, Map<Integer, Double>>> c : curves.entrySet()) {
            Shape s = c.getKey();
            String base = base(s);
            files.put(dir.resolve(base + ".md"), AtomicFiles.Content.of(markdown(s, c.getValue(), cpus, model)));
            files.put(dir.resolve(base + ".json"), AtomicFiles.Content.of(json(s, c.getValue(), model)));
            String links = "[table](" + base + ".md), [JSON](" + base + ".json)";
            if (charts) {
                byte[] png = CurveChart.png(s, c.getValue(), model.describe());
                files.put(dir.resolve(base + ".png"), AtomicFiles.Content.of(png));
                links += ", [chart](" + base + ".png)";
            }
            readme.append("| `").append(s.name()).append("` | ").append(s.title().replace("|", "\\|")).append(" | ")
                    .append(s.unit()).append(" | ").append(links).append(" |\n");
        }
        for (Map.Entry<Shape, Map<String, Map<Integer, Double>>> c : curves.entrySet()) {
            String base = base(c.getKey());
            // Quoted between figure markers, so that benchmarks/figures --check holds the quote to the file.
            readme.append("\n## ").append(c.getKey().name()).append("\n\n<!-- figures: file ").append(base)
                    .append(".md -->\n```text\n").append(markdown(c.getKey(), c.getValue(), cpus, model).strip())
                    .append("\n```\n<!-- figures: end -->\n");
            if (charts) {
                readme.append("\n![predicted ").append(c.getKey().name()).append("](").append(base).append(".png)\n");
            }
        }
        files.put(dir.resolve(README), AtomicFiles.Content.of(readme.toString()));
        AtomicFiles.writeAll(files);
        return new ArrayList<>(files.keySet());
    }

    private static String base(Shape s) {
        return "predicted-" + s.name();
    }

    /** The curve as a Markdown table: a row per CPU count, a column per series. */
    static String markdown(Shape shape, Map<String, Map<Integer, Double>> curve, List<Integer> cpus, Model model) {
        StringBuilder sb = new StringBuilder("# Predicted curve `" + shape.name() + "`\n\n");
        sb.append(shape.title()).append("; transfers ").append(shape.unit()).append("; ").append(model.describe())
                .append(". Computed, not measured (README.md).\n\n");
        sb.append("| CPUs |");
        curve.keySet().forEach(series -> sb.append(' ').append(series).append(" |"));
        sb.append("\n|---:|");
        curve.keySet().forEach(series -> sb.append("---:|"));
        sb.append('\n');
        for (int n : cpus) {
            if (n < shape.minCpus() || n > shape.maxCpus() || curve.values().stream().noneMatch(p -> p.containsKey(n))) {
                continue;
            }
            sb.append("| ").append(n).append(" |");
            curve.values().forEach(points -> sb.append(' ').append(points.containsKey(n)
                    ? Predict.number(points.get(n)) : "—").append(" |"));
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * {@code {"shape", "title", "unit", "model", "series": [{"name", "transfers": {CPUS: transfers}}]}}: the series
     * a list, in the table's order, since their names may hold dots (a figure's JSON path is dotted).
     */
    static String json(Shape shape, Map<String, Map<Integer, Double>> curve, Model model) {
        JsonObject o = new JsonObject();
        o.addProperty("shape", shape.name());
        o.addProperty("title", shape.title());
        o.addProperty("unit", shape.unit());
        o.addProperty("model", model.describe());
        JsonArray series = new JsonArray();
        curve.forEach((name, points) -> {
            JsonObject one = new JsonObject();
            one.addProperty("name", name);
            JsonObject byCpus = new JsonObject();
            points.forEach((n, x) -> byCpus.addProperty(Integer.toString(n), x));
            one.add("transfers", byCpus);
            series.add(one);
        });
        o.add("series", series);
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(o) + "\n";
    }

    /** {@code git rev-parse HEAD}, with a note when tracked files differ from it; "unknown" outside a repository. */
    static String commit() {
        String head = git("rev-parse", "HEAD");
        if (head == null || !head.matches("[0-9a-f]{40,64}")) {
            return "unknown (not run in a git repository)";
        }
        String changes = git("status", "--porcelain", "--untracked-files=no");
        return head + (changes == null || changes.isEmpty() ? "" : " plus uncommitted changes to tracked files");
    }

    private static String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroy();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
