package org.cachelinebench.results;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes files so that a reader sees either the old content or the complete new one: each file goes to a
 * temporary file in the same directory, is flushed to disk, and is then renamed over the target (an atomic
 * replace on POSIX file systems). A failure, or an interruption that runs the JVM's shutdown hooks
 * (Ctrl-C, SIGTERM), leaves no temporary file and no partial target behind.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** Produces a file's content; may fail part-way. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;

        static Content of(String text) {
            return out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        static Content of(byte[] bytes) {
            return out -> out.write(bytes);
        }
    }

    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path p : PENDING) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // Nothing more to do while the JVM goes down.
                }
            }
        }, "atomic-files-cleanup"));
    }

    /** Writes one file atomically. */
    public static void write(Path target, Content content) throws IOException {
        writeAll(Map.of(target, content));
    }

    /**
     * Writes several files: first every temporary file, and only when all are complete are they renamed into
     * place. If any content fails, no target is touched.
     */
    public static void writeAll(Map<Path, Content> files) throws IOException {
        Map<Path, Path> temps = new LinkedHashMap<>();
        try {
            for (Map.Entry<Path, Content> f : files.entrySet()) {
                Path target = f.getKey().toAbsolutePath();
                Files.createDirectories(target.getParent());
                Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".tmp");
                PENDING.add(temp);
                temps.put(target, temp);
                readableByAll(temp);
                try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
                     OutputStream out = Channels.newOutputStream(ch)) {
                    f.getValue().writeTo(out);
                    out.flush();
                    ch.force(true);
                }
            }
            for (Map.Entry<Path, Path> t : temps.entrySet()) {
                move(t.getValue(), t.getKey());
                PENDING.remove(t.getValue());
            }
        } finally {
            for (Path temp : temps.values()) {
                if (PENDING.remove(temp)) {
                    Files.deleteIfExists(temp);
                }
            }
        }
    }

    /** Temporary files are created owner-only; a results file is as readable as any other file. */
    private static void readableByAll(Path temp) throws IOException {
        if (Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
