package org.cachelinebench.struct.analysis;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

import org.cachelinebench.model.layout.QuietJol;
import org.cachelinebench.struct.c.InputError;

/**
 * A Java class's instance layout on the running JVM, as JOL reads it (the JVM, not the source, decides
 * field order, and flags such as compact headers change it), as the fields a roles file names and in
 * pahole's format. A field is named by its name, or {@code Host.name} where a superclass field of the
 * same name exists.
 *
 * @param name    the class's name
 * @param header  bytes of object header
 * @param size    the instance size
 * @param align   the object alignment (objects start at a multiple of it)
 * @param fields  the instance fields by offset
 */
public record JolLayout(String name, int header, int size, int align, List<JavaField> fields) {

    /** One instance field: its roles-file name, Java type, declaring class, offset and size. */
    record JavaField(String path, String type, String host, int offset, int size) {}

    /** Loads {@code className} from this jar or {@code classpath} (entries separated by the path separator). */
    public static Class<?> load(String className, String classpath) throws InputError {
        ClassLoader loader = JolLayout.class.getClassLoader();
        if (classpath != null) {
            List<URL> urls = new ArrayList<>();
            for (String entry : classpath.split(File.pathSeparator)) {
                try {
                    urls.add(new File(entry).toURI().toURL());
                } catch (MalformedURLException e) {
                    throw new InputError("struct", 0, 0, "--classpath entry '" + entry + "' is not a path");
                }
            }
            loader = new URLClassLoader(urls.toArray(URL[]::new), loader);
        }
        try {
            Class<?> c = Class.forName(className, false, loader);
            if (c.isInterface() || c.isArray() || c.isPrimitive()) {
                throw new InputError("struct", 0, 0, className + " is not a class with instance fields");
            }
            return c;
        } catch (ClassNotFoundException | LinkageError e) {
            throw new InputError("struct", 0, 0, "no class " + className + " on the class path"
                    + (classpath == null ? " (add --classpath DIR)" : " " + classpath));
        }
    }

    public static JolLayout of(Class<?> c) throws InputError {
        QuietJol.vm();                        // before JOL parses a class: its warnings go to stderr
        ClassLayout l = ClassLayout.parseClass(c);
        Map<String, Integer> count = new HashMap<>();
        for (FieldLayout f : l.fields()) {
            count.merge(f.name(), 1, Integer::sum);
        }
        List<JavaField> fields = new ArrayList<>();
        for (FieldLayout f : l.fields()) {
            String host = f.hostClass();
            String simple = host.substring(host.lastIndexOf('.') + 1);
            String path = count.get(f.name()) > 1 ? simple + "." + f.name() : f.name();
            fields.add(new JavaField(path, f.typeClass(), host, (int) f.offset(), (int) f.size()));
        }
        if (fields.isEmpty()) {
            throw new InputError("struct", 0, 0, c.getName() + " has no instance fields");
        }
        return new JolLayout(c.getName(), l.headerSize(), (int) l.instanceSize(), QuietJol.vm().objectAlignment(),
                fields);
    }

    /** The same layout with fields renamed ({@code names}: current path to new; others kept). */
    JolLayout renamed(Map<String, String> names) {
        List<JavaField> out = new ArrayList<>();
        for (JavaField f : fields) {
            out.add(new JavaField(names.getOrDefault(f.path(), f.path()), f.type(), f.host(), f.offset(), f.size()));
        }
        return new JolLayout(name, header, size, align, out);
    }

    /** Each field is a unit of its own: a suggestion may move any of them. */
    public FieldIndex index() {
        List<FieldIndex.Unit> units = new ArrayList<>();
        List<FieldIndex.Field> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            JavaField f = fields.get(i);
            units.add(new FieldIndex.Unit(i, f.path(), f.offset(), f.offset() + f.size()));
            out.add(new FieldIndex.Field(f.path(), i, f.offset(), f.offset() + f.size(), true));
        }
        return new FieldIndex(units, out);
    }

    private static boolean isPad(JavaField f) {
        return f.type().equals("byte") && f.path().matches("p\\d+_\\d{3}");
    }

    /** pahole's format for an object that starts on a line: the header, the fields, holes, boundaries. */
    public String print(int lineSize, Roles roles) {
        StringBuilder out = new StringBuilder("class " + name + " {\n");
        out.append(String.format("\t%-26s %-21s /* %5d %5d */%n", "(object header)", "", 0, header));
        int end = header;
        int crossed = 0;
        int holes = 0, holeBytes = 0;
        for (int i = 0; i < fields.size(); i++) {
            JavaField f = fields.get(i);
            if (f.offset() > end) {
                out.append("\n\t/* XXX ").append(f.offset() - end).append(" bytes hole */\n\n");
                holes++;
                holeBytes += f.offset() - end;
            }
            while ((crossed + 1) * lineSize <= f.offset()) {
                crossed++;
                out.append(String.format("\t/* --- cacheline %d boundary (%d bytes) --- */%n", crossed, crossed * lineSize));
            }
            // A run of padding bytes (p1_000, p1_001, ...) is one line, as pahole shows a char array.
            int j = i;
            while (isPad(f) && j + 1 < fields.size() && isPad(fields.get(j + 1))
                    && fields.get(j + 1).offset() == fields.get(j).offset() + 1) {
                j++;
            }
            if (j > i) {
                JavaField last = fields.get(j);
                out.append(String.format("\t%-26s %-21s /* %5d %5d */%n", "byte", f.path() + ".." + last.path() + ";",
                        f.offset(), last.offset() + 1 - f.offset()));
                end = Math.max(end, last.offset() + 1);
                i = j;
                continue;
            }
            String tag = roles.memberTag(f.path());
            out.append(String.format("\t%-26s %-21s /* %5d %5d */%s%n", f.type(), f.path() + ";", f.offset(), f.size(),
                    tag.isEmpty() ? "" : " " + tag));
            end = Math.max(end, f.offset() + f.size());
        }
        out.append(String.format("%n\t/* size: %d, cachelines: %d, fields: %d */%n", size, (size + lineSize - 1) / lineSize,
                fields.size()));
        if (holes > 0) {
            out.append(String.format("\t/* holes: %d, sum holes: %d */%n", holes, holeBytes));
        }
        if (size > end) {
            out.append(String.format("\t/* padding: %d */%n", size - end));
        }
        out.append("};\n");
        return out.toString();
    }
}
