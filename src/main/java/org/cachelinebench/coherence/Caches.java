package org.cachelinebench.coherence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The private caches of {@code cpus} CPUs: every line's state per CPU, under MESI or MOESI, and the traffic each
 * access causes, counted per line. Caches are unbounded (no capacity misses: the models' lines are few) and
 * every line starts invalid everywhere.
 *
 * <p>A read hit costs nothing. A miss is of one of three kinds: a transfer when another cache holds the line
 * modified (or owned, under MOESI) and must supply the dirty data itself; a shared read when other caches hold it
 * only clean (exclusive or shared), which the shared cache or memory serves; else a memory read. A write or locked
 * read-modify-write needs the line modified: from exclusive silently, from shared or owned with an upgrade that
 * invalidates the other copies, from invalid with a read-for-ownership that is a miss of one of those kinds and
 * invalidates them too.
 */
public final class Caches {
    /** A line's state in one cache. */
    enum State { MODIFIED, OWNED, EXCLUSIVE, SHARED, INVALID }

    /** What an access does to its line. */
    public enum Kind {
        /** Any load: plain, opaque, acquire or volatile. */
        READ,
        /** Any store: plain, opaque, release or volatile. */
        WRITE,
        /** A locked read-modify-write: compare-and-set, compare-and-exchange, get-and-set (x86 {@code lock}). */
        RMW
    }

    private final Protocol protocol;
    private final Prefetch prefetch;
    private final int cpus;
    private final Lines lines;
    private final long[][] byCpu;
    /** Every line's counts summed, kept as they are counted: a total is asked after every call of a curve's trace. */
    private final long[] all = new long[COUNTERS];

    private static final int TRANSFERS = 0, INVALIDATIONS = 1, UPGRADES = 2, WRITE_BACKS = 3, MEMORY_READS = 4,
            PREFETCHES = 5, SHARED_READS = 6, COUNTERS = 7;

    public Caches(Protocol protocol, Prefetch prefetch, int cpus) {
        if (cpus < 1) {
            throw new IllegalArgumentException("need at least one CPU, not " + cpus);
        }
        this.protocol = protocol;
        this.prefetch = prefetch;
        this.cpus = cpus;
        this.lines = new Lines(cpus);
        this.byCpu = new long[cpus][COUNTERS];
    }

    public int cpus() { return cpus; }

    /** {@code cpu} accesses line {@code line} (a line number: byte address / line size). */
    public void access(int cpu, Kind kind, long line) {
        if (cpu < 0 || cpu >= cpus) {
            throw new IllegalArgumentException("cpu " + cpu + " outside 0.." + (cpus - 1));
        }
        Line l = lines.get(line);
        boolean miss = l.states[cpu] == State.INVALID;
        if (kind == Kind.READ) {
            read(cpu, l, false);
        } else {
            own(cpu, l);
        }
        if (miss && prefetch == Prefetch.ADJACENT_LINE) {
            Line b = lines.find(line ^ 1);   // only lines the program uses: an untouched buddy holds nothing of ours
            if (b != null && b.states[cpu] == State.INVALID) {
                read(cpu, b, true);
            }
        }
    }

    private void read(int cpu, Line l, boolean prefetched) {
        State[] s = l.states;
        if (s[cpu] != State.INVALID) {
            return;
        }
        if (l.holders > 0) {
            count(cpu, l, missFromCaches(l), 1);
            if (prefetched) {
                count(cpu, l, PREFETCHES, 1);
            }
            int o = l.owner;
            if (o >= 0) {
                switch (s[o]) {
                    case MODIFIED:
                        if (protocol == Protocol.MESI) {
                            count(cpu, l, WRITE_BACKS, 1);
                            s[o] = State.SHARED;
                            l.owner = -1;
                        } else {
                            s[o] = State.OWNED;
                        }
                        break;
                    case EXCLUSIVE:
                        s[o] = State.SHARED;
                        l.owner = -1;
                        break;
                    default:
                        // OWNED stays the owner
                }
            }
            s[cpu] = State.SHARED;
        } else {
            count(cpu, l, MEMORY_READS, 1);
            s[cpu] = State.EXCLUSIVE;
            l.owner = cpu;
        }
        l.holders++;
        l.held[cpu >>> 6] |= 1L << cpu;
    }

    /**
     * The kind of a miss on a line other caches hold: a transfer when one holds it dirty (modified or owned), which
     * only that core can supply; a shared read when every copy is clean.
     */
    private static int missFromCaches(Line l) {
        int o = l.owner;
        return o >= 0 && (l.states[o] == State.MODIFIED || l.states[o] == State.OWNED) ? TRANSFERS : SHARED_READS;
    }

    private void own(int cpu, Line l) {
        State[] s = l.states;
        State mine = s[cpu];
        if (mine == State.MODIFIED) {
            return;
        }
        if (mine == State.EXCLUSIVE) {
            s[cpu] = State.MODIFIED;
            return;
        }
        int others = l.holders - (mine == State.INVALID ? 0 : 1);
        if (mine == State.INVALID) {
            count(cpu, l, others > 0 ? missFromCaches(l) : MEMORY_READS, 1);
        } else {
            count(cpu, l, UPGRADES, 1);
        }
        if (others > 0) {
            // Only the holders' copies change, so only their bits are walked, not every CPU's state.
            long[] held = l.held;
            for (int w = 0; w < held.length; w++) {
                for (long bits = held[w]; bits != 0; bits &= bits - 1) {
                    s[(w << 6) + Long.numberOfTrailingZeros(bits)] = State.INVALID;
                }
                held[w] = 0;
            }
        }
        l.held[cpu >>> 6] |= 1L << cpu;
        count(cpu, l, INVALIDATIONS, others);
        s[cpu] = State.MODIFIED;
        l.holders = 1;
        l.owner = cpu;
    }

    /** Counts {@code n} of counter {@code what} on {@code line}, against the CPU whose access caused them. */
    private void count(int cpu, Line line, int what, long n) {
        if (line.counts == null) {
            line.counts = new long[COUNTERS];
            lines.counted(line);
        }
        line.counts[what] += n;
        byCpu[cpu][what] += n;
        all[what] += n;
    }

    private static Traffic traffic(long[] c) {
        return new Traffic(c[TRANSFERS], c[INVALIDATIONS], c[UPGRADES], c[WRITE_BACKS], c[MEMORY_READS], c[PREFETCHES],
                c[SHARED_READS]);
    }

    /** The traffic counted so far, over every line. */
    public Traffic total() {
        return traffic(all);
    }

    /** The traffic counted so far on one line. */
    public Traffic ofLine(long line) {
        Line l = lines.find(line);
        return l == null || l.counts == null ? Traffic.NONE : traffic(l.counts);
    }

    /** The traffic counted so far that {@code cpu}'s accesses caused (the invalidations its writes sent included). */
    public Traffic ofCpu(int cpu) {
        return traffic(byCpu[cpu]);
    }

    /** The traffic counted so far, per line, by line number. */
    public Map<Long, Traffic> byLine() {
        Map<Long, Traffic> m = new TreeMap<>();
        for (Line l : lines.counted()) {
            m.put(l.number, traffic(l.counts));
        }
        return m;
    }

    /** Forgets the counts, keeps the states: the end of a warm-up. */
    public void resetCounts() {
        lines.forgetCounts();
        Arrays.fill(all, 0);
        for (long[] c : byCpu) {
            Arrays.fill(c, 0);
        }
    }

    /** A line's state in a cache, for tests: "M", "O", "E", "S" or "I". */
    String state(int cpu, long line) {
        Line l = lines.find(line);
        return l == null ? "I" : l.states[cpu].name().substring(0, 1);
    }

    /**
     * One line: its state in every cache, how many caches hold it, the one holding it modified, exclusive or owned
     * (-1: none; the protocols allow at most one), and its counts since the last reset (null: none counted).
     */
    private static final class Line {
        final long number;
        final State[] states;
        int holders;
        int owner = -1;
        long[] counts;
        /** Bit {@code c} set when cache {@code c} holds the line (its state is not invalid). */
        final long[] held;

        Line(long number, int cpus) {
            this.number = number;
            this.states = new State[cpus];
            this.held = new long[(cpus + 63) >>> 6];
            Arrays.fill(states, State.INVALID);
        }
    }

    /**
     * The lines by number: a trace numbers its lines from 0 up, so small numbers index an array (no boxing, no
     * hashing on every access); any other number goes to a map.
     */
    private static final class Lines {
        private static final int DENSE = 1 << 16;
        private final int cpus;
        private Line[] dense = new Line[64];
        private final Map<Long, Line> sparse = new HashMap<>();
        private final List<Line> counted = new ArrayList<>();

        Lines(int cpus) {
            this.cpus = cpus;
        }

        /** The line, created invalid everywhere on first use. */
        Line get(long number) {
            Line l = find(number);
            if (l == null) {
                l = new Line(number, cpus);
                if (number >= 0 && number < DENSE) {
                    if (number >= dense.length) {
                        dense = Arrays.copyOf(dense, Math.max(dense.length * 2, (int) number + 1));
                    }
                    dense[(int) number] = l;
                } else {
                    sparse.put(number, l);
                }
            }
            return l;
        }

        /** The line, or null if never used. */
        Line find(long number) {
            if (number >= 0 && number < DENSE) {
                return number < dense.length ? dense[(int) number] : null;
            }
            return sparse.get(number);
        }

        void counted(Line l) {
            counted.add(l);
        }

        /** The lines counted since the last reset. */
        List<Line> counted() {
            return counted;
        }

        void forgetCounts() {
            for (Line l : counted) {
                l.counts = null;
            }
            counted.clear();
        }
    }

}
