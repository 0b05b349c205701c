package org.cachelinebench.figures;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.figures.Quantity.Figure;

/**
 * The figures of one Markdown file, between its markers (docs/figures.md has the syntax): a table block
 * {@code <!-- figures: table ROWS | COLUMNS -->} ... {@code <!-- figures: end -->}, a committed text file
 * quoted whole ({@code <!-- figures: file PATH -->} ... {@code <!-- figures: end -->}), and an inline figure
 * {@code <!--fig AGGREGATE QUANTITY ROWS-->text<!--/fig-->}. Rows are run folders relative to the file's
 * directory. {@link #regenerate} writes what the committed files give between every pair of markers and
 * records where that differs from the text; nothing outside the markers changes.
 */
final class Markers {
    private Markers() {}

    static final Pattern TABLE = Pattern.compile("^<!-- figures: table (.+?) -->$");
    static final Pattern FILE = Pattern.compile("^<!-- figures: file (\\S+) -->$");
    static final String END = "<!-- figures: end -->";
    static final Pattern INLINE = Pattern.compile("<!--fig (.+?)-->(.*?)<!--/fig-->");
    private static final Pattern RANGE = Pattern.compile("^(.*?)(\\d+)\\.\\.(\\D*)(\\d+)$");

    /**
     * A marked figure whose text is not what the files give, or, when {@code problem} is set, one the files cannot
     * give at all (its run folder or file is gone): either way one line of {@code --check}.
     */
    record Mismatch(int line, String marker, String found, String expected, String problem) {
        Mismatch(int line, String marker, String found, String expected) {
            this(line, marker, found, expected, null);
        }

        static Mismatch unreadable(int line, String marker, String problem) {
            return new Mismatch(line, marker, null, null, problem);
        }

        String describe(String file) {
            return problem != null ? file + ":" + line + ": " + marker + ": " + problem
                    : file + ":" + line + ": " + marker + ": the text says '" + found + "', the files give '" + expected + "'";
        }
    }

    /** The text with every marked figure as the files in {@code dir} give it; each difference in {@code out}. */
    static String regenerate(String text, Path dir, List<Mismatch> out) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        List<String> result = new ArrayList<>();
        String fence = null;                       // the open code fence's mark: its markers are examples
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String mark = line.strip().startsWith("```") ? "```" : line.strip().startsWith("~~~") ? "~~~" : null;
            if (fence != null || mark != null) {
                if (fence == null) {
                    fence = mark;
                } else if (fence.equals(mark)) {
                    fence = null;
                }
                result.add(line);
                continue;
            }
            Matcher table = TABLE.matcher(line.strip());
            Matcher file = FILE.matcher(line.strip());
            if (!table.matches() && !file.matches()) {
                result.add(inline(line, i + 1, dir, out));
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && !lines.get(end).strip().equals(END)) {
                end++;
            }
            if (end == lines.size()) {
                throw new IllegalArgumentException("line " + (i + 1) + ": a block marker without '" + END + "'");
            }
            List<String> found = lines.subList(i + 1, end);
            String what = table.matches() ? "table " + table.group(1) : "file " + file.group(1);
            List<String> expected;
            try {
                expected = table.matches() ? table(table.group(1), dir) : copy(file.group(1), dir);
            } catch (IllegalArgumentException e) {
                // The block's folder or file is gone: one line, and the block stays as written.
                out.add(Mismatch.unreadable(i + 1, what, e.getMessage()));
                expected = List.copyOf(found);
            }
            for (int k = 0; k < Math.max(found.size(), expected.size()); k++) {
                String f = k < found.size() ? found.get(k) : "";
                String e = k < expected.size() ? expected.get(k) : "";
                if (!f.equals(e)) {
                    out.add(new Mismatch(i + 2 + k, what, f, e));
                    break;
                }
            }
            result.add(line);
            result.addAll(expected);
            result.add(lines.get(end));
            i = end;
        }
        return String.join("\n", result);
    }

    /** The line with its inline figures rewritten, outside code spans (a marker in backticks is an example). */
    private static String inline(String line, int number, Path dir, List<Mismatch> out) {
        String[] parts = line.split("`", -1);
        for (int k = 0; k < parts.length; k += 2) {
            parts[k] = inlineProse(parts[k], number, dir, out);
        }
        return String.join("`", parts);
    }

    private static String inlineProse(String line, int number, Path dir, List<Mismatch> out) {
        Matcher m = INLINE.matcher(line);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String expected;
            try {
                expected = evaluate(m.group(1).strip(), dir);
            } catch (IllegalArgumentException e) {
                // The figure's folder or file is gone: one line, and the figure stays as written.
                out.add(Mismatch.unreadable(number, "fig " + m.group(1).strip(), e.getMessage()));
                expected = m.group(2);
            }
            if (!expected.equals(m.group(2))) {
                out.add(new Mismatch(number, "fig " + m.group(1).strip(), m.group(2), expected));
            }
            m.appendReplacement(sb, Matcher.quoteReplacement("<!--fig " + m.group(1) + "-->" + expected + "<!--/fig-->"));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])[-+−]?\\d+\\.\\d+(?![.\\d])|\\b\\d+ of \\d+\\b");

    /**
     * The lines with numbers no marker vouches for: outside blocks, inline figures, code spans and fenced code,
     * a decimal number or an "N of M". What {@code --unmarked} lists, to mark or to say where they come from.
     */
    static List<String> unmarked(String text) {
        List<String> out = new ArrayList<>();
        boolean block = false, fence = false;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (TABLE.matcher(line).matches() || FILE.matcher(line).matches()) {
                block = true;
            } else if (line.equals(END)) {
                block = false;
            } else if (line.startsWith("```") || line.startsWith("~~~")) {
                fence = !fence;
            } else if (!block && !fence) {
                String prose = INLINE.matcher(lines[i]).replaceAll("").replaceAll("`[^`]*`", "");
                Matcher m = NUMBER.matcher(prose);
                List<String> found = new ArrayList<>();
                while (m.find()) {
                    found.add(m.group());
                }
                if (!found.isEmpty()) {
                    out.add((i + 1) + ": " + String.join(" ", found));
                }
            }
        }
        return out;
    }

    /** A committed text file's lines in a fenced {@code text} block (a marker inside a fence would show). */
    static List<String> copy(String path, Path dir) {
        Path f = dir.resolve(path).normalize();
        try {
            List<String> lines = new ArrayList<>(Files.readAllLines(f));
            while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
                lines.remove(lines.size() - 1);
            }
            lines.add(0, "```text");
            lines.add("```");
            return lines;
        } catch (IOException e) {
            throw new IllegalArgumentException("file marker: cannot read " + path + " in " + dir);
        }
    }

    /** The Markdown table of {@code spec} ("ROWS | COLUMN, COLUMN=Header, ..."), without its markers. */
    static List<String> table(String spec, Path dir) {
        int bar = spec.indexOf('|');
        if (bar < 0) {
            throw new IllegalArgumentException("table marker '" + spec + "': expected 'ROWS | COLUMNS'");
        }
        List<RunFolder> rows = rows(spec.substring(0, bar), dir);
        List<Quantity> columns = new ArrayList<>();
        for (String c : spec.substring(bar + 1).split(",")) {
            String column = c.strip();
            int eq = column.indexOf('=');
            columns.add(eq < 0 ? Quantities.named(column)
                    : Quantities.named(column.substring(0, eq).strip()).withHeader(column.substring(eq + 1).strip()));
        }
        List<String> out = new ArrayList<>();
        out.add("| " + String.join(" | ", columns.stream().map(Quantity::header).toList()) + " |");
        out.add("|" + String.join("|", columns.stream().map(q -> q.right() ? "---:" : "---").toList()) + "|");
        for (RunFolder run : rows) {
            out.add("| " + String.join(" | ", columns.stream().map(q -> q.cell().apply(q.read().apply(run))).toList())
                    + " |");
        }
        return out;
    }

    /**
     * An inline figure: "AGGREGATE QUANTITY ROWS", or "halfway QUANTITY QUANTITY ROWS"; a quantity "a+b" is
     * the figures of both. Aggregates: value (the figures as written), list (the same, ", "-separated), range ("lo–hi", one number when they
     * agree), to ("lo to hi"), min, max, median, count, within:TOL ("N of M" figures within TOL of 1),
     * deviation (the largest |x - 1|, in per cent), distinct (the different texts, in row order), ratio (the
     * geometric mean of the first quantity's figures over the second's, three decimals), halfway
     * (half-way in log space between the largest of the first and the smallest of the second: their geometric
     * mean, two decimals).
     */
    static String evaluate(String expression, Path dir) {
        String[] words = expression.split("\\s+", 3);
        if (words.length < 3) {
            throw new IllegalArgumentException("figure '" + expression + "': expected 'AGGREGATE QUANTITY ROWS'");
        }
        String aggregate = words[0];
        if (aggregate.equals("ratio")) {
            // "ratio QA QB ROWS": the geometric mean of QA's figures over that of QB's (before/after pairs).
            String[] rest = words[2].split("\\s+", 2);
            if (rest.length < 2) {
                throw new IllegalArgumentException("figure '" + expression + "': expected 'ratio QUANTITY QUANTITY ROWS'");
            }
            List<RunFolder> rows = rows(rest[1], dir);
            return Quantity.write("%.3f", geomean(figures(Quantities.named(words[1]), rows))
                    / geomean(figures(Quantities.named(rest[0]), rows)));
        }
        if (aggregate.equals("halfway")) {
            String[] rest = words[2].split("\\s+", 2);
            if (rest.length < 2) {
                throw new IllegalArgumentException("figure '" + expression + "': expected 'halfway QUANTITY QUANTITY ROWS'");
            }
            List<RunFolder> rows = rows(rest[1], dir);
            double a = figures(Quantities.named(words[1]), rows).stream().mapToDouble(Figure::value).max().orElseThrow();
            double b = figures(Quantities.named(rest[0]), rows).stream().mapToDouble(Figure::value).min().orElseThrow();
            return Quantity.write("%.2f", Math.sqrt(a * b));
        }
        Quantity q = Quantities.named(words[1]);
        List<Figure> figures = figures(q, rows(words[2], dir));
        List<Double> values = Quantities.values(figures);
        switch (aggregate) {
            case "value":
                return Quantity.joined(figures);
            case "list":
                return String.join(", ", figures.stream().map(Figure::text).toList());
            case "distinct":
                return String.join(", ", figures.stream().map(Figure::text).distinct().toList());
            case "count":
                return Integer.toString(figures.size());
            default:
                break;
        }
        if (values.stream().anyMatch(v -> v.isNaN())) {
            throw new IllegalArgumentException("figure '" + expression + "': " + q.name() + " is not a number");
        }
        double lo = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        if (aggregate.equals("deviation")) {
            double far = values.stream().mapToDouble(v -> Math.abs(v - 1)).max().orElseThrow();
            return String.format(java.util.Locale.ROOT, "%.1f %%", 100 * far);
        }
        if (aggregate.startsWith("within:")) {
            double tolerance = Double.parseDouble(aggregate.substring("within:".length()));
            long within = values.stream().filter(v -> Math.abs(v - 1) <= tolerance + 1e-12).count();
            return within + " of " + values.size();
        }
        switch (aggregate) {
            case "range":
                return q.write(lo).equals(q.write(hi)) ? q.write(lo) : q.write(lo) + "–" + q.write(hi);
            case "to":
                return q.write(lo) + " to " + q.write(hi);
            case "min":
                return q.write(lo);
            case "max":
                return q.write(hi);
            case "median":
                return q.write(Quantities.median(values));
            default:
                throw new IllegalArgumentException("figure '" + expression + "': no aggregate '" + aggregate
                        + "' (value, list, range, to, min, max, median, count, within:TOL, deviation, distinct, ratio, halfway)");
        }
    }

    private static double geomean(List<Figure> figures) {
        return Math.exp(figures.stream().mapToDouble(f -> Math.log(f.value())).average().orElseThrow());
    }

    private static List<Figure> figures(Quantity q, List<RunFolder> rows) {
        List<Figure> out = new ArrayList<>();
        rows.forEach(r -> out.addAll(q.read().apply(r)));
        return out;
    }

    /**
     * Run folders: each word a folder relative to {@code dir}; {@code j1..j7} is j1, j2, ..., j7 (the prefix once
     * or twice: {@code j1..7}, {@code j1..j7}); a {@code *} in the last part of a word is every folder it matches,
     * in name order.
     */
    static List<RunFolder> rows(String spec, Path dir) {
        List<RunFolder> out = new ArrayList<>();
        for (String word : spec.strip().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            Matcher range = RANGE.matcher(word);
            if (word.contains("*")) {
                out.addAll(glob(word, dir));
            } else if (range.matches() && range.group(1).endsWith(range.group(3))) {
                int a = Integer.parseInt(range.group(2)), b = Integer.parseInt(range.group(4));
                if (b < a) {
                    throw new IllegalArgumentException("'" + word + "': the range runs backwards");
                }
                for (int n = a; n <= b; n++) {
                    out.add(folder(range.group(1) + n, dir));
                }
            } else {
                out.add(folder(word, dir));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no run folders in '" + spec.strip() + "'");
        }
        return out;
    }

    private static RunFolder folder(String word, Path dir) {
        Path p = dir.resolve(word).normalize();
        if (!Files.isDirectory(p)) {
            throw new IllegalArgumentException("no run folder " + word + " in "
                    + (dir.toString().isEmpty() ? "." : dir.toString()));
        }
        return new RunFolder(p, word);
    }

    private static List<RunFolder> glob(String word, Path dir) {
        int slash = word.lastIndexOf('/');
        String parent = slash < 0 ? "" : word.substring(0, slash);
        String pattern = word.substring(slash + 1);
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir.resolve(parent.isEmpty() ? "." : parent), pattern)) {
            s.forEach(p -> {
                if (Files.isDirectory(p)) {
                    names.add(p.getFileName().toString());
                }
            });
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + dir.resolve(parent) + " for '" + word + "'");
        }
        names.sort(String::compareTo);
        return names.stream().map(n -> folder(parent.isEmpty() ? n : parent + "/" + n, dir)).toList();
    }
}
