package org.cachelinebench.struct.analysis;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.cachelinebench.struct.c.InputError;

/**
 * The suggestion for a Java class: its fields grouped as {@link Grouping} groups a struct's members,
 * written two ways. First as a chain of classes, one per group, with a class of {@code byte} fields
 * between groups that must not share a line (JCTools' padding: the JVM lays out superclass fields
 * first, and bytes leave no gap for a later field to slip into); fields no role touches go in the
 * last class. Second as {@code @Contended} groups (needs {@code -XX:-RestrictContended}).
 *
 * <p>The first is compiled here, when this JVM has a compiler, and laid out by JOL on this JVM: its
 * printed layout and hazards are real. The padding starts at a line and grows by 8 bytes until no
 * line is written by one role and touched by another at any start (the fields that fill an earlier
 * class's alignment gaps are padding spent elsewhere).
 */
public final class JavaSuggester {

    private static final String PACKAGE = "cachelinebench_suggestion";

    /** The suggestion: source text, and the compiled layout (null when it could not be compiled here). */
    public record Result(String text, JolLayout layout, List<String> notes) {}

    private final JolLayout original;
    private final Grouping grouping;
    private final String simple;

    private final String classpath;
    private final ClassLoader loader;

    private JavaSuggester(JolLayout original, Roles roles, String classpath, ClassLoader loader) {
        this.original = original;
        this.classpath = classpath;
        this.loader = loader;
        this.grouping = new Grouping(original.index(), roles, true);
        this.simple = original.name().substring(original.name().lastIndexOf('.') + 1).replace('$', '_');
    }

    /**
     * {@code classpath}: where the class's field types are found besides this jar (null for nowhere
     * else); {@code loader}: the loader that loaded the class, which finds them at run time.
     */
    public static Result suggest(JolLayout original, Roles roles, int lineSize, StartPlacement starts, String classpath,
                          ClassLoader loader) {
        JavaSuggester s = new JavaSuggester(original, roles, classpath, loader);
        List<String> notes = new ArrayList<>(s.grouping.notes());
        notes.add("objects next to this one in the heap are not covered: @Contended pads both sides, the "
                + "padding classes only between groups");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            notes.add("this JVM has no compiler: the suggestion was not laid out here; compile it and run "
                    + "benchmarks/struct --class on it");
            return new Result(s.text(lineSize + 8), null, notes);
        }
        for (int pad = lineSize; pad <= 2 * lineSize; pad += 8) {
            String source = s.padded(pad);
            JolLayout compiled;
            try {
                compiled = s.compile(javac, source);
            } catch (IOException | ReflectiveOperationException | InputError e) {
                notes.add("compiling the suggestion here failed (" + e.getMessage() + "); it is shown unchecked");
                return new Result(s.text(pad), null, notes);
            }
            FieldIndex f = compiled.index();
            Hazards h = Hazards.find(f, roles.on(f), compiled.name(), compiled.size(), lineSize,
                    starts.of(compiled.align(), lineSize));
            if (h.falseSharing().isEmpty()) {
                return new Result(s.text(pad), compiled, notes);
            }
        }
        notes.add("no padding up to two lines separated the groups on this JVM; shown with two lines");
        return new Result(s.text(2 * lineSize), null, notes);
    }

    /** Both forms, as the user reads them. */
    private String text(int pad) {
        return "// padding classes (no JVM flags needed):\n" + padded(pad)
                + "\n// or, with @Contended groups (run with -XX:-RestrictContended; compile with\n"
                + "// --add-exports java.base/jdk.internal.vm.annotation=ALL-UNNAMED):\n" + contended();
    }

    /** The groups that must not share lines, in order. */
    private List<List<JolLayout.JavaField>> groups() {
        List<List<JolLayout.JavaField>> out = new ArrayList<>();
        for (Grouping.LineGroup c : grouping.lineGroups()) {
            List<JolLayout.JavaField> g = new ArrayList<>();
            for (int u : c.units()) {
                g.add(original.fields().get(u));
            }
            out.add(g);
        }
        return out;
    }

    private String padded(int pad) {
        StringBuilder sb = new StringBuilder();
        String parent = null;
        List<Grouping.LineGroup> classes = grouping.lineGroups();
        List<List<JolLayout.JavaField>> groups = groups();
        for (int i = 0; i < groups.size(); i++) {
            Grouping.LineGroup c = classes.get(i);
            if (i > 0) {
                String name = simple + "Pad" + i;
                sb.append("abstract class ").append(name).append(" extends ").append(parent).append(" {\n");
                for (int b = 0; b < pad; b += 8) {
                    sb.append("    byte");
                    for (int k = b; k < Math.min(pad, b + 8); k++) {
                        sb.append(k == b ? " " : ", ").append(String.format("p%d_%03d", i, k));
                    }
                    sb.append(";\n");
                }
                sb.append("}\n");
                parent = name;
            }
            String name = simple + "Group" + i;
            sb.append("abstract class ").append(name).append(parent == null ? "" : " extends " + parent)
                    .append(" {    // ").append(c.describe()).append('\n');
            for (JolLayout.JavaField f : groups.get(i)) {
                sb.append("    ").append(javaType(f.type())).append(' ').append(fieldName(f)).append(";\n");
            }
            sb.append("}\n");
            parent = name;
        }
        sb.append("public class ").append(simple).append(parent == null ? "" : " extends " + parent).append(" {")
                .append(grouping.cold().isEmpty() ? "" : "    // touched by no role").append('\n');
        for (int u : grouping.cold()) {
            JolLayout.JavaField f = original.fields().get(u);
            sb.append("    ").append(javaType(f.type())).append(' ').append(fieldName(f)).append(";\n");
        }
        sb.append("}\n");
        return sb.toString();
    }

    private String contended() {
        StringBuilder sb = new StringBuilder("public class " + simple + " {\n");
        List<Grouping.LineGroup> classes = grouping.lineGroups();
        List<JolLayout.JavaField> all = new ArrayList<>(original.fields());
        all.sort(Comparator.comparingInt(JolLayout.JavaField::offset));
        for (JolLayout.JavaField f : all) {
            String group = null;
            for (int i = 0; i < classes.size(); i++) {
                if (classes.get(i).units().contains(original.fields().indexOf(f)) && classes.get(i).written()) {
                    group = "g" + i;
                }
            }
            sb.append("    ").append(group == null ? "" : "@jdk.internal.vm.annotation.Contended(\"" + group + "\") ")
                    .append(javaType(f.type())).append(' ').append(fieldName(f)).append(";\n");
        }
        return sb.append("}\n").toString();
    }

    private static String fieldName(JolLayout.JavaField f) {
        return f.path().replace('.', '_');
    }

    private static String javaType(String jolType) {
        return jolType.replace('$', '.');
    }

    /** Compiles the padded form in a temporary directory and lays it out with JOL. */
    private JolLayout compile(JavaCompiler javac, String source) throws IOException, ReflectiveOperationException, InputError {
        Path dir = Files.createTempDirectory("struct-suggestion");
        try {
            // A package of its own, so that a class of the same name on the class path is not found instead.
            Path file = dir.resolve(simple + ".java");
            Files.writeString(file, "package " + PACKAGE + ";\n" + source, StandardCharsets.UTF_8);
            StringWriter log = new StringWriter();
            String cp = System.getProperty("java.class.path") + (classpath == null ? "" : java.io.File.pathSeparator + classpath);
            boolean ok = javac.getTask(log, null, null, List.of("-d", dir.toString(), "-proc:none", "-cp", cp), null,
                    javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(file.toFile()))
                    .call();
            if (!ok) {
                throw new IOException(log.toString().lines().findFirst().orElse("javac failed"));
            }
            try (URLClassLoader compiled = new URLClassLoader(new URL[] {dir.toUri().toURL()}, loader)) {
                java.util.Map<String, String> back = new java.util.HashMap<>();
                for (JolLayout.JavaField f : original.fields()) {
                    back.put(fieldName(f), f.path());
                }
                JolLayout l = JolLayout.of(Class.forName(PACKAGE + "." + simple, false, compiled)).renamed(back);
                return new JolLayout(simple, l.header(), l.size(), l.align(), l.fields());
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
