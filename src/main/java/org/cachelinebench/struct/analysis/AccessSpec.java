package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.model.layout.CacheLine;

/**
 * What {@link StructAccessBenchmark} does to one layout, as the {@code @Param} string it is given: the
 * struct's size, the line size its memory is aligned to, and per role its thread count and the words it
 * loads (reads) or loads and stores back plus one (writes):
 *
 * <pre>size=192;line=64;role=allocator*1:w4@0,w4@4;role=reader*1:r8@64,r8@72/64</pre>
 *
 * <p>Each field access becomes one naturally aligned 8- or 4-byte word per line the field occupies:
 * 8 bytes where the field's bytes in that line start 8-aligned and are at least 8 long, else the
 * 4-byte word holding its first byte there. What moves between cores is the line, so the word's width
 * does not change which lines two roles share; it only keeps every access atomic and aligned. A word
 * with a rate below one ({@code /64}: the roles file's {@code 1/64}) is accessed every 64th pass only.
 */
public record AccessSpec(int size, int lineSize, List<RoleAccesses> roles) {

    /** One role: its name, threads, and its word accesses (offset and width), reads and writes apart. */
    public record RoleAccesses(String name, int threads, List<Word> reads, List<Word> writes) {}

    /** A naturally aligned word: byte offset from the struct's start, width (4 or 8), and every how many passes. */
    public record Word(int offset, int width, int every) {
        Word(int offset, int width) {
            this(offset, width, 1);
        }
    }

    public AccessSpec {
        roles = List.copyOf(roles);
    }

    /** The words each role touches in a layout whose fields are {@code fields}, the struct at a line start. */
    public static AccessSpec of(int size, int lineSize, Roles roles) {
        List<RoleAccesses> out = new ArrayList<>();
        for (Roles.Role r : roles.roles()) {
            Map<Word, Boolean> words = new LinkedHashMap<>();
            Map<Word, Integer> every = new LinkedHashMap<>();
            for (Roles.Access a : r.accesses().values()) {
                FieldIndex.Field f = a.field();
                int period = (int) Math.max(1, Math.round((double) a.rate().denominator() / a.rate().numerator()));
                for (int line = f.start() / lineSize; line <= (f.end() - 1) / lineSize; line++) {
                    int from = Math.max(f.start(), line * lineSize);
                    int to = Math.min(f.end(), (line + 1) * lineSize);
                    Word w = from % 8 == 0 && to - from >= 8 ? new Word(from, 8) : new Word(from & ~3, 4);
                    words.merge(w, a.write(), Boolean::logicalOr);
                    every.merge(w, period, Math::min);          // a word two fields share: the more frequent
                }
            }
            List<Word> reads = new ArrayList<>(), writes = new ArrayList<>();
            words.forEach((w, write) -> (write ? writes : reads).add(new Word(w.offset(), w.width(), every.get(w))));
            out.add(new RoleAccesses(r.name(), r.threads(), reads, writes));
        }
        return new AccessSpec(size, lineSize, out);
    }

    public int threads() {
        return roles.stream().mapToInt(RoleAccesses::threads).sum();
    }

    /** Bytes of memory the accesses need: the struct, or more when a flexible array's first element lies past it. */
    public int bytes() {
        int end = Math.max(size, 1);
        for (RoleAccesses r : roles) {
            for (List<Word> ws : List.of(r.reads(), r.writes())) {
                for (Word w : ws) {
                    end = Math.max(end, w.offset() + w.width());
                }
            }
        }
        return end;
    }

    public String encode() {
        StringBuilder sb = new StringBuilder("size=" + size + ";line=" + lineSize);
        for (RoleAccesses r : roles) {
            sb.append(";role=").append(r.name()).append('*').append(r.threads()).append(':');
            List<String> words = new ArrayList<>();
            r.reads().forEach(w -> words.add("r" + w.width() + "@" + w.offset() + (w.every() > 1 ? "/" + w.every() : "")));
            r.writes().forEach(w -> words.add("w" + w.width() + "@" + w.offset() + (w.every() > 1 ? "/" + w.every() : "")));
            sb.append(String.join(",", words));
        }
        return sb.toString();
    }

    /** Parses {@link #encode()}'s form; throws IllegalArgumentException naming what is wrong. */
    public static AccessSpec parse(String text) {
        String[] parts = text.split(";");
        if (parts.length < 3 || !parts[0].startsWith("size=") || !parts[1].startsWith("line=")) {
            throw new IllegalArgumentException("expected size=N;line=N;role=NAME*THREADS:ACCESSES..., not '" + text + "'");
        }
        int size = number(parts[0].substring(5), "size");
        int line = CacheLine.validate(parts[1].substring(5), "line");
        List<RoleAccesses> roles = new ArrayList<>();
        for (int i = 2; i < parts.length; i++) {
            String p = parts[i];
            int star = p.indexOf('*'), colon = p.indexOf(':');
            if (!p.startsWith("role=") || star < 0 || colon < star) {
                throw new IllegalArgumentException("'" + p + "' is not role=NAME*THREADS:ACCESSES");
            }
            String name = p.substring(5, star);
            int threads = number(p.substring(star + 1, colon), "threads");
            if (threads < 1 || threads > Roles.MAX_THREADS) {
                throw new IllegalArgumentException("role " + name + ": threads " + threads + " is not 1.." + Roles.MAX_THREADS);
            }
            List<Word> reads = new ArrayList<>(), writes = new ArrayList<>();
            for (String a : p.substring(colon + 1).split(",")) {
                int at = a.indexOf('@');
                if (a.length() < 4 || at < 2 || (a.charAt(0) != 'r' && a.charAt(0) != 'w')) {
                    throw new IllegalArgumentException("role " + name + ": '" + a + "' is not rW@OFFSET or wW@OFFSET");
                }
                int width = number(a.substring(1, at), "width");
                int slash = a.indexOf('/', at);
                int offset = number(a.substring(at + 1, slash < 0 ? a.length() : slash), "offset");
                int every = slash < 0 ? 1 : number(a.substring(slash + 1), "every");
                if (width != 4 && width != 8 || offset % width != 0) {
                    throw new IllegalArgumentException("role " + name + ": '" + a + "' is not an aligned 4- or 8-byte word");
                }
                if (every < 1) {
                    throw new IllegalArgumentException("role " + name + ": '" + a + "' must be done every N passes, N >= 1");
                }
                (a.charAt(0) == 'r' ? reads : writes).add(new Word(offset, width, every));
            }
            roles.add(new RoleAccesses(name, threads, reads, writes));
        }
        if (roles.size() > Roles.MAX_ROLES) {
            throw new IllegalArgumentException("more than " + Roles.MAX_ROLES + " roles");
        }
        return new AccessSpec(size, line, roles);
    }

    private static int number(String s, String what) {
        try {
            int n = Integer.parseInt(s);
            if (n < 0 || n > (1 << 24)) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " '" + s + "' is not a number in 0.." + (1 << 24));
        }
    }
}
