package org.cachelinebench.struct.c;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs pahole on an object file or a vmlinux with DWARF, for {@code --object}: {@code pahole -E -C NAME},
 * expanded, so that every nested type arrives with its members and the alignments are the compiler's.
 * What can go wrong is bad input, one line each: no pahole, a file that is no ELF object, one without
 * DWARF, a struct its DWARF does not hold.
 */
public final class PaholeCommand {
    /** Debian's and Fedora's package for pahole. */
    public static final String INSTALL = "pahole is not installed: apt-get install dwarves (Debian, Ubuntu) or dnf install dwarves (Fedora)";
    /** Where the running kernel shows its own types (CONFIG_DEBUG_INFO_BTF). */
    public static final String RUNNING_KERNEL_BTF = "/sys/kernel/btf/vmlinux";
    /**
     * BTF kinds that annotate and change no layout (17 declaration tag, 18 type tag): a pahole that does not
     * know them still prints every struct right, and says so on stderr.
     */
    private static final Set<Integer> ANNOTATION_KINDS = Set.of(17, 18);
    private static final Pattern UNKNOWN_KIND = Pattern.compile("Unknown kind (\\d+)");
    /** A vmlinux takes pahole a few seconds; this bounds a stuck one. */
    private static final long TIMEOUT_SECONDS = 300;

    private PaholeCommand() {}

    /**
     * pahole's text of a struct from BTF, and what its stderr said about the BTF: the kinds it did not know
     * that change layouts (empty when only annotations were unknown, whose lines never reach a report).
     */
    public record BtfText(String text, String pahole, Set<Integer> unknownKinds) {
        /** Why a text that does not read back may be wrong, or "" where pahole knew every kind that matters. */
        public String tooOld() {
            return unknownKinds.isEmpty() ? "" : "pahole " + pahole + " is older than this BTF (it does not know BTF kind"
                    + (unknownKinds.size() > 1 ? "s " : " ") + String.join(", ", unknownKinds.stream().map(String::valueOf).toList())
                    + "): install a newer dwarves";
        }
    }

    /**
     * pahole's text for {@code struct} from the BTF in {@code file}: a raw BTF blob (the running kernel's
     * {@value #RUNNING_KERNEL_BTF}) or an ELF vmlinux or object with a .BTF section. Runs
     * {@code pahole -F btf -E -C NAME FILE}: expanded, so every nested type arrives with its members.
     * Bad input, one line each: no BTF, no pahole, a pahole too old for the BTF, a struct the BTF lacks.
     */
    public static BtfText btf(String file, String struct) throws InputError {
        return btf(file, struct, System.getenv("PATH"));
    }

    /** The same, with pahole looked up on {@code searchPath}. */
    public static BtfText btf(String file, String struct, String searchPath) throws InputError {
        Path path = Path.of(file);
        if (!Files.exists(path)) {
            throw new InputError("struct", 0, 0, "no BTF: " + file + " does not exist"
                    + (file.equals(RUNNING_KERNEL_BTF) ? " (the running kernel shows it when built with CONFIG_DEBUG_INFO_BTF;"
                    + " give a vmlinux with --btf-file)" : ""));
        }
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(path)) {
            int n = in.readNBytes(magic, 0, 4);
            boolean raw = n >= 2 && (magic[0] & 0xff) == 0x9f && (magic[1] & 0xff) == 0xeb;
            boolean elf = n == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F';
            if (!raw && !elf) {
                throw new InputError(file, 0, 0, "no BTF: neither a BTF blob nor an ELF vmlinux or object");
            }
        } catch (IOException e) {
            throw new InputError(file, 0, 0, "cannot read it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        String pahole = onPath(searchPath);
        if (pahole == null) {
            throw new InputError("struct", 0, 0, "--btf needs pahole, and " + INSTALL);
        }
        String name = struct.trim().replaceFirst("^(struct|union)\\s+", "");
        Ran ran = run(List.of(pahole, "-F", "btf", "-E", "-C", name, path.toString()), file);
        Set<Integer> unknown = new TreeSet<>();
        Matcher kinds = UNKNOWN_KIND.matcher(ran.err());
        while (kinds.find()) {
            int kind = Integer.parseInt(kinds.group(1));
            if (!ANNOTATION_KINDS.contains(kind)) {
                unknown.add(kind);
            }
        }
        String version = version(pahole);
        BtfText out = new BtfText(ran.out(), version, unknown);
        String problem = lastLine(ran.err().lines().filter(l -> !UNKNOWN_KIND.matcher(l).find())
                .reduce("", (a, b) -> a + "\n" + b));
        if (ran.exit() != 0 || ran.out().isBlank()) {
            if (problem.contains("not found")) {
                throw new InputError(file, 0, 0, "the BTF has no struct or union " + name);
            }
            if (!out.tooOld().isEmpty() || ran.err().contains("Unknown kind") && problem.isEmpty()) {
                throw new InputError(file, 0, 0, (out.tooOld().isEmpty() ? "pahole " + version + " is older than this BTF"
                        + " (it does not know some of its kinds): install a newer dwarves" : out.tooOld())
                        + "; it printed nothing for " + name);
            }
            throw new InputError(file, 0, 0, "no BTF pahole can read" + (problem.isEmpty() ? "" : ": " + problem));
        }
        return out;
    }

    /** pahole's version ("v1.24"), or "(version unknown)". */
    private static String version(String pahole) {
        try {
            Ran r = run(List.of(pahole, "--version"), "pahole");
            String v = r.out().strip();
            return r.exit() == 0 && !v.isEmpty() ? v : "(version unknown)";
        } catch (InputError e) {
            return "(version unknown)";
        }
    }

    /** A finished command's exit status, stdout and stderr. */
    private record Ran(int exit, String out, String err) {}

    /** Runs {@code command}; stderr is kept apart, for a one-line reason, and never printed. */
    private static Ran run(List<String> command, String what) throws InputError {
        Path out = null, err = null;
        try {
            out = Files.createTempFile("struct-pahole", ".out");
            err = Files.createTempFile("struct-pahole", ".err");
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new InputError(what, 0, 0, "pahole did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return new Ran(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InputError(what, 0, 0, "cannot run pahole (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputError(what, 0, 0, "interrupted while pahole ran");
        } finally {
            delete(out);
            delete(err);
        }
    }

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

    /** pahole on {@code path} (a PATH-style list of folders), or null. */
    public static String onPath(String path) {
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
        if (text.isBlank()) {
            return "";
        }
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1].strip();
    }
}
