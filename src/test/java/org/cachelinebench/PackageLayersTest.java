package org.cachelinebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * docs/code-map.md lists the packages so that each uses only the ones above it: the source is held to that
 * order, so the map cannot drift into a cycle or a wrong layering unnoticed.
 */
class PackageLayersTest {
    private static final Path SOURCE = Path.of("src/main/java/org/cachelinebench");
    private static final Pattern ENTRY = Pattern.compile("^- `([a-z.]+|Main)` —");
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.cachelinebench\\.((?:[a-z][a-z0-9]*\\.)*)[A-Z]");

    /** The map's packages in order; "" for Main's, the root package. */
    static List<String> layers() throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("docs/code-map.md"))) {
            Matcher m = ENTRY.matcher(line);
            if (m.find()) {
                out.add(m.group(1).equals("Main") ? "" : m.group(1));
            }
        }
        return out;
    }

    /** The listed layer a package belongs to: the longest listed prefix (benchmarks.scaling is in benchmarks). */
    private static int layer(List<String> layers, String pkg) {
        int best = -1;
        for (int i = 0; i < layers.size(); i++) {
            String l = layers.get(i);
            if (pkg.equals(l) || (!l.isEmpty() && pkg.startsWith(l + ".")) || (l.isEmpty() && best < 0)) {
                if (best < 0 || l.length() > layers.get(best).length()) {
                    best = i;
                }
            }
        }
        return best;
    }

    @Test
    void everyPackageUsesOnlyThePackagesListedAboveIt() throws IOException {
        List<String> layers = layers();
        assertTrue(layers.containsAll(List.of("model.layout", "harness", "benchmarks", "coherence", "runner", "struct", "")),
                layers.toString());
        TreeSet<String> wrong = new TreeSet<>();
        TreeSet<String> unlisted = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCE)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = SOURCE.relativize(f.getParent()).toString().replace('/', '.');
                int own = layer(layers, pkg);
                if (own < 0 || (!pkg.isEmpty() && layers.get(own).isEmpty())) {
                    unlisted.add(pkg);
                    continue;
                }
                for (String line : Files.readAllLines(f)) {
                    String code = line.strip();
                    if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
                        continue;                  // a link in a comment uses nothing
                    }
                    Matcher m = REFERENCE.matcher(code);
                    while (m.find()) {
                        String used = m.group(1).isEmpty() ? "" : m.group(1).substring(0, m.group(1).length() - 1);
                        int theirs = layer(layers, used);
                        if (theirs > own) {
                            wrong.add(pkg + " uses " + used + " (" + f.getFileName() + ")");
                        }
                    }
                }
            }
        }
        assertEquals(new TreeSet<>(), unlisted, "packages docs/code-map.md does not list");
        assertEquals(new TreeSet<>(), wrong, "uses of a package listed below the user in docs/code-map.md");
    }
}
