package org.cachelinebench.figures;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.results.AtomicFiles;

/**
 * {@code benchmarks/figures}: every marked figure of the READMEs recomputed from the committed run files
 * ({@link Markers}; the syntax is in docs/figures.md). Writes them in place, checks them ({@code --check}, what
 * the build's test does), or prints the marked table of a set of run folders, to paste into a README.
 */
public final class Figures {
    private Figures() {}

    static final String USAGE = String.join("\n",
            "usage: benchmarks/figures [--check] [FILE.md...]",
            "       benchmarks/figures table [--dir DIR] --columns NAME,NAME=Header,... RUN_FOLDER...",
            "       benchmarks/figures --unmarked [FILE.md...]",
            "       benchmarks/figures --list",
            "",
            "  (no command)  rewrite every marked table and inline figure of the files (default: README.md, every",
            "                README.md under results/, docs/*.md) as the committed run files give them; prints the",
            "                files changed, and each figure whose run folder or file is gone",
            "  --check       change nothing; print each marked figure that differs from the files or whose run",
            "                folder or file is gone, one line each",
            "  table         print the marked table of these run folders (relative to --dir, the README's",
            "                directory, default .; j1..j7 and * allowed), to paste into that README",
            "  --unmarked    list, per file and line, the numbers in prose that no marker vouches for",
            "  --list        the quantities a marker may name",
            "",
            "Exit: 0 every figure agrees (or was written); 1 a figure differs (--check) or its folder is gone; 2 bad input.",
            "Marker syntax: docs/figures.md.",
            "");

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE).flag("check").flag("list").flag("unmarked")
            .value("dir").value("columns");

    public static void main(String[] args) {
        EntryPoint.exit("figures", () -> run(args, Path.of(""), System.out, System.err));
    }

    /** The command in repository {@code root}, without {@code System.exit}: returns the exit status. */
    static int run(String[] args, Path root, PrintStream out, PrintStream err) throws IOException {
        CommandLine.Parsed p;
        try {
            p = COMMAND_LINE.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("figures: " + e.getMessage());
            return 2;
        }
        if (p.help()) {
            out.print(USAGE);
            return 0;
        }
        if (p.has("list")) {
            for (Map.Entry<String, String> q : Quantities.headers().entrySet()) {
                out.printf("%-26s %s%n", q.getKey(), q.getValue());
            }
            return 0;
        }
        List<String> positional = p.positional();
        try {
            if (!positional.isEmpty() && positional.get(0).equals("table")) {
                if (p.value("columns") == null || positional.size() < 2) {
                    throw new IllegalArgumentException("table needs --columns and at least one run folder (see --help)");
                }
                String spec = String.join(" ", positional.subList(1, positional.size())) + " | " + p.value("columns");
                Path dir = root.resolve(p.value("dir") == null ? "." : p.value("dir")).normalize();
                List<String> table = Markers.table(spec, dir); // before the first line: a bad column prints nothing
                out.println("<!-- figures: table " + spec + " -->");
                table.forEach(out::println);
                out.println(Markers.END);
                return 0;
            }
            List<Path> files = new ArrayList<>();
            if (positional.isEmpty()) {
                files.addAll(readmes(root));
            } else {
                positional.forEach(f -> files.add(root.resolve(f)));
            }
            if (p.has("unmarked")) {
                for (Path f : files) {
                    Markers.unmarked(read(f)).forEach(line -> out.println(name(f, root) + ":" + line));
                }
                return 0;
            }
            return p.has("check") ? check(files, root, out) : write(files, root, out);
        } catch (IllegalArgumentException e) {
            err.println("figures: " + e.getMessage());
            return 2;
        }
    }

    /** README.md, every README.md under results/ at any depth, and every docs/*.md under {@code root}. */
    static List<Path> readmes(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        if (Files.isRegularFile(root.resolve("README.md"))) {
            out.add(root.resolve("README.md"));
        }
        List<Path> results = new ArrayList<>();
        if (Files.isDirectory(root.resolve("results"))) {
            // results/latest is the last local run's output, not committed evidence.
            try (Stream<Path> s = Files.walk(root.resolve("results"))) {
                s.filter(f -> f.getFileName().toString().equals("README.md") && Files.isRegularFile(f))
                        .filter(f -> !f.startsWith(root.resolve("results/latest"))).forEach(results::add);
            }
        }
        if (Files.isDirectory(root.resolve("docs"))) {
            try (DirectoryStream<Path> s = Files.newDirectoryStream(root.resolve("docs"), "*.md")) {
                s.forEach(results::add);
            }
        }
        results.sort(Path::compareTo);
        out.addAll(results);
        return out;
    }

    /** Every mismatch of the files, as the lines {@code --check} prints. */
    static List<String> mismatches(List<Path> files, Path root) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path f : files) {
            List<Markers.Mismatch> found = new ArrayList<>();
            Markers.regenerate(read(f), f.toAbsolutePath().getParent(), found);
            found.forEach(m -> out.add(describe(m, f, root)));
        }
        return out;
    }

    private static int check(List<Path> files, Path root, PrintStream out) throws IOException {
        List<String> found = mismatches(files, root);
        found.forEach(out::println);
        if (found.isEmpty()) {
            out.println("figures: every marked figure of " + files.size() + " file(s) agrees with the run files");
            return 0;
        }
        out.println("figures: " + found.size() + " figure(s) differ from the run files (benchmarks/figures rewrites them)");
        return 1;
    }

    private static int write(List<Path> files, Path root, PrintStream out) throws IOException {
        int unreadable = 0;
        for (Path f : files) {
            String text = read(f);
            List<Markers.Mismatch> found = new ArrayList<>();
            String fresh = Markers.regenerate(text, f.toAbsolutePath().getParent(), found);
            if (!fresh.equals(text)) {
                AtomicFiles.write(f, AtomicFiles.Content.of(fresh));
                out.println("written: " + name(f, root));
            }
            // A figure whose folder is gone cannot be written: it is named, and the command fails.
            for (Markers.Mismatch m : found) {
                if (m.problem() != null) {
                    out.println(describe(m, f, root));
                    unreadable++;
                }
            }
        }
        if (unreadable > 0) {
            out.println("figures: " + unreadable + " figure(s) the run files cannot give (retarget or remove their markers)");
            return 1;
        }
        return 0;
    }

    /** The mismatch's line; a problem names its folder as resolved, without the repository's own prefix. */
    private static String describe(Markers.Mismatch m, Path f, Path root) {
        return m.describe(name(f, root)).replace(root.toAbsolutePath().normalize() + java.io.File.separator, "");
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new IllegalArgumentException(f + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static String name(Path f, Path root) {
        Path abs = root.toAbsolutePath().normalize();
        Path file = f.toAbsolutePath().normalize();
        return file.startsWith(abs) ? abs.relativize(file).toString() : f.toString();
    }
}
