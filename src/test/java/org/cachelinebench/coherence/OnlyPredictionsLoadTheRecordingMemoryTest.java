package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.cachelinebench.model.layout.LineAlignedMemory;
import org.cachelinebench.model.layout.Memory;
import org.junit.jupiter.api.Test;

/**
 * The accessor costs the benchmarks nothing only while a benchmark JVM loads one concrete {@link Memory}: nothing a
 * benchmark fork runs (the model, harness and benchmarks packages) refers to this package, and no class outside it
 * names the recording memory, so the JIT binds every call to {@link LineAlignedMemory} by class hierarchy analysis.
 * The tools' own JVMs (the runner's summaries, benchmarks/predict) may call the predictions.
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
    void theOnlyConcreteMemoryOutsideThisPackageIsTheOffHeapOne() throws IOException {
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
        assertEquals(List.of(LineAlignedMemory.class.getName()), concrete);
        assertTrue(java.lang.reflect.Modifier.isFinal(LineAlignedMemory.class.getModifiers()), "no subclass of it");
        assertEquals(Memory.Traced.class, TracedMemory.class.getSuperclass());
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
