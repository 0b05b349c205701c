package org.cachelinebench.struct.c;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs pahole on an object file or a vmlinux with DWARF, for {@code --object}: {@code pahole -E -C NAME},
 * expanded, so that every nested type arrives with its members and the alignments are the compiler's.
 * What can go wrong is bad input, one line each: no pahole, a file that is no ELF object, one without
 * DWARF, a struct its DWARF does not hold.
 */
public final class PaholeCommand {
    /** Debian's and Fedora's package for pahole. */
    public static final String INSTALL = "pahole is not installed: apt-get install dwarves (Debian, Ubuntu) or dnf install dwarves (Fedora)";
    /** A vmlinux takes pahole a few seconds; this bounds a stuck one. */
    private static final long TIMEOUT_SECONDS = 300;

    private PaholeCommand() {}

    /** pahole's text for {@code struct} ("pcpu_chunk" or "struct pcpu_chunk") in {@code object}. */
    public static String layout(String object, String struct) throws InputError {
        return layout(object, struct, System.getenv("PATH"));
    }

    /** The same, with pahole looked up on {@code searchPath}. */
    public static String layout(String object, String struct, String searchPath) throws InputError {
        Path path = Path.of(object);
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(path)) {
            if (in.readNBytes(magic, 0, 4) < 4 || magic[0] != 0x7f || magic[1] != 'E' || magic[2] != 'L' || magic[3] != 'F') {
                throw new InputError(object, 0, 0, "is not an ELF object file (give an object file or a vmlinux built with -g)");
            }
        } catch (IOException e) {
            throw new InputError(object, 0, 0, "cannot read it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        String pahole = onPath(searchPath);
        if (pahole == null) {
            throw new InputError("struct", 0, 0, "--object needs pahole, and " + INSTALL);
        }
        String name = struct.trim().replaceFirst("^(struct|union)\\s+", "");
        Path out = null, err = null;
        try {
            out = Files.createTempFile("struct-pahole", ".out");
            err = Files.createTempFile("struct-pahole", ".err");
            Process p = new ProcessBuilder(List.of(pahole, "-E", "-C", name, path.toString()))
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new InputError(object, 0, 0, "pahole did not finish in " + TIMEOUT_SECONDS + " s");
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            String problem = Files.readString(err, StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0) {
                throw new InputError(object, 0, 0, "pahole found no DWARF in it (build it with -g; a kernel with "
                        + "CONFIG_DEBUG_INFO): " + lastLine(problem));
            }
            if (text.isBlank()) {
                throw new InputError(object, 0, 0, "its DWARF has no struct or union " + name
                        + (problem.isEmpty() ? "" : " (" + lastLine(problem) + ")"));
            }
            return text;
        } catch (IOException e) {
            throw new InputError(object, 0, 0, "cannot run pahole (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputError(object, 0, 0, "interrupted while pahole ran");
        } finally {
            delete(out);
            delete(err);
        }
    }

    private static void delete(Path p) {
        if (p != null) {
            p.toFile().delete();
        }
    }

    /** pahole on the PATH, or null. */
    public static String onPath() {
        return onPath(System.getenv("PATH"));
    }

    private static String onPath(String path) {
        for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
            File f = new File(dir, "pahole");
            if (!dir.isEmpty() && f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }

    /** The last line of a tool's complaint, for a one-line message. */
    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1].strip();
    }
}
