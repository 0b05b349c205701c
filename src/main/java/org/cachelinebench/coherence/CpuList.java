package org.cachelinebench.coherence;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --cpus}: CPU counts, comma-separated, increasing, where {@code a,b,...,z} stands for the arithmetic
 * progression from {@code a} in steps of {@code b - a} up to {@code z} (so {@code 2,4,...,224} is every even count).
 */
public final class CpuList {
    private CpuList() {}

    /** The most CPUs a curve may ask for: a trace keeps one stack (a continuation or a thread) per CPU. */
    public static final int MAX = 1024;

    public static List<Integer> parse(String text) {
        String[] parts = text.split(",", -1);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.equals("...")) {
                if (out.size() < 2 || i + 1 >= parts.length || parts[i + 1].trim().equals("...")) {
                    throw new IllegalArgumentException("'...' needs two counts before it and one after, as in 2,4,...,224");
                }
                int step = out.get(out.size() - 1) - out.get(out.size() - 2);
                int end = number(parts[i + 1].trim(), text);
                for (int n = out.get(out.size() - 1) + step; n < end; n += step) {
                    out.add(n);
                }
                continue;
            }
            out.add(number(p, text));
        }
        for (int i = 1; i < out.size(); i++) {
            if (out.get(i) <= out.get(i - 1)) {
                throw new IllegalArgumentException("CPU counts must increase: " + text);
            }
        }
        return List.copyOf(out);
    }

    private static int number(String p, String text) {
        int n;
        try {
            n = Integer.parseInt(p);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + p + "' in '" + text + "' is not a CPU count");
        }
        if (n < 1 || n > MAX) {
            throw new IllegalArgumentException("CPU count " + n + " outside 1.." + MAX);
        }
        return n;
    }
}
