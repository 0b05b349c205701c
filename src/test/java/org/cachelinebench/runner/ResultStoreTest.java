package org.cachelinebench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;

import org.cachelinebench.results.AtomicFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultStoreTest {
    @TempDir
    Path root;

    private Path baseline() throws IOException {
        Path dir = Files.createDirectories(root.resolve("baseline"));
        Files.writeString(dir.resolve("metadata.json"), "{\"role\": \"baseline\", \"profile\": \"ci\"}");
        Files.writeString(dir.resolve("ratios.json"), "[old]");
        Files.setLastModifiedTime(dir.resolve("ratios.json"), FileTime.fromMillis(1_000_000_000_000L));
        return dir;
    }

    @Test
    void aBaselineIsNotOverwrittenWithoutTheOption() throws IOException {
        Path dir = baseline();
        ResultStore.ProtectedBaselineException e = assertThrows(ResultStore.ProtectedBaselineException.class,
                () -> ResultStore.write(dir, Map.of("ratios.json", AtomicFiles.Content.of("[new]")), false));
        assertEquals(dir + " holds the baseline; give --update-baseline to replace it (left unchanged)", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals("[old]", Files.readString(dir.resolve("ratios.json")));
        assertEquals(1_000_000_000_000L, Files.getLastModifiedTime(dir.resolve("ratios.json")).toMillis());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file either");
        }
    }

    @Test
    void withTheOptionItIsReplaced() throws IOException {
        Path dir = baseline();
        ResultStore.write(dir, Map.of("ratios.json", AtomicFiles.Content.of("[new]")), true);
        assertEquals("[new]", Files.readString(dir.resolve("ratios.json")));
    }

    @Test
    void aDirectoryNamedBaselineIsProtectedEvenWithoutMetadata() throws IOException {
        Path dir = Files.createDirectories(root.resolve("baseline"));
        assertFalse(ResultStore.holdsBaseline(dir), "an empty one may be filled");
        Files.writeString(dir.resolve("ratios.json"), "[hand-made]");
        assertTrue(ResultStore.holdsBaseline(dir));
        assertThrows(ResultStore.ProtectedBaselineException.class, () -> ResultStore.checkWritable(dir, false));
    }

    @Test
    void aLatestDirectoryIsJustReplaced() throws IOException {
        Path dir = Files.createDirectories(root.resolve("latest"));
        Files.writeString(dir.resolve("metadata.json"), "{\"role\": \"latest\"}");
        assertFalse(ResultStore.holdsBaseline(dir));
        ResultStore.write(dir, Map.of("ratios.json", AtomicFiles.Content.of("[x]")), false);
        assertEquals("[x]", Files.readString(dir.resolve("ratios.json")));
    }
}
