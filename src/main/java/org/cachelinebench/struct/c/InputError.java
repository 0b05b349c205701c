package org.cachelinebench.struct.c;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Bad input, found at a place in a file: the C header, the roles file, or the command line (file
 * "struct", line and column 0). {@link #getMessage()} is the one line the tool prints before it exits 2:
 * {@code FILE:LINE:COLUMN: what is wrong}, or {@code FILE: what is wrong} without a place.
 */
public final class InputError extends Exception {
    private final String file;
    private final int line;
    private final int column;
    private final String problem;

    public InputError(String file, int line, int column, String problem) {
        super(line > 0 ? file + ":" + line + ":" + column + ": " + problem : file + ": " + problem);
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** At a token. */
    public InputError(Token at, String problem) {
        this(at.file(), at.line(), at.column(), problem);
    }

    public String file() { return file; }
    public int line() { return line; }
    public int column() { return column; }
    /** The message without the place. */
    public String problem() { return problem; }

    /** An input file's text; a file that cannot be read is an error naming it as {@code name} (as the user typed it). */
    public static String readText(Path path, String name) throws InputError {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError(name, 0, 0, "cannot read it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }
}
