package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The tool's JMH fork runs {@link StructAccessBenchmark} (and a pcpu_chunk fork may read the running kernel's layout
 * through {@code RunningKernelChunk}), and its memory must stay the one concrete
 * {@code Memory} there (the recording memory's guard in {@code coherence} says why); the prediction is the
 * parent's. So no class the benchmark can reach, following the class names in each class file from the
 * benchmark and its generated JMH classes, belongs to or names the {@code coherence} package.
 */
class StructForkLoadsNoCoherenceTest {
    private static final Path CLASSES = Path.of("target", "classes");
    /**
     * The classes a fork starts from: the tool's workload, and the running kernel's pcpu_chunk (RunningKernelChunk*,
     * its benchmark and the reader the off-heap benchmarks' -p layout=running-kernel loads through ServiceLoader).
     */
    private static final List<String> FORK_ROOTS = List.of("StructAccessBenchmark", "RunningKernelChunk");
    private static final Pattern OURS = Pattern.compile("org/cachelinebench/[A-Za-z0-9_/$]+");

    @Test
    void nothingTheStructBenchmarkReachesRefersToCoherence() throws IOException {
        Path struct = CLASSES.resolve("org/cachelinebench/struct");
        List<String> roots = new ArrayList<>();
        try (Stream<Path> files = Files.walk(struct)) {
            files.filter(p -> FORK_ROOTS.stream().anyMatch(p.getFileName().toString()::startsWith))
                    .filter(p -> p.toString().endsWith(".class"))
                    .forEach(p -> roots.add(CLASSES.relativize(p).toString().replace('\\', '/').replaceAll("\\.class$", "")));
        }
        assertTrue(roots.size() > 3, "StructAccessBenchmark and its JMH classes not found under " + struct + ": " + roots);
        Set<String> reached = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(roots);
        List<String> offenders = new ArrayList<>();
        while (!todo.isEmpty()) {
            String name = todo.pop();
            Path file = CLASSES.resolve(name + ".class");
            if (!reached.add(name) || !Files.isRegularFile(file)) {
                continue;
            }
            Matcher m = OURS.matcher(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
            while (m.find()) {
                String ref = m.group();
                if (ref.startsWith("org/cachelinebench/coherence/")) {
                    offenders.add(name + " -> " + ref);
                }
                todo.push(ref);
            }
        }
        assertTrue(reached.contains("org/cachelinebench/struct/analysis/AccessSpec"), "the walk missed AccessSpec: " + reached);
        assertTrue(reached.contains("org/cachelinebench/struct/c/PaholeText"), "the walk missed PaholeText: " + reached);
        assertEquals(List.of(), offenders);
    }
}
