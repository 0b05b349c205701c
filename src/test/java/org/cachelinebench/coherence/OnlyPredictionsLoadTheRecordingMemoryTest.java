package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.cachelinebench.model.layout.LineAlignedMemory;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.RawMemory;
import org.junit.jupiter.api.Test;

/**
 * The accessor costs the benchmarks nothing only while a benchmark JVM loads one concrete {@link Memory}: nothing a
 * benchmark fork runs (the model, harness and benchmarks packages) refers to this package, no class outside it
 * names the recording memory, and no benchmark reaches both off-heap memories ({@link LineAlignedMemory} for the IPI
 * models, {@link RawMemory} for the {@code pcpu_chunk} model), so the JIT binds every call to the one a fork loads by
 * class hierarchy analysis. The tools' own JVMs (the runner's summaries, benchmarks/predict) may call the predictions.
 */
class OnlyPredictionsLoadTheRecordingMemoryTest {
    private static final Path CLASSES = Path.of("target", "classes", "org", "cachelinebench");
    /** The packages whose classes a JMH fork loads. */
    private static final List<String> FORK_PACKAGES = List.of("model", "harness", "benchmarks");

    @Test
    void nothingABenchmarkForkRunsRefersToIt() throws IOException {
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            offenders = files.filter(p -> p.toString().endsWith(".class"))
                    .filter(p -> FORK_PACKAGES.stream().anyMatch(pkg -> p.startsWith(CLASSES.resolve(pkg))))
                    .filter(p -> mentions(p, "org/cachelinebench/coherence/"))
                    .toList();
        }
        assertTrue(Files.isDirectory(CLASSES.resolve("coherence")), "compiled classes not found under " + CLASSES);
        assertEquals(List.of(), offenders);
    }

    @Test
    void noClassOutsideThisPackageNamesTheRecordingMemory() throws IOException {
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            offenders = files.filter(p -> p.toString().endsWith(".class"))
                    .filter(p -> !p.startsWith(CLASSES.resolve("coherence")))
                    .filter(p -> mentions(p, "org/cachelinebench/coherence/TracedMemory"))
                    .toList();
        }
        assertEquals(List.of(), offenders);
    }

        /** Every compiled class outside this package, loaded without running its initialisers. */
    @Test
    void theOnlyConcreteMemoriesOutsideThisPackageAreTheTwoOffHeapOnes() throws IOException {
        List<String> concrete;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            concrete = files.filter(p -> p.toString().endsWith(".class"))
                    .filter(p -> !p.startsWith(CLASSES.resolve("coherence")))
                    .map(OnlyPredictionsLoadTheRecordingMemoryTest::load)
                    .filter(c -> Memory.class.isAssignableFrom(c) && !c.isInterface()
                            && !java.lang.reflect.Modifier.isAbstract(c.getModifiers()))
                    .map(Class::getName)
                    .toList();
        }
        assertEquals(Set.of(LineAlignedMemory.class.getName(), RawMemory.class.getName()), Set.copyOf(concrete));
        assertTrue(java.lang.reflect.Modifier.isFinal(LineAlignedMemory.class.getModifiers()), "no subclass of it");
        assertTrue(java.lang.reflect.Modifier.isFinal(RawMemory.class.getModifiers()), "no subclass of it");
        assertEquals(Memory.Traced.class, TracedMemory.class.getSuperclass());
    }

    /**
     * What a benchmark's fork can load is at most the classes its class names, and theirs in turn: from no benchmark
     * class does that reach both off-heap memories, so each fork has one concrete {@link Memory}.
     */
    @Test
    void noBenchmarkReachesBothOffHeapMemories() throws IOException {
        Path benchmarks = CLASSES.resolve("benchmarks");
        String lineAligned = internal(LineAlignedMemory.class);
        String raw = internal(RawMemory.class);
        List<String> both;
        List<String> reachingRaw;
        try (Stream<Path> files = Files.walk(benchmarks)) {
            List<String> roots = files.filter(p -> p.toString().endsWith(".class"))
                    .filter(p -> !p.toString().contains("jmh_generated"))
                    .map(p -> internalName(p))
                    .toList();
            both = roots.stream().filter(c -> reaches(c).containsAll(List.of(lineAligned, raw))).toList();
            reachingRaw = roots.stream().filter(c -> reaches(c).contains(raw)).toList();
        }
        assertEquals(List.of(), both);
        assertTrue(reachingRaw.contains("org/cachelinebench/benchmarks/ChunkInterleaved"),
                "the pcpu_chunk benchmarks reach RawMemory: " + reachingRaw);
    }

    private static final Pattern CLASS_NAME = Pattern.compile("org/cachelinebench/[A-Za-z0-9_/$]+");

    /** The suite's classes named in {@code root}'s class file, and in theirs, transitively. */
    private static Set<String> reaches(String root) {
        Set<String> seen = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            String c = todo.pop();
            Path file = CLASSES.getParent().getParent().resolve(c + ".class");
            if (!seen.add(c) || !Files.isRegularFile(file)) {
                continue;
            }
            try {
                Matcher m = CLASS_NAME.matcher(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    todo.push(m.group());
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return seen;
    }

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    private static String internalName(Path classFile) {
        String name = CLASSES.getParent().getParent().relativize(classFile).toString();
        return name.substring(0, name.length() - ".class".length()).replace(java.io.File.separatorChar, '/');
    }

    private static Class<?> load(Path classFile) {
        String name = CLASSES.getParent().getParent().relativize(classFile).toString();
        name = name.substring(0, name.length() - ".class".length()).replace(java.io.File.separatorChar, '.');
        try {
            return Class.forName(name, false, OnlyPredictionsLoadTheRecordingMemoryTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean mentions(Path p, String name) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).contains(name);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
