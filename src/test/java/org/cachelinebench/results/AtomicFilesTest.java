package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    /** Writes half its content, then fails, as a crash during a write would. */
    private static AtomicFiles.Content failsHalfWay() {
        return out -> {
            out.write("[{\"benchmark\": \"half".getBytes());
            throw new IOException("disk full");
        };
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesTheContent() throws IOException {
        Path f = dir.resolve("sub").resolve("a.json");
        AtomicFiles.write(f, AtomicFiles.Content.of("[]\n"));
        assertEquals("[]\n", Files.readString(f));
        AtomicFiles.write(f, AtomicFiles.Content.of("[1]\n"));
        assertEquals("[1]\n", Files.readString(f));
    }

    @Test
    void aFailureHalfWayLeavesNoFileWhereThereWasNone() throws IOException {
        Path f = dir.resolve("ratios.json");
        assertThrows(IOException.class, () -> AtomicFiles.write(f, failsHalfWay()));
        assertEquals(List.of(), names(), "neither the target nor a temporary file");
    }

    @Test
    void aFailureHalfWayLeavesTheOldContent() throws IOException {
        Path f = dir.resolve("ratios.json");
        Files.writeString(f, "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(f, failsHalfWay()));
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("ratios.json"), names());
    }

    @Test
    void aSetOfFilesIsWrittenAllOrNone() throws IOException {
        Files.writeString(dir.resolve("a"), "old a");
        Map<Path, AtomicFiles.Content> files = new LinkedHashMap<>();
        files.put(dir.resolve("a"), AtomicFiles.Content.of("new a"));
        files.put(dir.resolve("b"), AtomicFiles.Content.of("new b"));
        files.put(dir.resolve("c"), failsHalfWay());
        assertThrows(IOException.class, () -> AtomicFiles.writeAll(files));
        assertEquals("old a", Files.readString(dir.resolve("a")), "a is not replaced when c fails later");
        assertFalse(Files.exists(dir.resolve("b")));
        assertEquals(List.of("a"), names());
    }

    @Test
    void anUncheckedFailureCleansUpToo() throws IOException {
        AtomicFiles.Content boom = out -> {
            out.write(1);
            throw new IllegalStateException("bug while rendering");
        };
        assertThrows(IllegalStateException.class, () -> AtomicFiles.write(dir.resolve("x"), boom));
        assertEquals(List.of(), names());
    }
}
