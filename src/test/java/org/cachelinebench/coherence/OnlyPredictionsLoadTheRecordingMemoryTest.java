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
 * The accessor costs the benchmarks nothing only while a benchmark JVM loads one concrete {@link Memory}: no class
 * outside this package names it, so nothing a benchmark runs can load the recording memory, and the JIT binds
 * every call to {@link LineAlignedMemory} by class hierarchy analysis.
 */
class OnlyPredictionsLoadTheRecordingMemoryTest {
    private static final Path CLASSES = Path.of("target", "classes", "org", "cachelinebench");

    @Test
    void noClassOutsideTheCoherencePackageRefersToIt() throws IOException {
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(CLASSES)) {
            offenders = files.filter(p -> p.toString().endsWith(".class"))
                    .filter(p -> !p.startsWith(CLASSES.resolve("coherence")))
                    .filter(OnlyPredictionsLoadTheRecordingMemoryTest::mentionsCoherence)
                    .toList();
        }
        assertTrue(Files.isDirectory(CLASSES.resolve("coherence")), "compiled classes not found under " + CLASSES);
        assertEquals(List.of(), offenders);
    }

    @Test
    void theOnlyConcreteMemoryOutsideThisPackageIsTheOffHeapOne() {
        assertTrue(java.lang.reflect.Modifier.isFinal(LineAlignedMemory.class.getModifiers()));
        assertTrue(java.lang.reflect.Modifier.isAbstract(Memory.Traced.class.getModifiers()));
        assertEquals(Memory.Traced.class, TracedMemory.class.getSuperclass());
    }

    private static boolean mentionsCoherence(Path p) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).contains("org/cachelinebench/coherence");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
