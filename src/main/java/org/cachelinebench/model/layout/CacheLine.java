package org.cachelinebench.model.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The coherence unit: the number of bytes that move between cores as one.
 *
 * <p>Read from Linux's sysfs when it says, else 64 (x86-64 and most arm64 parts). Override with
 * {@code -Dcacheline.size=N} (a power of two, 16..4096), e.g. 128 on parts whose adjacent-line
 * prefetcher pairs lines, or to see what a layout would do on such a machine.
 */
public final class CacheLine {
    public static final String PROPERTY = "cacheline.size";
    public static final int DEFAULT_SIZE = 64;
    static final Path SYSFS =
            Path.of("/sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size");

    /** The line size in force for this JVM. */
    public static final int SIZE = detect();

    /** Where {@link #SIZE} came from, for reports: "property", "sysfs" or "default". */
    public static final String SOURCE = source();

    private CacheLine() {}

    static int detect() {
        String override = System.getProperty(PROPERTY);
        if (override != null) {
            return validate(override.trim(), "-D" + PROPERTY);
        }
        Integer fromOs = readSysfs();
        return fromOs != null ? fromOs : DEFAULT_SIZE;
    }

    private static String source() {
        if (System.getProperty(PROPERTY) != null) {
            return "property";
        }
        return readSysfs() != null ? "sysfs" : "default";
    }

    private static Integer readSysfs() {
        try {
            if (Files.isReadable(SYSFS)) {
                return validate(Files.readString(SYSFS).trim(), SYSFS.toString());
            }
        } catch (IOException | IllegalArgumentException e) {
            // An unreadable or odd value is no reason to stop: fall back to the default.
        }
        return null;
    }

    /** Parses a line size, rejecting anything that is not a power of two in 16..4096. */
    public static int validate(String text, String where) {
        int n;
        try {
            n = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": cache line size '" + text + "' is not a number");
        }
        if (n < 16 || n > 4096 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException(
                    where + ": cache line size " + n + " is not a power of two in 16..4096");
        }
        return n;
    }

    /** Index of the line holding byte {@code offset}, for a region that starts on a line. */
    public static int lineOf(long offset, int lineSize) {
        return (int) Math.floorDiv(offset, lineSize);
    }

    /** True when bytes [a, a+aLen) and [b, b+bLen) touch a common line. */
    public static boolean shareLine(long a, int aLen, long b, int bLen, int lineSize) {
        int aFirst = lineOf(a, lineSize), aLast = lineOf(a + aLen - 1, lineSize);
        int bFirst = lineOf(b, lineSize), bLast = lineOf(b + bLen - 1, lineSize);
        return aFirst <= bLast && bFirst <= aLast;
    }
}
